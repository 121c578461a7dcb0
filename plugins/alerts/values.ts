/** Closed value sets of alerts (SPEC.md alert kinds, CONTRACT.md §8 statuses). */
export const ALERT_TYPES = [
  "wallet_movement",
  "exchange_proximity",
  "stablecoin_exposure",
  "sanctions",
  "deadline",
  "compliance",
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const ALERT_STATUSES = [
  "open",
  "actionable",
  "monitoring",
  "false_positive",
  "resolved",
] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export const ALERT_SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
