import type { RequestContext } from "../../src/context.js";
import { builder } from "../../src/schema/builder.js";
import { childPage, matterChildList } from "../../src/schema/child-pages.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import { exportContent, findExport } from "./service.js";
import { ExportFileRef, ExportObjectTypeEnum, ExportRef } from "./types.js";

/** How many of an object's exports its `exports` list shows (newest first). */
export const OBJECT_EXPORTS = 100;

/**
 * The newest exports of a packet or report, newest first, for its `exports` list: batched for
 * every object of the response (two SQL statements per request, whatever the number of objects).
 */
export async function exportsOfObject(ctx: RequestContext, objectId: string) {
  const page = await childPage(
    ctx,
    {
      key: "Object.exports",
      table: "exports",
      parentColumn: "object_id",
      parentField: "objectId",
      findMany: (q) => ctx.db.export.findMany(q),
    },
    objectId,
    { first: OBJECT_EXPORTS },
  );
  return page.edges.map((e) => e.node);
}

export function registerExportQueries() {
  builder.queryField("export", (t) =>
    t.field({
      type: ExportRef,
      description: "One export (GET /v1/exports/{export_id}).",
      gate: { scope: "exports:read" },
      args: { id: t.arg.id({ required: true, description: "Export id (exp_…)." }) },
      resolve: (_root, { id }, ctx) => findExport(ctx, id),
    }),
  );
  builder.queryField("exportFile", (t) =>
    t.field({
      type: ExportFileRef,
      description:
        "The file of an export, byte for byte as stored (GET /v1/exports/{export_id}/download sends it with Content-Type, Content-Length, Content-Disposition: attachment, ETag and Repr-Digest). `pdf`: title page, sections, tables, source manifest and page numbers in the standard PDF fonts; an unapproved object's PDF carries DRAFT in the header of every page and a diagonal DRAFT watermark. `zip`: the JSON, the PDF and manifest.json with each one's SHA-256 and size. `json`: `{export_id, object_type, object_id, matter_id, redaction_profile, redaction_note, draft, created_at, object, source_manifest}`. The redaction profile (see RedactionProfile) applies to every file inside.",
      gate: { scope: "exports:read" },
      args: { id: t.arg.id({ required: true, description: "Export id (exp_…)." }) },
      resolve: async (_root, { id }, ctx) => {
        const found = await findExport(ctx, id);
        return {
          exportId: found.id,
          filename: found.filename,
          contentType: found.contentType,
          sizeBytes: found.sizeBytes,
          sha256: found.sha256,
          content: await exportContent(ctx, id),
        };
      },
    }),
  );

  builder.prismaObjectField("Matter", "exports", (t) =>
    t.field({
      type: connectionOf(ExportRef, "Export"),
      description: "The matter's exports (of its packets and reports), newest first.",
      gate: { scope: "exports:read" },
      args: {
        ...pageArgs(t),
        objectType: t.arg({
          type: ExportObjectTypeEnum,
          description: "Only exports of packets, or only of reports.",
        }),
      },
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList("exports", "Export", "exports", (q) => ctx.db.export.findMany(q)),
          m.id,
          args,
          args.objectType ? { objectType: args.objectType } : {},
        ),
    }),
  );
}
