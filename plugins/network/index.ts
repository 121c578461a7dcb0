import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerCorrelateMutation } from "./correlate-mutation.js";
import { registerNetworkQueries } from "./queries.js";
import { networkRoutes } from "./routes.js";
import { registerSignalMutations } from "./signal-mutations.js";

export const networkModule: ModuleManifest = {
  name: "network",
  // attribution: correlation matches signals to its wallets and counts its claims as links.
  dependsOn: ["core", "matters", "attribution"],
  capabilities: ["network_attribution"],
  register() {
    registerNode("nas", {
      typename: "NetworkSignal",
      scope: "network:read",
      load: (ctx, ids) => ctx.db.networkSignal.findMany({ where: { id: { in: ids } } }),
    });
    registerSignalMutations();
    registerCorrelateMutation();
    registerNetworkQueries();
  },
  routes: networkRoutes,
};
