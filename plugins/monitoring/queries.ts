import type { RequestContext } from "../../src/context.js";
import { notFound } from "../../src/errors.js";
import { createdRange, paginate } from "../../src/pagination.js";
import { builder } from "../../src/schema/builder.js";
import { childPage, matterChildList } from "../../src/schema/child-pages.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import { WatchlistRef } from "./types.js";

export async function findWatchlist(ctx: RequestContext, id: string) {
  const found = await ctx.db.watchlist.findUnique({ where: { id } });
  if (!found) throw notFound("watchlist", id);
  return found;
}

export function registerWatchlistQueries() {
  builder.queryField("watchlist", (t) =>
    t.field({
      type: WatchlistRef,
      description: "One watchlist (GET /v1/watchlists/{watchlist_id}).",
      gate: { scope: "monitoring:read" },
      args: { id: t.arg.id({ required: true, description: "Watchlist id (wls_…)." }) },
      resolve: (_root, { id }, ctx) => findWatchlist(ctx, id),
    }),
  );

  builder.queryField("watchlists", (t) =>
    t.field({
      type: connectionOf(WatchlistRef, "Watchlist"),
      description:
        "Watchlists of the matters the caller can see, newest first (GET /v1/watchlists).",
      gate: { scope: "monitoring:read" },
      args: {
        ...pageArgs(t),
        matterId: t.arg.id({ description: "Only watchlists of this matter." }),
        createdAfter: t.arg({ type: "DateTime", description: "Created strictly after this time." }),
        createdBefore: t.arg({
          type: "DateTime",
          description: "Created strictly before this time.",
        }),
      },
      resolve: (_root, args, ctx) =>
        paginate((q) => ctx.db.watchlist.findMany(q), args, {
          ...(args.matterId ? { matterId: args.matterId } : {}),
          ...createdRange(args.createdAfter, args.createdBefore),
        }),
    }),
  );

  builder.prismaObjectField("Matter", "watchlists", (t) =>
    t.field({
      type: connectionOf(WatchlistRef, "Watchlist"),
      description: "The matter's watchlists, newest first.",
      gate: { scope: "monitoring:read" },
      args: {
        ...pageArgs(t),
        createdAfter: t.arg({ type: "DateTime", description: "Created strictly after this time." }),
        createdBefore: t.arg({
          type: "DateTime",
          description: "Created strictly before this time.",
        }),
      },
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList("watchlists", "Watchlist", "watchlists", (q) =>
            ctx.db.watchlist.findMany(q),
          ),
          m.id,
          args,
          createdRange(args.createdAfter, args.createdBefore),
        ),
    }),
  );
}
