/**
 * Packet kinds, statuses and review moves (CONTRACT.md §7, §8), as data and pure functions.
 */
export const PACKET_KINDS = [
  "exchange_intercept",
  "vasp_legal_process",
  "exchange_freeze",
  "exchange_turnover",
  "turnover_workflow",
  "sanctions_review",
  "law_enforcement_referral",
] as const;
export type PacketKind = (typeof PACKET_KINDS)[number];

export interface KindSpec {
  /** Title page heading of the packet's document. */
  title: string;
  /** `packet_type` values this kind accepts; the first is the default. */
  packetTypes: readonly string[];
  /** SPEC.md names counsel's review as part of this kind's workflow. */
  counselReviewed: boolean;
}

export const KINDS: Record<PacketKind, KindSpec> = {
  exchange_intercept: {
    title: "Exchange intercept packet",
    packetTypes: ["preservation", "freeze", "information_request", "turnover", "remittance"],
    counselReviewed: false,
  },
  vasp_legal_process: {
    title: "VASP legal process packet",
    packetTypes: ["subpoena", "records_request", "preservation", "vasp_response"],
    counselReviewed: true,
  },
  exchange_freeze: {
    title: "Exchange freeze request",
    packetTypes: ["freeze", "hold"],
    counselReviewed: true,
  },
  exchange_turnover: {
    title: "Exchange turnover request",
    packetTypes: ["turnover"],
    counselReviewed: true,
  },
  turnover_workflow: {
    title: "Self-custody turnover workflow",
    packetTypes: ["self_custody_turnover", "proof_of_control", "noncompliance"],
    counselReviewed: true,
  },
  sanctions_review: {
    title: "Sanctions evidence and blocked-property review packet",
    packetTypes: ["blocked_property_review", "sanctions_evidence"],
    counselReviewed: true,
  },
  law_enforcement_referral: {
    title: "Referral to law enforcement",
    packetTypes: ["referral"],
    counselReviewed: true,
  },
};

/** Every packet_type value of any kind, for the enum. */
export const PACKET_TYPES = [...new Set(PACKET_KINDS.flatMap((k) => KINDS[k].packetTypes))];

export const PACKET_STATUSES = [
  "draft",
  "in_review",
  "approved",
  "exported",
  "sent",
  "closed",
] as const;
export type PacketStatus = (typeof PACKET_STATUSES)[number];

export const REVIEW_DECISIONS = ["approved", "changes_requested"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** Statuses whose document is final: not a draft. */
export const FINAL_STATUSES: readonly PacketStatus[] = ["approved", "exported", "sent"];

/**
 * Where a review decision moves a packet from each status: approval from draft or in_review;
 * changes requested sends draft, in_review or approved back to draft. Exported, sent and closed
 * packets are out of review.
 */
const REVIEW_MOVES: Record<PacketStatus, Partial<Record<ReviewDecision, PacketStatus>>> = {
  draft: { approved: "approved", changes_requested: "draft" },
  in_review: { approved: "approved", changes_requested: "draft" },
  approved: { changes_requested: "draft" },
  exported: {},
  sent: {},
  closed: {},
};

export function reviewMove(
  from: PacketStatus,
  decision: ReviewDecision,
): { ok: true; to: PacketStatus } | { ok: false; allowed: PacketStatus[] } {
  const to = REVIEW_MOVES[from][decision];
  if (to) return { ok: true, to };
  return { ok: false, allowed: [...new Set(Object.values(REVIEW_MOVES[from]))] };
}

/**
 * What exporting does to a packet's status: an approved packet becomes `exported` (its file is
 * final); drafts and packets in review export as DRAFT and keep their status; exported and sent
 * packets export again unchanged; a closed packet is not exported.
 */
const EXPORT_MOVES: Record<PacketStatus, PacketStatus | null> = {
  draft: "draft",
  in_review: "in_review",
  approved: "exported",
  exported: "exported",
  sent: "sent",
  closed: null,
};

export function exportMove(from: PacketStatus): { ok: true; to: PacketStatus } | { ok: false } {
  const to = EXPORT_MOVES[from];
  return to ? { ok: true, to } : { ok: false };
}

/** Status at creation: in_review when something needs counsel's review, else draft. */
export const initialStatus = (reviewReasons: readonly string[]): PacketStatus =>
  reviewReasons.length ? "in_review" : "draft";

/**
 * Words by which a sender would present itself as law enforcement. A referral is sent by the
 * provider or counsel and says so (CONTRACT.md §13), so such a sender is refused.
 */
const LAW_ENFORCEMENT_WORDS =
  /\b(police|sheriff|constabulary|law enforcement|fbi|dea|atf|secret service|homeland security|hsi|interpol|europol|marshals? service|department of justice|doj|prosecutor|district attorney|attorney general)\b/i;

export const presentsAsLawEnforcement = (sender: string): boolean =>
  LAW_ENFORCEMENT_WORDS.test(sender);
