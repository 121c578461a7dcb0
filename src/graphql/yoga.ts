import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import { GraphQLError, type GraphQLSchema } from "graphql";
import { renderGraphiQL } from "@graphql-yoga/render-graphiql";
import { createYoga, type Plugin, type YogaServerInstance } from "graphql-yoga";
import { ERROR_CATALOG } from "../errors.js";
import type { RequestContext } from "../context.js";
import { ApiError } from "../errors.js";
import type { Logger } from "../logger.js";

type ServerContext = { mdContext?: RequestContext };

/** The error model on the GraphQL face: ApiError → extensions; anything unexpected is masked. */
function maskError(error: unknown, logger: Logger): Error {
  const gqlError = error instanceof GraphQLError ? error : undefined;
  const original = gqlError?.originalError ?? (gqlError ? undefined : error);
  if (
    original instanceof ApiError ||
    (original as GraphQLError | undefined)?.originalError instanceof ApiError
  ) {
    const api = (
      original instanceof ApiError ? original : (original as GraphQLError).originalError
    ) as ApiError;
    return new GraphQLError(api.message, {
      nodes: gqlError?.nodes,
      path: gqlError?.path,
      originalError: api,
      extensions: {
        code: api.code,
        type: api.type,
        status: api.status,
        ...(api.param !== undefined ? { param: api.param } : {}),
        details: api.details,
      },
    });
  }
  if (gqlError && !original) {
    // Parse, validation and variable errors: the client's request is malformed.
    return new GraphQLError(gqlError.message, {
      nodes: gqlError.nodes,
      path: gqlError.path,
      extensions: {
        ...gqlError.extensions,
        code: "parameter_invalid",
        type: "invalid_request_error",
        status: 400,
        ...(gqlError.extensions?.code ? { graphql_code: gqlError.extensions.code } : {}),
      },
    });
  }
  logger.error({ err: original ?? error }, "unhandled GraphQL error");
  return new GraphQLError("An internal error occurred. Quote the request id when reporting it.", {
    nodes: gqlError?.nodes,
    path: gqlError?.path,
    extensions: { code: "internal_error", type: "api_error", status: 500 },
  });
}

type ResultLike = {
  errors?: ReadonlyArray<{ extensions?: Record<string, unknown> }>;
  extensions?: Record<string, unknown>;
};

/**
 * Parse and validation errors never reach maskError; give them our code too, and put the
 * request id (the audit_ref) in every result, at the top and in its extensions.
 */
function useContractErrors(): Plugin<ServerContext> {
  return {
    onResultProcess({ result, setResult, serverContext }) {
      if (!result || Symbol.asyncIterator in (result as object) || Array.isArray(result)) return;
      const r = result as ResultLike;
      const requestId = (serverContext as ServerContext | undefined)?.mdContext?.requestId;
      const errors = r.errors?.map((e) => {
        const code = e.extensions?.code as string | undefined;
        if (code && code in ERROR_CATALOG) return e;
        return Object.assign(Object.create(Object.getPrototypeOf(e)), e, {
          extensions: {
            ...e.extensions,
            code: "parameter_invalid",
            type: "invalid_request_error",
            status: 400,
            ...(code ? { graphql_code: code } : {}),
          },
        });
      });
      setResult({
        ...r,
        ...(errors ? { errors } : {}),
        extensions: {
          ...r.extensions,
          ...(requestId ? { request_id: requestId, audit_ref: requestId } : {}),
        },
        // CONTRACT.md §1 puts audit_ref at the top of every JSON object body; GraphQL clients
        // ignore keys beside data/errors/extensions.
        ...(requestId ? { audit_ref: requestId } : {}),
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
    // GraphiQL's page and assets come from the installed package, not a CDN.
    renderGraphiQL,
    logging: false,
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
      useContractErrors(),
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
