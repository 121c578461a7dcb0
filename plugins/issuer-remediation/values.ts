/** Closed value sets of the issuer-remediation module (CONTRACT.md §8, SPEC.md). */
export const REMEDIATION_STATUSES = [
  "draft",
  "submitted",
  "frozen",
  "burned",
  "reissued",
  "remitted",
  "rejected",
  "closed",
] as const;
export type RemediationStatus = (typeof REMEDIATION_STATUSES)[number];

export const ACTION_TYPES = ["freeze_only", "burn_reissue"] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** The packet_type each endpoint prepares (one per action type). */
export const PACKET_TYPE_OF: Record<ActionType, "issuer_freeze" | "issuer_burn_reissue"> = {
  freeze_only: "issuer_freeze",
  burn_reissue: "issuer_burn_reissue",
};
export const PACKET_TYPES = ["issuer_freeze", "issuer_burn_reissue"] as const;

export const APPROVAL_STATUSES = ["approved", "pending_review", "rejected"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Said in every prepared request (CONTRACT.md §13). */
export const PREPARE_ONLY =
  "Prepared for the issuer only: this service does not freeze, burn, mint, transfer or redeem tokens and sends no transaction. The issuer decides and executes any call on its own contract.";
