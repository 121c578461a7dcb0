import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerOperationMutations } from "./mutations.js";
import { registerOperationQueries } from "./queries.js";
import { operationRoutes } from "./routes.js";

export const operationsModule: ModuleManifest = {
  name: "operations",
  dependsOn: ["core", "matters"],
  capabilities: ["operations"],
  register() {
    registerNode("op", {
      typename: "Operation",
      scope: "operations:read",
      load: (ctx, ids) => ctx.db.operation.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("opt", {
      typename: "OperationTransition",
      scope: "operations:read",
      load: (ctx, ids) => ctx.db.operationTransition.findMany({ where: { id: { in: ids } } }),
    });
    registerOperationQueries();
    registerOperationMutations();
  },
  routes: operationRoutes,
};
