import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerClaimMutations } from "./claim-mutations.js";
import { registerGraphMutations } from "./graph-mutations.js";
import { registerAttributionQueries } from "./queries.js";
import { attributionRoutes } from "./routes.js";
import { registerScoreMutation } from "./score-mutation.js";
import { registerWalletMutations } from "./wallet-mutations.js";

export const attributionModule: ModuleManifest = {
  name: "attribution",
  // matters: its service guards writes (404 / matter_closed); debtors: its address checks.
  dependsOn: ["core", "matters", "debtors"],
  capabilities: ["attribution", "wallet_import", "attribution_graph", "confidence_scoring"],
  register() {
    registerNode("wal", {
      typename: "Wallet",
      scope: "attribution:read",
      load: (ctx, ids) => ctx.db.wallet.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("acl", {
      typename: "AttributionClaim",
      scope: "attribution:read",
      load: (ctx, ids) => ctx.db.attributionClaim.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("agr", {
      typename: "AttributionGraph",
      scope: "attribution:read",
      load: (ctx, ids) => ctx.db.attributionGraph.findMany({ where: { id: { in: ids } } }),
    });
    registerWalletMutations();
    registerClaimMutations();
    registerScoreMutation();
    registerGraphMutations();
    registerAttributionQueries();
  },
  routes: attributionRoutes,
};
