import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerDebtorGraphMutations } from "./graph-mutations.js";
import { registerDebtorMutations } from "./mutations.js";
import { registerDebtorQueries } from "./queries.js";
import { debtorRoutes } from "./routes.js";

export const debtorsModule: ModuleManifest = {
  name: "debtors",
  // matters: its service guards writes (404 / matter_closed) and its Matter type gets `debtors`.
  dependsOn: ["core", "matters"],
  capabilities: ["debtors", "debtor_graph", "asset_hypotheses"],
  register() {
    registerNode("dbt", {
      typename: "Debtor",
      scope: "debtors:read",
      load: (ctx, ids) => ctx.db.debtor.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("dgr", {
      typename: "DebtorGraph",
      scope: "debtors:read",
      load: (ctx, ids) => ctx.db.debtorGraph.findMany({ where: { id: { in: ids } } }),
    });
    registerDebtorQueries();
    registerDebtorMutations();
    registerDebtorGraphMutations();
  },
  routes: debtorRoutes,
};
