import { GraphQLError, type ASTNode } from "graphql";
import type { ApiError } from "../errors.js";

/** Where a GraphQL error points and whether it is a request error (before any field ran). */
export interface ErrorSite {
  nodes?: ReadonlyArray<ASTNode> | ASTNode;
  path?: ReadonlyArray<string | number>;
  /**
   * Request errors (parse, validation, variables) answer 400 to `application/graphql-response+json`
   * clients and 200 to `application/json` ones, as GraphQL over HTTP has it; yoga reads this.
   */
  requestError?: boolean;
}

/** The GraphQL face of an ApiError: the CONTRACT.md §2 code and its facts in `extensions`. */
export function toGraphQLError(api: ApiError, site: ErrorSite = {}): GraphQLError {
  return new GraphQLError(api.message, {
    nodes: site.nodes,
    path: site.path,
    originalError: api,
    extensions: {
      code: api.code,
      type: api.type,
      status: api.status,
      ...(api.param !== undefined ? { param: api.param } : {}),
      details: api.details,
      ...(site.requestError ? { http: { spec: true, status: api.status } } : {}),
    },
  });
}
