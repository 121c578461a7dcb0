import { paginate } from "../../src/pagination.js";
import { builder } from "../../src/schema/builder.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import { servedModules } from "../../src/schema/module-registry.js";
import { SERVICE_VERSION } from "../../src/config.js";
import { findVisibleOrganization } from "./lookup.js";
import { isProviderInternal } from "./permissions.js";
import { ApiKeyRef, CapabilitiesRef, HealthRef, OrganizationRef, UserRef } from "./types.js";

export function registerControlPlaneQueries() {
  builder.queryField("organizations", (t) =>
    t.field({
      type: connectionOf(OrganizationRef, "Organization"),
      description:
        "The caller's organization, plus those a provider_internal organization created.",
      gate: { scope: "org:read" },
      args: pageArgs(t),
      resolve: (_root, args, ctx) =>
        paginate((q) => ctx.services.root.organization.findMany(q), args, {
          OR: [
            { id: ctx.principal.organizationId },
            ...(isProviderInternal(ctx.principal)
              ? [{ parentOrganizationId: ctx.principal.organizationId }]
              : []),
          ],
        }),
    }),
  );

  builder.queryField("organization", (t) =>
    t.field({
      type: OrganizationRef,
      description: "One organization the caller may see.",
      gate: { scope: "org:read" },
      args: { id: t.arg.id({ required: true, description: "Organization id." }) },
      resolve: (_root, { id }, ctx) => findVisibleOrganization(ctx, id),
    }),
  );

  builder.queryField("apiKeys", (t) =>
    t.field({
      type: connectionOf(ApiKeyRef, "ApiKey"),
      description: "Keys of an organization (metadata and status only).",
      gate: { scope: "keys:read" },
      args: {
        ...pageArgs(t),
        organizationId: t.arg.id({ required: true, description: "Organization id." }),
      },
      resolve: async (_root, args, ctx) => {
        await findVisibleOrganization(ctx, args.organizationId);
        return paginate((q) => ctx.services.root.apiKey.findMany(q), args, {
          organizationId: args.organizationId,
        });
      },
    }),
  );

  builder.queryField("users", (t) =>
    t.field({
      type: connectionOf(UserRef, "User"),
      description: "Users of an organization.",
      gate: { scope: "users:read" },
      args: {
        ...pageArgs(t),
        organizationId: t.arg.id({ required: true, description: "Organization id." }),
      },
      resolve: async (_root, args, ctx) => {
        await findVisibleOrganization(ctx, args.organizationId);
        return paginate((q) => ctx.services.root.user.findMany(q), args, {
          organizationId: args.organizationId,
        });
      },
    }),
  );

  builder.queryField("health", (t) =>
    t.field({
      type: HealthRef,
      description: "Service and database health.",
      gate: { scope: "health:read" },
      resolve: async (_root, _args, ctx) => {
        let database = "ok";
        try {
          await ctx.services.root.$queryRaw`SELECT 1`;
        } catch (e) {
          database = e instanceof Error ? e.message.slice(0, 200) : "unavailable";
        }
        return {
          status: database === "ok" ? "ok" : "degraded",
          version: SERVICE_VERSION,
          environment: ctx.principal.environment,
          timestamp: new Date(),
          database,
        };
      },
    }),
  );

  builder.queryField("capabilities", (t) =>
    t.field({
      type: CapabilitiesRef,
      description: "Modules, environments, enabled feature flags and the caller's access posture.",
      gate: { scope: "capabilities:read" },
      resolve: async (_root, _args, ctx) => {
        const p = ctx.principal;
        const org = await ctx.services.root.organization.findUniqueOrThrow({
          where: { id: p.organizationId },
        });
        const liveAccess = org.features.includes("live_access");
        const modules = servedModules();
        return {
          capabilities: [...new Set(modules.flatMap((m) => m.capabilities ?? []))],
          modules: modules.map((m) => m.name),
          environments: liveAccess ? ["sandbox", "live"] : ["sandbox"],
          featureFlags: org.features,
          accessPosture: {
            organizationId: org.id,
            organizationType: org.type,
            environment: p.environment,
            keyId: p.keyId,
            userId: p.userId,
            scopes: p.keyScopes,
            roleScopes: p.roleScopes,
            matterIds: p.matterIds,
            liveAccess,
          },
          notes:
            p.environment === "sandbox"
              ? "Sandbox: the whole surface runs against deterministic synthetic provider data."
              : "Live: provider data comes from configured providers; none configured answers 503 provider_unavailable.",
        };
      },
    }),
  );
}
