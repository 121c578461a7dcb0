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

/**
 * The kind of work an alert calls for (a SPEC.md claw action kind): the type of the action a
 * triage with `create_action` creates, and the kind of a campaign's next step when an alert
 * tops its focus.
 */
export const ALERT_WORK_KIND = {
  wallet_movement: "watch",
  exchange_proximity: "exchange",
  stablecoin_exposure: "issuer",
  sanctions: "sanctions",
  deadline: "legal_process",
  compliance: "reporting_task",
} as const satisfies Record<AlertType, string>;
