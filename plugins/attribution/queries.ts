import type { RequestContext } from "../../src/context.js";
import { ApiError, notFound } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { AttributionGraphRef } from "./graph-types.js";
import { childPage, matterChildList } from "../../src/schema/child-pages.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import { AttributionClaimRef } from "./claim-types.js";
import { WalletRef } from "./wallet-types.js";

/** A claim the caller can reach, or 404 naming `param`. */
export async function findClaim(ctx: RequestContext, id: string, param = "claim_id") {
  const claim = await ctx.db.attributionClaim.findUnique({ where: { id } });
  if (!claim) throw new ApiError("resource_missing", { param, message: `No such claim: '${id}'.` });
  return claim;
}

export function registerAttributionQueries() {
  builder.queryField("attributionGraph", (t) =>
    t.field({
      type: AttributionGraphRef,
      description: "One attribution graph.",
      gate: { scope: "attribution:read" },
      args: { id: t.arg.id({ required: true, description: "Graph id (agr_…)." }) },
      resolve: async (_root, { id }, ctx) => {
        const graph = await ctx.db.attributionGraph.findUnique({ where: { id } });
        if (!graph) throw notFound("attribution graph", id);
        return graph;
      },
    }),
  );

  // Added to the matters module's type here, with the feature that owns it.
  builder.prismaObjectField("Matter", "wallets", (t) =>
    t.field({
      type: connectionOf(WalletRef, "Wallet"),
      description: "The matter's imported wallets, newest first.",
      gate: { scope: "attribution:read" },
      args: pageArgs(t),
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList("wallets", "Wallet", "wallets", (q) => ctx.db.wallet.findMany(q)),
          m.id,
          args,
        ),
    }),
  );

  // Added to the matters module's type here, with the feature that owns it.
  builder.prismaObjectField("Matter", "attributionClaims", (t) =>
    t.field({
      type: connectionOf(AttributionClaimRef, "AttributionClaim"),
      description: "The matter's attribution claims, newest first.",
      gate: { scope: "attribution:read" },
      args: pageArgs(t),
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList("attributionClaims", "AttributionClaim", "attribution_claims", (q) =>
            ctx.db.attributionClaim.findMany(q),
          ),
          m.id,
          args,
        ),
    }),
  );

  // Added to the matters module's type here, with the feature that owns it.
  builder.prismaObjectField("Matter", "attributionGraphs", (t) =>
    t.field({
      type: connectionOf(AttributionGraphRef, "AttributionGraph", "AttributionGraphPageEdge"),
      description: "The matter's attribution graphs, newest first.",
      gate: { scope: "attribution:read" },
      args: pageArgs(t),
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList("attributionGraphs", "AttributionGraph", "attribution_graphs", (q) =>
            ctx.db.attributionGraph.findMany(q),
          ),
          m.id,
          args,
        ),
    }),
  );
}
