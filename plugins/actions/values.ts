/** Closed value sets of actions (SPEC.md "Claw action kinds"; CONTRACT.md §8 statuses). */
export const ACTION_TYPES = [
  "watch",
  "packet",
  "discovery",
  "exchange",
  "issuer",
  "sanctions",
  "legal_process",
  "ledger",
  "reporting_task",
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Ordered from least to most urgent; `normal` is the default. */
export const ACTION_PRIORITIES = ["low", "normal", "high", "urgent"] as const;
export type ActionPriority = (typeof ACTION_PRIORITIES)[number];
