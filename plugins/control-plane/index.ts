import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerApiKeyMutations } from "./api-key-mutations.js";
import { registerOrganizationMutations } from "./organization-mutations.js";
import { registerUserMutations } from "./user-mutations.js";
import { canSeeOrganization } from "./permissions.js";
import { registerControlPlaneQueries } from "./queries.js";
import { controlPlaneRoutes } from "./routes.js";

export const controlPlaneModule: ModuleManifest = {
  name: "control-plane",
  dependsOn: ["core"],
  capabilities: ["organizations", "api_keys", "users", "health", "capabilities"],
  register() {
    registerNode("org", {
      typename: "Organization",
      scope: "org:read",
      load: async (ctx, ids) =>
        (await ctx.services.root.organization.findMany({ where: { id: { in: ids } } })).filter(
          (o) => canSeeOrganization(ctx.principal, o),
        ),
    });
    registerNode("usr", {
      typename: "User",
      scope: "users:read",
      load: async (ctx, ids) => {
        const users = await ctx.services.root.user.findMany({
          where: { id: { in: ids } },
          include: { organization: true },
        });
        return users.filter((u) => canSeeOrganization(ctx.principal, u.organization));
      },
    });
    registerNode("key", {
      typename: "ApiKey",
      scope: "keys:read",
      load: async (ctx, ids) => {
        const keys = await ctx.services.root.apiKey.findMany({
          where: { id: { in: ids } },
          include: { organization: true },
        });
        return keys.filter((k) => canSeeOrganization(ctx.principal, k.organization));
      },
    });
    registerControlPlaneQueries();
    registerOrganizationMutations();
    registerApiKeyMutations();
    registerUserMutations();
  },
  routes: controlPlaneRoutes,
};
