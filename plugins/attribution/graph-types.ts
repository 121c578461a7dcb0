import { builder } from "../../src/schema/builder.js";
import { AttributionClaimRef, ConfidenceLabelEnum } from "./claim-types.js";
import type { AttributionEdge, AttributionNode, Contradiction, MatrixRow } from "./graph.js";
import { WalletNetworkEnum } from "./wallet-types.js";

const rows = <T>(json: unknown): T[] => (Array.isArray(json) ? (json as T[]) : []);

export const AttributionNodeKindEnum = builder.enumType("AttributionNodeKind", {
  description: "What an attribution graph node stands for.",
  values: {
    wallet: { description: "An imported wallet; node_id is its wal_ id." },
    entity: { description: "Something a claim names (a person, exchange, cluster, …)." },
  } as const,
});

export const AttributionNodeRef = builder
  .objectRef<AttributionNode>("AttributionGraphNode")
  .implement({
    description: "A node of an attribution graph.",
    fields: (t) => ({
      nodeId: t.exposeString("nodeId", {
        description: "The wallet id, or an `agn_` id stable for the same entity in the matter.",
      }),
      kind: t.field({
        type: AttributionNodeKindEnum,
        description: "wallet or entity.",
        resolve: (n) => n.kind,
      }),
      label: t.exposeString("label", { description: "The address or the entity as named." }),
      network: t.field({
        type: WalletNetworkEnum,
        nullable: true,
        description: "For wallets: the network.",
        resolve: (n) => n.network as never,
      }),
      role: t.exposeString("role", { nullable: true, description: "For wallets: the role." }),
    }),
  });

export const AttributionEdgeRef = builder
  .objectRef<AttributionEdge>("AttributionGraphEdge")
  .implement({
    description: "An edge of an attribution graph: one claim from its subject to its object.",
    fields: (t) => ({
      edgeId: t.exposeString("edgeId", { description: "Edge id (`age_`), stable per claim." }),
      source: t.exposeString("source", { description: "Node id of the claim's subject." }),
      target: t.exposeString("target", { description: "Node id of the claim's object." }),
      predicate: t.exposeString("predicate", { description: "The claim's predicate." }),
      claimId: t.exposeString("claimId", { description: "The claim." }),
      confidence: t.exposeFloat("confidence", { description: "The claim's score at build." }),
      label: t.field({
        type: ConfidenceLabelEnum,
        description: "The claim's label at build.",
        resolve: (e) => e.label as never,
      }),
    }),
  });

export const MatrixRowRef = builder.objectRef<MatrixRow>("ConfidenceMatrixRow").implement({
  description: "One claim's score in a graph's confidence matrix.",
  fields: (t) => ({
    claimId: t.exposeString("claimId", { description: "The claim." }),
    score: t.exposeFloat("score", { description: "0–1." }),
    label: t.field({
      type: ConfidenceLabelEnum,
      description: "The label.",
      resolve: (r) => r.label as never,
    }),
    basis: t.exposeStringList("basis", { description: "How the score was reached." }),
  }),
});

export const ContradictionKindEnum = builder.enumType("ContradictionKind", {
  description: "Where a contradiction comes from.",
  values: {
    recorded: { description: "Recorded on the claim when it was scored." },
    conflicting_claim: {
      description: "Another claim gives the same subject and predicate a different object.",
    },
  } as const,
});

export const ContradictionRef = builder
  .objectRef<Contradiction>("AttributionContradiction")
  .implement({
    description: "A contradiction bearing on a claim of the graph.",
    fields: (t) => ({
      claimId: t.exposeString("claimId", { description: "The claim contradicted." }),
      kind: t.field({
        type: ContradictionKindEnum,
        description: "Its origin.",
        resolve: (c) => c.kind,
      }),
      description: t.exposeString("description", { description: "What contradicts it." }),
      conflictingClaimId: t.exposeString("conflictingClaimId", {
        nullable: true,
        description: "For conflicting_claim: the other claim.",
      }),
    }),
  });

export const AttributionGraphRef = builder.prismaNode("AttributionGraph", {
  id: { field: "id", description: "Global id, the same as the `agr_` id." },
  description:
    "Wallets of a matter and the claims about them. One record per matter and wallet set; building it again refreshes it. Nodes, edges and the matrix are as of `updated_at`; `claims` are the current records.",
  fields: (t) => ({
    graphId: t.exposeString("id", { description: "Graph id (prefix `agr_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter." }),
    walletIds: t.exposeStringList("walletIds", { description: "The wallet set, sorted." }),
    nodes: t.field({
      type: [AttributionNodeRef],
      description: "Wallets, then entities named by claims.",
      resolve: (g) => rows<AttributionNode>(g.nodes),
    }),
    edges: t.field({
      type: [AttributionEdgeRef],
      description: "One edge per claim.",
      resolve: (g) => rows<AttributionEdge>(g.edges),
    }),
    claims: t.field({
      type: [AttributionClaimRef],
      description: "The claims of the graph, by id.",
      resolve: (g, _args, ctx) =>
        ctx.db.attributionClaim.findMany({
          where: { id: { in: g.claimIds } },
          orderBy: { id: "asc" },
        }),
    }),
    confidenceMatrix: t.field({
      type: [MatrixRowRef],
      description: "Each claim's score, label and basis.",
      resolve: (g) => rows<MatrixRow>(g.confidenceMatrix),
    }),
    includeContradictions: t.exposeBoolean("includeContradictions", {
      description: "Whether contradictions were asked for.",
    }),
    contradictions: t.field({
      type: [ContradictionRef],
      description: "Contradictions, when asked for; otherwise empty.",
      resolve: (g) => rows<Contradiction>(g.contradictions),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "First build." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "Last build." }),
  }),
});
