import { builder } from "../../src/schema/builder.js";
import {
  DateScalar,
  DateTimeScalar,
  JSONObjectScalar,
  JSONScalar,
} from "../../src/schema/scalars.js";
import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNodeQueries } from "./node-queries.js";
import "./shared-types.js";

/** Scalars, root types and the Node lookups; imports no other module. */
export const coreModule: ModuleManifest = {
  name: "core",
  register() {
    builder.addScalarType("DateTime", DateTimeScalar);
    builder.addScalarType("Date", DateScalar);
    builder.addScalarType("JSON", JSONScalar);
    builder.addScalarType("JSONObject", JSONObjectScalar);
    builder.queryType({
      description: "Read operations. Every field declares its scope with @scope.",
    });
    builder.mutationType({ description: "Write operations; each one is audited." });
    registerNodeQueries();
  },
};
