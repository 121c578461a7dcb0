import type { GraphQLSchema } from "graphql";
import { requireScope } from "../src/auth/principal.js";
import type { RequestContext } from "../src/context.js";
import { ApiError } from "../src/errors.js";
import { fingerprint, type IdempotencyStore } from "../src/http/idempotency.js";
import { readJsonBody } from "./body.js";
import type { CompiledRoute } from "./compile.js";
import { buildVariables, runRoute } from "./execute.js";

export interface RestResult {
  status: number;
  /** Serialised JSON, exactly as sent (and as replayed for an idempotent retry). */
  body: string;
  replayed: boolean;
}

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
  let claimed: string | null = null;
  if (key !== null && route.def.idempotent) {
    idempotency.validateKey(key);
    const claim = await idempotency.claim(
      scope,
      key,
      fingerprint(request.method, url.pathname + url.search, body ?? null),
    );
    if (claim.kind === "replay") return { status: claim.status, body: claim.body, replayed: true };
    claimed = claim.key;
  }

  let status = 500;
  let text = "";
  try {
    const variables = buildVariables(route, params, url.searchParams, body);
    const out = await runRoute(schema, route, variables, ctx);
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
    if (claimed) await idempotency.finish(scope, claimed, status, text);
  }
  return { status, body: text, replayed: false };
}
