import { idPrefix } from "../ids.js";
import type { RequestContext } from "../context.js";

/** How `node(id)` finds an object by its id prefix: the type, the read scope and a loader. */
export interface NodeEntry {
  typename: string;
  scope: string;
  load(ctx: RequestContext, ids: string[]): Promise<Array<{ id: string }>>;
}

const byPrefix = new Map<string, NodeEntry>();

export function registerNode(prefix: string, entry: NodeEntry): void {
  byPrefix.set(prefix, entry);
}

export function nodeEntryFor(id: string): NodeEntry | undefined {
  const prefix = idPrefix(id);
  return prefix ? byPrefix.get(prefix) : undefined;
}

export function typenameForId(id: string): string | undefined {
  return nodeEntryFor(id)?.typename;
}
