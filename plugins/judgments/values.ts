/** Closed value sets of judgments (CONTRACT.md §8, §9; SPEC.md "Known values"). */
export const JUDGMENT_STATUSES = [
  "entered",
  "validated",
  "stayed",
  "satisfied",
  "partially_satisfied",
  "vacated",
  "expired",
] as const;
export type JudgmentStatus = (typeof JUDGMENT_STATUSES)[number];

export const APPEAL_STAY_STATUSES = ["none", "appeal_pending", "stayed"] as const;
export const BANKRUPTCY_STATUSES = ["none", "filed", "discharged", "dismissed"] as const;

/** SPEC.md "Deadline kinds"; intake creates only `renewal`. */
export const DEADLINE_TYPES = [
  "renewal",
  "service",
  "response",
  "hearing",
  "packet",
  "monitoring",
  // Set by the sanctions module's OFAC reports (31 CFR 501.603/604).
  "ofac_report",
] as const;
export const DEADLINE_STATUSES = ["open", "completed", "cancelled"] as const;

/**
 * Statuses under which a passing validation still stands. `validated` is what a passing
 * validation sets; `partially_satisfied` is kept as it is (still enforceable for the rest).
 * Anything else (entered again after a PATCH, stayed, satisfied, vacated, expired) needs a
 * new validation before a profile or plan.
 */
export const ENFORCEABLE_STATUSES: readonly string[] = ["validated", "partially_satisfied"];

/** PATCH fields the validation gates read: changing one makes a passing validation stale. */
export const GATE_FACTS = ["appealStayStatus", "bankruptcyStatus"] as const;
