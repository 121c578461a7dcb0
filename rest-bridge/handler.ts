import type { GraphQLSchema } from "graphql";
import { requireScope } from "../src/auth/principal.js";
import type { RequestContext } from "../src/context.js";
import { ApiError } from "../src/errors.js";
import { fingerprint, type IdempotencyStore } from "../src/http/idempotency.js";
import { readJsonBody } from "./body.js";
import type { CompiledRoute } from "./compile.js";
import { fileResponse } from "./file.js";
import { buildVariables, runRoute } from "./execute.js";

export interface RestResult {
  status: number;
  /** Serialised JSON, exactly as sent (and as replayed for an idempotent retry), or a file. */
  body: string | Uint8Array<ArrayBuffer>;
  /** Content-Type and, for a file, the headers describing it. */
  headers: Record<string, string>;
  replayed: boolean;
}

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8" };

/**
 * Serves one matched REST route for an authenticated caller, in the order of CONTRACT.md §2:
 * scope, body/query validation, then the GraphQL operation (lookups, gates, state rules).
 */
export async function serveRoute(
  schema: GraphQLSchema,
  route: CompiledRoute,
  params: Record<string, string>,
  request: Request,
  url: URL,
  ctx: RequestContext,
  idempotency: IdempotencyStore,
): Promise<RestResult> {
  if (route.gate) requireScope(ctx.principal, route.gate.scope);
  const hasBody = request.method !== "GET";
  const body = hasBody ? await readJsonBody(request, ctx.services.config.maxBodyBytes) : undefined;

  const key = request.headers.get("idempotency-key");
  const scope = {
    organizationId: ctx.principal.organizationId,
    environment: ctx.principal.environment,
  };
  let claimed: string | null = null;
  if (key !== null && route.def.idempotent) {
    idempotency.validateKey(key);
    // Claimed before the operation runs: a replay does none of its work again (no reads, no
    // provider calls), it only answers with what was stored.
    const claim = await idempotency.claim(
      scope,
      key,
      fingerprint(request.method, url.pathname + url.search, body ?? null),
    );
    if (claim.kind === "replay")
      return { status: claim.status, body: claim.body, headers: JSON_HEADERS, replayed: true };
    claimed = claim.key;
    ctx.idempotency = { ...scope, key: claimed, committed: false };
  }

  let status = 500;
  let text = "";
  try {
    const variables = buildVariables(route, params, url.searchParams, body);
    const out = await runRoute(schema, route, variables, ctx);
    // File routes are GET (never idempotent-claimed): the bytes go out as they are stored.
    if (route.def.file) return { status: 200, ...fileResponse(out), replayed: false };
    status = route.def.status ?? 200;
    text = JSON.stringify({ ...out, audit_ref: ctx.requestId });
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError("internal_error");
    if (!(error instanceof ApiError))
      ctx.services.logger.error({ request_id: ctx.requestId, err: error }, "unhandled error");
    status = apiError.status;
    text = JSON.stringify(apiError.toBody(ctx.requestId));
    if (!claimed) throw apiError;
  } finally {
    // Stored while the response is sent; a retry waits for it (src/http/idempotency.ts).
    if (claimed)
      idempotency.finishLater(scope, claimed, status, text, {
        committed: ctx.idempotency?.committed,
        onError: (err) =>
          ctx.services.logger.error(
            { request_id: ctx.requestId, err },
            "storing the idempotent response failed",
          ),
      });
  }
  return { status, body: text, headers: JSON_HEADERS, replayed: false };
}
