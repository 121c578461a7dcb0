/** Closed value sets of the ledger (SPEC.md "Known values": recovery event kinds). */
export const RECOVERY_EVENT_TYPES = [
  "frozen",
  "blocked",
  "seized",
  "turned_over",
  "remitted",
  "settled",
  "recovered",
] as const;
export type RecoveryEventType = (typeof RECOVERY_EVENT_TYPES)[number];

/**
 * What counts as recovered (MatterLedger.total_recovered, and payments toward judgments):
 * property in the creditor's hands or paid over. Frozen and seized property is only secured
 * (restrained, still to be turned over); blocked property is held under sanctions.
 */
export const REALISED_TYPES: readonly RecoveryEventType[] = [
  "turned_over",
  "remitted",
  "settled",
  "recovered",
];
export const SECURED_TYPES: readonly RecoveryEventType[] = ["frozen", "seized"];

/**
 * A recovery event's status follows its remittances: `unremitted` → `partially_remitted` →
 * `fully_remitted`; blocked property is `held` for good.
 */
export const RECOVERY_EVENT_STATUSES = [
  "unremitted",
  "partially_remitted",
  "fully_remitted",
  "held",
] as const;
export type RecoveryEventStatus = (typeof RECOVERY_EVENT_STATUSES)[number];

/** The service records remittances made elsewhere; it moves no funds (CONTRACT.md §13). */
export const REMITTANCE_STATUSES = ["recorded"] as const;

export const WATERFALL_REVIEW_STATUSES = ["pending"] as const;
