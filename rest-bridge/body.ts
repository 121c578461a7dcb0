import { ApiError } from "../src/errors.js";

/** Reads a JSON request body with the checks of CONTRACT.md §1 (type, size, syntax). */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new ApiError("payload_too_large");
  const raw = request.body ? new Uint8Array(await request.arrayBuffer()) : new Uint8Array();
  if (raw.byteLength > maxBytes) throw new ApiError("payload_too_large");
  if (raw.byteLength === 0) return undefined;
  const contentType = (request.headers.get("content-type") ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase();
  if (contentType !== "application/json") {
    throw new ApiError("unsupported_media_type", {
      message: `Send the body as application/json${contentType ? `, not ${contentType}` : ""}.`,
    });
  }
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(raw));
  } catch {
    throw new ApiError("invalid_json", { message: "The request body is not valid UTF-8 JSON." });
  }
}
