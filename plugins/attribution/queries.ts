import type { RequestContext } from "../../src/context.js";
import { ApiError, notFound } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { AttributionGraphRef } from "./graph-types.js";

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
}
