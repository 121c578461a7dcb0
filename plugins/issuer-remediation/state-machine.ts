import { REMEDIATION_STATUSES, type RemediationStatus } from "./values.js";

/**
 * Remediation moves (CONTRACT.md §7/§8): forward in the order draft → submitted → frozen →
 * burned → reissued → remitted (steps may be skipped: not every remediation burns), or to
 * `rejected` / `closed` from any state before them; `rejected` may still be closed; `closed`
 * is final. Nothing moves back.
 */
export function allowedTargets(from: RemediationStatus): RemediationStatus[] {
  if (from === "closed") return [];
  if (from === "rejected") return ["closed"];
  return REMEDIATION_STATUSES.slice(REMEDIATION_STATUSES.indexOf(from) + 1);
}

export const canMove = (from: RemediationStatus, to: RemediationStatus): boolean =>
  allowedTargets(from).includes(to);

/** Position in the §8 order, for checks that nothing moves backward. */
export const rank = (status: RemediationStatus): number => REMEDIATION_STATUSES.indexOf(status);
