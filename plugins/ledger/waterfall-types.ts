/** Node type Waterfall (wfl_): a stored calculation, its parts and its remittance constraints. */
import type { Waterfall } from "../../src/generated/prisma/client.js";
import type { RequestContext } from "../../src/context.js";
import { builder } from "../../src/schema/builder.js";
import { requestLoader } from "../../src/schema/request-loader.js";
import { describedValues } from "../core/enum-values.js";
import { MoneyRef, ReviewStateRef, reviewStateOf } from "../core/shared-types.js";
import { fromCents, toCents, usdMoney } from "./amounts.js";
import type { WaterfallResult } from "./waterfall.js";
import { type HoldbackType } from "./waterfall.js";

/** The breakdown as stored: integer cents as decimal strings, snake_case keys. */
export interface StoredBreakdown {
  gross: string;
  costs: Record<string, string>;
  holdbacks: Array<{
    type: HoldbackType;
    amount: string;
    reason: string;
    recovery_event_id: string | null;
  }>;
  counsel_fee: string;
  provider_economics: string;
  claimant_pool: string;
  claimants: Array<{
    claimant_id: string;
    share_percentage: string | null;
    effective_share_percentage: string;
    amount: string;
  }>;
  remittable: string;
}

/** The terms a calculation applied, as exact decimal text. */
export interface StoredTerms {
  holdback_percentage: string;
  counsel_fee_percentage: string;
  provider_percentage: string;
}

export function storedBreakdown(r: WaterfallResult): StoredBreakdown {
  return {
    gross: r.gross.toString(),
    costs: Object.fromEntries(Object.entries(r.costs).map(([k, v]) => [k, v.toString()])),
    holdbacks: r.holdbacks.map((h) => ({
      type: h.type,
      amount: h.amount.toString(),
      reason: h.reason,
      recovery_event_id: h.recoveryEventId,
    })),
    counsel_fee: r.counselFee.toString(),
    provider_economics: r.providerEconomics.toString(),
    claimant_pool: r.claimantPool.toString(),
    claimants: r.claimants.map((c) => ({
      claimant_id: c.claimantId,
      share_percentage: c.sharePercentage,
      effective_share_percentage: c.effectiveSharePercentage,
      amount: c.amount.toString(),
    })),
    remittable: r.remittable.toString(),
  };
}

const breakdownOf = (w: Waterfall) => w.breakdown as unknown as StoredBreakdown;
const dollars = (cents: string) => fromCents(cents).toNumber();

/** USD cents remitted under each waterfall, in all and per claimant line; one query a request. */
export function remittedUnder(ctx: RequestContext) {
  return requestLoader(ctx, "ledger.remittedUnderWaterfall", async (ids: readonly string[]) => {
    const sums = await ctx.db.remittanceEvent.groupBy({
      by: ["waterfallId", "claimantId"],
      where: { waterfallId: { in: [...ids] } },
      _sum: { usdValue: true },
    });
    return ids.map((id) => {
      const perClaimant = new Map<string, bigint>();
      let total = 0n;
      for (const s of sums.filter((x) => x.waterfallId === id)) {
        const cents = toCents(s._sum.usdValue?.toString() ?? "0");
        total += cents;
        if (s.claimantId) perClaimant.set(s.claimantId, cents);
      }
      return { total, perClaimant };
    });
  });
}

export const HoldbackTypeEnum = builder.enumType("WaterfallHoldbackType", {
  description: "Why part of a recovery is held back instead of distributed.",
  values: describedValues<HoldbackType>({
    blocked_property:
      "A recovery event of property blocked under sanctions: held back in full, never distributed or remitted.",
    reserve: "The matter's reserve (economics.holdback_percentage) of what remains after costs.",
    unallocated:
      "The claimants' pool when no claimant has a share (no claimants, or every share_percentage is 0).",
  }),
});

interface CostsShape {
  costs: Record<string, string>;
}

export const WaterfallCostsRef = builder.objectRef<CostsShape>("WaterfallCosts").implement({
  description:
    "Costs paid first, in USD dollars and cents. Costs are paid only out of unblocked property; what it cannot cover is `uncovered` (not paid by this waterfall).",
  fields: (t) => {
    const usd = (key: string, description: string) =>
      t.float({ description, resolve: (c) => dollars(c.costs[key] ?? "0") });
    return {
      courtCosts: usd("court_costs", "Court and filing costs."),
      enforcementCosts: usd("enforcement_costs", "Enforcement costs."),
      vendorCosts: usd("vendor_costs", "Vendor costs."),
      otherCosts: usd("other_costs", "Other costs."),
      total: usd("total", "Sum of the four."),
      covered: usd("covered", "The part the recovery pays."),
      uncovered: usd("uncovered", "The part it cannot pay (total − covered)."),
      currency: t.string({ description: "Always USD.", resolve: () => "USD" }),
    };
  },
});

export const WaterfallHoldbackRef = builder
  .objectRef<StoredBreakdown["holdbacks"][number]>("WaterfallHoldback")
  .implement({
    description: "An amount held back, and why.",
    fields: (t) => ({
      type: t.field({
        type: HoldbackTypeEnum,
        description: "blocked_property, reserve or unallocated.",
        resolve: (h) => h.type,
      }),
      amount: t.float({
        description: "USD, dollars and cents.",
        resolve: (h) => dollars(h.amount),
      }),
      reason: t.exposeString("reason", { description: "Why it is held back." }),
      recoveryEventId: t.string({
        nullable: true,
        description: "The blocked recovery event, for blocked_property.",
        resolve: (h) => h.recovery_event_id,
      }),
    }),
  });

interface ClaimantLineShape {
  line: StoredBreakdown["claimants"][number];
  remitted: bigint;
}

export const ClaimantDistributionRef = builder
  .objectRef<ClaimantLineShape>("ClaimantDistribution")
  .implement({
    description: "One claimant's line of a waterfall, and what has been remitted against it.",
    fields: (t) => ({
      claimantId: t.string({
        description: "The claimant (clm_…).",
        resolve: (c) => c.line.claimant_id,
      }),
      amount: t.float({
        description: "The claimant's distribution, USD dollars and cents.",
        resolve: (c) => dollars(c.line.amount),
      }),
      sharePercentage: t.float({
        nullable: true,
        description: "The claimant's economics.share_percentage; null when none is set.",
        resolve: (c) => (c.line.share_percentage === null ? null : Number(c.line.share_percentage)),
      }),
      effectiveSharePercentage: t.float({
        description:
          "Its share of the claimants' pool in percent (claimants without a share split what the set shares leave of 100 equally).",
        resolve: (c) => Number(c.line.effective_share_percentage),
      }),
      remitted: t.float({
        description: "USD remitted against this line so far (remittances with this claimant_id).",
        resolve: (c) => fromCents(c.remitted).toNumber(),
      }),
      remaining: t.float({
        description: "USD this line may still be paid.",
        resolve: (c) => fromCents(BigInt(c.line.amount) - c.remitted).toNumber(),
      }),
    }),
  });

interface ConstraintsShape {
  w: Waterfall;
  remitted: bigint;
}

export const RemittanceConstraintsRef = builder
  .objectRef<ConstraintsShape>("RemittanceConstraints")
  .implement({
    description: "What remittances under this waterfall may still pay, as of now.",
    fields: (t) => ({
      remittable: t.field({
        type: MoneyRef,
        description:
          "gross_recovered − holdbacks: costs covered, counsel fees, provider economics and claimant distributions.",
        resolve: (c) => usdMoney(breakdownOf(c.w).remittable, c.w.createdAt),
      }),
      remitted: t.field({
        type: MoneyRef,
        description: "USD value of the remittances recorded under it so far.",
        resolve: (c) => usdMoney(c.remitted, new Date()),
      }),
      remaining: t.field({
        type: MoneyRef,
        description: "What further remittances under it may pay in all.",
        resolve: (c) => usdMoney(BigInt(breakdownOf(c.w).remittable) - c.remitted, new Date()),
      }),
      blockedRecoveryEventIds: t.stringList({
        description: "Recovery events of blocked property: never remitted (403 sanctions_hold).",
        resolve: (c) =>
          breakdownOf(c.w)
            .holdbacks.filter((h) => h.type === "blocked_property")
            .map((h) => h.recovery_event_id!),
      }),
      rules: t.stringList({
        description: "The rules every remittance under it is checked against.",
        resolve: () => REMITTANCE_RULES,
      }),
    }),
  });

export const REMITTANCE_RULES = [
  "A remittance never exceeds what its source recovery event leaves unremitted, in units of its asset.",
  "Blocked property is never remitted (403 sanctions_hold).",
  "Remittances under a waterfall never exceed its remittable amount in USD, nor a claimant line its distribution.",
  "A source recovery event named with a waterfall must be one of the waterfall's events.",
];

export const WaterfallTermsRef = builder.objectRef<StoredTerms>("WaterfallTerms").implement({
  description: "The percentages a calculation applied.",
  fields: (t) => ({
    holdbackPercentage: t.float({
      description: "The matter's economics.holdback_percentage (0 when unset).",
      resolve: (x) => Number(x.holdback_percentage),
    }),
    counselFeePercentage: t.float({
      description: "The matter's economics.counsel_fee_percentage (0 when unset).",
      resolve: (x) => Number(x.counsel_fee_percentage),
    }),
    providerPercentage: t.float({
      description: "provider_percentage of the request, else the matter's, else 0.",
      resolve: (x) => Number(x.provider_percentage),
    }),
  }),
});

export const WaterfallRef = builder.prismaNode("Waterfall", {
  id: { field: "id", description: "Global id, the same as the `wfl_` id." },
  description:
    "A stored waterfall calculation (CONTRACT.md §13): gross → costs → holdbacks → counsel fee → provider economics → claimants, in exact cents; the parts always sum to gross_recovered.",
  fields: (t) => ({
    waterfallId: t.exposeString("id", { description: "Waterfall id (prefix `wfl_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter." }),
    recoveryEventIds: t.exposeStringList("recoveryEventIds", {
      description: "The recovery events distributed, by id.",
    }),
    grossRecovered: t.field({
      type: MoneyRef,
      description: "Sum of the events' usd_value, blocked property included.",
      resolve: (w) => usdMoney(breakdownOf(w).gross, w.createdAt),
    }),
    costs: t.field({
      type: WaterfallCostsRef,
      description: "Costs, with their total and the part covered.",
      resolve: (w) => ({ costs: breakdownOf(w).costs }),
    }),
    holdbacks: t.field({
      type: [WaterfallHoldbackRef],
      description: "Blocked property (one per event), the reserve, and any unallocated pool.",
      resolve: (w) => breakdownOf(w).holdbacks,
    }),
    counselFees: t.field({
      type: MoneyRef,
      description: "economics.counsel_fee_percentage of what remains after costs and holdbacks.",
      resolve: (w) => usdMoney(breakdownOf(w).counsel_fee, w.createdAt),
    }),
    providerEconomics: t.field({
      type: MoneyRef,
      description: "provider_percentage of the same base as the counsel fee.",
      resolve: (w) => usdMoney(breakdownOf(w).provider_economics, w.createdAt),
    }),
    claimantPool: t.field({
      type: MoneyRef,
      description: "What remains for the claimants after the counsel fee and provider economics.",
      resolve: (w) => usdMoney(breakdownOf(w).claimant_pool, w.createdAt),
    }),
    claimantDistributions: t.field({
      type: [ClaimantDistributionRef],
      description: "The claimants' lines, pro rata by share, by claimant id.",
      resolve: async (w, _args, ctx) => {
        const { perClaimant } = await remittedUnder(ctx).load(w.id);
        return breakdownOf(w).claimants.map((line) => ({
          line,
          remitted: perClaimant.get(line.claimant_id) ?? 0n,
        }));
      },
    }),
    remittanceConstraints: t.field({
      type: RemittanceConstraintsRef,
      description: "What remittances under this waterfall may still pay.",
      resolve: async (w, _args, ctx) => ({
        w,
        remitted: (await remittedUnder(ctx).load(w.id)).total,
      }),
    }),
    terms: t.field({
      type: WaterfallTermsRef,
      description: "The percentages applied.",
      resolve: (w) => w.terms as unknown as StoredTerms,
    }),
    reviewState: t.field({
      type: ReviewStateRef,
      description:
        "Review is required (status `pending`) when something needs counsel's eye: blocked property, uncovered costs or an unallocated pool; otherwise `not_required`.",
      resolve: (w) => reviewStateOf(w.reviewState),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was calculated." }),
  }),
});
