import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerGateCheck } from "../../src/gates.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerAuthorityMutations } from "./authority-mutations.js";
import { registerAuthorityQueries } from "./authority-queries.js";
import { registerClaimantMutations } from "./claimant-mutations.js";
import { registerClaimantQueries } from "./claimant-queries.js";
import { registerDashboardContributor } from "./dashboard.js";
import { judgmentTotalByMatter } from "./loaders.js";
import { registerMatterMutations } from "./matter-mutations.js";
import { registerMatterQueries } from "./matter-queries.js";
import { matterRoutes } from "./routes.js";
import { requireAuthority } from "./service.js";

export const mattersModule: ModuleManifest = {
  name: "matters",
  dependsOn: ["core"],
  capabilities: ["matters", "claimants", "authority", "matter_dashboard"],
  register() {
    registerNode("mat", {
      typename: "Matter",
      scope: "matters:read",
      load: (ctx, ids) => ctx.db.matter.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("auth", {
      typename: "AuthorityGrant",
      scope: "authority:read",
      load: (ctx, ids) => ctx.db.authorityGrant.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("clm", {
      typename: "Claimant",
      scope: "claimants:read",
      load: (ctx, ids) => ctx.db.claimant.findMany({ where: { id: { in: ids } } }),
    });
    registerGateCheck("authority", requireAuthority);
    // The Judgment table belongs to this data model already; the judgments module adds its API.
    registerDashboardContributor("matters.judgment_value", async (ctx, matterId) => ({
      judgmentValue: await judgmentTotalByMatter(ctx).load(matterId),
    }));
    registerMatterQueries();
    registerMatterMutations();
    registerAuthorityQueries();
    registerAuthorityMutations();
    registerClaimantQueries();
    registerClaimantMutations();
  },
  routes: matterRoutes,
};
