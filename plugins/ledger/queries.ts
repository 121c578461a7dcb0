import { Decimal } from "decimal.js";
import type { RequestContext } from "../../src/context.js";
import { ApiError } from "../../src/errors.js";
import type { RecoveryEvent, RemittanceEvent } from "../../src/generated/prisma/client.js";
import { builder } from "../../src/schema/builder.js";
import { childPage, matterChildList } from "../../src/schema/child-pages.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import { requestLoader } from "../../src/schema/request-loader.js";
import { findMatter, registerDashboardContributor } from "../matters/service.js";
import { usdMoney, toCents } from "./amounts.js";
import {
  MatterLedgerRef,
  type MatterLedgerShape,
  RecoveryEventRef,
  RemittanceEventRef,
} from "./types.js";
import { REALISED_TYPES, SECURED_TYPES, type RecoveryEventType } from "./values.js";
import { WaterfallRef } from "./waterfall-types.js";

const absent = (what: string, id: string, param?: string) =>
  new ApiError("resource_missing", {
    message: `No such ${what}: '${id}'.`,
    ...(param ? { param } : {}),
  });

/** The recovery event if the caller can reach it (and, given `matterId`, it is that matter's). */
export async function findRecoveryEvent(
  ctx: RequestContext,
  id: string,
  param?: string,
  matterId?: string,
) {
  const found = await ctx.db.recoveryEvent.findUnique({ where: { id } });
  if (!found || (matterId && found.matterId !== matterId))
    throw absent("recovery event", id, param);
  return found;
}

export async function findRemittanceEvent(ctx: RequestContext, id: string) {
  const found = await ctx.db.remittanceEvent.findUnique({ where: { id } });
  if (!found) throw absent("remittance event", id);
  return found;
}

export async function findWaterfall(
  ctx: RequestContext,
  id: string,
  param?: string,
  matterId?: string,
) {
  const found = await ctx.db.waterfall.findUnique({ where: { id } });
  if (!found || (matterId && found.matterId !== matterId)) throw absent("waterfall", id, param);
  return found;
}

/** Each matter's recovery and remittance events, newest first: two queries per request. */
function eventsByMatter(ctx: RequestContext) {
  return requestLoader(ctx, "ledger.eventsByMatter", async (ids: readonly string[]) => {
    const [recoveries, remittances] = await Promise.all([
      ctx.db.recoveryEvent.findMany({
        where: { matterId: { in: [...ids] } },
        orderBy: { id: "desc" },
      }),
      ctx.db.remittanceEvent.findMany({
        where: { matterId: { in: [...ids] } },
        orderBy: { id: "desc" },
      }),
    ]);
    return ids.map((id) => ({
      recoveries: recoveries.filter((r) => r.matterId === id),
      remittances: remittances.filter((r) => r.matterId === id),
    }));
  });
}

const sumCents = (values: ReadonlyArray<{ usdValue: RecoveryEvent["usdValue"] }>) =>
  values.reduce((s, v) => s + (v.usdValue === null ? 0n : toCents(v.usdValue.toString())), 0n);

/** The ledger view of a matter; totals are exact cent sums (usd_value has at most cents). */
export function ledgerOf(
  matterId: string,
  recoveries: RecoveryEvent[],
  remittances: RemittanceEvent[],
  now = new Date(),
): MatterLedgerShape {
  const ofTypes = (types: readonly RecoveryEventType[]) =>
    recoveries.filter((e) => types.includes(e.eventType as RecoveryEventType));
  return {
    matterId,
    recoveryEvents: recoveries,
    remittanceEvents: remittances,
    totalRecovered: usdMoney(sumCents(ofTypes(REALISED_TYPES)), now),
    totalSecured: usdMoney(sumCents(ofTypes(SECURED_TYPES)), now),
    totalBlocked: usdMoney(sumCents(ofTypes(["blocked"])), now),
    totalRemitted: usdMoney(sumCents(remittances), now),
    unvaluedRecoveryEvents: recoveries.filter((e) => e.usdValue === null).length,
  };
}

async function matterLedger(ctx: RequestContext, matterId: string) {
  const { recoveries, remittances } = await eventsByMatter(ctx).load(matterId);
  return ledgerOf(matterId, recoveries, remittances);
}

/** Each matter's number of recovery events, for the dashboard; one query per request. */
function recoveryCountByMatter(ctx: RequestContext) {
  return requestLoader(ctx, "ledger.recoveryCount", async (ids: readonly string[]) => {
    const counts = await ctx.db.recoveryEvent.groupBy({
      by: ["matterId"],
      where: { matterId: { in: [...ids] } },
      _count: { _all: true },
    });
    return ids.map((id) => counts.find((c) => c.matterId === id)?._count._all ?? 0);
  });
}

/** The latest waterfall of each matter, for the dashboard; one query per request. */
function latestWaterfallByMatter(ctx: RequestContext) {
  return requestLoader(ctx, "ledger.latestWaterfall", async (ids: readonly string[]) => {
    const rows = await ctx.db.waterfall.findMany({
      where: { matterId: { in: [...ids] } },
      orderBy: { id: "desc" },
      distinct: ["matterId"],
      select: { matterId: true, providerEconomics: true },
    });
    return ids.map((id) => rows.find((r) => r.matterId === id) ?? null);
  });
}

export function registerLedgerQueries() {
  builder.queryField("recoveryEvent", (t) =>
    t.field({
      type: RecoveryEventRef,
      description: "One recovery event.",
      gate: { scope: "ledger:read" },
      args: { id: t.arg.id({ required: true, description: "Recovery event id (rce_…)." }) },
      resolve: (_root, { id }, ctx) => findRecoveryEvent(ctx, id),
    }),
  );
  builder.queryField("remittanceEvent", (t) =>
    t.field({
      type: RemittanceEventRef,
      description: "One remittance event.",
      gate: { scope: "ledger:read" },
      args: { id: t.arg.id({ required: true, description: "Remittance event id (rme_…)." }) },
      resolve: (_root, { id }, ctx) => findRemittanceEvent(ctx, id),
    }),
  );
  builder.queryField("matterLedger", (t) =>
    t.field({
      type: MatterLedgerRef,
      description: "A matter's ledger (GET /v1/ledger/matters/{matter_id}).",
      gate: { scope: "ledger:read" },
      args: { matterId: t.arg.id({ required: true, description: "Matter id (mat_…)." }) },
      resolve: async (_root, { matterId }, ctx) => {
        await findMatter(ctx, matterId);
        return matterLedger(ctx, matterId);
      },
    }),
  );
  builder.queryField("waterfall", (t) =>
    t.field({
      type: WaterfallRef,
      description: "One stored waterfall calculation.",
      gate: { scope: "waterfall:read" },
      args: { id: t.arg.id({ required: true, description: "Waterfall id (wfl_…)." }) },
      resolve: (_root, { id }, ctx) => findWaterfall(ctx, id),
    }),
  );
  builder.queryField("latestWaterfall", (t) =>
    t.field({
      type: WaterfallRef,
      description:
        "A matter's latest waterfall calculation (GET /v1/waterfall/matters/{matter_id}); 404 resource_missing before the first.",
      gate: { scope: "waterfall:read" },
      args: { matterId: t.arg.id({ required: true, description: "Matter id (mat_…)." }) },
      resolve: async (_root, { matterId }, ctx) => {
        await findMatter(ctx, matterId);
        const latest = await ctx.db.waterfall.findFirst({
          where: { matterId },
          orderBy: { id: "desc" },
        });
        if (!latest)
          throw new ApiError("resource_missing", {
            param: "matter_id",
            message: `No waterfall has been calculated for matter '${matterId}'; calculate one with POST /v1/waterfall/calculate.`,
          });
        return latest;
      },
    }),
  );

  builder.prismaObjectField("Matter", "ledger", (t) =>
    t.field({
      type: MatterLedgerRef,
      description: "The matter's ledger of recoveries and remittances.",
      gate: { scope: "ledger:read" },
      extensions: { restOmit: true },
      resolve: (m, _args, ctx) => matterLedger(ctx, m.id),
    }),
  );
  builder.prismaObjectField("Matter", "waterfalls", (t) =>
    t.field({
      type: connectionOf(WaterfallRef, "Waterfall"),
      description: "The matter's waterfall calculations, newest first.",
      gate: { scope: "waterfall:read" },
      args: pageArgs(t),
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList("waterfalls", "Waterfall", "waterfalls", (q) =>
            ctx.db.waterfall.findMany(q),
          ),
          m.id,
          args,
        ),
    }),
  );

  // The dashboard's recovery_events count and provider_economics (the latest waterfall's).
  registerDashboardContributor("ledger.recovery_events", async (ctx, matterId) => {
    const [recoveryEvents, latest] = await Promise.all([
      recoveryCountByMatter(ctx).load(matterId),
      latestWaterfallByMatter(ctx).load(matterId),
    ]);
    return {
      recoveryEvents,
      providerEconomics: latest ? new Decimal(latest.providerEconomics.toString()) : 0,
    };
  });
}
