import { createHash } from "node:crypto";
import { ApiError, invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertOpen, findMatter } from "../matters/service.js";
import { checkIds } from "./checks.js";
import { buildAttributionGraph } from "./graph.js";
import { AttributionGraphRef } from "./graph-types.js";
import { BuildAttributionGraphInput } from "./inputs.js";
import { walletsOfMatter } from "./service.js";

export function registerGraphMutations() {
  builder.mutationField("buildAttributionGraph", (t) =>
    t.field({
      type: AttributionGraphRef,
      description:
        "Builds, or refreshes, the attribution graph of a matter's wallet set: nodes, one edge per claim, the claims and their confidence matrix. A wallet id that is malformed or repeated is 400, one of another matter or out of the caller's reach 404, each naming the item (`wallet_ids[1]`).",
      gate: { scope: "attribution:graph" },
      args: {
        input: t.arg({ type: BuildAttributionGraphInput, required: true, description: "Wallets." }),
      },
      resolve: async (_root, { input }, ctx) => {
        if (input.walletIds?.length === 0)
          throw invalid("wallet_ids", "wallet_ids must name at least one wallet, or be left out.");
        checkIds("wallet_ids", input.walletIds ?? [], "wal");
        const matterId = input.matterId;
        // Every 404 before the closed matter's 409 (CONTRACT.md §2 order).
        const matter = await findMatter(ctx, matterId);
        const wallets = await walletsOfMatter(ctx, matterId, input.walletIds ?? null);
        assertOpen(matter);
        if (!wallets.length)
          throw new ApiError("resource_missing", {
            param: "wallet_ids",
            message: "The matter has no wallets; import some first.",
          });
        const claims = await ctx.db.attributionClaim.findMany({ where: { matterId } });
        const include = input.includeContradictions ?? false;
        const graph = buildAttributionGraph(matterId, wallets, claims, include);
        const walletIds = wallets.map((w) => w.id).sort();
        const walletSetKey = createHash("sha256").update(walletIds.join(",")).digest("hex");
        const data = {
          walletIds,
          includeContradictions: include,
          nodes: graph.nodes as object[],
          edges: graph.edges as object[],
          claimIds: graph.claimIds,
          confidenceMatrix: graph.confidenceMatrix as object[],
          contradictions: graph.contradictions as object[],
          updatedAt: new Date(),
        };
        return write(ctx, async ({ tx, audit }) => {
          const row = await tx.attributionGraph.upsert({
            where: { matterId_walletSetKey: { matterId, walletSetKey } },
            create: { id: newId("attributionGraph"), matterId, walletSetKey, ...data } as never,
            update: data,
          });
          await audit({
            eventType: "attribution_graph.built",
            objectType: "attribution_graph",
            objectId: row.id,
            matterId,
            details: {
              wallet_ids: walletIds,
              nodes: graph.nodes.length,
              claims: graph.claimIds.length,
              contradictions: graph.contradictions.length,
            },
          });
          return row;
        });
      },
    }),
  );
}
