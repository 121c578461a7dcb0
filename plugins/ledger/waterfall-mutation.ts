import { Decimal } from "decimal.js";
import type { RequestContext } from "../../src/context.js";
import { ApiError, invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { checkIds } from "../attribution/checks.js";
import { assertOpen, findMatter } from "../matters/service.js";
import { fromCents, percentage, toCents, usdAmount } from "./amounts.js";
import { CalculateWaterfallInput } from "./inputs.js";
import { calculateWaterfall, COST_KINDS, type WaterfallResult } from "./waterfall.js";
import { type StoredTerms, storedBreakdown, WaterfallRef } from "./waterfall-types.js";

type CostsInput =
  | {
      courtCosts?: number | null;
      enforcementCosts?: number | null;
      vendorCosts?: number | null;
      otherCosts?: number | null;
    }
  | null
  | undefined;

const COST_FIELDS = {
  court_costs: "courtCosts",
  enforcement_costs: "enforcementCosts",
  vendor_costs: "vendorCosts",
  other_costs: "otherCosts",
} as const;

function costsInCents(costs: CostsInput) {
  return Object.fromEntries(
    COST_KINDS.map((k) => {
      const v = costs?.[COST_FIELDS[k]];
      return [k, v == null ? 0n : toCents(usdAmount(v, `costs.${k}`))];
    }),
  ) as Record<(typeof COST_KINDS)[number], bigint>;
}

/** A stored economics percentage (0–100, checked when it was set) as exact text; 0 when unset. */
const termOf = (economics: unknown, key: string): string => {
  const v = (economics as Record<string, unknown> | null)?.[key];
  return typeof v === "number" ? new Decimal(String(v)).toFixed() : "0";
};

/** A claimant's economics.share_percentage as exact text, or null when none is set. */
const shareOf = (economics: unknown): string | null => {
  const v = (economics as Record<string, unknown> | null)?.share_percentage;
  return typeof v === "number" ? new Decimal(String(v)).toFixed() : null;
};

/** The recovery events to distribute: the named ones (404 per missing item) or all the matter's. */
async function eventsToDistribute(ctx: RequestContext, matterId: string, ids: string[] | null) {
  const rows = await ctx.db.recoveryEvent.findMany({
    where: { matterId, ...(ids ? { id: { in: ids } } : {}) },
    // Only what the arithmetic needs: a waterfall may name 1,000 events.
    select: { id: true, eventType: true, usdValue: true },
    orderBy: { id: "asc" },
  });
  if (ids) {
    const found = new Set(rows.map((r) => r.id));
    const i = ids.findIndex((id) => !found.has(id));
    if (i >= 0)
      throw new ApiError("resource_missing", {
        param: `recovery_event_ids[${i}]`,
        message: `No such recovery event in matter '${matterId}': '${ids[i]}'.`,
      });
  }
  if (!rows.length)
    throw invalid(
      "recovery_event_ids",
      `Matter '${matterId}' has no recovery events to distribute.`,
    );
  const unvalued = rows.filter((r) => r.usdValue === null);
  if (unvalued.length) {
    const i = ids ? ids.indexOf(unvalued[0]!.id) : -1;
    throw invalid(
      i >= 0 ? `recovery_event_ids[${i}]` : "recovery_event_ids",
      `Recovery event '${unvalued[0]!.id}' has no usd_value; a waterfall distributes USD values only.`,
      { unvalued_recovery_event_ids: unvalued.map((r) => r.id) },
    );
  }
  return rows;
}

/** Review is needed when something in the result calls for counsel's eye. */
function reviewOf(r: WaterfallResult) {
  const notes: string[] = [];
  const blocked = r.holdbacks.filter((h) => h.type === "blocked_property");
  if (blocked.length)
    notes.push(
      `${blocked.length} recovery event(s) of blocked property held back; an OFAC report may be due.`,
    );
  if (r.costs.uncovered > 0n)
    notes.push(
      `Costs of USD ${fromCents(r.costs.uncovered).toFixed(2)} are not covered by this recovery.`,
    );
  if (r.holdbacks.some((h) => h.type === "unallocated"))
    notes.push("The claimants' pool is unallocated: no claimant has a share.");
  return notes.length
    ? { reviewRequired: true, reviewStatus: "pending", reviewNotes: notes.join(" ") }
    : { reviewRequired: false, reviewStatus: "not_required" };
}

export function registerWaterfallMutation() {
  builder.mutationField("calculateWaterfall", (t) =>
    t.field({
      type: WaterfallRef,
      description:
        "Calculates and stores a waterfall over recovery events of a matter (POST /v1/waterfall/calculate, CONTRACT.md §13): gross usd_value → costs → holdbacks (blocked property in full, then the matter's economics.holdback_percentage reserve) → counsel fee (economics.counsel_fee_percentage) → provider economics (provider_percentage) → claimants pro rata by economics.share_percentage. Exact cents; the parts sum to gross. Costs are paid only from unblocked property.",
      gate: { scope: "waterfall:calculate" },
      extensions: { errors: ["matter_closed"] },
      args: {
        input: t.arg({
          type: CalculateWaterfallInput,
          required: true,
          description: "What to distribute, and on which terms.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        const ids = input.recoveryEventIds ?? null;
        if (ids) checkIds("recovery_event_ids", ids, "rce");
        const costs = costsInCents(input.costs);
        const requestedProvider =
          input.providerPercentage == null
            ? null
            : percentage(input.providerPercentage, "provider_percentage");
        const matter = await findMatter(ctx, input.matterId);
        const events = await eventsToDistribute(ctx, matter.id, ids);
        assertOpen(matter);
        const terms: StoredTerms = {
          holdback_percentage: termOf(matter.economics, "holdback_percentage"),
          counsel_fee_percentage: termOf(matter.economics, "counsel_fee_percentage"),
          provider_percentage: requestedProvider ?? termOf(matter.economics, "provider_percentage"),
        };
        if (new Decimal(terms.counsel_fee_percentage).plus(terms.provider_percentage).gt(100))
          throw invalid(
            "provider_percentage",
            `provider_percentage and the matter's economics.counsel_fee_percentage (${terms.counsel_fee_percentage}) together must not exceed 100.`,
          );
        const claimants = await ctx.db.claimant.findMany({
          where: { matterId: matter.id },
          select: { id: true, economics: true },
        });
        const result = calculateWaterfall({
          events: events.map((e) => ({
            id: e.id,
            usdMinor: toCents(e.usdValue!.toString()),
            blocked: e.eventType === "blocked",
          })),
          costs,
          holdbackPercentage: terms.holdback_percentage,
          counselFeePercentage: terms.counsel_fee_percentage,
          providerPercentage: terms.provider_percentage,
          claimants: claimants.map((c) => ({ id: c.id, sharePercentage: shareOf(c.economics) })),
        });
        return write(ctx, async ({ tx, audit }) => {
          const created = await tx.waterfall.create({
            data: {
              id: newId("waterfall"),
              matterId: matter.id,
              recoveryEventIds: events.map((e) => e.id),
              grossRecovered: fromCents(result.gross).toFixed(2),
              providerEconomics: fromCents(result.providerEconomics).toFixed(2),
              terms: terms as object,
              breakdown: storedBreakdown(result) as object,
              reviewState: reviewOf(result),
            } as never,
          });
          await audit({
            eventType: "waterfall.calculated",
            objectType: "waterfall",
            objectId: created.id,
            matterId: matter.id,
            details: {
              matter_id: matter.id,
              waterfall_id: created.id,
              recovery_events: events.length,
              gross_recovered: fromCents(result.gross).toNumber(),
              remittable: fromCents(result.remittable).toNumber(),
              terms,
            },
          });
          return created;
        });
      },
    }),
  );
}
