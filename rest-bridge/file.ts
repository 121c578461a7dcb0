import { getNamedType, isObjectType, type GraphQLField } from "graphql";
import type { Schema } from "./openapi-schemas.js";
import type { RouteDef } from "./types.js";

/**
 * File downloads through the bridge (RouteDef.file). The route's GraphQL field returns the file
 * as an object with these fields, so GraphQL clients can fetch it too; the REST face sends the
 * decoded bytes, exactly as stored, with headers that describe them. Everything before that
 * (authentication, scope, rate limit, lookups within the caller's reach, errors) is the same
 * pipeline as every other route.
 */
export const FILE_FIELDS = ["filename", "contentType", "sizeBytes", "sha256", "contentBase64"];

/** At start: a file route is a GET whose field returns an object with the file fields. */
export function checkFileField(def: RouteDef, field: GraphQLField<unknown, unknown>): void {
  const path = def.path;
  if (def.method !== "GET" || def.idempotent || def.list)
    throw new Error(`Route ${path}: a file route is a plain GET.`);
  const type = getNamedType(field.type);
  const fields = isObjectType(type) ? type.getFields() : {};
  const missing = FILE_FIELDS.filter((f) => !(f in fields));
  if (missing.length)
    throw new Error(`Route ${path}: a file route's field lacks ${missing.join(", ")}.`);
}

interface FileBody {
  filename: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  content_base64: string;
}

/** `attachment; filename="…"`, with an RFC 8187 `filename*` when the name is not plain ASCII. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return ascii === filename
    ? `attachment; filename="${filename}"`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** The bytes and headers of a file route's result (the REST shape of the file object). */
export function fileResponse(out: Record<string, unknown>): {
  body: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
} {
  const file = out as unknown as FileBody;
  const body = new Uint8Array(Buffer.from(file.content_base64, "base64"));
  if (body.length !== file.size_bytes) throw new Error("file size does not match its content");
  return {
    body,
    headers: {
      "Content-Type": file.content_type,
      "Content-Length": String(body.length),
      "Content-Disposition": contentDisposition(file.filename),
      ETag: `"${file.sha256}"`,
      "Repr-Digest": `sha-256=:${Buffer.from(file.sha256, "hex").toString("base64")}:`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  };
}

const header = (description: string, schema: Schema = { type: "string" }) => ({
  description,
  schema,
});

/** The OpenAPI success response of a file route. */
export function fileSuccessContent(mediaTypes: string[]): { content: Schema; headers: Schema } {
  return {
    content: Object.fromEntries(
      mediaTypes.map((t) => [t, { schema: { type: "string", format: "binary" } }]),
    ),
    headers: {
      "Content-Length": header("The file's size in bytes.", { type: "integer" }),
      "Content-Disposition": header('`attachment; filename="…"` with the file\'s name.'),
      ETag: header("The file's SHA-256 in hex, quoted: the same as the object's `sha256`."),
      "Repr-Digest": header("RFC 9530 digest of the file: `sha-256=:<base64>:`."),
    },
  };
}
