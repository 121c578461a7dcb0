import { execute, getNamedType, isObjectType, type GraphQLSchema } from "graphql";
import type { RequestContext } from "../src/context.js";
import { ApiError, invalid, toApiError } from "../src/errors.js";
import { assertStorable } from "../src/input-guard.js";
import { toCamel } from "./case.js";
import { PAGE_PARAMS, type CompiledRoute } from "./compile.js";
import { fromQueryString, fromRest } from "./input.js";
import { toRest } from "./shape.js";

const PAGE_ARG_TO_PARAM: Record<string, string> = Object.fromEntries(
  Object.entries(PAGE_PARAMS).map(([param, arg]) => [arg, param]),
);

/** An endpoint that takes no body accepts `{}` (or nothing) and names any field sent. */
function refuseBody(body: unknown): void {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new ApiError("parameter_invalid", {
      message: "This endpoint takes no body; send {} or nothing.",
    });
  }
  const [first] = Object.keys(body);
  if (first !== undefined) {
    throw new ApiError("unknown_parameter", {
      param: first,
      message: `Unknown parameter: ${first}. This endpoint takes no body fields.`,
      details: { accepted: [] },
    });
  }
}

function decodePathParam(raw: string, param: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw invalid(param, `${param} is not valid percent-encoded UTF-8.`);
  }
}

/**
 * Validates path, query and body against the route's field arguments; returns variables.
 * Every value is first checked to be storable exactly as sent (src/input-guard.ts).
 */
export function buildVariables(
  route: CompiledRoute,
  pathParams: Record<string, string>,
  query: URLSearchParams,
  body: unknown,
): Record<string, unknown> {
  const vars: Record<string, unknown> = {};
  const bound = new Set<string>();
  if (body !== undefined && !Object.values(route.def.args ?? {}).includes("body")) refuseBody(body);
  if (body !== undefined) assertStorable(body, "");
  for (const [argName, source] of Object.entries(route.def.args ?? {})) {
    const arg = route.field.args.find((a) => a.name === argName)!;
    bound.add(argName);
    if (source === "body") vars[argName] = fromRest(body ?? {}, arg.type, "");
    else {
      const param = source.slice(5);
      const raw = pathParams[param];
      const value = raw === undefined ? undefined : decodePathParam(raw, param);
      assertStorable(value, param);
      vars[argName] = fromRest(value, arg.type, param);
    }
  }
  // GET routes take their remaining arguments (filters, options) from the query string.
  const queryArgs =
    route.def.method === "GET" ? route.field.args.filter((a) => !bound.has(a.name)) : [];
  for (const key of new Set(query.keys())) {
    const argName = (route.def.list ? PAGE_PARAMS[key] : undefined) ?? toCamel(key);
    const arg = queryArgs.find((a) => a.name === argName);
    if (!arg || (argName === key && key in PAGE_ARG_TO_PARAM) || key !== key.toLowerCase()) {
      throw new ApiError("unknown_parameter", {
        param: key,
        message: `Unknown query parameter: ${key}.`,
      });
    }
    const values = query.getAll(key);
    if (values.length > 1)
      throw new ApiError("parameter_invalid", { param: key, message: `${key} may be given once.` });
    assertStorable(values[0], key);
    vars[argName] = fromQueryString(values[0]!, arg, key);
  }
  return vars;
}

function renameParam(error: ApiError): ApiError {
  const param = error.param && PAGE_ARG_TO_PARAM[error.param];
  if (!param) return error;
  return new ApiError(error.code, {
    message: error.message,
    param,
    details: error.details,
    headers: error.headers,
  });
}

/** Runs the route's pre-validated operation and renders the REST body (without audit_ref). */
export async function runRoute(
  schema: GraphQLSchema,
  route: CompiledRoute,
  variables: Record<string, unknown>,
  ctx: RequestContext,
): Promise<Record<string, unknown>> {
  const result = await execute({
    schema,
    document: route.document,
    variableValues: variables,
    contextValue: ctx,
  });
  if (result.errors?.length) {
    const error = result.errors[0]!;
    const apiError = toApiError(error);
    if (apiError.code === "internal_error") {
      ctx.services.logger.error(
        { request_id: ctx.requestId, err: error.originalError ?? error },
        "unhandled error",
      );
    }
    throw renameParam(apiError);
  }
  const data = (result.data as { result: unknown }).result;
  if (!route.def.list) return toRest(data, route.field.type) as Record<string, unknown>;
  const conn = data as {
    edges: Array<{ node: unknown }>;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
  const connType = getNamedType(route.field.type);
  const edgeType = isObjectType(connType)
    ? getNamedType(connType.getFields().edges!.type)
    : undefined;
  const nodeType = edgeType && isObjectType(edgeType) ? edgeType.getFields().node!.type : undefined;
  return {
    items: conn.edges.map((e) => (nodeType ? toRest(e.node, nodeType) : e.node)),
    has_more: conn.pageInfo.hasNextPage,
    next_cursor: conn.pageInfo.hasNextPage ? conn.pageInfo.endCursor : null,
  };
}
