import type { SourceRefShape } from "../core/shared-types.js";

/**
 * Evidence tiers of CONTRACT.md §13, as pure functions. A source ref's `source_type` picks its
 * tier; independent sources combine by noisy-OR. Nothing supplied means the claim rests on the
 * debtor record alone, which is self-reported: the tier-4 base.
 */
export type Tier = "tier_1" | "tier_2" | "tier_3" | "tier_4" | "tier_5";

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

export function tierOf(sourceType: string | null | undefined): Tier {
  return SOURCE_TYPE_TIERS[(sourceType ?? "").trim().toLowerCase()] ?? "tier_4";
}

/** On-chain evidence only speaks to wallets: it cannot show a name, an alias or a bank account. */
export function appliesTo(ref: SourceRefShape, isWalletClaim: boolean): boolean {
  return isWalletClaim || tierOf(ref.sourceType) !== "tier_2";
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

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
  const miss = distinct.reduce((p, r) => p * (1 - TIER_BASE[tierOf(r.sourceType)]), 1);
  // Strongest first; ties broken by name so the choice is deterministic.
  const strongest = [...distinct].sort(
    (a, b) =>
      TIER_BASE[tierOf(b.sourceType)] - TIER_BASE[tierOf(a.sourceType)] ||
      String(a.sourceType).localeCompare(String(b.sourceType)),
  )[0]!;
  return { confidence: round4(1 - miss), sourceType: strongest.sourceType ?? "unspecified" };
}
