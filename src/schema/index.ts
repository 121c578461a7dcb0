import { printSchemaWithDirectives } from "@graphql-tools/utils";
import {
  DirectiveLocation,
  GraphQLDirective,
  GraphQLNonNull,
  GraphQLString,
  type GraphQLSchema,
} from "graphql";
import type { ModuleManifest } from "../../rest-bridge/types.js";
import { MODULES } from "../modules.js";
import { builder } from "./builder.js";
import { recordModules } from "./module-registry.js";

const gateDirectiveDefinitions = [
  new GraphQLDirective({
    name: "scope",
    description: "The API key scope this field requires (403 insufficient_scope otherwise).",
    locations: [DirectiveLocation.FIELD_DEFINITION],
    args: { name: { type: new GraphQLNonNull(GraphQLString) } },
  }),
  new GraphQLDirective({
    name: "authority",
    description: "Needs a live authority grant on the parent matter (403 authority_required).",
    locations: [DirectiveLocation.FIELD_DEFINITION],
  }),
  new GraphQLDirective({
    name: "sanctions",
    description:
      "Needs a passing sanctions screen on the parent matter (403 sanctions_screen_required / sanctions_hold).",
    locations: [DirectiveLocation.FIELD_DEFINITION],
  }),
];

/** Fails at boot, not at request time, when a module's dependency is missing or out of order. */
export function checkModuleOrder(modules: ModuleManifest[]): void {
  const seen = new Set<string>();
  for (const m of modules) {
    for (const dep of m.dependsOn ?? []) {
      if (!seen.has(dep))
        throw new Error(
          `Module '${m.name}' depends on '${dep}', which is not registered before it.`,
        );
    }
    if (seen.has(m.name)) throw new Error(`Module '${m.name}' is registered twice.`);
    seen.add(m.name);
  }
}

let built: GraphQLSchema | undefined;

/** Registers every module once and returns the executable schema. */
export function getSchema(): GraphQLSchema {
  if (!built) {
    checkModuleOrder(MODULES);
    for (const m of MODULES) m.register();
    recordModules(MODULES);
    built = builder.toSchema({ directives: gateDirectiveDefinitions, sortSchema: false });
  }
  return built;
}

/** SDL with the gate directives visible, for schema tooling. */
export function printSdl(): string {
  return printSchemaWithDirectives(getSchema());
}

export { MODULES };
