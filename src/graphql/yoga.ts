import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import { GraphQLError, type GraphQLSchema } from "graphql";
import { createYoga, type Plugin, type YogaServerInstance } from "graphql-yoga";
import type { RequestContext } from "../context.js";
import { ApiError, ERROR_CATALOG } from "../errors.js";
import type { Logger } from "../logger.js";
import { toGraphQLError } from "./api-error.js";
import { useVariableCheck } from "./variables.js";
import { useGraphqlVocabulary } from "./vocabulary.js";
import { useTextGuard } from "./text-guard.js";

type ServerContext = {
  mdContext?: RequestContext;
  /** A POST's body, already read and parsed by src/graphql/http-request.ts. */
  graphqlBody?: object;
};

/** Yoga's params are the body parsed before it: one read and one parse per request. */
function useParsedBody(): Plugin<ServerContext> {
  return {
    onRequestParse({ serverContext, setRequestParser }) {
      const body = (serverContext as ServerContext).graphqlBody;
      if (body !== undefined) setRequestParser(() => body as never);
    },
  };
}

/**
 * The contract code of a request error GraphQL or yoga raised (its own code kept as
 * `graphql_code`): 405 when yoga refused the method, otherwise parameter_invalid.
 */
function requestErrorExtensions(extensions: Record<string, unknown> | undefined) {
  const { originalError: _internal, ...rest } = extensions ?? {};
  const httpStatus = (rest.http as { status?: number } | undefined)?.status;
  const code = httpStatus === 405 ? "method_not_allowed" : "parameter_invalid";
  return {
    ...rest,
    code,
    type: ERROR_CATALOG[code].type,
    status: ERROR_CATALOG[code].status,
    ...(rest.code ? { graphql_code: rest.code } : {}),
  };
}

/** The ApiError an error was raised with, however deeply GraphQL wrapped it. */
function apiErrorIn(error: unknown): ApiError | undefined {
  for (let e: unknown = error; e; e = e instanceof GraphQLError ? e.originalError : undefined)
    if (e instanceof ApiError) return e;
  return undefined;
}

/**
 * Parse, validation and variable errors: raised by GraphQL itself before any field ran (no
 * path), from nothing but GraphQL errors. Variable coercion wraps the scalar's own GraphQLError,
 * so "has an originalError" does not mean "unexpected".
 */
function isRequestError(error: GraphQLError): boolean {
  if (error.path) return false;
  for (let e = error.originalError; e; e = (e as GraphQLError).originalError)
    if (!(e instanceof GraphQLError)) return false;
  return true;
}

/** The error model on the GraphQL face: ApiError → extensions; anything unexpected is masked. */
function maskError(error: unknown, logger: Logger): Error {
  const gqlError = error instanceof GraphQLError ? error : undefined;
  const api = apiErrorIn(error);
  if (api) {
    // Already rendered (e.g. by the variable check): keep it, with its request-error status.
    if (gqlError?.originalError === api && gqlError.extensions.code === api.code) return gqlError;
    return toGraphQLError(api, { nodes: gqlError?.nodes, path: gqlError?.path });
  }
  if (gqlError && isRequestError(gqlError)) {
    return new GraphQLError(gqlError.message, {
      nodes: gqlError.nodes,
      extensions: requestErrorExtensions(gqlError.extensions),
    });
  }
  logger.error({ err: gqlError?.originalError ?? error }, "unhandled GraphQL error");
  return new GraphQLError("An internal error occurred. Quote the request id when reporting it.", {
    nodes: gqlError?.nodes,
    path: gqlError?.path,
    extensions: { code: "internal_error", type: "api_error", status: 500 },
  });
}

type ErrorLike = { extensions?: Record<string, unknown> };
type ResultLike = {
  data?: unknown;
  errors?: ReadonlyArray<ErrorLike>;
  extensions?: Record<string, unknown>;
};

const withExtensions = <E extends ErrorLike>(e: E, extensions: Record<string, unknown>): E =>
  Object.assign(Object.create(Object.getPrototypeOf(e)), e, { extensions });

/**
 * A result error in contract terms. Errors yoga raises outside execution never reach maskError
 * and get our code here. A client's error that stopped the request before execution (no data)
 * is marked a request error, so yoga answers it as it does a validation error (200 to
 * application/json, 400 to application/graphql-response+json) and never as an unexpected 500.
 */
function contractError<E extends ErrorLike>(e: E, beforeExecution: boolean): E {
  const code = e.extensions?.code as string | undefined;
  if (!code || !(code in ERROR_CATALOG))
    return withExtensions(e, requestErrorExtensions(e.extensions));
  const status = ERROR_CATALOG[code as keyof typeof ERROR_CATALOG].status;
  if (!beforeExecution || e.extensions?.http || status >= 500) return e;
  return withExtensions(e, { ...e.extensions, http: { spec: true, status } });
}

/**
 * Every result's errors in contract terms, and the request id (the audit_ref) in its
 * extensions: GraphQL allows nothing beside data, errors and extensions at the top
 * (CONTRACT.md §1).
 */
function useContractErrors(): Plugin<ServerContext> {
  return {
    onResultProcess({ result, setResult, serverContext }) {
      if (!result || Symbol.asyncIterator in (result as object) || Array.isArray(result)) return;
      const r = result as ResultLike;
      const requestId = (serverContext as ServerContext | undefined)?.mdContext?.requestId;
      const errors = r.errors?.map((e) => contractError(e, r.data === undefined));
      setResult({
        ...r,
        ...(errors ? { errors } : {}),
        extensions: {
          ...r.extensions,
          ...(requestId ? { request_id: requestId, audit_ref: requestId } : {}),
        },
      } as never);
    },
  };
}

export function createGraphqlServer(schema: GraphQLSchema, logger: Logger, graphiql: boolean) {
  return createYoga<ServerContext>({
    schema,
    graphqlEndpoint: "/graphql",
    landingPage: false,
    // CORS is handled for both faces by src/http/cors.ts.
    cors: false,
    // GraphiQL's page and assets come from the installed package, not a CDN. The package is a
    // 9 MB module of inlined assets (about 30 MB of heap once evaluated), so it is loaded on the
    // first request for the page, never by a server nobody opens GraphiQL on.
    renderGraphiQL: async (options) =>
      (await import("@graphql-yoga/render-graphiql")).renderGraphiQL(options),
    logging: false,
    // The body was read, size-checked and parsed before yoga sees it (src/graphql/http-request.ts)
    // and is handed over parsed (useParsedBody): yoga never reads a request body itself.
    maxRequestBodySize: false,
    context: ({ mdContext }) => mdContext as RequestContext,
    maskedErrors: { maskError: (error) => maskError(error, logger) },
    graphiql: graphiql
      ? {
          title: "Case Recovery Enforcement API",
          defaultQuery:
            "# Send your sandbox key: Authorization: Bearer md_test_REPLACE_WITH_YOUR_KEY\n{ operations(first: 5) { edges { node { id state } } } }\n",
          headers: JSON.stringify({ Authorization: "Bearer md_test_REPLACE_WITH_YOUR_KEY" }),
        }
      : false,
    plugins: [
      useParsedBody(),
      useContractErrors(),
      useVariableCheck(),
      useGraphqlVocabulary(),
      useTextGuard(),
      EnvelopArmorPlugin({
        maxDepth: { n: 15, ignoreIntrospection: false, flattenFragments: true },
        maxAliases: { n: 15 },
        maxTokens: { n: 5000 },
        maxDirectives: { n: 50 },
        costLimit: { maxCost: 20000 },
        blockFieldSuggestion: { enabled: true },
      }),
    ],
  }) as YogaServerInstance<ServerContext, RequestContext>;
}
