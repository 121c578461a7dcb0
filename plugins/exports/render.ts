import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { strToU8, zipSync } from "fflate";
import type { ExportDocument } from "./document.js";
import { type Redaction, redactDocument, redactJson, redactManifest } from "./redaction.js";

export const EXPORT_FORMATS = ["pdf", "zip", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  pdf: "application/pdf",
  zip: "application/zip",
  json: "application/json",
};

/** What each profile hid, in one line (the PDF title page and the JSON say it). */
export function redactionNote(r: Redaction): string {
  switch (r.profile) {
    case "none":
      return "nothing is redacted.";
    case "counsel":
      return "personal identifiers show only their last four characters.";
    case "claimant":
      return r.claimantId
        ? `prepared for claimant ${r.claimantId}: other claimants' identities and shares and all personal identifiers are hidden.`
        : "every claimant's identity and share and all personal identifiers are hidden.";
    case "public":
      return "wallet addresses are shortened; person names, personal identifiers and claimants' identities and shares are hidden.";
  }
}

export interface RenderInput {
  exportId: string;
  objectType: string;
  objectId: string;
  matterId: string;
  createdAt: Date;
  redaction: Redaction;
  document: ExportDocument;
  json: object;
  /** File name without extension, already safe (see fileBase). */
  base: string;
}

export interface RenderedFile {
  bytes: Uint8Array;
  filename: string;
  contentType: string;
  sha256: string;
}

export const sha256Hex = (bytes: Uint8Array) => bytesToHex(sha256(bytes));

/** A file name part of letters, digits, `-`, `_` and `.` only, at most 100 characters. */
export function fileBase(text: string): string {
  const safe = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, 100);
  return safe || "export";
}

function renderJsonBytes(input: RenderInput): Uint8Array {
  const { redaction: r } = input;
  const body = {
    export_id: input.exportId,
    object_type: input.objectType,
    object_id: input.objectId,
    matter_id: input.matterId,
    redaction_profile: r.profile,
    ...(r.profile === "claimant" ? { claimant_id: r.claimantId ?? null } : {}),
    redaction_note: redactionNote(r),
    draft: input.document.draft,
    created_at: input.createdAt.toISOString(),
    object: redactJson(input.json, r),
    source_manifest: redactManifest(input.document.source_manifest, r),
  };
  return strToU8(`${JSON.stringify(body, null, 2)}\n`);
}

/** pdfkit and its fonts (several MB of heap) are loaded by the first export, not at start. */
async function renderPdfBytes(input: RenderInput): Promise<Uint8Array> {
  const { renderPdf } = await import("./pdf.js");
  return renderPdf(redactDocument(input.document, input.redaction), {
    exportId: input.exportId,
    objectType: input.objectType,
    objectId: input.objectId,
    redactionProfile: input.redaction.profile,
    redactionNote: redactionNote(input.redaction),
    createdAt: input.createdAt,
  });
}

/** The JSON, the PDF and manifest.json with the SHA-256 of each of the other two. */
async function renderZipBytes(input: RenderInput): Promise<Uint8Array> {
  const json = renderJsonBytes(input);
  const pdf = await renderPdfBytes(input);
  const entries = [
    { name: `${input.base}.json`, bytes: json },
    { name: `${input.base}.pdf`, bytes: pdf },
  ];
  const manifest = {
    export_id: input.exportId,
    object_type: input.objectType,
    object_id: input.objectId,
    redaction_profile: input.redaction.profile,
    created_at: input.createdAt.toISOString(),
    algorithm: "SHA-256",
    files: entries.map((e) => ({
      name: e.name,
      size_bytes: e.bytes.length,
      sha256: sha256Hex(e.bytes),
    })),
  };
  const mtime = input.createdAt;
  return zipSync(
    {
      [entries[0]!.name]: [json, { level: 6, mtime }],
      // A PDF's streams are compressed already.
      [entries[1]!.name]: [pdf, { level: 0, mtime }],
      "manifest.json": [strToU8(`${JSON.stringify(manifest, null, 2)}\n`), { level: 6, mtime }],
    },
    { mtime },
  );
}

/** Redacts and renders one export in the format asked for. */
export async function renderExport(
  format: ExportFormat,
  input: RenderInput,
): Promise<RenderedFile> {
  const bytes =
    format === "pdf"
      ? await renderPdfBytes(input)
      : format === "zip"
        ? await renderZipBytes(input)
        : renderJsonBytes(input);
  return {
    bytes,
    filename: `${input.base}.${format}`,
    contentType: CONTENT_TYPES[format],
    sha256: sha256Hex(bytes),
  };
}
