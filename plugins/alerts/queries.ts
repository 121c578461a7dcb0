import type { RequestContext } from "../../src/context.js";
import { notFound } from "../../src/errors.js";
import { createdRange, paginate } from "../../src/pagination.js";
import { builder } from "../../src/schema/builder.js";
import { childPage, matterChildList } from "../../src/schema/child-pages.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import { requestLoader } from "../../src/schema/request-loader.js";
import { registerDashboardContributor } from "../matters/service.js";
import { ATTENTION_ALERT_STATUSES } from "./triage.js";
import { AlertRef, AlertSeverityEnum, AlertStatusEnum, AlertTypeEnum } from "./types.js";

export async function findAlert(ctx: RequestContext, id: string) {
  const alert = await ctx.db.alert.findUnique({ where: { id } });
  if (!alert) throw notFound("alert", id);
  return alert;
}

type FilterArgs = {
  type?: string | null;
  severity?: string | null;
  status?: string | null;
  createdAfter?: Date | null;
  createdBefore?: Date | null;
};

const alertFilters = (args: FilterArgs) => ({
  ...(args.type ? { type: args.type } : {}),
  ...(args.severity ? { severity: args.severity } : {}),
  ...(args.status ? { status: args.status } : {}),
  ...createdRange(args.createdAfter, args.createdBefore),
});

type ArgBuilder = Parameters<Parameters<typeof builder.queryField>[1]>[0]["arg"];

/** The filters shared by the alert list and `Matter.alerts`. */
const filterArgs = (arg: ArgBuilder) => ({
  type: arg({ type: AlertTypeEnum, description: "Only alerts of this type." }),
  severity: arg({ type: AlertSeverityEnum, description: "Only alerts of this severity." }),
  status: arg({ type: AlertStatusEnum, description: "Only alerts in this status." }),
  createdAfter: arg({ type: "DateTime", description: "Raised strictly after this time." }),
  createdBefore: arg({ type: "DateTime", description: "Raised strictly before this time." }),
});

/**
 * The dashboard's `alerts`: each matter's alerts needing attention (`open` or `actionable`),
 * one query per request however many matters are shown.
 */
function openAlertsByMatter(ctx: RequestContext) {
  return requestLoader(ctx, "alerts.openByMatter", async (ids: readonly string[]) => {
    const counts = await ctx.db.alert.groupBy({
      by: ["matterId"],
      where: { matterId: { in: [...ids] }, status: { in: [...ATTENTION_ALERT_STATUSES] } },
      _count: { _all: true },
    });
    const byId = new Map(counts.map((c) => [c.matterId, c._count._all]));
    return ids.map((id) => byId.get(id) ?? 0);
  });
}

export function registerAlertQueries() {
  builder.queryField("alert", (t) =>
    t.field({
      type: AlertRef,
      description: "One alert.",
      gate: { scope: "monitoring:read" },
      args: { id: t.arg.id({ required: true, description: "Alert id (alr_…)." }) },
      resolve: (_root, { id }, ctx) => findAlert(ctx, id),
    }),
  );

  builder.queryField("alerts", (t) =>
    t.field({
      type: connectionOf(AlertRef, "Alert"),
      description:
        "Alerts of the matters the caller can see, newest first (GET /v1/alerts), optionally filtered.",
      gate: { scope: "monitoring:read" },
      args: {
        ...pageArgs(t),
        matterId: t.arg.id({ description: "Only alerts of this matter." }),
        ...filterArgs(t.arg),
      },
      resolve: (_root, args, ctx) =>
        paginate((q) => ctx.db.alert.findMany(q), args, {
          ...(args.matterId ? { matterId: args.matterId } : {}),
          ...alertFilters(args),
        }),
    }),
  );

  builder.prismaObjectField("Matter", "alerts", (t) =>
    t.field({
      type: connectionOf(AlertRef, "Alert"),
      description: "Alerts raised on the matter, newest first.",
      gate: { scope: "monitoring:read" },
      args: { ...pageArgs(t), ...filterArgs(t.arg) },
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList("alerts", "Alert", "alerts", (q) => ctx.db.alert.findMany(q)),
          m.id,
          args,
          alertFilters(args),
        ),
    }),
  );

  registerDashboardContributor("alerts.alerts", async (ctx, matterId) => ({
    alerts: await openAlertsByMatter(ctx).load(matterId),
  }));
}
