import { notFound } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { NetworkSignalRef } from "./types.js";
import { childPage, matterChildList } from "../../src/schema/child-pages.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";

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

  // Added to the matters module's type here, with the feature that owns it.
  builder.prismaObjectField("Matter", "networkSignals", (t) =>
    t.field({
      type: connectionOf(NetworkSignalRef, "NetworkSignal"),
      description: "The matter's network attribution signals, newest first.",
      gate: { scope: "network:read" },
      args: pageArgs(t),
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList("networkSignals", "NetworkSignal", "network_signals", (q) =>
            ctx.db.networkSignal.findMany(q),
          ),
          m.id,
          args,
        ),
    }),
  );
}
