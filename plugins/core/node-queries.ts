import { requireScope } from "../../src/auth/principal.js";
import { invalid, notFound } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { nodeEntryFor } from "../../src/schema/node-registry.js";
import type { RequestContext } from "../../src/context.js";

/** `nodes(ids:)` takes at most this many ids per call. */
const MAX_NODE_IDS = 100;

async function loadNodes(ctx: RequestContext, ids: readonly string[]) {
  const byType = new Map<ReturnType<typeof nodeEntryFor>, string[]>();
  for (const id of ids) {
    const entry = nodeEntryFor(id);
    if (entry) byType.set(entry, [...(byType.get(entry) ?? []), id]);
  }
  const found = new Map<string, { id: string }>();
  for (const [entry, group] of byType) {
    if (!entry) continue;
    requireScope(ctx.principal, entry.scope);
    for (const obj of await entry.load(ctx, group)) found.set(obj.id, obj);
  }
  return ids.map((id) => found.get(id) ?? null);
}

export function registerNodeQueries() {
  builder.queryField("node", (t) =>
    t.field({
      type: builder.nodeInterfaceRef(),
      nullable: true,
      description:
        "Any object the caller may see, by its prefixed id. Objects out of reach are null.",
      args: { id: t.arg.id({ required: true, description: "A prefixed id such as op_01h…" }) },
      resolve: async (_root, { id }, ctx) => {
        const [node] = await loadNodes(ctx, [id]);
        if (!node && !nodeEntryFor(id)) throw notFound("object", id);
        return node as never;
      },
    }),
  );
  builder.queryField("nodes", (t) =>
    t.field({
      type: [builder.nodeInterfaceRef()],
      nullable: { list: true, items: true },
      description: `Several objects by id, in the order asked; null where out of reach. At most ${MAX_NODE_IDS} ids per call.`,
      args: {
        ids: t.arg.idList({
          required: true,
          description: `Prefixed ids, at most ${MAX_NODE_IDS}.`,
        }),
      },
      resolve: async (_root, { ids }, ctx) => {
        if (ids.length > MAX_NODE_IDS)
          throw invalid("ids", `ids may hold at most ${MAX_NODE_IDS} ids; split the lookup.`, {
            max_items: MAX_NODE_IDS,
          });
        return (await loadNodes(ctx, ids)) as never;
      },
    }),
  );
}
