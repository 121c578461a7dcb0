import { ApiError, invalid, missing } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable, assertOpen, findMatter } from "../matters/service.js";
import { addBusinessDays } from "./business-days.js";
import { CreateOfacReportInput, TransitionOfacReportInput } from "./inputs.js";
import { findOfacReport, findReview } from "./queries.js";
import { OfacReportRef } from "./types.js";
import { OFAC_REPORT_MOVES, type OfacReportStatus } from "./values.js";

/** 31 CFR 501.603(b)(1) and 501.604(a): within 10 business days. */
const REPORTING_BUSINESS_DAYS = 10;

const refused = (from: OfacReportStatus, to: string) =>
  new ApiError("invalid_state_transition", {
    message: `An OFAC report cannot move from ${from} to ${to}.`,
    details: { from, to, allowed: OFAC_REPORT_MOVES[from] },
  });

export function registerOfacReportMutations() {
  builder.mutationField("createOfacReport", (t) =>
    t.field({
      type: OfacReportRef,
      description:
        "Starts the OFAC report of a blocked review as a `draft` and puts its reporting deadline (10 US federal business days after the blocking decision, 31 CFR 501.603/604) on the matter as an `ofac_report` deadline. Only a review with ofac_report_required can be reported.",
      gate: { scope: "sanctions:write" },
      args: {
        input: t.arg({ type: CreateOfacReportInput, required: true, description: "The report." }),
      },
      resolve: async (_root, { input }, ctx) => {
        if (!input.counselOwner.trim())
          throw invalid("counsel_owner", "counsel_owner must not be empty.");
        const matter = await findMatter(ctx, input.matterId);
        const review = await findReview(ctx, input.sanctionsReviewId, "sanctions_review_id");
        if (review.matterId !== input.matterId)
          throw invalid(
            "sanctions_review_id",
            `Sanctions review '${review.id}' belongs to another matter.`,
          );
        if (!review.ofacReportRequired || !review.decidedAt)
          throw invalid(
            "sanctions_review_id",
            `Sanctions review '${review.id}' is ${review.status}; only a blocked review needs an OFAC report.`,
          );
        assertOpen(matter);
        const blockedOn = review.decidedAt;
        const dueDate = addBusinessDays(blockedOn, REPORTING_BUSINESS_DAYS);
        return write(ctx, async ({ tx, audit }) => {
          const now = new Date();
          const report = await tx.ofacReport.create({
            data: {
              id: newId("ofacReport"),
              matterId: input.matterId,
              reviewId: review.id,
              reportType: input.reportType,
              status: "draft",
              counselOwner: input.counselOwner,
              dueDate,
              createdAt: now,
              updatedAt: now,
            } as never,
          });
          const deadline = await tx.deadline.create({
            data: {
              id: newId("deadline"),
              matterId: input.matterId,
              ofacReportId: report.id,
              type: "ofac_report",
              date: dueDate,
              owner: input.counselOwner,
              status: "open",
              basis: `OFAC ${input.reportType.replace("_", " ")} report due within ${REPORTING_BUSINESS_DAYS} business days of the blocking decision of ${blockedOn.toISOString().slice(0, 10)} (31 CFR ${input.reportType === "blocked_property" ? "501.603" : "501.604"}).`,
            } as never,
          });
          await audit({
            eventType: "ofac_report.created",
            objectType: "ofac_report",
            objectId: report.id,
            matterId: input.matterId,
            details: {
              matter_id: input.matterId,
              ofac_report_id: report.id,
              review_id: review.id,
              report_type: input.reportType,
              due_date: dueDate.toISOString().slice(0, 10),
              deadline_id: deadline.id,
            },
          });
          return report;
        });
      },
    }),
  );

  builder.mutationField("transitionOfacReport", (t) =>
    t.field({
      type: OfacReportRef,
      description:
        "Moves an OFAC report forward one step (POST /v1/sanctions/ofac-reports/{ofac_report_id}/transition): draft → submitted (needs submitted_by; completes its deadline) → acknowledged. Any other move answers 409 invalid_state_transition with the allowed targets.",
      gate: { scope: "sanctions:write" },
      args: {
        id: t.arg.id({ required: true, description: "OFAC report id (ofr_…)." }),
        input: t.arg({ type: TransitionOfacReportInput, required: true, description: "The move." }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        const to = input.status as OfacReportStatus;
        if (to === "submitted" && !input.submittedBy?.trim())
          throw missing("submitted_by", "submitted_by is required to move a report to submitted.");
        const current = await findOfacReport(ctx, id);
        await assertMatterWritable(ctx, current.matterId);
        const from = current.status as OfacReportStatus;
        if (!OFAC_REPORT_MOVES[from].includes(to)) throw refused(from, to);
        return write(ctx, async ({ tx, audit }) => {
          const now = new Date();
          const moved = await tx.ofacReport.updateMany({
            where: { id, status: from },
            data: {
              status: to,
              updatedAt: now,
              ...(to === "submitted" ? { submittedBy: input.submittedBy, submittedAt: now } : {}),
              ...(to === "acknowledged" ? { acknowledgedAt: now } : {}),
            },
          });
          if (moved.count !== 1) {
            const again = await tx.ofacReport.findUniqueOrThrow({ where: { id } });
            throw refused(again.status as OfacReportStatus, to);
          }
          if (to === "submitted")
            await tx.deadline.updateMany({
              where: { ofacReportId: id, status: "open" },
              data: { status: "completed" },
            });
          await audit({
            eventType: `ofac_report.${to}`,
            objectType: "ofac_report",
            objectId: id,
            matterId: current.matterId,
            details: { matter_id: current.matterId, ofac_report_id: id, from, to },
          });
          return tx.ofacReport.findUniqueOrThrow({ where: { id } });
        });
      },
    }),
  );
}
