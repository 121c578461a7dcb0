import { builder } from "../../src/schema/builder.js";
import { describedValues } from "../core/enum-values.js";
import {
  AuditBlockRef,
  ReviewStateRef,
  reviewStateOf,
  SourceRefRef,
  sourceRefsOf,
} from "../core/shared-types.js";
import type { ManifestItem } from "./content.js";
import {
  FINAL_STATUSES,
  PACKET_KINDS,
  PACKET_STATUSES,
  PACKET_TYPES,
  type PacketStatus,
  REVIEW_DECISIONS,
} from "./values.js";

export const PacketKindEnum = builder.enumType("PacketKind", {
  description: "Which packet it is: one per creation endpoint (`type` on the wire).",
  values: describedValues({
    exchange_intercept:
      "POST /v1/packets/exchange-intercept: source-linked packet for an exchange/VASP (preservation, freeze, information request, turnover or remittance).",
    vasp_legal_process:
      "POST /v1/packets/vasp-legal-process: counsel-reviewed subpoena, records request, preservation or VASP response packet.",
    exchange_freeze:
      "POST /v1/packets/exchange-freeze: freeze/hold request subject to court, counsel and authorized-channel review.",
    exchange_turnover:
      "POST /v1/packets/exchange-turnover: turnover request for court, counsel and exchange workflows.",
    turnover_workflow:
      "POST /v1/packets/turnover-workflow: court-supervised self-custody turnover with proof-of-control evidence and noncompliance tracking.",
    sanctions_review:
      "POST /v1/packets/sanctions-review: sanctions evidence packet; opens a blocked-property review.",
    law_enforcement_referral:
      "POST /v1/packets/law-enforcement-referral: referral made by the provider or counsel, never presented as law enforcement.",
  } satisfies Record<(typeof PACKET_KINDS)[number], string>),
});

const TYPE_DESCRIPTIONS: Record<string, string> = {
  preservation: "Preserve records and assets (exchange intercept, VASP legal process).",
  freeze: "Freeze the assets (exchange intercept, exchange freeze).",
  information_request: "Ask for account information (exchange intercept).",
  turnover: "Turn the assets over (exchange intercept, exchange turnover).",
  remittance: "Remit recovered assets (exchange intercept).",
  subpoena: "Subpoena (VASP legal process).",
  records_request: "Records request (VASP legal process).",
  vasp_response: "Package a VASP's response (VASP legal process).",
  hold: "Hold pending legal process (exchange freeze).",
  self_custody_turnover: "Court-supervised turnover from self-custody (turnover workflow).",
  proof_of_control: "Proof-of-control evidence (turnover workflow).",
  noncompliance: "Noncompliance tracking (turnover workflow).",
  blocked_property_review: "Blocked-property review queue (sanctions review).",
  sanctions_evidence: "Sanctions evidence (sanctions review).",
  referral: "Referral (law-enforcement referral).",
};

export const PacketTypeEnum = builder.enumType("PacketType", {
  description:
    "What the packet asks for (`packet_type`); each kind accepts its own values (see each value) and defaults to the first of them.",
  values: describedValues(
    Object.fromEntries(PACKET_TYPES.map((t) => [t, TYPE_DESCRIPTIONS[t] ?? t])) as Record<
      string,
      string
    >,
  ),
});

export const PacketStatusEnum = builder.enumType("PacketStatus", {
  description:
    "Packet status (CONTRACT.md §8). Creation gives `in_review` when the content has review reasons (review_reasons) and `draft` otherwise; POST /v1/packets/{packet_id}/review approves (→ `approved`) or requests changes (→ `draft`).",
  values: describedValues({
    draft: "Being prepared; its document carries a DRAFT marking.",
    in_review: "Awaiting counsel's review for the reasons in review_reasons.",
    approved: "Approved by a reviewer; ready to export.",
    exported: "Exported as a document.",
    sent: "Sent to the counterparty.",
    closed: "Closed; no further moves.",
  } satisfies Record<(typeof PACKET_STATUSES)[number], string>),
});

export const PacketReviewDecisionEnum = builder.enumType("PacketReviewDecision", {
  description: "A reviewer's decision on a packet.",
  values: describedValues({
    approved: "Approve: the packet becomes `approved` (from draft or in_review).",
    changes_requested:
      "Send it back: the packet returns to `draft` (from draft, in_review or approved).",
  } satisfies Record<(typeof REVIEW_DECISIONS)[number], string>),
});

export const SourceManifestEntryRef = builder
  .objectRef<ManifestItem>("SourceManifestEntry")
  .implement({
    description: "One source the packet rests on, with its hash and chain of custody.",
    fields: (t) => ({
      sourceId: t.string({
        description: "The source's id as given, or `src_…` derived from its content.",
        resolve: (m) => m.source_id,
      }),
      sourceType: t.string({ description: "Kind of source.", resolve: (m) => m.source_type }),
      title: t.exposeString("title", { description: "Title." }),
      uri: t.exposeString("uri", { nullable: true, description: "Where it is kept." }),
      hash: t.exposeString("hash", {
        nullable: true,
        description: "Content hash as given; null when none was (a review reason).",
      }),
      chainOfCustodyId: t.string({
        nullable: true,
        description: "Chain-of-custody record id; null when none was given (a review reason).",
        resolve: (m) => m.chain_of_custody_id,
      }),
      admissibilityNotes: t.string({
        nullable: true,
        description: "Notes on admissibility.",
        resolve: (m) => m.admissibility_notes,
      }),
      citedBy: t.stringList({
        description: "Where the packet cites it: `request`, `judgment jdg_…`, `authority auth_…` …",
        resolve: (m) => m.cited_by,
      }),
    }),
  });

export const PacketRef = builder.prismaNode("Packet", {
  id: { field: "id", description: "Global id, the same as the `pkt_` id." },
  description:
    "A prepared packet: a snapshot of what the matter held when it was made (content), the sources it rests on (source_manifest), who sends it and its review. The service only prepares packets; it never freezes, seizes, transfers or redeems anything.",
  fields: (t) => ({
    packetId: t.exposeString("id", { description: "Packet id (prefix `pkt_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter." }),
    type: t.field({
      type: PacketKindEnum,
      description: "Which packet it is (the endpoint that made it).",
      resolve: (p) => p.type as never,
    }),
    packetType: t.field({
      type: PacketTypeEnum,
      description: "What it asks for.",
      resolve: (p) => p.packetType as never,
    }),
    status: t.field({
      type: PacketStatusEnum,
      description: "draft, in_review, approved, exported, sent or closed.",
      resolve: (p) => p.status as never,
    }),
    draft: t.boolean({
      description: "True unless approved, exported or sent: its document carries a DRAFT marking.",
      resolve: (p) => !FINAL_STATUSES.includes(p.status as PacketStatus),
    }),
    authorizedSender: t.exposeString("authorizedSender", {
      description: "Who sends it (the provider's or counsel's named person), stated on its face.",
    }),
    judgmentId: t.exposeString("judgmentId", {
      nullable: true,
      description: "The judgment it rests on, if one was named.",
    }),
    legalAuthorityId: t.exposeString("legalAuthorityId", {
      description: "The authority grant it rests on.",
    }),
    relationshipId: t.exposeString("relationshipId", {
      nullable: true,
      description: "The channel it goes through, if named.",
    }),
    sanctionsReviewId: t.exposeString("sanctionsReviewId", {
      nullable: true,
      description: "For a sanctions-review packet: the review it opened.",
    }),
    wallets: t.exposeStringList("wallets", {
      description: "Wallets named in the request (addresses or wal_ ids), each once.",
    }),
    sourceRefs: t.field({
      type: [SourceRefRef],
      description: "The sources sent with the request.",
      resolve: (p) => sourceRefsOf(p.sourceRefs),
    }),
    sourceManifest: t.field({
      type: [SourceManifestEntryRef],
      description:
        "Every source the packet rests on, once each: the request's, the authority grant's, the judgment's, the wallets', the claims' and the hypotheses'.",
      resolve: (p) => p.sourceManifest as unknown as ManifestItem[],
    }),
    reviewState: t.field({
      type: ReviewStateRef,
      description:
        "Review: review_status `pending` (in review), `not_requested` (draft without reasons), `approved` or `changes_requested`; review_owner is the last reviewer.",
      resolve: (p) => reviewStateOf(p.reviewState),
    }),
    reviewReasons: t.exposeStringList("reviewReasons", {
      description: "Why counsel must review it, as found at creation; empty when nothing needs it.",
    }),
    content: t.field({
      type: "JSONObject",
      description:
        "The snapshot, in wire (snake_case) form: schema_version, kind, packet_type, title, prepared_at, sender {authorized_sender, organization_id, organization_name, statement}, matter {matter_id, name}, judgment (court, case_number, amounts and balance {principal, interest_accrued, payments, outstanding, as_of, …}) or null, debtors, wallets (with holdings), exchange_hypotheses (with basis, confidence, label), stablecoin_exposure, attribution_claims (with confidence labels), authority, channel or null, sanctions or null, notes, omitted (counts of items left out of lists longer than 200).",
      resolve: (p) => p.content as Record<string, unknown>,
    }),
    notes: t.exposeString("notes", { nullable: true, description: "Notes given on creation." }),
    audit: t.field({
      type: AuditBlockRef,
      description: "Who made the packet and under which request.",
      resolve: (p) => ({
        requestId: p.createdRequestId,
        actorId: p.createdBy,
        organizationId: p.organizationId,
        matterId: p.matterId,
        timestamp: p.createdAt,
      }),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "Last change." }),
  }),
});
