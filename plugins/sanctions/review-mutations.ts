import { ApiError, invalid } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable, assertOpen, findMatter } from "../matters/service.js";
import { CreateSanctionsReviewInput, DecideSanctionsReviewInput } from "./inputs.js";
import { findReview, findScreen } from "./queries.js";
import { openSanctionsReview } from "./service.js";
import { SanctionsReviewRef } from "./types.js";
import { REVIEW_DECISIONS, UNDECIDED } from "./values.js";

const alreadyDecided = (status: string) =>
  new ApiError("invalid_state_transition", {
    message: `The sanctions review is ${status}; only an open or in_review review can be decided.`,
    details: {
      from: status,
      allowed: status === "open" || status === "in_review" ? REVIEW_DECISIONS : [],
    },
  });

export function registerReviewMutations() {
  builder.mutationField("createSanctionsReview", (t) =>
    t.field({
      type: SanctionsReviewRef,
      description:
        "Opens a sanctions review of a screen (POST /v1/sanctions/review-packet), with the blocked-property analysis of its hits.",
      gate: { scope: "sanctions:write" },
      args: {
        input: t.arg({
          type: CreateSanctionsReviewInput,
          required: true,
          description: "The screen to review.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        // 404s (matter, then screen) come before the closed-matter refusal (CONTRACT.md §2 order).
        const matter = await findMatter(ctx, input.matterId);
        const screen = await findScreen(ctx, input.screenId, "screen_id");
        if (screen.matterId !== input.matterId)
          throw invalid("screen_id", `Screen '${screen.id}' belongs to another matter.`);
        assertOpen(matter);
        return write(ctx, (rec) =>
          openSanctionsReview(rec, {
            matterId: input.matterId,
            screen,
            notes: input.notes ?? null,
          }),
        );
      },
    }),
  );

  builder.mutationField("decideSanctionsReview", (t) =>
    t.field({
      type: SanctionsReviewRef,
      description:
        "Counsel's decision on an open review (CONTRACT.md §7): cleared, or blocked, which sets ofac_report_required and holds the matter. A decided review cannot be decided again.",
      gate: { scope: "sanctions:write" },
      args: {
        id: t.arg.id({ required: true, description: "Review id (srv_…)." }),
        input: t.arg({
          type: DecideSanctionsReviewInput,
          required: true,
          description: "The decision.",
        }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        if (!input.counselOwner.trim())
          throw invalid("counsel_owner", "counsel_owner must not be empty.");
        const current = await findReview(ctx, id);
        await assertMatterWritable(ctx, current.matterId);
        if (!UNDECIDED.includes(current.status as never)) throw alreadyDecided(current.status);
        const blocked = input.decision === "blocked";
        return write(ctx, async ({ tx, audit }) => {
          const now = new Date();
          // Conditional: of two racing decisions only one lands.
          const moved = await tx.sanctionsReview.updateMany({
            where: { id, status: { in: [...UNDECIDED] } },
            data: {
              status: input.decision,
              decision: input.decision,
              decisionNotes: input.notes ?? null,
              counselOwner: input.counselOwner,
              decidedAt: now,
              ofacReportRequired: blocked,
              reviewState: {
                reviewRequired: false,
                reviewStatus: input.decision,
                reviewOwner: input.counselOwner,
                reviewNotes: input.notes ?? null,
              },
              updatedAt: now,
            },
          });
          if (moved.count !== 1) {
            const again = await tx.sanctionsReview.findUniqueOrThrow({ where: { id } });
            throw alreadyDecided(again.status);
          }
          await audit({
            eventType: "sanctions_review.decided",
            objectType: "sanctions_review",
            objectId: id,
            matterId: current.matterId,
            details: {
              matter_id: current.matterId,
              review_id: id,
              decision: input.decision,
              counsel_owner: input.counselOwner,
              ofac_report_required: blocked,
            },
          });
          return tx.sanctionsReview.findUniqueOrThrow({ where: { id } });
        });
      },
    }),
  );
}
