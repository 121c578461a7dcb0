import { builder } from "../../src/schema/builder.js";
import { describedValues } from "../core/enum-values.js";
import { ReviewStateRef, reviewStateOf } from "../core/shared-types.js";
import type { ScreenMatch, SdnEntryShape } from "./screening/screen.js";

export const ScreenStatusEnum = builder.enumType("SanctionsScreenStatus", {
  description: "Outcome of a sanctions screen (CONTRACT.md §7).",
  values: describedValues({
    clear: "Nothing screened is on the list.",
    potential_match: "A screened name resembles a listed name; a review must clear it.",
    match: "A screened wallet or name is on the list; a review must clear or block it.",
  }),
});

export const ReviewStatusEnum = builder.enumType("SanctionsReviewStatus", {
  description:
    "State of a sanctions review. `open` on creation; the decision moves it to `cleared` or `blocked`. `in_review` and `closed` belong to the blocked-property review queue of the packets workflow and are not set by the sanctions endpoints.",
  values: describedValues({
    open: "Opened, awaiting counsel's decision.",
    in_review: "Counsel is reviewing it.",
    cleared: "Counsel cleared it: no listed party, or no blocked property.",
    blocked: "Counsel found blocked property; an OFAC report is required and the matter is held.",
    closed: "Closed without a decision.",
  }),
});

export const ReviewDecisionEnum = builder.enumType("SanctionsReviewDecision", {
  description: "Counsel's decision on a sanctions review.",
  values: describedValues({
    cleared: "The hits are false positives or involve no blocked property.",
    blocked:
      "Property is blocked: it must not move, and OFAC must be told within 10 business days.",
  }),
});

export const OfacReportStatusEnum = builder.enumType("OfacReportStatus", {
  description:
    "OFAC report state: `draft` on creation → `submitted` (with `submitted_by`) → `acknowledged`, forward only, through POST /v1/sanctions/ofac-reports/{ofac_report_id}/transition.",
  values: describedValues({
    draft: "Being prepared.",
    submitted: "Filed with OFAC; its reporting deadline is completed.",
    acknowledged: "OFAC acknowledged receipt.",
  }),
});

export const OfacReportTypeEnum = builder.enumType("OfacReportType", {
  description: "Which OFAC report is due.",
  values: describedValues({
    blocked_property:
      "Initial report of blocked property, within 10 business days (31 CFR 501.603).",
    rejected_transaction:
      "Report of a rejected transaction, within 10 business days (31 CFR 501.604).",
  }),
});

export const SdnEntryRef = builder.objectRef<SdnEntryShape>("SdnEntry").implement({
  description: "The SDN list entry a hit points to.",
  fields: (t) => ({
    profileId: t.int({ description: "OFAC's profile id (ent_num).", resolve: (e) => e.profile_id }),
    name: t.exposeString("name", { description: "Primary name as OFAC writes it." }),
    partyType: t.string({
      description: "Individual, Entity, Transport …",
      resolve: (e) => e.party_type,
    }),
    programs: t.exposeStringList("programs", { description: "Sanctions programs, e.g. CYBER2." }),
    listedOn: t.field({
      type: "Date",
      nullable: true,
      description: "When the entry was listed.",
      resolve: (e) => e.listed_on,
    }),
    source: t.exposeString("source", { description: "The list and issue the entry comes from." }),
  }),
});

export const SanctionsMatchRef = builder.objectRef<ScreenMatch>("SanctionsMatch").implement({
  description: "One hit of a sanctions screen.",
  fields: (t) => ({
    kind: t.exposeString("kind", { description: "wallet, entity or counterparty." }),
    input: t.exposeString("input", { description: "The screened value exactly as sent." }),
    status: t.field({
      type: ScreenStatusEnum,
      description: "`match` (exact) or `potential_match` (similar name).",
      resolve: (m) => m.status,
    }),
    score: t.exposeFloat("score", {
      description: "Similarity 0–1 (token-based Jaro-Winkler); 1 for exact hits.",
    }),
    matchedValue: t.string({
      description: "The listed address, or the SDN name or alias that matched.",
      resolve: (m) => m.matched_value,
    }),
    asset: t.exposeString("asset", {
      nullable: true,
      description: "For wallet hits, OFAC's asset code of the listing (XBT, ETH, USDT …).",
    }),
    sdnEntry: t.field({
      type: SdnEntryRef,
      description: "The listed party.",
      resolve: (m) => m.sdn_entry,
    }),
  }),
});

export interface ListIssueShape {
  issueDate: string;
  source: string;
}

export const ListIssueRef = builder.objectRef<ListIssueShape>("SanctionsListIssue").implement({
  description: "The issue of the OFAC SDN list a screen ran against.",
  fields: (t) => ({
    issueDate: t.field({
      type: "Date",
      description: "OFAC's date of issue.",
      resolve: (i) => i.issueDate,
    }),
    source: t.exposeString("source", { description: "Where the shipped list comes from." }),
  }),
});

export const SanctionsScreenRef = builder.prismaNode("SanctionsScreen", {
  name: "SanctionsScreenResult",
  id: { field: "id", description: "Global id, the same as the `scr_` id." },
  description: "A stored sanctions screen of a matter's wallets, entities and counterparties.",
  fields: (t) => ({
    screenId: t.exposeString("id", { description: "Screen id (prefix `scr_`)." }),
    reviewId: t.string({
      nullable: true,
      description: "The newest sanctions review opened for this screen; null until one is.",
      resolve: async (s, _args, ctx) =>
        (
          await ctx.db.sanctionsReview.findFirst({
            where: { screenId: s.id },
            orderBy: { id: "desc" },
            select: { id: true },
          })
        )?.id ?? null,
    }),
    matterId: t.exposeString("matterId", { description: "The matter screened for." }),
    status: t.field({
      type: ScreenStatusEnum,
      description: "clear, potential_match or match.",
      resolve: (s) => s.status as never,
    }),
    matches: t.field({
      type: [SanctionsMatchRef],
      description: "Every hit, wallets first.",
      resolve: (s) => s.matches as unknown as ScreenMatch[],
    }),
    ordinaryCollectionPaused: t.boolean({
      description: "True unless the screen is clear (CONTRACT.md §7).",
      resolve: (s) => s.status !== "clear",
    }),
    requiredActions: t.exposeStringList("requiredActions", {
      description: "What must happen before ordinary collection resumes; empty when clear.",
    }),
    wallets: t.exposeStringList("wallets", { description: "Screened wallet addresses." }),
    entities: t.exposeStringList("entities", { description: "Screened entity names." }),
    counterparties: t.exposeStringList("counterparties", {
      description: "Screened counterparty names.",
    }),
    listIssue: t.field({
      type: ListIssueRef,
      description: "The list issue screened against.",
      resolve: (s) => ({ issueDate: s.listIssueDate, source: s.listSource }),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was screened." }),
  }),
});

export const SanctionsReviewRef = builder.prismaNode("SanctionsReview", {
  id: { field: "id", description: "Global id, the same as the `srv_` id." },
  description:
    "Counsel's review of a sanctions screen: the blocked-property analysis and the decision.",
  fields: (t) => ({
    reviewId: t.exposeString("id", { description: "Review id (prefix `srv_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter." }),
    screenId: t.exposeString("screenId", { description: "The screen under review." }),
    status: t.field({
      type: ReviewStatusEnum,
      description: "open, in_review, cleared, blocked or closed.",
      resolve: (r) => r.status as never,
    }),
    blockedPropertyAnalysis: t.exposeString("blockedPropertyAnalysis", {
      description: "What the screen found and what property may be blocked, in words.",
    }),
    ofacReportRequired: t.exposeBoolean("ofacReportRequired", {
      description: "True once the review is blocked: OFAC must be told within 10 business days.",
    }),
    notes: t.exposeString("notes", { nullable: true, description: "Notes given on opening." }),
    decision: t.field({
      type: ReviewDecisionEnum,
      nullable: true,
      description: "Counsel's decision; null until decided.",
      resolve: (r) => r.decision as never,
    }),
    decisionNotes: t.exposeString("decisionNotes", {
      nullable: true,
      description: "Counsel's notes on the decision.",
    }),
    counselOwner: t.exposeString("counselOwner", {
      nullable: true,
      description: "Counsel who decided, or who owns the review.",
    }),
    decidedAt: t.expose("decidedAt", {
      type: "DateTime",
      nullable: true,
      description: "When it was decided.",
    }),
    reviewState: t.field({
      type: ReviewStateRef,
      description: "Review state.",
      resolve: (r) => reviewStateOf(r.reviewState),
    }),
    screen: t.relation("screen", { description: "The screen under review." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was opened." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "Last change." }),
  }),
});

export const OfacReportRef = builder.prismaNode("OfacReport", {
  id: { field: "id", description: "Global id, the same as the `ofr_` id." },
  description:
    "A report to OFAC about blocked property or a rejected transaction, with its 10-business-day deadline on the matter.",
  fields: (t) => ({
    ofacReportId: t.exposeString("id", { description: "OFAC report id (prefix `ofr_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter." }),
    sanctionsReviewId: t.exposeString("reviewId", { description: "The blocked review." }),
    reportType: t.field({
      type: OfacReportTypeEnum,
      description: "blocked_property or rejected_transaction.",
      resolve: (r) => r.reportType as never,
    }),
    status: t.field({
      type: OfacReportStatusEnum,
      description: "draft, submitted or acknowledged.",
      resolve: (r) => r.status as never,
    }),
    counselOwner: t.exposeString("counselOwner", { description: "Counsel responsible." }),
    submittedBy: t.exposeString("submittedBy", {
      nullable: true,
      description: "Who filed it; null while a draft.",
    }),
    submittedAt: t.expose("submittedAt", {
      type: "DateTime",
      nullable: true,
      description: "When it was filed.",
    }),
    acknowledgedAt: t.expose("acknowledgedAt", {
      type: "DateTime",
      nullable: true,
      description: "When OFAC acknowledged it.",
    }),
    dueDate: t.expose("dueDate", {
      type: "Date",
      description:
        "Last day to file: 10 US federal business days after the blocking decision (31 CFR 501.603/604).",
    }),
    deadlineId: t.string({
      nullable: true,
      description: "The matter's `ofac_report` deadline for this report.",
      resolve: async (r, _args, ctx) =>
        (
          await ctx.db.deadline.findFirst({
            where: { ofacReportId: r.id },
            select: { id: true },
          })
        )?.id ?? null,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was started." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "Last change." }),
  }),
});
