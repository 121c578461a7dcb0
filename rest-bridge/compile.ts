import {
  FieldsOnCorrectTypeRule,
  getNamedType,
  isObjectType,
  KnownArgumentNamesRule,
  KnownTypeNamesRule,
  NoUndefinedVariablesRule,
  NoUnusedVariablesRule,
  parse,
  PossibleFragmentSpreadsRule,
  ProvidedRequiredArgumentsRule,
  ScalarLeafsRule,
  validate,
  VariablesInAllowedPositionRule,
  type DocumentNode,
  type GraphQLField,
  type GraphQLSchema,
} from "graphql";
import type { GateSpec } from "../src/gates.js";
import { checkFileField } from "./file.js";
import { selectionFor } from "./shape.js";
import type { RouteDef } from "./types.js";

/** Query parameters of every list endpoint, renamed to the connection's arguments. */
export const PAGE_PARAMS: Record<string, string> = { limit: "first", cursor: "after" };

export interface CompiledRoute {
  def: RouteDef;
  field: GraphQLField<unknown, unknown>;
  operationType: "query" | "mutation";
  document: DocumentNode;
  pattern: RegExp;
  pathParams: string[];
  /** Literal path segments: the more, the more specific (a literal beats a parameter). */
  literals: number;
  gate: GateSpec | undefined;
}

function pathPattern(path: string): { pattern: RegExp; params: string[] } {
  const params: string[] = [];
  const source = path
    .split("/")
    .map((seg) => {
      const m = /^\{([a-z_]+)\}$/.exec(seg);
      if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      params.push(m[1]!);
      return "([^/]+)";
    })
    .join("/");
  return { pattern: new RegExp(`^${source}$`), params };
}

/**
 * The validation rules a generated route operation can break (a field, argument, type or
 * variable that does not fit the schema). The full rule set, much slower at start, runs over
 * every route in test/rest-bridge/route-table.test.ts.
 */
export const ROUTE_RULES = [
  FieldsOnCorrectTypeRule,
  KnownArgumentNamesRule,
  KnownTypeNamesRule,
  ProvidedRequiredArgumentsRule,
  ScalarLeafsRule,
  PossibleFragmentSpreadsRule,
  NoUndefinedVariablesRule,
  NoUnusedVariablesRule,
  VariablesInAllowedPositionRule,
];

/** Builds, parses and validates each route's GraphQL operation once, at start. */
export function compileRoutes(schema: GraphQLSchema, defs: RouteDef[]): CompiledRoute[] {
  return defs.map((def) => {
    const operationType = def.method === "GET" ? "query" : "mutation";
    const root = operationType === "query" ? schema.getQueryType() : schema.getMutationType();
    const field = root?.getFields()[def.field];
    if (!field)
      throw new Error(`Route ${def.method} ${def.path}: no ${operationType} field '${def.field}'.`);
    const varDefs = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(", ");
    const argUse = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
    let selection: string;
    if (def.list) {
      const conn = getNamedType(field.type);
      const edge = isObjectType(conn) ? conn.getFields().edges : undefined;
      const node =
        edge && isObjectType(getNamedType(edge.type))
          ? (getNamedType(edge.type) as any).getFields().node
          : undefined;
      if (!node) throw new Error(`Route ${def.path}: '${def.field}' is not a connection.`);
      selection = `{ edges { node ${selectionFor(node.type)} } pageInfo { hasNextPage endCursor } }`;
    } else {
      if (def.file) checkFileField(def, field);
      selection = selectionFor(field.type);
    }
    const text = `${operationType} Route${varDefs ? `(${varDefs})` : ""} { result: ${def.field}${argUse ? `(${argUse})` : ""} ${selection} }`;
    const document = parse(text);
    const errors = validate(schema, document, ROUTE_RULES);
    if (errors.length)
      throw new Error(
        `Route ${def.method} ${def.path}: ${errors.map((e) => e.message).join("; ")}`,
      );
    const { pattern, params } = pathPattern(def.path);
    for (const [arg, source] of Object.entries(def.args ?? {})) {
      if (!field.args.some((a) => a.name === arg))
        throw new Error(`Route ${def.path}: '${def.field}' has no argument '${arg}'.`);
      if (source.startsWith("path.") && !params.includes(source.slice(5))) {
        throw new Error(`Route ${def.path}: no path parameter '${source.slice(5)}'.`);
      }
    }
    return {
      def,
      field,
      operationType,
      document,
      pattern,
      pathParams: params,
      literals: def.path.split("/").length - params.length,
      gate: (field.extensions as { gate?: GateSpec }).gate,
    };
  });
}

export type RouteMatch =
  | {
      kind: "route";
      route: CompiledRoute;
      /** Path parameters still percent-encoded; buildVariables decodes and checks them. */
      params: Record<string, string>;
    }
  | { kind: "method_not_allowed"; allowed: string[] }
  | { kind: "none" };

/**
 * The route for a method and path. A literal segment beats a parameter (`/v1/sanctions/screen`
 * is that path, never a review id), so a wrong method on a literal path is 405, not a lookup.
 */
export function matchRoute(routes: CompiledRoute[], method: string, pathname: string): RouteMatch {
  let best = -1;
  const candidates: Array<{ route: CompiledRoute; m: RegExpExecArray }> = [];
  for (const route of routesFor(routes, pathname)) {
    const m = route.pattern.exec(pathname);
    if (!m) continue;
    if (route.literals < best) continue;
    if (route.literals > best) {
      best = route.literals;
      candidates.length = 0;
    }
    candidates.push({ route, m });
  }
  const hit = candidates.find((c) => c.route.def.method === method);
  if (!hit) {
    const allowed = [...new Set(candidates.map((c) => c.route.def.method))];
    return allowed.length ? { kind: "method_not_allowed", allowed } : { kind: "none" };
  }
  const params: Record<string, string> = {};
  hit.route.pathParams.forEach((p, i) => {
    params[p] = hit.m[i + 1]!;
  });
  return { kind: "route", route: hit.route, params };
}

/**
 * The routes a path can match, in table order: a parameter never spans a `/`, so only routes
 * with as many segments, whose resource segment (`/v1/<resource>/…`) is that literal or a
 * parameter, are tried (a few, not all of the table's regular expressions).
 */
const routeIndexes = new WeakMap<CompiledRoute[], Map<string, CompiledRoute[]>>();

function routesFor(routes: CompiledRoute[], pathname: string): CompiledRoute[] {
  let index = routeIndexes.get(routes);
  if (!index) routeIndexes.set(routes, (index = indexRoutes(routes)));
  const segments = pathname.split("/");
  return (
    index.get(`${segments.length} ${segments[2] ?? ""}`) ?? index.get(`${segments.length} *`) ?? []
  );
}

/** Routes by `<segment count> <resource>`, `*` standing for a parameter in that position. */
function indexRoutes(routes: CompiledRoute[]): Map<string, CompiledRoute[]> {
  const keyOf = (route: CompiledRoute) => {
    const segments = route.def.path.split("/");
    const resource = segments[2] ?? "";
    return `${segments.length} ${/^\{.*\}$/.test(resource) ? "*" : resource}`;
  };
  const keys = new Set(routes.map(keyOf));
  return new Map(
    [...keys].map((key) => {
      const [count] = key.split(" ");
      const fits = (r: CompiledRoute) => {
        const k = keyOf(r);
        return k === key || k === `${count} *`;
      };
      return [key, routes.filter(fits)];
    }),
  );
}
