/**
 * What other modules may use of sanctions (ARCHITECTURE.md: modules talk through small exported
 * services): making a screen, finding a screen and opening a review of it inside the caller's
 * write(), reading a screen with its reviews, and the matter's sanctions clearance.
 */
import type DataLoader from "dataloader";
import type { RequestContext } from "../../src/context.js";
import type { SanctionsScreen } from "../../src/generated/prisma/client.js";
import { newId } from "../../src/ids.js";
import { requestLoader } from "../../src/schema/request-loader.js";
import type { Recorder } from "../../src/write.js";
import { blockedPropertyAnalysis } from "./analysis.js";
import type { ScreenMatch, ScreenStatus } from "./screening/screen.js";
import type { ReviewStatus } from "./values.js";

export { requireSanctionsClearance } from "./gate.js";
export { findScreen } from "./queries.js";
export { recordScreen } from "./record-screen.js";
export type { ScreenMatch, ScreenStatus } from "./screening/screen.js";
export type { ReviewStatus } from "./values.js";
export { ScreenStatusEnum } from "./types.js";

export interface ScreenWithReviews {
  id: string;
  status: ScreenStatus;
  matches: ScreenMatch[];
  listIssueDate: string;
  reviews: Array<{ id: string; status: ReviewStatus }>;
}

/** Screens with their reviews (oldest first), batched per request; null when out of reach. */
export function screensWithReviews(
  ctx: RequestContext,
): DataLoader<string, ScreenWithReviews | null> {
  return requestLoader(ctx, "sanctions.screensWithReviews", async (ids: readonly string[]) => {
    const [screens, reviews] = await Promise.all([
      ctx.db.sanctionsScreen.findMany({
        where: { id: { in: [...ids] } },
        select: { id: true, status: true, matches: true, listIssueDate: true },
      }),
      ctx.db.sanctionsReview.findMany({
        where: { screenId: { in: [...ids] } },
        select: { id: true, screenId: true, status: true },
        orderBy: { id: "asc" },
      }),
    ]);
    const byId = new Map(screens.map((s) => [s.id, s]));
    return ids.map((id) => {
      const s = byId.get(id);
      if (!s) return null;
      return {
        id: s.id,
        status: s.status as ScreenStatus,
        matches: s.matches as unknown as ScreenMatch[],
        listIssueDate: s.listIssueDate,
        reviews: reviews
          .filter((r) => r.screenId === id)
          .map((r) => ({ id: r.id, status: r.status as ReviewStatus })),
      };
    });
  });
}

/**
 * Opens a review of a screen (status `open`) with the blocked-property analysis of its hits and
 * audits it. The one way a sanctions review is created, whether by POST
 * /v1/sanctions/review-packet or by a sanctions-review packet.
 */
export async function openSanctionsReview(
  rec: Recorder,
  opening: { matterId: string; screen: SanctionsScreen; notes: string | null; packetId?: string },
) {
  const { matterId, screen, notes } = opening;
  const created = await rec.tx.sanctionsReview.create({
    data: {
      id: newId("sanctionsReview"),
      matterId,
      screenId: screen.id,
      status: "open",
      notes,
      blockedPropertyAnalysis: blockedPropertyAnalysis(
        screen,
        screen.matches as unknown as ScreenMatch[],
      ),
      ofacReportRequired: false,
      reviewState: { reviewRequired: true, reviewStatus: "open", reviewNotes: notes },
    } as never,
  });
  await rec.audit({
    eventType: "sanctions_review.opened",
    objectType: "sanctions_review",
    objectId: created.id,
    matterId,
    details: {
      matter_id: matterId,
      review_id: created.id,
      screen_id: screen.id,
      ...(opening.packetId ? { packet_id: opening.packetId } : {}),
    },
  });
  return created;
}
