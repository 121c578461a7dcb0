import { builder } from "../../src/schema/builder.js";
import { describedValues } from "../core/enum-values.js";
import { AuditBlockRef, ReviewStateRef, reviewStateOf } from "../core/shared-types.js";
import type { ManifestEntry } from "../exports/document.js";
import { exportsOfObject, OBJECT_EXPORTS } from "../exports/queries.js";
import { ExportRef, RedactionProfileEnum, downloadPath } from "../exports/types.js";
import {
  AUDIENCES,
  AUDIENCE_FLOORS,
  REPORT_SECTIONS,
  REPORT_STATUSES,
  REPORT_TYPES,
} from "./values.js";

export const ReportTypeEnum = builder.enumType("ReportType", {
  description: "Which report it is (the endpoint that made it).",
  values: describedValues({
    campaign_brief:
      "POST /v1/reports/campaign-brief: the matter's campaign picture for an audience, in the sections asked for.",
    claimant_update:
      "POST /v1/reports/claimant-update: one claimant's view: their claim, the judgment, recoveries and their own distribution.",
  } satisfies Record<(typeof REPORT_TYPES)[number], string>),
});

export const ReportStatusEnum = builder.enumType("ReportStatus", {
  description:
    "Report status (CONTRACT.md §8). `ready` at creation, or `draft` when its snapshot has review reasons (review_reasons); exporting a ready report makes it `exported`. A draft stays a draft (its exports are DRAFT-marked): a report is a snapshot, so a new one is made once the records are in order.",
  values: describedValues({
    draft: "Its snapshot needs review (see review_reasons); its exports carry a DRAFT marking.",
    ready: "Complete; exporting it makes it `exported`.",
    exported: "Exported at least once; it may be exported again.",
  } satisfies Record<(typeof REPORT_STATUSES)[number], string>),
});

export const ReportAudienceEnum = builder.enumType("ReportAudience", {
  description:
    "Who a campaign brief is for. Each audience sets the brief's redaction_profile, the least redaction any export of it may use.",
  values: describedValues({
    internal: "The organization itself: nothing hidden (`none`).",
    counsel:
      "Counsel outside the organization: identifiers keep their last four characters (`counsel`).",
    court: "A court filing: identifiers keep their last four characters (`counsel`).",
    claimants:
      "The claimants as a group: every claimant's identity and share and all identifiers hidden (`claimant`).",
    public: "Anyone: addresses shortened, names, identifiers and claimants hidden (`public`).",
  } satisfies Record<(typeof AUDIENCES)[number], string>),
});

export const ReportSectionEnum = builder.enumType("ReportSection", {
  description: "A section of a campaign brief, each built from the matter's records.",
  values: describedValues({
    summary:
      "Headline figures: judgment value and outstanding balance (USD judgments), known crypto exposure at par, recovered, open actions, packets, alerts and active campaigns.",
    judgment:
      "Each judgment with its post-judgment balance (principal, interest, payments, outstanding).",
    assets:
      "Wallets known to the matter and its stablecoin exposure (newest per wallet, asset and network), valued at par.",
    campaigns: "Campaigns with mode, status and pressure level.",
    packets: "Packets with kind, what they ask for and status.",
    actions: "Open actions (open, in_progress, blocked).",
    alerts: "Open alerts (open, actionable, monitoring).",
    ledger: "Ledger totals (recovered, secured, blocked, remitted) and the recovery events.",
    waterfall:
      "The latest waterfall: gross, costs, holdbacks, counsel fees, provider economics, pool and each claimant's line.",
    sanctions: "Sanctions status (clear, hold, not_screened), screens and reviews.",
  } satisfies Record<(typeof REPORT_SECTIONS)[number], string>),
});

/** Where a report's content is: its newest export's file, else the report itself. */
export const reportPath = (id: string) => `/v1/reports/${id}`;

export const ReportRef = builder.prismaNode("Report", {
  id: { field: "id", description: "Global id, the same as the `rpt_` id." },
  description:
    "A report: a snapshot of the matter's records when it was made (content), the records it rests on (source_manifest), its review and its exports. Made by POST /v1/reports/campaign-brief or /claimant-update; exported by POST /v1/reports/{report_id}/export.",
  fields: (t) => ({
    reportId: t.exposeString("id", { description: "Report id (prefix `rpt_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter." }),
    type: t.field({
      type: ReportTypeEnum,
      description: "campaign_brief or claimant_update.",
      resolve: (r) => r.type as never,
    }),
    status: t.field({
      type: ReportStatusEnum,
      description: "draft, ready or exported.",
      resolve: (r) => r.status as never,
    }),
    draft: t.boolean({
      description: "True while the report is a draft: its exports carry a DRAFT marking.",
      resolve: (r) => r.status === "draft",
    }),
    title: t.exposeString("title", { description: "Title of the report's document." }),
    audience: t.field({
      type: ReportAudienceEnum,
      nullable: true,
      description: "Campaign brief: who it is for. Null for a claimant update.",
      resolve: (r) => (r.audience as never) ?? null,
    }),
    includeSections: t.field({
      type: [ReportSectionEnum],
      description: "Campaign brief: its sections, in order. Empty for a claimant update.",
      resolve: (r) => r.includeSections as never,
    }),
    claimantId: t.exposeString("claimantId", {
      nullable: true,
      description: "Claimant update: whose view it is. Null for a campaign brief.",
    }),
    redactionProfile: t.field({
      type: RedactionProfileEnum,
      description: `The least redaction an export of this report may use (its default): a campaign brief's comes from its audience (${Object.entries(
        AUDIENCE_FLOORS,
      )
        .map(([a, p]) => `${a} → ${p}`)
        .join(", ")}), a claimant update's from its body (default \`claimant\`).`,
      resolve: (r) => r.redactionProfile as never,
    }),
    contentUri: t.string({
      description:
        "Where the report's content is: the download_url of its newest export (`/v1/exports/{export_id}/download`) once exported, else the report itself (`/v1/reports/{report_id}`, whose `content` is the snapshot). Both need the same key; the download needs exports:read.",
      resolve: async (r, _args, ctx) => {
        const [newest] = await exportsOfObject(ctx, r.id);
        return newest ? downloadPath(newest.id) : reportPath(r.id);
      },
    }),
    content: t.field({
      type: "JSONObject",
      description:
        "The snapshot, in wire (snake_case) form: schema_version, type, title, prepared_at, organization, matter {matter_id, name, status, mode, lead_counsel, authority_status, close_reason}, audience, sections (campaign brief: one key per included section) or null, claimant_view (claimant update: claimant, judgments, recoveries, distribution — nothing of any other claimant, not even the pool they share, so no other claimant's amount can be derived) or null, omitted (items left out of lists longer than 200).",
      resolve: (r) => r.content as Record<string, unknown>,
    }),
    sourceManifest: t.field({
      type: "JSON",
      description:
        "The records the report rests on: `{source_id, source_type, title, uri, hash, chain_of_custody_id}` each, `uri` being the record's REST path.",
      resolve: (r) => r.sourceManifest as unknown as ManifestEntry[],
    }),
    reviewState: t.field({
      type: ReviewStateRef,
      description: "review_status `pending` for a draft (see review_reasons), else `not_required`.",
      resolve: (r) => reviewStateOf(r.reviewState),
    }),
    reviewReasons: t.exposeStringList("reviewReasons", {
      description:
        "Why the report needs review, as found when it was made; empty for a ready report.",
    }),
    exports: t.field({
      type: [ExportRef],
      description: `The report's exports, newest first (the newest ${OBJECT_EXPORTS}).`,
      resolve: (r, _args, ctx) => exportsOfObject(ctx, r.id),
    }),
    audit: t.field({
      type: AuditBlockRef,
      description: "Who made the report and under which request.",
      resolve: (r) => ({
        requestId: r.createdRequestId,
        actorId: r.createdBy,
        organizationId: r.organizationId,
        matterId: r.matterId,
        timestamp: r.createdAt,
      }),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "Last change." }),
  }),
});
