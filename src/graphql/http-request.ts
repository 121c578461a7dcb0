import { readJsonBody } from "../../rest-bridge/body.js";
import { ApiError } from "../errors.js";
import { Headers, Request } from "../http/fetch-api.js";

const METHODS = ["GET", "POST"];
// What yoga can answer with; an Accept naming none of them would get its empty 406.
const SERVED = /json|\*\/\*|application\/\*|text\/event-stream|multipart\/mixed/i;

/** The request's headers for yoga: an Accept it cannot serve is dropped (answered as JSON). */
function yogaHeaders(request: Request): Headers {
  const headers = new Headers(request.headers);
  const accept = headers.get("accept");
  if (accept !== null && !SERVED.test(accept)) headers.delete("accept");
  return headers;
}

function checkJsonParam(url: URL, name: string): void {
  const raw = url.searchParams.get(name);
  if (!raw) return;
  try {
    JSON.parse(raw);
  } catch {
    throw new ApiError("invalid_json", {
      param: name,
      message: `The ${name} query parameter is not valid JSON.`,
    });
  }
}

/** A GraphQL request as checked: what yoga is handed, and the POST body already parsed. */
export interface CheckedGraphqlRequest {
  request: Request;
  /** A POST's parsed JSON body (an object, or a batch's array): yoga's params. */
  body?: object;
}

/**
 * The HTTP rules of CONTRACT.md §1 on a GraphQL request, checked before yoga reads it, so every
 * refusal is a contract error rather than yoga's own answer (an empty 415, a parser exception).
 * A POST body is read and parsed here, once: yoga takes it from its server context
 * (`useParsedBody`, src/graphql/yoga.ts) and never reads the body again.
 */
export async function checkGraphqlRequest(
  request: Request,
  url: URL,
  maxBytes: number,
): Promise<CheckedGraphqlRequest> {
  if (request.method === "GET") {
    checkJsonParam(url, "variables");
    checkJsonParam(url, "extensions");
    return { request: new Request(request.url, { method: "GET", headers: yogaHeaders(request) }) };
  }
  if (!METHODS.includes(request.method)) {
    throw new ApiError("method_not_allowed", {
      message: `${request.method} is not allowed on ${url.pathname}; use ${METHODS.join(", ")}.`,
      details: { allowed: METHODS },
      headers: { Allow: METHODS.join(", ") },
    });
  }
  const body = await readJsonBody(request, maxBytes);
  if (body === undefined) {
    throw new ApiError("parameter_missing", {
      param: "query",
      message: 'Send the operation as a JSON body: {"query": "…", "variables": {…}}.',
    });
  }
  if (body === null || typeof body !== "object") {
    throw new ApiError("parameter_invalid", {
      message: `Send the operation as a JSON object, {"query": "…", "variables": {…}}, not ${body === null ? "null" : typeof body}.`,
    });
  }
  const headers = yogaHeaders(request);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return { request: new Request(request.url, { method: "POST", headers }), body };
}
