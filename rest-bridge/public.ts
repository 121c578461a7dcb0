import type { GraphQLSchema } from "graphql";
import type { CompiledRoute } from "./compile.js";

/** Documents served without an API key: the OpenAPI document and the reference page. */
export async function servePublicDocument(
  _request: Request,
  _url: URL,
  _routes: CompiledRoute[],
  _schema: GraphQLSchema,
): Promise<Response | null> {
  return null;
}
