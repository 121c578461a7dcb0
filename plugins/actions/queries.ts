import type { RequestContext } from "../../src/context.js";
import { createdRange, paginate } from "../../src/pagination.js";
import { builder } from "../../src/schema/builder.js";
import { childPage, matterChildList } from "../../src/schema/child-pages.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import { requestLoader } from "../../src/schema/request-loader.js";
import { findMatter, registerDashboardContributor } from "../matters/service.js";
import { findAction } from "./service.js";
import { FINAL_STATUSES } from "./state-machine.js";
import { ActionPriorityEnum, ActionRef, ActionStatusEnum, ActionTypeEnum } from "./types.js";

type ArgBuilder = Parameters<Parameters<typeof builder.queryField>[1]>[0]["arg"];

/** The filters of every action list (CONTRACT.md §6), matter_id aside. */
function filterArgs(arg: ArgBuilder) {
  return {
    status: arg({ type: ActionStatusEnum, description: "Only actions in this status." }),
    type: arg({ type: ActionTypeEnum, description: "Only actions of this type." }),
    priority: arg({ type: ActionPriorityEnum, description: "Only actions of this priority." }),
    ownerId: arg.id({ description: "Only actions assigned to this user (usr_…)." }),
    campaignId: arg.id({ description: "Only actions of this campaign (cmp_…)." }),
    dueBefore: arg({ type: "DateTime", description: "Due strictly before this time." }),
    dueAfter: arg({ type: "DateTime", description: "Due strictly after this time." }),
    createdAfter: arg({ type: "DateTime", description: "Created strictly after this time." }),
    createdBefore: arg({ type: "DateTime", description: "Created strictly before this time." }),
  };
}

interface Filters {
  status?: string | null;
  type?: string | null;
  priority?: string | null;
  ownerId?: string | null;
  campaignId?: string | null;
  dueBefore?: Date | null;
  dueAfter?: Date | null;
  createdAfter?: Date | null;
  createdBefore?: Date | null;
}

/** Exact matches and strict time ranges; an action without a due time matches no due filter. */
function filterWhere(f: Filters): Record<string, unknown> {
  return {
    ...(f.status ? { status: f.status } : {}),
    ...(f.type ? { type: f.type } : {}),
    ...(f.priority ? { priority: f.priority } : {}),
    ...(f.ownerId ? { ownerId: f.ownerId } : {}),
    ...(f.campaignId ? { campaignId: f.campaignId } : {}),
    ...(f.dueBefore || f.dueAfter
      ? {
          dueAt: {
            ...(f.dueAfter ? { gt: f.dueAfter } : {}),
            ...(f.dueBefore ? { lt: f.dueBefore } : {}),
          },
        }
      : {}),
    ...createdRange(f.createdAfter, f.createdBefore),
  };
}

/** Each matter's live actions (the dashboard's `open_actions`), one query per request. */
function openActionsByMatter(ctx: RequestContext) {
  return requestLoader(ctx, "actions.openByMatter", async (ids: readonly string[]) => {
    const counts = await ctx.db.action.groupBy({
      by: ["matterId"],
      where: { matterId: { in: [...ids] }, status: { notIn: [...FINAL_STATUSES] } },
      _count: { _all: true },
    });
    const byId = new Map(counts.map((c) => [c.matterId, c._count._all]));
    return ids.map((id) => byId.get(id) ?? 0);
  });
}

export function registerActionQueries() {
  builder.queryField("action", (t) =>
    t.field({
      type: ActionRef,
      description: "One action (GET /v1/actions/{action_id}).",
      gate: { scope: "actions:read" },
      args: { id: t.arg.id({ required: true, description: "Action id (act_…)." }) },
      resolve: (_root, { id }, ctx) => findAction(ctx, id),
    }),
  );

  builder.queryField("actions", (t) =>
    t.field({
      type: connectionOf(ActionRef, "Action"),
      description: "Actions of the matters the caller may see, newest first, optionally filtered.",
      gate: { scope: "actions:read" },
      args: {
        ...pageArgs(t),
        matterId: t.arg.id({ description: "Only actions of this matter (mat_…)." }),
        ...filterArgs(t.arg),
      },
      resolve: (_root, args, ctx) =>
        paginate((q) => ctx.db.action.findMany(q), args, {
          ...(args.matterId ? { matterId: args.matterId } : {}),
          ...filterWhere(args),
        }),
    }),
  );

  builder.queryField("matterActions", (t) =>
    t.field({
      type: connectionOf(ActionRef, "Action"),
      description:
        "One matter's actions, newest first (GET /v1/actions/matters/{matter_id}); 404 when the matter is out of reach.",
      gate: { scope: "actions:read" },
      args: {
        ...pageArgs(t),
        matterId: t.arg.id({ required: true, description: "Matter id (mat_…)." }),
        ...filterArgs(t.arg),
      },
      resolve: async (_root, args, ctx) => {
        await findMatter(ctx, args.matterId);
        return paginate((q) => ctx.db.action.findMany(q), args, {
          matterId: args.matterId,
          ...filterWhere(args),
        });
      },
    }),
  );

  // Added to the matters module's type here, with the feature that owns it.
  builder.prismaObjectField("Matter", "actions", (t) =>
    t.field({
      type: connectionOf(ActionRef, "Action"),
      description: "The matter's actions, newest first.",
      gate: { scope: "actions:read" },
      args: { ...pageArgs(t), ...filterArgs(t.arg) },
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList("actions", "Action", "actions", (q) => ctx.db.action.findMany(q)),
          m.id,
          args,
          filterWhere(args),
        ),
    }),
  );

  registerDashboardContributor("actions.open_actions", async (ctx, matterId) => ({
    openActions: await openActionsByMatter(ctx).load(matterId),
  }));
}
