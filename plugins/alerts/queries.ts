import type { RequestContext } from "../../src/context.js";
import { createdRange } from "../../src/pagination.js";
import { builder } from "../../src/schema/builder.js";
import { childPage } from "../../src/schema/child-pages.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import { requestLoader } from "../../src/schema/request-loader.js";
import { registerDashboardContributor } from "../matters/service.js";
import { AlertRef, AlertStatusEnum, AlertTypeEnum } from "./types.js";

/**
 * The dashboard's `alerts`: each matter's alerts not yet dealt with (neither resolved nor a
 * false positive), one query per request however many matters are shown.
 */
function openAlertsByMatter(ctx: RequestContext) {
  return requestLoader(ctx, "alerts.openByMatter", async (ids: readonly string[]) => {
    const counts = await ctx.db.alert.groupBy({
      by: ["matterId"],
      where: { matterId: { in: [...ids] }, status: { notIn: ["resolved", "false_positive"] } },
      _count: { _all: true },
    });
    const byId = new Map(counts.map((c) => [c.matterId, c._count._all]));
    return ids.map((id) => byId.get(id) ?? 0);
  });
}

/** Alerts are read through their matter until the monitoring endpoints list and triage them. */
export function registerAlertQueries() {
  builder.prismaObjectField("Matter", "alerts", (t) =>
    t.field({
      type: connectionOf(AlertRef, "Alert"),
      description: "Alerts raised on the matter, newest first.",
      gate: { scope: "monitoring:read" },
      args: {
        ...pageArgs(t),
        type: t.arg({ type: AlertTypeEnum, description: "Only alerts of this type." }),
        status: t.arg({ type: AlertStatusEnum, description: "Only alerts in this status." }),
        createdAfter: t.arg({ type: "DateTime", description: "Created strictly after this time." }),
        createdBefore: t.arg({
          type: "DateTime",
          description: "Created strictly before this time.",
        }),
      },
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          {
            key: "Matter.alerts",
            table: "alerts",
            parentColumn: "matter_id",
            parentField: "matterId",
            findMany: (q) => ctx.db.alert.findMany(q),
          },
          m.id,
          args,
          {
            ...(args.type ? { type: args.type } : {}),
            ...(args.status ? { status: args.status } : {}),
            ...createdRange(args.createdAfter, args.createdBefore),
          },
        ),
    }),
  );

  registerDashboardContributor("alerts.alerts", async (ctx, matterId) => ({
    alerts: await openAlertsByMatter(ctx).load(matterId),
  }));
}
