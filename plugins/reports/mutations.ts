import type { RequestContext } from "../../src/context.js";
import { ApiError, invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { restBodyOf } from "../../rest-bridge/shape.js";
import { findVisibleOrganization } from "../control-plane/lookup.js";
import { ExportInput } from "../exports/inputs.js";
import type { RedactionProfile } from "../exports/redaction.js";
import { atLeast, checkExportBody, exportViewer } from "../exports/request.js";
import { createExport } from "../exports/service.js";
import { ExportRef } from "../exports/types.js";
import { assertMatterWritable, assertOpen, findMatter } from "../matters/service.js";
import { reportDocument } from "./document.js";
import { type Gathered, gatherBrief, gatherClaimantUpdate } from "./gather.js";
import { CreateCampaignBriefInput, CreateClaimantUpdateInput } from "./inputs.js";
import { findReport } from "./queries.js";
import { ReportRef } from "./types.js";
import {
  AUDIENCE_FLOORS,
  type Audience,
  exportedStatus,
  initialStatus,
  type ReportStatus,
  type ReportType,
  sectionsOf,
} from "./values.js";

interface NewReport {
  type: ReportType;
  matterId: string;
  audience: Audience | null;
  includeSections: string[];
  claimantId: string | null;
  redactionProfile: RedactionProfile;
}

/** One write: the report and its `report.created` audit event. */
function storeReport(ctx: RequestContext, r: NewReport, g: Gathered) {
  const status = initialStatus(g.reasons);
  return write(ctx, async (rec) => {
    const id = newId("report");
    const now = new Date();
    const report = await rec.tx.report.create({
      data: {
        id,
        matterId: r.matterId,
        type: r.type,
        status,
        title: g.content.title,
        audience: r.audience,
        includeSections: r.includeSections,
        claimantId: r.claimantId,
        redactionProfile: r.redactionProfile,
        content: g.content as unknown as object,
        sourceManifest: g.manifest as unknown as object[],
        reviewState: {
          reviewRequired: g.reasons.length > 0,
          reviewStatus: g.reasons.length ? "pending" : "not_required",
          reviewOwner: null,
          reviewNotes: null,
        },
        reviewReasons: g.reasons,
        createdRequestId: ctx.requestId,
        createdBy: ctx.principal.actorId,
        createdAt: now,
        updatedAt: now,
      } as never,
    });
    await rec.audit({
      eventType: "report.created",
      objectType: "report",
      objectId: id,
      matterId: r.matterId,
      details: {
        report_id: id,
        type: r.type,
        status,
        audience: r.audience,
        include_sections: r.includeSections,
        claimant_id: r.claimantId,
        redaction_profile: r.redactionProfile,
        sources: g.manifest.length,
        review_reasons: g.reasons.length,
      },
    });
    return report;
  });
}

const organizationOf = async (ctx: RequestContext) => {
  const org = await findVisibleOrganization(ctx, ctx.principal.organizationId);
  return { id: org.id, name: org.name };
};

const ERRORS = ["matter_closed"];

export function registerReportMutations() {
  builder.mutationField("createCampaignBrief", (t) =>
    t.field({
      type: ReportRef,
      description:
        "Makes a campaign brief (POST /v1/reports/campaign-brief): a snapshot of the matter's records in the sections asked for (default all), for an audience that sets the brief's redaction_profile. `ready`, or `draft` with review_reasons when the matter is under a sanctions hold or (with the waterfall section) its waterfall is missing or awaits review. A closed matter is 409 matter_closed.",
      gate: { scope: "reports:write" },
      extensions: { errors: ERRORS },
      args: {
        input: t.arg({ type: CreateCampaignBriefInput, required: true, description: "The brief." }),
      },
      resolve: async (_root, { input }, ctx) => {
        if (input.includeSections && !input.includeSections.length)
          throw invalid(
            "include_sections",
            "include_sections names at least one section; leave it out for every section.",
          );
        const sections = sectionsOf(input.includeSections);
        const matter = await findMatter(ctx, input.matterId);
        assertOpen(matter);
        const gathered = await gatherBrief(
          ctx,
          matter,
          await organizationOf(ctx),
          input.audience,
          sections,
        );
        return storeReport(
          ctx,
          {
            type: "campaign_brief",
            matterId: matter.id,
            audience: input.audience,
            includeSections: sections,
            claimantId: null,
            redactionProfile: AUDIENCE_FLOORS[input.audience],
          },
          gathered,
        );
      },
    }),
  );

  builder.mutationField("createClaimantUpdate", (t) =>
    t.field({
      type: ReportRef,
      description:
        "Makes one claimant's update (POST /v1/reports/claimant-update): their claim, the judgment and its balance, the matter's recoveries and status, and their own line of the latest waterfall with what was remitted to them. It holds nothing of any other claimant (no identity, no amount, not even the claimants' pool or the fees, from which another's amount could be derived). `ready`, or `draft` with review_reasons when no waterfall has a line for the claimant, the waterfall awaits review, or the matter is under a sanctions hold. A closed matter is 409 matter_closed.",
      gate: { scope: "reports:write" },
      extensions: { errors: ERRORS },
      args: {
        input: t.arg({
          type: CreateClaimantUpdateInput,
          required: true,
          description: "The update.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        const matter = await findMatter(ctx, input.matterId);
        const claimant = await ctx.db.claimant.findUnique({ where: { id: input.claimantId } });
        if (!claimant || claimant.matterId !== matter.id)
          throw new ApiError("resource_missing", {
            param: "claimant_id",
            message: `No such claimant in matter '${matter.id}': '${input.claimantId}'.`,
          });
        assertOpen(matter);
        const gathered = await gatherClaimantUpdate(
          ctx,
          matter,
          await organizationOf(ctx),
          claimant,
        );
        return storeReport(
          ctx,
          {
            type: "claimant_update",
            matterId: matter.id,
            audience: null,
            includeSections: [],
            claimantId: claimant.id,
            redactionProfile: input.redactionProfile ?? "claimant",
          },
          gathered,
        );
      },
    }),
  );

  builder.mutationField("exportReport", (t) =>
    t.field({
      type: ExportRef,
      description:
        "Exports a report as a PDF, ZIP or JSON file (POST /v1/reports/{report_id}/export, CONTRACT.md §12) and answers with the Export (201). redaction_profile defaults to the report's own and may not be weaker (none < counsel < claimant < public; 400 parameter_invalid with details.minimum). A claimant update's `claimant` export is always prepared for its own claimant. A ready report becomes `exported`; a draft exports DRAFT-marked and stays a draft; an exported report may be exported again. The JSON is the report's REST body as GET /v1/reports/{report_id} shows it at export time. Writes the `report.exported` audit event (with the request id, SHA-256, size, format and profile) and the `report.exported` event in the same transaction. A closed matter is 409 matter_closed.",
      gate: { scope: "reports:export" },
      extensions: { errors: ERRORS },
      args: {
        id: t.arg.id({ required: true, description: "Report id (rpt_…)." }),
        input: t.arg({ type: ExportInput, required: true, description: "Format and redaction." }),
      },
      resolve: async (_root, { id, input }, ctx, info) => {
        checkExportBody(input);
        const report = await findReport(ctx, id);
        const floor = report.redactionProfile as RedactionProfile;
        const profile = input.redactionProfile ?? floor;
        let claimantId: string | null;
        if (report.type === "claimant_update") {
          if (input.claimantId != null && input.claimantId !== report.claimantId)
            throw invalid(
              "claimant_id",
              `A claimant update is prepared for its own claimant '${report.claimantId}' only.`,
            );
          claimantId = profile === "claimant" ? report.claimantId : null;
        } else {
          claimantId = await exportViewer(ctx, report.matterId, input.claimantId);
        }
        if (!atLeast(profile, floor))
          throw invalid(
            "redaction_profile",
            `This report may be exported with redaction_profile ${floor} or a stricter one.`,
            { minimum: floor },
          );
        await assertMatterWritable(ctx, report.matterId);
        const document = reportDocument({ report });
        const json = await restBodyOf(info.schema, "Report", report, ctx);
        const to = exportedStatus(report.status as ReportStatus);
        return write(ctx, async (rec) => {
          if (to !== report.status) {
            // Conditional: of two racing first exports, both record their file; one moves it.
            await rec.tx.report.updateMany({
              where: { id, status: report.status },
              data: { status: to, updatedAt: new Date() },
            });
          }
          return createExport(ctx, rec, {
            objectType: "report",
            objectId: id,
            matterId: report.matterId,
            format: input.format,
            redactionProfile: profile,
            claimantId,
            document,
            json,
            filenameBase: `${report.type.replace(/_/g, "-")}-${id}`,
            details: { report_status: to, draft: document.draft },
          });
        });
      },
    }),
  );
}
