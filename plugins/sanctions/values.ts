/** Closed value sets of the sanctions module (CONTRACT.md §7 and §8). */
export const SCREEN_STATUSES = ["clear", "potential_match", "match"] as const;
export const REVIEW_STATUSES = ["open", "in_review", "cleared", "blocked", "closed"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_DECISIONS = ["cleared", "blocked"] as const;
/** Reviews a decision can still be made on. */
export const UNDECIDED: readonly ReviewStatus[] = ["open", "in_review"];
export const OFAC_REPORT_STATUSES = ["draft", "submitted", "acknowledged"] as const;
export type OfacReportStatus = (typeof OFAC_REPORT_STATUSES)[number];
export const OFAC_REPORT_TYPES = ["blocked_property", "rejected_transaction"] as const;

/** OFAC report moves: forward only, one step at a time. */
export const OFAC_REPORT_MOVES: Record<OfacReportStatus, OfacReportStatus[]> = {
  draft: ["submitted"],
  submitted: ["acknowledged"],
  acknowledged: [],
};
