import stringify from "safe-stable-stringify";
import type { ClaimShape } from "../core/claim.js";
import type { ReviewStateShape, SourceRefShape } from "../core/shared-types.js";
import { checkWalletAddress } from "./addresses.js";
import { appliesTo, distinctRefs, REVIEW_THRESHOLD, scoreClaim } from "../core/confidence.js";
import { derivedId } from "../../src/ids.js";

/** Pure construction of a debtor graph: the same debtor and inputs always give the same graph. */
export const GRAPH_SOURCES = ["identifiers", "aliases", "wallets", "linked_entities"] as const;
export type GraphSource = (typeof GRAPH_SOURCES)[number];

export const NODE_KINDS = ["debtor", "alias", "identifier", "wallet", "linked_entity"] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

export const RELATIONS = ["alias_of", "identified_by", "controls_wallet", "linked_to"] as const;
export type Relation = (typeof RELATIONS)[number];

export interface LinkedEntityShape {
  name: string;
  relationship?: string | null;
  sourceRefs?: SourceRefShape[] | null;
}

export interface DebtorRecord {
  id: string;
  matterId: string;
  legalName: string;
  aliases: readonly string[];
  identifiers: Record<string, unknown>;
  wallets: readonly string[];
  linkedEntities: readonly LinkedEntityShape[];
}

export interface GraphNode {
  nodeId: string;
  kind: NodeKind;
  label: string;
  value: string;
  /** The identifier's key (`tax_id_last4`, `emails`, …); null for other kinds. */
  key: string | null;
  /** The wallet's inferred network; null for other kinds. */
  network: string | null;
}

export interface GraphEdge {
  edgeId: string;
  source: string;
  target: string;
  relation: Relation;
  /** For linked_to: the stated relationship (director, shareholder, …). */
  relationship: string | null;
  claimId: string;
}

export interface GraphClaim extends ClaimShape {
  predicate: Relation;
}

export interface DebtorGraphShape {
  nodes: GraphNode[];
  edges: GraphEdge[];
  claims: GraphClaim[];
  reviewState: ReviewStateShape;
}

/** Node id of a non-debtor node; asset hypotheses use it to find the claim behind an item. */
export const nodeIdFor = (debtorId: string, kind: NodeKind, key: string | null, value: string) =>
  derivedId("debtorGraphNode", debtorId, kind, key ?? "", value);

/** An identifier's values as strings: arrays give one value per item, objects their canonical JSON. */
export function identifierValues(value: unknown): string[] {
  if (value === null || value === undefined || value === "") return [];
  if (Array.isArray(value))
    return value.flatMap((v) => (Array.isArray(v) ? [stringify(v)] : identifierValues(v)));
  if (typeof value === "object") return [stringify(value)];
  return [String(value)];
}

interface Item {
  kind: Exclude<NodeKind, "debtor">;
  key: string | null;
  value: string;
  label: string;
  network: string | null;
  relationship: string | null;
  ownRefs: SourceRefShape[];
}

function itemsOf(d: DebtorRecord, include: ReadonlySet<GraphSource>): Item[] {
  const items: Item[] = [];
  const base = { key: null, network: null, relationship: null, ownRefs: [] };
  if (include.has("aliases"))
    for (const a of d.aliases) items.push({ ...base, kind: "alias", value: a, label: a });
  if (include.has("identifiers")) {
    for (const key of Object.keys(d.identifiers).sort()) {
      for (const v of identifierValues(d.identifiers[key])) {
        items.push({ ...base, kind: "identifier", key, value: v, label: `${key}: ${v}` });
      }
    }
  }
  if (include.has("wallets")) {
    for (const w of d.wallets) {
      const check = checkWalletAddress(w);
      items.push({
        ...base,
        kind: "wallet",
        value: w,
        label: w,
        network: check.ok ? check.network : null,
      });
    }
  }
  if (include.has("linked_entities")) {
    for (const e of d.linkedEntities) {
      items.push({
        ...base,
        kind: "linked_entity",
        value: e.name,
        label: e.name,
        relationship: e.relationship ?? null,
        ownRefs: e.sourceRefs ?? [],
      });
    }
  }
  return items;
}

const RELATION_OF: Record<Item["kind"], Relation> = {
  alias: "alias_of",
  identifier: "identified_by",
  wallet: "controls_wallet",
  linked_entity: "linked_to",
};

export function buildDebtorGraph(
  d: DebtorRecord,
  include: ReadonlySet<GraphSource>,
  refs: readonly SourceRefShape[],
): DebtorGraphShape {
  const nodes: GraphNode[] = [
    { nodeId: d.id, kind: "debtor", label: d.legalName, value: d.id, key: null, network: null },
  ];
  const edges: GraphEdge[] = [];
  const claims: GraphClaim[] = [];
  const seen = new Set<string>([d.id]);
  for (const item of itemsOf(d, include)) {
    const nodeId = nodeIdFor(d.id, item.kind, item.key, item.value);
    if (seen.has(nodeId)) continue; // a repeated alias or wallet is one node, one claim
    seen.add(nodeId);
    nodes.push({
      nodeId,
      kind: item.kind,
      label: item.label,
      value: item.value,
      key: item.key,
      network: item.network,
    });
    const relation = RELATION_OF[item.kind];
    // An alias names the debtor, so its edge points at the debtor; every other edge starts there.
    const [source, target] = relation === "alias_of" ? [nodeId, d.id] : [d.id, nodeId];
    const evidence = distinctRefs([
      ...refs.filter((r) => appliesTo(r, item.kind === "wallet")),
      ...item.ownRefs,
    ]);
    const scored = scoreClaim(evidence);
    const claimId = derivedId("debtorClaim", d.id, relation, nodeId);
    edges.push({
      edgeId: derivedId("debtorGraphEdge", d.id, relation, nodeId),
      source,
      target,
      relation,
      relationship: item.relationship,
      claimId,
    });
    claims.push({
      claimId,
      matterId: d.matterId,
      subject: relation === "alias_of" ? item.label : d.id,
      predicate: relation,
      object: relation === "alias_of" ? d.id : item.label,
      sourceType: scored.sourceType,
      sourceRefs: evidence,
      confidence: scored.confidence,
    });
  }
  const weak = claims.filter((c) => c.confidence < REVIEW_THRESHOLD).length;
  const reviewState: ReviewStateShape = weak
    ? {
        reviewRequired: true,
        reviewStatus: "pending",
        reviewNotes: `${weak} of ${claims.length} claims are below ${REVIEW_THRESHOLD} confidence.`,
      }
    : { reviewRequired: false, reviewStatus: "not_required" };
  return { nodes, edges, claims, reviewState };
}
