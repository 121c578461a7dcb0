import type { ScreenWithReviews } from "../sanctions/service.js";
import type { ApprovalStatus } from "./values.js";

export interface Approval {
  status: ApprovalStatus;
  reason: string;
}

/**
 * A destination wallet certificate's approval, derived from its own sanctions screen (wallet,
 * owner, custodian) and that screen's reviews each time it is read or used:
 * - the screen is clear → `approved`;
 * - the wallet address itself is on the list → `rejected` (reissuing to it would move property
 *   to a listed person; no review can clear an exact address hit);
 * - a review of the screen is `blocked` → `rejected`;
 * - a review of the screen is `cleared` → `approved` (name hits were false positives);
 * - otherwise (name hits, no decision yet) → `pending_review`.
 */
export function certificateApproval(screen: ScreenWithReviews): Approval {
  if (screen.status === "clear")
    return {
      status: "approved",
      reason: `The wallet, owner and custodian screened clear against the OFAC SDN list of ${screen.listIssueDate}.`,
    };
  const walletHit = screen.matches.find((m) => m.kind === "wallet");
  if (walletHit)
    return {
      status: "rejected",
      reason: `The wallet address is on the OFAC SDN list (${walletHit.sdn_entry.name}); tokens cannot be reissued to it.`,
    };
  const blocked = screen.reviews.find((r) => r.status === "blocked");
  if (blocked)
    return {
      status: "rejected",
      reason: `Sanctions review ${blocked.id} of screen ${screen.id} is blocked.`,
    };
  const cleared = screen.reviews.find((r) => r.status === "cleared");
  if (cleared)
    return {
      status: "approved",
      reason: `The name hits of screen ${screen.id} were cleared by sanctions review ${cleared.id}.`,
    };
  return {
    status: "pending_review",
    reason: `Screen ${screen.id} found possible name matches of the owner or custodian; open a sanctions review of it (POST /v1/sanctions/review-packet) and have counsel decide it.`,
  };
}
