import type { ObjectRef } from "@pothos/core";
import type { Connection } from "../pagination.js";
import { builder } from "./builder.js";

type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

const cache = new Map<string, unknown>();

/**
 * The Relay connection type of a node type (`<Type>Connection`, edges `<Type>Edge`), made once.
 * `edgeName` renames the edge type where `<Type>Edge` is taken by a domain type (an attribution
 * graph's edges are `AttributionGraphEdge`).
 */
export function connectionOf<T extends object>(
  ref: ObjectRef<any, T> | { name: string },
  typeName: string,
  edgeName?: string,
) {
  const name = `${typeName}Connection`;
  if (!cache.has(name)) {
    cache.set(
      name,
      builder.connectionObject(
        {
          type: ref as never,
          name,
          description: `A page of ${typeName} objects, newest first.`,
        },
        {
          description: `One ${typeName} in a page, with its cursor.`,
          ...(edgeName ? { name: edgeName } : {}),
        } as never,
      ),
    );
  }
  return cache.get(name) as ObjectRef<BuilderTypes, Connection<T>>;
}

/** first/after arguments of every list field (the REST bridge maps limit/cursor onto them). */
export function pageArgs<A extends { int(o: object): unknown; string(o: object): unknown }>(t: {
  arg: A;
}) {
  return {
    first: t.arg.int({ description: "Page size, 1–100 (default 20)." }) as ReturnType<A["int"]>,
    after: t.arg.string({ description: "Cursor from a previous page's endCursor." }) as ReturnType<
      A["string"]
    >,
  };
}
