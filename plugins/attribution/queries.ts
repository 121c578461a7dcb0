import { notFound } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { AttributionGraphRef } from "./graph-types.js";

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
