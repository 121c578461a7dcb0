/** Operation lifecycle of CONTRACT.md §8, as pure functions. */
export const OPERATION_STATES = [
  "created",
  "intake",
  "triaged",
  "verified",
  "active",
  "escalated",
  "action_pending",
  "resolution_pending",
  "resolved",
  "closed",
  "archived",
] as const;
export type OperationState = (typeof OPERATION_STATES)[number];

export const OPERATION_TYPES = [
  "crypto_investment_fraud",
  "pig_butchering",
  "victim_recovery",
  "exchange_escalation",
  "law_enforcement_packet",
  "cyber_incident",
  "compliance_investigation",
  "asset_recovery",
] as const;

export const OPERATION_POSTURES = [
  "monitoring",
  "active_investigation",
  "litigation_ready",
  "law_enforcement_engaged",
  "emergency",
] as const;

const MOVES: Record<OperationState, readonly OperationState[]> = {
  created: ["intake", "archived"],
  intake: ["triaged", "closed"],
  triaged: ["verified", "closed"],
  verified: ["active", "closed"],
  active: ["escalated", "action_pending", "resolution_pending", "closed"],
  escalated: ["active", "action_pending", "resolution_pending", "closed"],
  action_pending: ["active", "escalated", "resolution_pending", "closed"],
  resolution_pending: ["resolved", "active", "closed"],
  resolved: ["closed", "active"],
  closed: ["archived", "active"],
  archived: [],
};

const EMERGENCY_SHORTCUT: readonly OperationState[] = ["created", "intake", "triaged"];

export function allowedTargets(from: OperationState, posture: string): OperationState[] {
  const targets = [...MOVES[from]];
  if (posture === "emergency" && EMERGENCY_SHORTCUT.includes(from) && !targets.includes("active")) {
    targets.push("active");
  }
  return targets;
}

/** `verified`, `resolved` and reopening a closed operation need proof. */
export function needsProof(from: OperationState, to: OperationState): boolean {
  return to === "verified" || to === "resolved" || (from === "closed" && to === "active");
}

export type TransitionVerdict =
  | { ok: true }
  | { ok: false; reason: "invalid_state_transition"; allowed: OperationState[] }
  | { ok: false; reason: "proof_required" };

export function checkTransition(
  from: OperationState,
  to: OperationState,
  posture: string,
  proof: readonly string[],
): TransitionVerdict {
  const allowed = allowedTargets(from, posture);
  if (!allowed.includes(to)) return { ok: false, reason: "invalid_state_transition", allowed };
  if (needsProof(from, to) && proof.length === 0) return { ok: false, reason: "proof_required" };
  return { ok: true };
}
