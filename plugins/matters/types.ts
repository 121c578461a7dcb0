import { builder } from "../../src/schema/builder.js";

export const MatterStatusEnum = builder.enumType("MatterStatus", {
  description: "Matter status (CONTRACT.md §8).",
  values: {
    open: { description: "New; nothing has started." },
    active: { description: "Enforcement under way." },
    on_hold: { description: "Paused." },
    closed: { description: "Closed through closeMatter; nothing under it can be changed." },
  } as const,
});

export const SettableMatterStatusEnum = builder.enumType("SettableMatterStatus", {
  description: "Statuses updateMatter may set; a matter is closed only through closeMatter.",
  values: {
    open: { description: "New; nothing has started." },
    active: { description: "Enforcement under way." },
    on_hold: { description: "Paused." },
  } as const,
});

export const MatterCloseReasonEnum = builder.enumType("MatterCloseReason", {
  description: "Why a matter was closed.",
  values: {
    paid: { description: "The judgment was paid." },
    settled: { description: "The parties settled." },
    exhausted: { description: "Enforcement options are exhausted." },
    stayed: { description: "Enforcement is stayed." },
    administratively_closed: { description: "Closed for administrative reasons." },
  } as const,
});

export const AuthorityStatusEnum = builder.enumType("AuthorityStatus", {
  description:
    "A matter's authority, derived from its grants; only `granted` passes the authority gate.",
  values: {
    none: { description: "No grant in effect (none recorded, or none effective yet)." },
    granted: {
      description: "A grant is in effect: effective_at has passed and expires_at has not.",
    },
    revoked: { description: "No grant in effect and the last relevant grant was revoked." },
    expired: { description: "No grant in effect and an unrevoked grant has expired." },
  } as const,
});

export const AuthorityBasisEnum = builder.enumType("AuthorityBasis", {
  description: "The legal basis of an authority grant.",
  values: {
    engagement_letter: { description: "An engagement letter with the client." },
    court_order: { description: "A court order." },
    assignment: { description: "An assignment of the judgment." },
    power_of_attorney: { description: "A power of attorney." },
    statutory: { description: "Authority given by statute." },
  } as const,
});

export const AuthorityGrantStatusEnum = builder.enumType("AuthorityGrantStatus", {
  description: "Status of one grant; `expired` is derived from expires_at.",
  values: {
    granted: { description: "Recorded and not revoked or expired (it may not be effective yet)." },
    revoked: { description: "Revoked through revokeAuthority." },
    expired: { description: "expires_at has passed." },
  } as const,
});

export const ClaimantRoleEnum = builder.enumType("ClaimantRole", {
  description: "A claimant's role in the matter.",
  values: {
    creditor: { description: "Judgment creditor." },
    assignee: { description: "Assignee of the judgment or claim." },
    victim: { description: "Victim of the underlying fraud." },
    co_claimant: { description: "Co-claimant sharing the recovery." },
    other: { description: "Any other claimant." },
  } as const,
});
