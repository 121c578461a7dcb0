import type { GraphQLSchema } from "graphql";
import { requireScope } from "../src/auth/principal.js";
import type { RequestContext } from "../src/context.js";
import { ApiError } from "../src/errors.js";
import { type Claim, fingerprint, type IdempotencyStore } from "../src/http/idempotency.js";
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
  ctx: RequestContext,
  idempotency: IdempotencyStore,
): Promise<RestResult> {
  if (route.gate) requireScope(ctx.principal, route.gate.scope);
  const url = new URL(request.url);
  const hasBody = request.method !== "GET";
  const body = hasBody ? await readJsonBody(request, ctx.services.config.maxBodyBytes) : undefined;

  const key = request.headers.get("idempotency-key");
  const scope = {
    organizationId: ctx.principal.organizationId,
    environment: ctx.principal.environment,
  };
  // The claim's statement runs alongside the operation's parsing, validation and reads; a
  // write waits for it (src/write.ts), and its outcome decides the response.
  let claim: Promise<Claim> | null = null;
  if (key !== null && route.def.idempotent) {
    idempotency.validateKey(key);
    claim = idempotency.claim(
      scope,
      key,
      fingerprint(request.method, url.pathname + url.search, body ?? null),
    );
    const claimed = claim.then((c) => {
      if (c.kind !== "new")
        throw new ApiError("idempotency_key_in_use", { param: "Idempotency-Key" });
    });
    claimed.catch(() => {}); // the handler reports the claim's own outcome below
    ctx.idempotency = { ...scope, key, committed: false, claimed };
  }

  let status = 500;
  let text = "";
  let failure: unknown = null;
  try {
    const variables = buildVariables(route, params, url.searchParams, body);
    const out = await runRoute(schema, route, variables, ctx);
    // File routes are GET (never idempotent-claimed): the bytes go out as they are stored.
    if (route.def.file) return { status: 200, ...fileResponse(out), replayed: false };
    status = route.def.status ?? 200;
    text = JSON.stringify({ ...out, audit_ref: ctx.requestId });
  } catch (error) {
    failure = error;
  }
  // A replayed, reused or busy key answers for itself, whatever the operation made of the request.
  const outcome = claim ? await claim : null;
  if (outcome?.kind === "replay")
    return { status: outcome.status, body: outcome.body, headers: JSON_HEADERS, replayed: true };
  if (failure !== null) {
    const apiError = failure instanceof ApiError ? failure : new ApiError("internal_error");
    if (!(failure instanceof ApiError))
      ctx.services.logger.error({ request_id: ctx.requestId, err: failure }, "unhandled error");
    if (!outcome) throw apiError;
    status = apiError.status;
    text = JSON.stringify(apiError.toBody(ctx.requestId));
  }
  if (outcome)
    idempotency.finishLater(scope, outcome.key, status, text, {
      committed: ctx.idempotency?.committed,
      onError: (err) =>
        ctx.services.logger.error(
          { request_id: ctx.requestId, err },
          "storing the idempotent response failed",
        ),
    });
  return { status, body: text, headers: JSON_HEADERS, replayed: false };
}
