import { derivedId } from "../../src/ids.js";
import { normalizeAddress } from "./networks.js";

/** Pure construction of an attribution graph: the same wallets and claims give the same graph. */
export interface GraphWallet {
  id: string;
  address: string;
  normalizedAddress: string;
  network: string;
  role: string | null;
}

export interface GraphClaimInput {
  id: string;
  subject: string;
  predicate: string;
  object: string;
  confidence: number;
  label: string;
  scoreBasis: string[];
  contradictions: string[];
}

export interface AttributionNode {
  nodeId: string;
  kind: "wallet" | "entity";
  label: string;
  network: string | null;
  role: string | null;
}

export interface AttributionEdge {
  edgeId: string;
  source: string;
  target: string;
  predicate: string;
  claimId: string;
  confidence: number;
  label: string;
}

export interface MatrixRow {
  claimId: string;
  score: number;
  label: string;
  basis: string[];
}

export interface Contradiction {
  claimId: string;
  kind: "recorded" | "conflicting_claim";
  description: string;
  conflictingClaimId: string | null;
}

export interface AttributionGraphShape {
  nodes: AttributionNode[];
  edges: AttributionEdge[];
  claimIds: string[];
  confidenceMatrix: MatrixRow[];
  contradictions: Contradiction[];
}

/**
 * Wallet nodes first, then every claim reachable from them: a claim joins when its subject or
 * object is already a node (a wallet by id or address, or an entity), until nothing changes.
 * The other end of a joining claim becomes an entity node.
 */
export function buildAttributionGraph(
  matterId: string,
  wallets: readonly GraphWallet[],
  claims: readonly GraphClaimInput[],
  includeContradictions: boolean,
): AttributionGraphShape {
  const nodeOf = new Map<string, string>();
  const nodes: AttributionNode[] = [];
  for (const w of wallets) {
    nodeOf.set(w.id, w.id);
    nodeOf.set(w.normalizedAddress, w.id);
    nodes.push({
      nodeId: w.id,
      kind: "wallet",
      label: w.address,
      network: w.network,
      role: w.role,
    });
  }
  const keyOf = (value: string) => (nodeOf.has(value) ? value : normalizeAddress(value.trim()));
  const entity = (value: string) => {
    const key = keyOf(value);
    let id = nodeOf.get(key);
    if (!id) {
      id = derivedId("attributionNode", matterId, key);
      nodeOf.set(key, id);
      nodes.push({ nodeId: id, kind: "entity", label: value, network: null, role: null });
    }
    return id;
  };
  const joined: GraphClaimInput[] = [];
  const pending = [...claims].sort((a, b) => a.id.localeCompare(b.id));
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of [...pending]) {
      if (!nodeOf.has(keyOf(c.subject)) && !nodeOf.has(keyOf(c.object))) continue;
      entity(c.subject);
      entity(c.object);
      joined.push(c);
      pending.splice(pending.indexOf(c), 1);
      grew = true;
    }
  }
  joined.sort((a, b) => a.id.localeCompare(b.id));
  const edges = joined.map((c) => ({
    edgeId: derivedId("attributionEdge", c.id),
    source: nodeOf.get(keyOf(c.subject))!,
    target: nodeOf.get(keyOf(c.object))!,
    predicate: c.predicate,
    claimId: c.id,
    confidence: c.confidence,
    label: c.label,
  }));
  return {
    nodes,
    edges,
    claimIds: joined.map((c) => c.id),
    confidenceMatrix: joined.map((c) => ({
      claimId: c.id,
      score: c.confidence,
      label: c.label,
      basis: c.scoreBasis,
    })),
    contradictions: includeContradictions ? contradictionsOf(joined, edges) : [],
  };
}

/** Recorded contradictions, and pairs of claims giving one subject and predicate two objects. */
function contradictionsOf(
  claims: readonly GraphClaimInput[],
  edges: readonly AttributionEdge[],
): Contradiction[] {
  const out: Contradiction[] = [];
  for (const c of claims)
    for (const d of c.contradictions)
      out.push({ claimId: c.id, kind: "recorded", description: d, conflictingClaimId: null });
  for (const [i, a] of edges.entries()) {
    for (const b of edges.slice(i + 1)) {
      if (a.source !== b.source || a.predicate !== b.predicate || a.target === b.target) continue;
      out.push({
        claimId: a.claimId,
        kind: "conflicting_claim",
        description: `'${a.predicate}' points at two different objects`,
        conflictingClaimId: b.claimId,
      });
    }
  }
  return out;
}
