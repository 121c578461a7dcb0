import SchemaBuilder from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin from "@pothos/plugin-relay";
import type { RequestContext } from "../context.js";
import type PrismaTypes from "../generated/pothos-types.js";
import { getDatamodel } from "../generated/pothos-types.js";
import GatePlugin from "./gate-plugin.js";
import NullableRootsPlugin from "./nullable-roots-plugin.js";
import { typenameForId } from "./node-registry.js";

/** The schema builder: plugins, context and scalar types. Domain types live in plugins/. */
export const builder = new SchemaBuilder<{
  Context: RequestContext;
  PrismaTypes: PrismaTypes;
  DefaultFieldNullability: false;
  DefaultInputFieldRequiredness: false;
  Scalars: {
    ID: { Input: string; Output: string };
    DateTime: { Input: Date; Output: Date | string };
    Date: { Input: string; Output: string | Date };
    JSON: { Input: unknown; Output: unknown };
    JSONObject: { Input: Record<string, unknown>; Output: Record<string, unknown> };
  };
}>({
  plugins: [GatePlugin, NullableRootsPlugin, RelayPlugin, PrismaPlugin],
  defaultFieldNullability: false,
  prisma: {
    client: (ctx) => ctx.db as never,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
  },
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
    // Our ids are already global (prefixed TypeIDs); no second id scheme.
    encodeGlobalID: (_typename, id) => String(id),
    decodeGlobalID: (globalID) => ({ typename: typenameForId(globalID) ?? "", id: globalID }),
    idFieldOptions: { description: "Globally unique, prefixed id of this object." },
    pageInfoTypeOptions: { description: "Where a page sits in the whole list." },
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    nodeTypeOptions: {
      description: "An object with a globally unique, prefixed id (e.g. op_01h…).",
      resolveType: (obj) => typenameForId((obj as { id?: string }).id ?? "") ?? null,
    },
  },
});
