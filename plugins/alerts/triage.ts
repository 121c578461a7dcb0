import type { AlertStatus } from "./values.js";

/**
 * Alert triage moves (CONTRACT.md §8 names the statuses; SPEC.md says triage sets the status from
 * the body and may close a false positive). Decided here: triage never returns an alert to
 * `open`; `false_positive` closes it for good; `resolved` may be reopened as `actionable` or
 * `monitoring` when the matter needs it again; a move to the status it already has is refused.
 */
export const TRIAGE_MOVES: Record<AlertStatus, readonly AlertStatus[]> = {
  open: ["actionable", "monitoring", "false_positive", "resolved"],
  actionable: ["monitoring", "false_positive", "resolved"],
  monitoring: ["actionable", "false_positive", "resolved"],
  resolved: ["actionable", "monitoring"],
  false_positive: [],
};

/** Statuses that count as dealt with. */
export const CLOSED_ALERT_STATUSES: readonly AlertStatus[] = ["resolved", "false_positive"];

/**
 * Statuses that need someone's attention, which the dashboard's `alerts` counts: new alerts and
 * those triaged actionable. `monitoring` is parked under watch, so it is not counted.
 */
export const ATTENTION_ALERT_STATUSES: readonly AlertStatus[] = ["open", "actionable"];

export function allowedTriage(from: string): readonly AlertStatus[] {
  return TRIAGE_MOVES[from as AlertStatus] ?? [];
}

export function canTriage(from: string, to: string): boolean {
  return allowedTriage(from).includes(to as AlertStatus);
}
