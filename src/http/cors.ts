import { Response } from "./fetch-api.js";
/**
 * CORS for browser front ends (dashboards query GraphQL and REST from their own origin).
 * Authentication is a bearer header, never a cookie, so allowing any origin exposes nothing a
 * script could not already send; MD_CORS_ORIGINS narrows it to a list. For the same reason a
 * preflight allows whatever request headers it asks for (tracing, client-name and other
 * headers of GraphQL and HTTP clients), so no client library needs a server change.
 */
const BASE_HEADERS = "Authorization, Content-Type, Idempotency-Key, MD-Version";
/** A comma-separated list of header names (RFC 9110 tokens); anything else is not echoed. */
const HEADER_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \t]*,[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;
const MAX_HEADER_LIST = 4096;
const EXPOSED_HEADERS = [
  "MD-Request-Id",
  "MD-Version",
  "MD-RateLimit-Limit",
  "MD-RateLimit-Remaining",
  "Retry-After",
  "Idempotent-Replayed",
  // Export downloads: the file's name and hash.
  "Content-Disposition",
  "ETag",
  "Repr-Digest",
].join(", ");
const METHODS = "GET, POST, PATCH, OPTIONS";

export interface CorsPolicy {
  /** `["*"]` or exact origins such as `https://dashboard.example.com`. */
  origins: readonly string[];
}

function allowedOrigin(policy: CorsPolicy, origin: string | null): string | null {
  if (!origin) return null;
  if (policy.origins.includes("*")) return "*";
  return policy.origins.includes(origin) ? origin : null;
}

/** The requested headers plus ours; a malformed request list gets ours only. */
function allowedHeaders(request: Request): string {
  const requested = request.headers.get("access-control-request-headers")?.trim() ?? "";
  if (!requested || requested.length > MAX_HEADER_LIST || !HEADER_LIST.test(requested))
    return BASE_HEADERS;
  return `${BASE_HEADERS}, ${requested}`;
}

const isPreflight = (request: Request) =>
  request.method === "OPTIONS" && request.headers.has("access-control-request-method");
const vary = (request: Request) =>
  isPreflight(request) ? "Origin, Access-Control-Request-Headers" : "Origin";

/** The answer to a preflight (OPTIONS with Access-Control-Request-Method), or null. */
export function preflight(policy: CorsPolicy, request: Request): Response | null {
  if (!isPreflight(request)) return null;
  const origin = allowedOrigin(policy, request.headers.get("origin"));
  const headers: Record<string, string> = { Vary: vary(request) };
  if (origin) {
    Object.assign(headers, {
      "Access-Control-Allow-Origin": origin,
      "Access-Control-Allow-Methods": METHODS,
      "Access-Control-Allow-Headers": allowedHeaders(request),
      "Access-Control-Max-Age": "600",
    });
  }
  return new Response(null, { status: 204, headers });
}

/** Adds the CORS headers of an actual (non-preflight) response. */
export function corsHeaders(policy: CorsPolicy, request: Request): Record<string, string> {
  const origin = allowedOrigin(policy, request.headers.get("origin"));
  if (!origin) return {};
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Expose-Headers": EXPOSED_HEADERS,
    Vary: vary(request),
  };
}
