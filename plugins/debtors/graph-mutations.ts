import type { RequestContext } from "../../src/context.js";
import { invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable } from "../matters/service.js";
import { buildDebtorGraph, GRAPH_SOURCES, type DebtorRecord, type GraphClaim } from "./graph.js";
import { AssetHypothesesPayloadRef, DebtorGraphRef } from "./graph-types.js";
import { ASSET_CLASSES, proposeHypotheses } from "./hypotheses.js";
import { BuildDebtorGraphInput, ProposeAssetHypothesesInput } from "./inputs.js";
import { findDebtor } from "./queries.js";
import { linkedEntitiesOf } from "./types.js";

type DebtorRow = Awaited<ReturnType<typeof findDebtor>>;

const recordOf = (d: DebtorRow): DebtorRecord => ({
  id: d.id,
  matterId: d.matterId,
  legalName: d.legalName,
  aliases: d.aliases,
  identifiers: (d.identifiers ?? {}) as Record<string, unknown>,
  wallets: d.wallets,
  linkedEntities: linkedEntitiesOf(d.linkedEntities),
});

/** The debtor, reachable and under an open matter: 404, then 409 matter_closed. */
async function writableDebtor(ctx: RequestContext, id: string) {
  const debtor = await findDebtor(ctx, id);
  await assertMatterWritable(ctx, debtor.matterId);
  return debtor;
}

export function registerDebtorGraphMutations() {
  builder.mutationField("buildDebtorGraph", (t) =>
    t.field({
      type: DebtorGraphRef,
      description:
        "Builds and stores the debtor's graph with one scored claim per edge; the same record and inputs give the same graph.",
      gate: { scope: "debtors:graph" },
      args: {
        id: t.arg.id({ required: true, description: "Debtor id (dbt_…)." }),
        input: t.arg({
          type: BuildDebtorGraphInput,
          description: "Parts to include and evidence.",
        }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        if (input?.includeSources?.length === 0)
          throw invalid(
            "include_sources",
            "include_sources must name at least one source, or be left out for all.",
          );
        const include = new Set(input?.includeSources ?? GRAPH_SOURCES);
        const debtor = await writableDebtor(ctx, id);
        const graph = buildDebtorGraph(recordOf(debtor), include, input?.sourceRefs ?? []);
        return write(ctx, async ({ tx, audit }) => {
          const row = await tx.debtorGraph.create({
            data: {
              id: newId("debtorGraph"),
              matterId: debtor.matterId,
              debtorId: id,
              nodes: graph.nodes as object[],
              edges: graph.edges as object[],
              claims: graph.claims as object[],
              reviewState: graph.reviewState as object,
            } as never,
          });
          await audit({
            eventType: "debtor_graph.built",
            objectType: "debtor_graph",
            objectId: row.id,
            matterId: debtor.matterId,
            details: {
              debtor_id: id,
              nodes: graph.nodes.length,
              claims: graph.claims.length,
              review_required: graph.reviewState.reviewRequired,
            },
          });
          return row;
        });
      },
    }),
  );

  builder.mutationField("proposeAssetHypotheses", (t) =>
    t.field({
      type: AssetHypothesesPayloadRef,
      description:
        "Proposes asset classes the debtor may hold from the evidence on record and the latest graph's claims. Computed, not stored; the request is audited.",
      gate: { scope: "debtors:graph" },
      args: {
        id: t.arg.id({ required: true, description: "Debtor id (dbt_…)." }),
        input: t.arg({
          type: ProposeAssetHypothesesInput,
          description: "Classes and confidence floor.",
        }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        if (input?.assetClasses?.length === 0)
          throw invalid(
            "asset_classes",
            "asset_classes must name at least one class, or be left out for all.",
          );
        const min = input?.minConfidence ?? 0;
        if (min < 0 || min > 1)
          throw invalid("min_confidence", "min_confidence must be between 0 and 1.");
        const classes = [...new Set(input?.assetClasses ?? ASSET_CLASSES)];
        const debtor = await writableDebtor(ctx, id);
        // Newest graph first: ids are time-sortable.
        const latest = await ctx.db.debtorGraph.findFirst({
          where: { debtorId: id },
          orderBy: { id: "desc" },
        });
        const claims = new Map(
          (Array.isArray(latest?.claims) ? (latest.claims as unknown as GraphClaim[]) : []).map(
            (c) => [c.claimId, c],
          ),
        );
        const items = proposeHypotheses(recordOf(debtor), claims, classes, min);
        await write(ctx, ({ audit }) =>
          audit({
            eventType: "debtor.asset_hypotheses_proposed",
            objectType: "debtor",
            objectId: id,
            matterId: debtor.matterId,
            details: {
              asset_classes: classes,
              min_confidence: min,
              graph_id: latest?.id ?? null,
              hypotheses: items.map((h) => h.hypothesisId),
            },
          }),
        );
        return { items };
      },
    }),
  );
}
