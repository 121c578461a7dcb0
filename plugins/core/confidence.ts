import type { SourceRefShape } from "./shared-types.js";

/**
 * Claim scoring of CONTRACT.md §13, as pure functions shared by every module that scores claims
 * (debtor graphs, attribution). A source's `source_type` picks its tier; independent sources
 * combine by noisy-OR; each contradiction halves. For debtor graphs, nothing supplied means the
 * claim rests on the debtor record alone, which is self-reported: the tier-4 base.
 */
export const TIERS = ["tier_1", "tier_2", "tier_3", "tier_4", "tier_5"] as const;
export type Tier = (typeof TIERS)[number];

export const TIER_BASE: Record<Tier, number> = {
  tier_1: 0.95,
  tier_2: 0.8,
  tier_3: 0.65,
  tier_4: 0.45,
  tier_5: 0.25,
};

/** Confidence, and `source_type`, of a claim nothing but the debtor record supports. */
export const UNSUPPORTED = { confidence: TIER_BASE.tier_4, sourceType: "self_reported" } as const;

/** Below this a claim needs review (the `strong` label's floor). */
export const REVIEW_THRESHOLD = 0.75;

/** source_type → tier. Types not listed count as tier 4 (an unverified document or OSINT). */
const SOURCE_TYPE_TIERS: Record<string, Tier> = {
  court_finding: "tier_1",
  court_order: "tier_1",
  court_record: "tier_1",
  certified_judgment: "tier_1",
  legal_process_return: "tier_1",
  subpoena_return: "tier_1",
  vasp_response: "tier_1",
  exchange_response: "tier_1",
  on_chain: "tier_2",
  on_chain_trace: "tier_2",
  blockchain: "tier_2",
  deterministic_on_chain: "tier_2",
  commercial_label: "tier_3",
  cluster_label: "tier_3",
  commercial_data: "tier_3",
  osint: "tier_4",
  behavioural_heuristic: "tier_4",
  self_reported: "tier_4",
  network_signal: "tier_5",
  ip_signal: "tier_5",
  ip_address: "tier_5",
};

export const isTier = (value: string): value is Tier =>
  (TIERS as readonly string[]).includes(value);

export function tierOf(sourceType: string | null | undefined): Tier {
  return SOURCE_TYPE_TIERS[(sourceType ?? "").trim().toLowerCase()] ?? "tier_4";
}

/** Like tierOf, but a tier name (`tier_2`) also stands for itself. */
export const evidenceTierOf = (value: string): Tier => (isTier(value) ? value : tierOf(value));

/** On-chain evidence only speaks to wallets: it cannot show a name, an alias or a bank account. */
export function appliesTo(ref: SourceRefShape, isWalletClaim: boolean): boolean {
  return isWalletClaim || tierOf(ref.sourceType) !== "tier_2";
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** Noisy-OR of independent sources: the chance that not all of them are wrong. */
export const noisyOr = (tiers: readonly Tier[]): number =>
  1 - tiers.reduce((miss, t) => miss * (1 - TIER_BASE[t]), 1);

/** One ref per source: the same document cited twice is not independent corroboration. */
export function distinctRefs(refs: readonly SourceRefShape[]): SourceRefShape[] {
  const seen = new Set<string>();
  const out: SourceRefShape[] = [];
  for (const ref of refs) {
    const key = ref.sourceId
      ? `id:${ref.sourceId}`
      : `ref:${JSON.stringify([ref.sourceType, ref.uri, ref.hash, ref.title])}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(ref);
  }
  return out;
}

export interface Scored {
  confidence: number;
  /** The strongest source's type, or `self_reported`. */
  sourceType: string;
}

/**
 * Noisy-OR over distinct sources. Network/IP signals alone never lift a claim above the
 * unsupported base (they are not standalone proof, so it stays `weak_signal`), and adding a
 * source never lowers a score.
 */
export function scoreClaim(refs: readonly SourceRefShape[]): Scored {
  const distinct = distinctRefs(refs);
  if (!distinct.some((r) => tierOf(r.sourceType) !== "tier_5")) return { ...UNSUPPORTED };
  // Strongest first; ties broken by name so the choice is deterministic.
  const strongest = [...distinct].sort(
    (a, b) =>
      TIER_BASE[tierOf(b.sourceType)] - TIER_BASE[tierOf(a.sourceType)] ||
      String(a.sourceType).localeCompare(String(b.sourceType)),
  )[0]!;
  const confidence = round4(noisyOr(distinct.map((r) => tierOf(r.sourceType))));
  return { confidence, sourceType: strongest.sourceType ?? "unspecified" };
}

export const LABELS = ["confirmed", "strong", "moderate", "weak_signal"] as const;
export type Label = (typeof LABELS)[number];

/** `confirmed` also needs a tier-1 or tier-2 source among the evidence. */
export function labelOf(score: number, tiers: readonly Tier[]): Label {
  if (score >= 0.9 && tiers.some((t) => t === "tier_1" || t === "tier_2")) return "confirmed";
  if (score >= 0.75) return "strong";
  if (score >= 0.5) return "moderate";
  return "weak_signal";
}

/** One piece of evidence: its tier, and what it is (for the basis). */
export interface Evidence {
  tier: Tier;
  source: string;
}

export interface EvidenceScore {
  score: number;
  label: Label;
  /** How the score was reached, one line per step. */
  basis: string[];
}

const pct = (x: number) => x.toFixed(2);

/**
 * Scores a claim from its primary evidence, independent corroboration and contradictions:
 * noisy-OR over the evidence, halved once per contradiction. Evidence that is all network/IP
 * (tier 5) is capped at the tier-5 base, so however much of it there is the claim stays
 * `weak_signal`: a network signal is never standalone proof. Callers pass distinct items only.
 */
export function scoreEvidence(
  evidence: readonly Evidence[],
  contradictions: readonly string[],
): EvidenceScore {
  const tiers = evidence.map((e) => e.tier);
  const basis = evidence.map(
    (e, i) =>
      `${i === 0 ? "evidence" : "corroboration"}: ${e.source} (${e.tier}, base ${pct(TIER_BASE[e.tier])})`,
  );
  let score = noisyOr(tiers);
  if (tiers.length > 1)
    basis.push(`noisy-OR of ${tiers.length} independent sources: ${pct(score)}`);
  if (tiers.length && tiers.every((t) => t === "tier_5")) {
    score = Math.min(score, TIER_BASE.tier_5);
    basis.push(
      `network/IP evidence only: capped at ${pct(TIER_BASE.tier_5)}, never standalone proof`,
    );
  }
  for (const c of contradictions) {
    score /= 2;
    basis.push(`contradiction: ${c} (halves the score to ${pct(score)})`);
  }
  score = round4(score);
  const label = labelOf(score, tiers);
  basis.push(`label: ${label}`);
  return { score, label, basis };
}
