/**
 * CORS for browser front ends (dashboards query GraphQL and REST from their own origin).
 * Authentication is a bearer header, never a cookie, so allowing any origin exposes nothing a
 * script could not already send; MD_CORS_ORIGINS narrows it to a list.
 */
const ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key, MD-Version";
const EXPOSED_HEADERS = [
  "MD-Request-Id",
  "MD-Version",
  "MD-RateLimit-Limit",
  "MD-RateLimit-Remaining",
  "Retry-After",
  "Idempotent-Replayed",
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

/** The answer to a preflight (OPTIONS with Access-Control-Request-Method), or null. */
export function preflight(policy: CorsPolicy, request: Request): Response | null {
  if (request.method !== "OPTIONS" || !request.headers.get("access-control-request-method"))
    return null;
  const origin = allowedOrigin(policy, request.headers.get("origin"));
  const headers: Record<string, string> = { Vary: "Origin" };
  if (origin) {
    Object.assign(headers, {
      "Access-Control-Allow-Origin": origin,
      "Access-Control-Allow-Methods": METHODS,
      "Access-Control-Allow-Headers": ALLOWED_HEADERS,
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
    Vary: "Origin",
  };
}
