import { TIER_BASE, type Tier } from "../core/confidence.js";
import { addressKey, type Network } from "./networks.js";
import type { Transfer } from "./providers/types.js";
import type { ReferenceData } from "./reference.js";

/**
 * Exchange hypotheses as pure functions (CONTRACT.md §13 tiers).
 *
 * Decision: a direct transfer with a labelled exchange wallet is tier 3, not tier 2. The
 * transfer itself is a deterministic on-chain fact, but "that wallet is the exchange's" rests
 * on a commercial label (explorer name tags and proof-of-reserves lists, 2023–2026 snapshots),
 * and a chain of evidence is no stronger than its weakest link. A one-hop link (through one
 * unlabelled intermediary) is a behavioural inference: tier 4. Distinct labelled counterparty
 * wallets corroborate each other by noisy-OR, with caps that keep the invariants:
 *  - a one-hop-only hypothesis never reaches a direct one's base (ONE_HOP_CAP < tier-3 base);
 *  - a label-based hypothesis is never `confirmed` (DIRECT_CAP < 0.90; that needs tier 1 or 2);
 *  - more evidence never lowers a score; the result is deterministic.
 */
export const DIRECT_TIER: Tier = "tier_3";
export const ONE_HOP_TIER: Tier = "tier_4";
export const ONE_HOP_CAP = 0.6;
export const DIRECT_CAP = 0.89;

export type Hop = "direct" | "one_hop";

export interface LinkEvidence {
  hop: Hop;
  network: Network;
  /** The subject wallet the hypothesis is about. */
  wallet: string;
  exchange: string;
  /** The labelled exchange wallet. */
  counterparty: string;
  counterpartyLabel: string | null;
  labelSources: string[];
  /** For one hop: the intermediary between the wallet and the exchange. */
  via: string | null;
  direction: "sent_to_exchange" | "received_from_exchange";
  transactionHash: string;
  asset: string;
  amount: string;
  timestamp: Date;
}

export interface ScoredHypothesis {
  exchange: string;
  wallet: string;
  network: Network;
  hop: Hop;
  evidenceTier: Tier;
  confidence: number;
  label: "confirmed" | "strong" | "moderate" | "weak_signal";
  basis: LinkEvidence[];
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** CONTRACT.md §13 labels. */
export function confidenceLabel(score: number, tier: Tier): ScoredHypothesis["label"] {
  if (score >= 0.9 && (tier === "tier_1" || tier === "tier_2")) return "confirmed";
  if (score >= 0.75) return "strong";
  if (score >= 0.5) return "moderate";
  return "weak_signal";
}

/** Score of one wallet–exchange pair from its evidence. */
export function scoreLinks(evidence: readonly LinkEvidence[]): {
  confidence: number;
  tier: Tier;
  hop: Hop;
} {
  // One vote per distinct labelled wallet (and route): repeated transfers are not independent.
  const direct = new Set(
    evidence.filter((e) => e.hop === "direct").map((e) => e.counterparty.toLowerCase()),
  );
  const hops = new Set(
    evidence
      .filter((e) => e.hop === "one_hop")
      .map((e) => `${e.via?.toLowerCase()}>${e.counterparty.toLowerCase()}`),
  );
  const miss =
    (1 - TIER_BASE[DIRECT_TIER]) ** direct.size * (1 - TIER_BASE[ONE_HOP_TIER]) ** hops.size;
  const raw = 1 - miss;
  if (direct.size)
    return { confidence: round4(Math.min(raw, DIRECT_CAP)), tier: DIRECT_TIER, hop: "direct" };
  return { confidence: round4(Math.min(raw, ONE_HOP_CAP)), tier: ONE_HOP_TIER, hop: "one_hop" };
}

/** Transfers of `wallet` whose other side is a labelled exchange wallet. */
export function directLinks(
  reference: ReferenceData,
  network: Network,
  wallet: string,
  transfers: readonly Transfer[],
  hop: Hop = "direct",
  via: string | null = null,
  subject = wallet,
): LinkEvidence[] {
  const self = addressKey(network, wallet);
  const out: LinkEvidence[] = [];
  for (const t of transfers) {
    const sent = addressKey(network, t.from) === self;
    const other = sent ? t.to : t.from;
    const label = reference.labelOf(network, other);
    if (!label) continue;
    out.push({
      hop,
      network,
      wallet: subject,
      exchange: label.exchange,
      counterparty: label.address,
      counterpartyLabel: label.label,
      labelSources: label.sources,
      via,
      direction: sent ? "sent_to_exchange" : "received_from_exchange",
      transactionHash: t.transactionHash,
      asset: t.asset,
      amount: t.amount,
      timestamp: t.timestamp,
    });
  }
  return out;
}

/** Groups evidence per wallet, network and exchange, scores it and keeps those ≥ minConfidence. */
export function hypothesesFrom(
  evidence: readonly LinkEvidence[],
  minConfidence = 0,
): ScoredHypothesis[] {
  const groups = new Map<string, LinkEvidence[]>();
  for (const e of evidence) {
    const key = `${e.network}\u0000${addressKey(e.network, e.wallet)}\u0000${e.exchange}`;
    const list = groups.get(key) ?? [];
    list.push(e);
    groups.set(key, list);
  }
  const out: ScoredHypothesis[] = [];
  for (const list of groups.values()) {
    const { confidence, tier, hop } = scoreLinks(list);
    if (confidence < minConfidence) continue;
    const first = list[0]!;
    out.push({
      exchange: first.exchange,
      wallet: first.wallet,
      network: first.network,
      hop,
      evidenceTier: tier,
      confidence,
      label: confidenceLabel(confidence, tier),
      basis: [...list].sort(
        (a, b) =>
          a.timestamp.getTime() - b.timestamp.getTime() ||
          a.transactionHash.localeCompare(b.transactionHash),
      ),
    });
  }
  return out.sort(
    (a, b) =>
      b.confidence - a.confidence ||
      a.exchange.localeCompare(b.exchange) ||
      a.network.localeCompare(b.network) ||
      a.wallet.localeCompare(b.wallet),
  );
}
