import { builder } from "../../src/schema/builder.js";

/** Shared objects of SPEC.md ("Shared objects"), used by several modules. */
export interface SourceRefShape {
  sourceId?: string | null;
  sourceType?: string | null;
  title?: string | null;
  uri?: string | null;
  hash?: string | null;
  chainOfCustodyId?: string | null;
  admissibilityNotes?: string | null;
}

export const SourceRefRef = builder.objectRef<SourceRefShape>("SourceRef").implement({
  description: "A reference to a source document or record, with chain of custody.",
  fields: (t) => ({
    sourceId: t.string({
      nullable: true,
      description: "Id of the source.",
      resolve: (s) => s.sourceId ?? null,
    }),
    sourceType: t.string({
      nullable: true,
      description: "Kind of source (e.g. certified_judgment, vasp_response).",
      resolve: (s) => s.sourceType ?? null,
    }),
    title: t.string({ nullable: true, description: "Title.", resolve: (s) => s.title ?? null }),
    uri: t.string({
      nullable: true,
      description: "Where the source is kept.",
      resolve: (s) => s.uri ?? null,
    }),
    hash: t.string({
      nullable: true,
      description: "Content hash.",
      resolve: (s) => s.hash ?? null,
    }),
    chainOfCustodyId: t.string({
      nullable: true,
      description: "Chain-of-custody record id.",
      resolve: (s) => s.chainOfCustodyId ?? null,
    }),
    admissibilityNotes: t.string({
      nullable: true,
      description: "Notes on admissibility.",
      resolve: (s) => s.admissibilityNotes ?? null,
    }),
  }),
});

export const SourceRefInput = builder.inputType("SourceRefInput", {
  description: "A reference to a source document or record.",
  fields: (t) => ({
    sourceId: t.string({ description: "Id of the source." }),
    sourceType: t.string({ description: "Kind of source (e.g. certified_judgment)." }),
    title: t.string({ description: "Title." }),
    uri: t.string({ description: "Where the source is kept." }),
    hash: t.string({ description: "Content hash." }),
    chainOfCustodyId: t.string({ description: "Chain-of-custody record id." }),
    admissibilityNotes: t.string({ description: "Notes on admissibility." }),
  }),
});

export interface ReviewStateShape {
  reviewRequired?: boolean | null;
  reviewStatus?: string | null;
  reviewOwner?: string | null;
  reviewNotes?: string | null;
}

export const ReviewStateRef = builder.objectRef<ReviewStateShape>("ReviewState").implement({
  description: "Counsel or operator review of an object.",
  fields: (t) => ({
    reviewRequired: t.boolean({
      description: "Whether review is required.",
      resolve: (r) => r.reviewRequired ?? false,
    }),
    reviewStatus: t.string({
      description: "Review status (e.g. not_required, pending, approved).",
      resolve: (r) => r.reviewStatus ?? "not_required",
    }),
    reviewOwner: t.string({
      nullable: true,
      description: "Who owns the review.",
      resolve: (r) => r.reviewOwner ?? null,
    }),
    reviewNotes: t.string({
      nullable: true,
      description: "Review notes.",
      resolve: (r) => r.reviewNotes ?? null,
    }),
  }),
});

export const ReviewStateInput = builder.inputType("ReviewStateInput", {
  description: "Review state to set.",
  fields: (t) => ({
    reviewRequired: t.boolean({ description: "Whether review is required." }),
    reviewStatus: t.string({ description: "Review status." }),
    reviewOwner: t.string({ description: "Who owns the review." }),
    reviewNotes: t.string({ description: "Review notes." }),
  }),
});

export interface MoneyShape {
  amount: number;
  currency: string;
  valuationTime: Date | string;
}

export const MoneyRef = builder.objectRef<MoneyShape>("Money").implement({
  description:
    "An amount of money. Kept as an exact decimal internally; rounded half-even to the currency's minor unit.",
  fields: (t) => ({
    amount: t.exposeFloat("amount", { description: "Amount in major units (e.g. dollars)." }),
    currency: t.exposeString("currency", { description: "ISO 4217 currency code." }),
    valuationTime: t.expose("valuationTime", {
      type: "DateTime",
      description: "When the amount was valued.",
    }),
  }),
});

export const MoneyInput = builder.inputType("MoneyInput", {
  description: "An amount of money.",
  fields: (t) => ({
    amount: t.float({
      required: true,
      description: "Amount in major units; at most the currency's minor-unit precision.",
    }),
    currency: t.string({
      required: true,
      description:
        "An active ISO 4217 currency code in upper case, e.g. USD; withdrawn codes and codes without a minor unit (XAU, XDR, XTS, XXX…) are refused.",
    }),
    valuationTime: t.field({
      type: "DateTime",
      description: "When the amount was valued (default now).",
    }),
  }),
});

/** Stored JSON of source refs → the output shape (stored in camelCase). */
export const sourceRefsOf = (json: unknown): SourceRefShape[] =>
  Array.isArray(json) ? (json as SourceRefShape[]) : [];
export const reviewStateOf = (json: unknown): ReviewStateShape =>
  json && typeof json === "object" && !Array.isArray(json) ? (json as ReviewStateShape) : {};

/** A gate of a readiness battery or campaign (SPEC.md "Shared objects"). */
export interface GateShape {
  gate: string;
  status: "pass" | "fail" | "review";
  reasons: string[];
  required_actions: string[];
}

export const GateStatusEnum = builder.enumType("GateStatus", {
  description: "Outcome of one gate.",
  values: {
    pass: { description: "Nothing stands in the way." },
    fail: { description: "Enforcement may not proceed until this is resolved." },
    review: { description: "May proceed, but counsel or an operator must review." },
  } as const,
});

export const GateRef = builder.objectRef<GateShape>("Gate").implement({
  description: "One gate of a readiness battery: its outcome, why, and what to do about it.",
  fields: (t) => ({
    gate: t.exposeString("gate", { description: "Gate name, e.g. `bankruptcy`." }),
    status: t.field({
      type: GateStatusEnum,
      description: "pass, fail or review.",
      resolve: (g) => g.status,
    }),
    reasons: t.exposeStringList("reasons", { description: "Why the gate has this outcome." }),
    requiredActions: t.exposeStringList("required_actions", {
      description: "What must be done to pass it.",
    }),
  }),
});

/** Who recorded an object, under which request (SPEC.md "Shared objects": AuditBlock). */
export interface AuditBlockShape {
  requestId: string;
  actorId: string;
  organizationId: string;
  matterId: string | null;
  timestamp: Date;
}

export const AuditBlockRef = builder.objectRef<AuditBlockShape>("AuditBlock").implement({
  description:
    "Who recorded an object and under which request; the request id leads to its audit events (GET /v1/audit/matters/{matter_id}?request_id=…).",
  fields: (t) => ({
    requestId: t.exposeString("requestId", {
      description: "The request that recorded it (req_…).",
    }),
    actorId: t.exposeString("actorId", {
      description: "The user bound to the API key, else the key (CONTRACT.md §3).",
    }),
    organizationId: t.exposeString("organizationId", { description: "Owning organization." }),
    matterId: t.exposeString("matterId", { nullable: true, description: "The matter." }),
    timestamp: t.expose("timestamp", { type: "DateTime", description: "When it was recorded." }),
  }),
});

/** The audit block of a row that stores its request and actor ids. */
export const auditBlockOf = (row: {
  requestId: string;
  actorId: string;
  organizationId: string;
  matterId: string | null;
  createdAt: Date;
}): AuditBlockShape => ({
  requestId: row.requestId,
  actorId: row.actorId,
  organizationId: row.organizationId,
  matterId: row.matterId,
  timestamp: row.createdAt,
});
