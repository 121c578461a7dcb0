import { notFound } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { NetworkSignalRef } from "./types.js";

export function registerNetworkQueries() {
  builder.queryField("networkSignal", (t) =>
    t.field({
      type: NetworkSignalRef,
      description: "One network attribution signal.",
      gate: { scope: "network:read" },
      args: { id: t.arg.id({ required: true, description: "Signal id (nas_…)." }) },
      resolve: async (_root, { id }, ctx) => {
        const signal = await ctx.db.networkSignal.findUnique({ where: { id } });
        if (!signal) throw notFound("network attribution signal", id);
        return signal;
      },
    }),
  );
}
