import type { RequestContext } from "../../src/context.js";
import { ApiError } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { forgetChildPages } from "../../src/schema/child-pages.js";
import type { Recorder } from "../../src/write.js";
import type { ExportDocument } from "./document.js";
import { mentionsOf, type RedactionProfile } from "./redaction.js";
import { type ExportFormat, fileBase, renderExport } from "./render.js";

export interface ExportRequest {
  /** What is exported: `packet` or `report`; also the event's prefix (`packet.exported`). */
  objectType: "packet" | "report";
  objectId: string;
  matterId: string;
  format: ExportFormat;
  redactionProfile: RedactionProfile;
  /** For `claimant`: the claimant the export is for (their own identity and share stay). */
  claimantId?: string | null;
  /** The object as a document, for the PDF (and the PDF inside a ZIP). */
  document: ExportDocument;
  /** The object as its REST body, for the JSON (and the JSON inside a ZIP). */
  json: object;
  /** File name without extension, e.g. `freeze-request-pkt_01…`; made safe here. */
  filenameBase: string;
  /** Facts of the owning object added to the audit event and the event (e.g. its new status). */
  details?: Record<string, unknown>;
}

/**
 * Redacts and renders an export, stores the file, records the export audit event (with the
 * file's SHA-256, size, format and profile) and emits `<object_type>.exported`. Runs inside
 * the caller's write(), so the export, its audit event and its event commit together with
 * whatever the caller changes (the packet's or report's `exported` status).
 */
export async function createExport(ctx: RequestContext, rec: Recorder, req: ExportRequest) {
  const id = newId("export");
  const createdAt = new Date();
  const redaction = {
    profile: req.redactionProfile,
    claimantId: req.claimantId ?? null,
    mentions: mentionsOf(req.document),
  };
  const profileSuffix = req.redactionProfile === "none" ? "" : `-${req.redactionProfile}`;
  // Rendered before anything is written, so the transaction's locks are held only briefly.
  const file = await renderExport(req.format, {
    exportId: id,
    objectType: req.objectType,
    objectId: req.objectId,
    matterId: req.matterId,
    createdAt,
    redaction,
    document: req.document,
    json: req.json,
    base: fileBase(`${req.filenameBase}${profileSuffix}`),
  });
  const facts = {
    export_id: id,
    object_type: req.objectType,
    object_id: req.objectId,
    format: req.format,
    redaction_profile: req.redactionProfile,
    ...(req.claimantId ? { claimant_id: req.claimantId } : {}),
    sha256: file.sha256,
    size_bytes: file.bytes.length,
    filename: file.filename,
    ...req.details,
  };
  const audit = await rec.audit({
    eventType: `${req.objectType}.exported`,
    objectType: req.objectType,
    objectId: req.objectId,
    matterId: req.matterId,
    details: { matter_id: req.matterId, ...facts, content_type: file.contentType },
  });
  const created = await rec.tx.export.create({
    data: {
      id,
      matterId: req.matterId,
      objectType: req.objectType,
      objectId: req.objectId,
      format: req.format,
      redactionProfile: req.redactionProfile,
      claimantId: req.claimantId ?? null,
      status: "ready",
      sha256: file.sha256,
      sizeBytes: file.bytes.length,
      filename: file.filename,
      contentType: file.contentType,
      auditId: audit.id,
      requestId: ctx.requestId,
      createdAt,
    } as never,
  });
  await rec.tx.exportFile.create({
    data: { id, matterId: req.matterId, content: file.bytes } as never,
  });
  await rec.emit(`${req.objectType}.exported`, { matter_id: req.matterId, ...facts });
  // Later fields of the same request (a GraphQL document's next root field) list it too.
  forgetChildPages(ctx);
  return created;
}

const absent = (id: string) =>
  new ApiError("resource_missing", { message: `No such export: '${id}'.` });

/** An export the caller may see (tenant, environment and matter scoping of ctx.db), or 404. */
export async function findExport(ctx: RequestContext, id: string) {
  const found = await ctx.db.export.findUnique({ where: { id } });
  if (!found) throw absent(id);
  return found;
}

/** The stored bytes of an export the caller may see, or 404. */
export async function exportContent(ctx: RequestContext, id: string) {
  const found = await ctx.db.exportFile.findUnique({ where: { id } });
  if (!found) throw absent(id);
  return found.content;
}
