import { builder } from "../../src/schema/builder.js";
import { describedValues } from "../core/enum-values.js";

export const ExportFormatEnum = builder.enumType("ExportFormat", {
  description: "The file an export is (CONTRACT.md §12).",
  values: describedValues({
    pdf: "A PDF document: title page, sections, source manifest, page numbers; DRAFT-marked on every page when the object is not approved. Standard PDF fonts only.",
    zip: "A ZIP holding the JSON, the PDF and manifest.json with the SHA-256 and size of each of the other two.",
    json: "The object as JSON (its REST body, redacted) with its source manifest.",
  }),
});

export const RedactionProfileEnum = builder.enumType("RedactionProfile", {
  description:
    "What an export hides, in every format (plugins/exports/redaction.ts): the document by the kind of each value, the JSON by key names, and both by the shape of values inside any text (wallet addresses, e-mail addresses, US SSNs). Amounts other than claimants' shares are never hidden.",
  values: describedValues({
    none: "Nothing is hidden.",
    counsel:
      "For counsel outside the organization: personal identifiers (tax ids, account numbers, e-mail, phone, SSN-shaped text) keep only their last four characters (`***-**-6789`, `j***@example.com`); names, addresses and amounts stay.",
    claimant:
      "For one claimant (the export's `claimant_id`): other claimants' identities and shares are masked (`[other claimant]`, `[redacted]`, their whole records in the JSON but role, status, currency and times) and personal identifiers are hidden (`[redacted]`); the claimant's own identity and share, names of debtors, addresses and other amounts stay.",
    public:
      "For anyone: every wallet address and transaction hash is shortened to a prefix…suffix (`0x5aAe…eAed`), person names are `[name redacted]`, personal identifiers `[redacted]`, and every claimant's identity and share is hidden.",
  }),
});

export const ExportStatusEnum = builder.enumType("ExportStatus", {
  description:
    "Whether the file can be downloaded. Exports are rendered while the export request is served, so a stored export is always `ready`.",
  values: describedValues({
    ready: "Rendered and stored; GET its download_url.",
  }),
});

export const ExportObjectTypeEnum = builder.enumType("ExportObjectType", {
  description: "What kind of object was exported.",
  values: describedValues({
    packet: "A packet (POST /v1/packets/{packet_id}/export).",
    report: "A report (POST /v1/reports/{report_id}/export).",
  }),
});

/** Where the REST face serves an export's file. */
export const downloadPath = (exportId: string) => `/v1/exports/${exportId}/download`;

export const ExportRef = builder.prismaNode("Export", {
  id: { field: "id", description: "Global id, the same as the `exp_` id." },
  description:
    "One rendered file of a packet or report (CONTRACT.md §12). Its bytes never change: `sha256` and `size_bytes` describe the file at `download_url`, and `audit_id` is the export's audit event.",
  fields: (t) => ({
    exportId: t.exposeString("id", { description: "Export id (prefix `exp_`)." }),
    objectType: t.field({
      type: ExportObjectTypeEnum,
      description: "packet or report.",
      resolve: (e) => e.objectType as never,
    }),
    objectId: t.exposeString("objectId", { description: "The packet or report exported." }),
    matterId: t.exposeString("matterId", { description: "The matter the object belongs to." }),
    format: t.field({
      type: ExportFormatEnum,
      description: "pdf, zip or json.",
      resolve: (e) => e.format as never,
    }),
    redactionProfile: t.field({
      type: RedactionProfileEnum,
      description: "What the file hides.",
      resolve: (e) => e.redactionProfile as never,
    }),
    claimantId: t.exposeString("claimantId", {
      nullable: true,
      description: "For the `claimant` profile: the claimant the file was prepared for.",
    }),
    status: t.field({
      type: ExportStatusEnum,
      description: "Always `ready` once stored.",
      resolve: (e) => e.status as never,
    }),
    downloadUrl: t.string({
      description:
        "Path of the file on this server (GET, scope exports:read, same key): `/v1/exports/{export_id}/download`. GraphQL clients may use `exportFile` instead.",
      resolve: (e) => downloadPath(e.id),
    }),
    filename: t.exposeString("filename", { description: "The file's name, e.g. `…-public.pdf`." }),
    contentType: t.exposeString("contentType", {
      description: "application/pdf, application/zip or application/json.",
    }),
    sha256: t.exposeString("sha256", { description: "SHA-256 of the file, hex." }),
    sizeBytes: t.exposeInt("sizeBytes", { description: "Size of the file in bytes." }),
    auditId: t.exposeString("auditId", {
      description: "The audit event recording the export (`<object_type>.exported`).",
    }),
    requestId: t.exposeString("requestId", { description: "The request that made the export." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was rendered." }),
  }),
});

export interface ExportFileShape {
  exportId: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  content: Uint8Array;
}

export const ExportFileRef = builder.objectRef<ExportFileShape>("ExportFile").implement({
  description:
    "The bytes of an export, for GraphQL clients (REST: GET /v1/exports/{export_id}/download serves them as a file).",
  fields: (t) => ({
    exportId: t.exposeString("exportId", { description: "The export." }),
    filename: t.exposeString("filename", { description: "The file's name." }),
    contentType: t.exposeString("contentType", { description: "The file's media type." }),
    sizeBytes: t.exposeInt("sizeBytes", { description: "Size in bytes." }),
    sha256: t.exposeString("sha256", { description: "SHA-256 of the bytes, hex." }),
    contentBase64: t.string({
      description: "The file, base64-encoded (RFC 4648, with padding).",
      resolve: (f) => Buffer.from(f.content).toString("base64"),
    }),
  }),
});
