import { isValidScopePattern } from "../../src/auth/scopes.js";
import { generateSecret, hashSecret } from "../../src/auth/secrets.js";
import { ApiError, invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { findVisibleOrganization } from "./lookup.js";
import { keyStatus, scopesNotHeld } from "./permissions.js";
import { ApiKeyIssueResultRef, ApiKeyRef, EnvironmentEnum } from "./types.js";
import { checkMatterIds } from "./validation.js";

const IssueApiKeyInput = builder.inputType("IssueApiKeyInput", {
  description: "A new API key. Live keys need the organization feature live_access.",
  fields: (t) => ({
    name: t.string({ description: "Label." }),
    environment: t.field({ type: EnvironmentEnum, description: "sandbox (default) or live." }),
    scopes: t.stringList({
      required: true,
      description: "Scope names, `family:*` or `*`; no more than the caller holds.",
    }),
    matterIds: t.stringList({ description: "Limit the key to these matters." }),
    expiresAt: t.field({ type: "DateTime", description: "Expiry; must be in the future." }),
    userId: t.id({ description: "Bind the key to a user; its roles then limit the scopes." }),
  }),
});

export function registerApiKeyMutations() {
  builder.mutationField("issueApiKey", (t) =>
    t.field({
      type: ApiKeyIssueResultRef,
      description: "Issues an API key; the secret is returned once.",
      gate: { scope: "keys:write" },
      args: {
        organizationId: t.arg.id({ required: true, description: "Organization id." }),
        input: t.arg({ type: IssueApiKeyInput, required: true, description: "The request body." }),
      },
      resolve: async (_root, { organizationId, input }, ctx) => {
        const org = await findVisibleOrganization(ctx, organizationId);
        input.scopes.forEach((s, i) => {
          if (!isValidScopePattern(s)) throw invalid(`scopes[${i}]`, `Unknown scope '${s}'.`);
        });
        if (input.scopes.length === 0)
          throw invalid("scopes", "scopes must name at least one scope.");
        const notHeld = scopesNotHeld(ctx.principal, input.scopes);
        if (notHeld.length) {
          throw new ApiError("insufficient_scope", {
            param: "scopes",
            message: `A key cannot grant scopes its issuer does not hold: ${notHeld.join(", ")}.`,
            details: { required_scope: notHeld[0], not_held: notHeld },
          });
        }
        checkMatterIds(input.matterIds ?? []);
        if (input.expiresAt && input.expiresAt.getTime() <= Date.now())
          throw invalid("expires_at", "expires_at must be in the future.");
        if (input.userId) {
          const user = await ctx.services.root.user.findFirst({
            where: { id: input.userId, organizationId },
          });
          if (!user)
            throw new ApiError("resource_missing", {
              param: "user_id",
              message: `No such user: '${input.userId}'.`,
            });
        }
        const environment = input.environment ?? "sandbox";
        if (environment === "live" && !org.features.includes("live_access")) {
          throw new ApiError("onboarding_required", {
            param: "environment",
            message:
              "Live keys are issued after onboarding: the organization lacks the live_access feature.",
          });
        }
        const secret = generateSecret(environment);
        return write(ctx, async ({ tx, audit }) => {
          const key = await tx.apiKey.create({
            data: {
              id: newId("apiKey"),
              organizationId,
              name: input.name ?? null,
              environment,
              secretHash: hashSecret(secret),
              last4: secret.slice(-4),
              scopes: [...new Set(input.scopes)],
              matterIds: [...new Set(input.matterIds ?? [])],
              userId: input.userId ?? null,
              expiresAt: input.expiresAt ?? null,
            },
          });
          await audit({
            eventType: "api_key.issued",
            objectType: "api_key",
            objectId: key.id,
            details: { organization_id: organizationId, environment, scopes: key.scopes },
          });
          return { ...key, secretOnce: secret };
        });
      },
    }),
  );

  builder.mutationField("revokeApiKey", (t) =>
    t.field({
      type: ApiKeyRef,
      description: "Revokes a key; later use answers 401 api_key_revoked.",
      gate: { scope: "keys:write" },
      args: {
        organizationId: t.arg.id({ required: true, description: "Organization id." }),
        keyId: t.arg.id({ required: true, description: "Key id." }),
      },
      resolve: async (_root, { organizationId, keyId }, ctx) => {
        await findVisibleOrganization(ctx, organizationId);
        const key = await ctx.services.root.apiKey.findFirst({
          where: { id: keyId, organizationId },
        });
        if (!key)
          throw new ApiError("resource_missing", {
            param: "key_id",
            message: `No such API key: '${keyId}'.`,
          });
        if (key.revokedAt) {
          throw new ApiError("invalid_state_transition", {
            message: "The key is already revoked.",
            details: { from: keyStatus(key), to: "revoked", allowed: [] },
          });
        }
        const revoked = await write(ctx, async ({ tx, audit }) => {
          const revoked = await tx.apiKey.update({
            where: { id: keyId },
            data: { revokedAt: new Date() },
          });
          await audit({
            eventType: "api_key.revoked",
            objectType: "api_key",
            objectId: keyId,
            details: { organization_id: organizationId },
          });
          return revoked;
        });
        // This process refuses the key at once; others within the cache's 1 s.
        ctx.services.principals.clear();
        return revoked;
      },
    }),
  );
}
