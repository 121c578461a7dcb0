import type { JudgmentFacts } from "./evidence.js";
import type { Candidate } from "./focus.js";
import type { RawCandidate } from "./registry.js";

/**
 * The `amount` signal: a candidate's USD as a share of the campaign judgment (capped at 1) when
 * the judgment is in USD; otherwise (no FX source) as a share of the largest candidate's USD.
 */
export function withAmounts(raw: readonly RawCandidate[], judgment?: JudgmentFacts): Candidate[] {
  const base =
    judgment && judgment.currency === "USD" && judgment.amount > 0
      ? judgment.amount
      : raw.reduce((m, r) => Math.max(m, r.amountUsd), 0);
  return raw.map(({ amountUsd, signals, ...rest }) => ({
    ...rest,
    signals: { ...signals, amount: base > 0 ? Math.min(1, Math.max(0, amountUsd) / base) : 0 },
  }));
}
