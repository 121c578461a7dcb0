import type { RequestContext } from "../../src/context.js";
import { ApiError } from "../../src/errors.js";

export type SanctionsGateOutcome =
  | { pass: true }
  | { pass: false; code: "sanctions_screen_required" }
  | {
      pass: false;
      code: "sanctions_hold";
      unclearedScreenIds: string[];
      blockedReviewIds: string[];
    };

/**
 * The sanctions gate rule of CONTRACT.md §7, pure: at least one screen; every potential_match or
 * match screen has a `cleared` review; no review is `blocked`.
 */
export function sanctionsGate(
  screens: ReadonlyArray<{ id: string; status: string }>,
  reviews: ReadonlyArray<{ id: string; screenId: string; status: string }>,
): SanctionsGateOutcome {
  if (!screens.length) return { pass: false, code: "sanctions_screen_required" };
  const cleared = new Set(reviews.filter((r) => r.status === "cleared").map((r) => r.screenId));
  const unclearedScreenIds = screens
    .filter((s) => s.status !== "clear" && !cleared.has(s.id))
    .map((s) => s.id);
  const blockedReviewIds = reviews.filter((r) => r.status === "blocked").map((r) => r.id);
  if (!unclearedScreenIds.length && !blockedReviewIds.length) return { pass: true };
  return { pass: false, code: "sanctions_hold", unclearedScreenIds, blockedReviewIds };
}

/** The check registered for `gate.sanctions` (src/gates.ts), on real records. Fails closed. */
export async function requireSanctionsClearance(
  ctx: RequestContext,
  matterId: string,
): Promise<void> {
  const [screens, reviews] = await Promise.all([
    ctx.db.sanctionsScreen.findMany({ where: { matterId }, select: { id: true, status: true } }),
    ctx.db.sanctionsReview.findMany({
      where: { matterId },
      select: { id: true, screenId: true, status: true },
    }),
  ]);
  const outcome = sanctionsGate(screens, reviews);
  if (outcome.pass) return;
  if (outcome.code === "sanctions_screen_required")
    throw new ApiError("sanctions_screen_required", {
      param: "matter_id",
      message:
        "The matter has no sanctions screen. Screen its wallets and parties with POST /v1/sanctions/screen first.",
      details: { matter_id: matterId },
    });
  throw new ApiError("sanctions_hold", {
    param: "matter_id",
    message: outcome.blockedReviewIds.length
      ? "The matter is under a sanctions hold: a sanctions review is blocked."
      : "The matter is under a sanctions hold: a screen with matches has no cleared sanctions review.",
    details: {
      matter_id: matterId,
      uncleared_screen_ids: outcome.unclearedScreenIds,
      blocked_review_ids: outcome.blockedReviewIds,
    },
  });
}
