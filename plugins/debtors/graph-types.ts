import { builder } from "../../src/schema/builder.js";
import { describedValues } from "../core/enum-values.js";
import { ClaimRef } from "../core/claim.js";
import { ReviewStateRef, reviewStateOf } from "../core/shared-types.js";
import {
  GRAPH_SOURCES,
  NODE_KINDS,
  RELATIONS,
  type GraphClaim,
  type GraphEdge,
  type GraphNode,
} from "./graph.js";
import { ASSET_CLASSES, type AssetHypothesisShape } from "./hypotheses.js";

export const DebtorGraphSourceEnum = builder.enumType("DebtorGraphSource", {
  description: "A part of the debtor record a graph can be built from.",
  values: describedValues({
    identifiers: "The debtor's identifiers, one node per value.",
    aliases: "Other names of the debtor.",
    wallets: "Wallet addresses attributed to the debtor.",
    linked_entities: "Connected people and entities.",
  } satisfies Record<(typeof GRAPH_SOURCES)[number], string>),
});
export const DebtorGraphNodeKindEnum = builder.enumType("DebtorGraphNodeKind", {
  description: "What a graph node stands for.",
  values: describedValues({
    debtor: "The debtor itself, the root of the graph.",
    alias: "An alias of the debtor.",
    identifier: "One identifier value; `key` names the identifier.",
    wallet: "A wallet address; `network` names its network.",
    linked_entity: "A connected person or entity.",
  } satisfies Record<(typeof NODE_KINDS)[number], string>),
});
export const DebtorGraphRelationEnum = builder.enumType("DebtorGraphRelation", {
  description:
    "alias_of (alias → debtor), identified_by, controls_wallet, linked_to (debtor → node).",
  values: describedValues({
    alias_of: "The alias names the debtor (alias → debtor).",
    identified_by: "The debtor is identified by the value (debtor → identifier).",
    controls_wallet: "The debtor controls the wallet (debtor → wallet).",
    linked_to: "The debtor is linked to the entity as `relationship` says (debtor → entity).",
  } satisfies Record<(typeof RELATIONS)[number], string>),
});
export const AssetClassEnum = builder.enumType("AssetClass", {
  description: "A class of asset a hypothesis can be about.",
  values: describedValues({
    crypto: "Crypto assets: wallets and exchange accounts.",
    bank_account: "Bank accounts: IBANs and other account numbers.",
    real_property: "Land and buildings: parcel numbers; an address is only a weak signal.",
    vehicle: "Vehicles: VINs and registration plates.",
    business_interest:
      "Stakes in companies: registration number, EIN, LEI or an ownership or control link.",
    receivables: "Money owed to the debtor.",
    securities: "Brokerage and securities holdings.",
  } satisfies Record<(typeof ASSET_CLASSES)[number], string>),
});

const rows = <T>(json: unknown): T[] => (Array.isArray(json) ? (json as T[]) : []);

export const DebtorGraphNodeRef = builder.objectRef<GraphNode>("DebtorGraphNode").implement({
  description:
    "One node of a debtor graph: the debtor, or an alias, identifier, wallet or linked entity.",
  fields: (t) => ({
    nodeId: t.exposeString("nodeId", {
      description:
        "Node id: the debtor id for the debtor, else a `dgn_` id stable for the same value.",
    }),
    kind: t.field({
      type: DebtorGraphNodeKindEnum,
      description: "What the node stands for.",
      resolve: (n) => n.kind,
    }),
    label: t.exposeString("label", { description: "Human-readable label." }),
    value: t.exposeString("value", {
      description: "The value itself (alias, identifier value, address, name, or the debtor id).",
    }),
    key: t.exposeString("key", {
      nullable: true,
      description: "For identifiers: the identifier's key, e.g. `tax_id_last4`.",
    }),
    network: t.exposeString("network", {
      nullable: true,
      description: "For wallets: the inferred network (evm, bitcoin, tron, solana, xrp, other).",
    }),
  }),
});

export const DebtorGraphEdgeRef = builder.objectRef<GraphEdge>("DebtorGraphEdge").implement({
  description: "A relation between two nodes of a debtor graph, backed by one claim.",
  fields: (t) => ({
    edgeId: t.exposeString("edgeId", {
      description: "Edge id (`dge_`), stable for the same relation.",
    }),
    source: t.exposeString("source", { description: "Node id the edge starts at." }),
    target: t.exposeString("target", { description: "Node id the edge points to." }),
    relation: t.field({
      type: DebtorGraphRelationEnum,
      description: "The relation.",
      resolve: (e) => e.relation,
    }),
    relationship: t.exposeString("relationship", {
      nullable: true,
      description: "For linked_to: the stated relationship.",
    }),
    claimId: t.exposeString("claimId", { description: "The claim this edge asserts." }),
  }),
});

export const DebtorGraphRef = builder.prismaNode("DebtorGraph", {
  id: { field: "id", description: "Global id, the same as the `dgr_` id." },
  description:
    "A debtor's graph of aliases, identifiers, wallets and linked entities, with one claim per edge.",
  fields: (t) => ({
    graphId: t.exposeString("id", { description: "Graph id (prefix `dgr_`)." }),
    debtorId: t.exposeString("debtorId", { description: "The debtor the graph is about." }),
    matterId: t.exposeString("matterId", { description: "The debtor's matter." }),
    nodes: t.field({
      type: [DebtorGraphNodeRef],
      description: "The debtor and what is known about them.",
      resolve: (g) => rows<GraphNode>(g.nodes),
    }),
    edges: t.field({
      type: [DebtorGraphEdgeRef],
      description: "Relations between nodes.",
      resolve: (g) => rows<GraphEdge>(g.edges),
    }),
    claims: t.field({
      type: [ClaimRef],
      description: "One claim per edge.",
      resolve: (g) => rows<GraphClaim>(g.claims),
    }),
    reviewState: t.field({
      type: ReviewStateRef,
      description: "review_required is true when any claim is below 0.75 confidence.",
      resolve: (g) => reviewStateOf(g.reviewState),
    }),
    createdAt: t.expose("createdAt", {
      type: "DateTime",
      description: "When the graph was built.",
    }),
  }),
});

export const AssetHypothesisRef = builder
  .objectRef<AssetHypothesisShape>("AssetHypothesis")
  .implement({
    description:
      "A computed guess at a class of asset the debtor may hold, from the evidence on record.",
    fields: (t) => ({
      hypothesisId: t.exposeString("hypothesisId", {
        description: "Hypothesis id (`ahy_`), stable per debtor and asset class.",
      }),
      assetType: t.field({
        type: AssetClassEnum,
        description: "The asset class.",
        resolve: (h) => h.assetType,
      }),
      description: t.exposeString("description", { description: "What points at the asset." }),
      confidence: t.exposeFloat("confidence", {
        description: "0–1, from the best supporting item's evidence.",
      }),
      sourceRefs: t.exposeStringList("sourceRefs", {
        description:
          "Where the evidence sits: record pointers (`dbt_…#/wallets/0`) and supporting source ids.",
      }),
    }),
  });

export const AssetHypothesesPayloadRef = builder
  .objectRef<{ items: AssetHypothesisShape[] }>("AssetHypothesesPayload")
  .implement({
    description:
      "Asset hypotheses, most confident first (computed on request, not stored or paginated).",
    fields: (t) => ({
      items: t.field({
        type: [AssetHypothesisRef],
        description: "The hypotheses, by confidence then asset type.",
        resolve: (p) => p.items,
      }),
    }),
  });
