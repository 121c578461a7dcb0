import {
  type DocumentNode,
  execute,
  getNamedType,
  GraphQLSchema,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  parse,
} from "graphql";
import { toSnake } from "./case.js";

/**
 * The REST representation of a GraphQL object type: every field without required arguments,
 * recursively, except Relay connections and the Node `id` (REST names ids `<thing>_id`, unless
 * the type sets `extensions.restExposeId`, as Operation does). Cycles stop at the first repeat.
 * A field whose object is shown in brief on REST lists the kept fields in `extensions.restFields`.
 */
const MAX_DEPTH = 4;

function restFields(
  type: GraphQLObjectType,
  only?: readonly string[],
): Array<GraphQLField<unknown, unknown>> {
  return Object.values(type.getFields()).filter((f) => {
    if (only && !only.includes(f.name)) return false;
    if (f.args.some((a) => isNonNullType(a.type))) return false;
    if (f.name === "id" && !type.extensions?.restExposeId) return false;
    if ((f.extensions as { restOmit?: boolean } | undefined)?.restOmit) return false;
    const named = getNamedType(f.type);
    return !named.name.endsWith("Connection");
  });
}

export function selectionFor(
  type: GraphQLOutputType,
  path: string[] = [],
  only?: readonly string[],
): string {
  const named = getNamedType(type);
  if (!isObjectType(named)) return "";
  const parts: string[] = [];
  for (const f of restFields(named, only)) {
    const child = getNamedType(f.type);
    if (isLeafType(child)) parts.push(f.name);
    else if (isObjectType(child) && path.length < MAX_DEPTH && !path.includes(child.name)) {
      const brief = (f.extensions as { restFields?: readonly string[] } | undefined)?.restFields;
      const inner = selectionFor(child, [...path, named.name], brief);
      if (inner) parts.push(`${f.name} ${inner}`);
    }
  }
  return parts.length ? `{ ${parts.join(" ")} }` : "";
}

/** Wire names of GraphQL field names (a bounded set: the schema's), computed once each. */
const wireNames = new Map<string, string>();
const wireName = (field: string): string => {
  let name = wireNames.get(field);
  if (name === undefined) wireNames.set(field, (name = toSnake(field)));
  return name;
};

/** Renames a GraphQL result to snake_case, guided by its type so JSON scalars stay untouched. */
export function toRest(value: unknown, type: GraphQLOutputType): unknown {
  if (value === null || value === undefined) return value ?? null;
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return (value as unknown[]).map((v) => toRest(v, inner.ofType));
  if (isObjectType(inner)) {
    const fields = inner.getFields();
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const field = fields[k];
      if (field) out[wireName(k)] = toRest(v, field.type);
      else out[toSnake(k)] = v;
    }
    return out;
  }
  return value;
}

/** Per schema and type: a schema rooted at the type, and the REST selection on it. */
const rooted = new WeakMap<
  GraphQLSchema,
  Map<string, { schema: GraphQLSchema; doc: DocumentNode }>
>();

/**
 * The REST body of an object already in hand, exactly as a GET of it renders (the same
 * selection and snake_case renaming): its type's fields run with their own resolvers (and
 * gates) over `value` as the root. Exports use it to put an object's REST body in the file.
 */
export async function restBodyOf(
  schema: GraphQLSchema,
  typeName: string,
  value: unknown,
  context: unknown,
): Promise<Record<string, unknown>> {
  let byType = rooted.get(schema);
  if (!byType) rooted.set(schema, (byType = new Map()));
  let entry = byType.get(typeName);
  if (!entry) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(`restBodyOf: ${typeName} is not an object type`);
    entry = {
      schema: new GraphQLSchema({
        query: type,
        types: Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith("__")),
        directives: schema.getDirectives(),
      }),
      doc: parse(`query ${selectionFor(type)}`),
    };
    byType.set(typeName, entry);
  }
  const result = await execute({
    schema: entry.schema,
    document: entry.doc,
    rootValue: value,
    contextValue: context,
  });
  if (result.errors?.length) {
    const error = result.errors[0]!;
    throw error.originalError ?? error;
  }
  return toRest(result.data, entry.schema.getQueryType()!) as Record<string, unknown>;
}
