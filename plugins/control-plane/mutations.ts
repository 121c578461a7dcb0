import { isValidScopePattern, ROLES } from "../../src/auth/scopes.js";
import { generateSecret, hashSecret } from "../../src/auth/secrets.js";
import { ApiError, invalid } from "../../src/errors.js";
import { idPrefix, newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { findVisibleOrganization } from "./lookup.js";
import {
  canChangeFeatures,
  FEATURE_FLAGS,
  isProviderInternal,
  keyStatus,
  scopesNotHeld,
} from "./permissions.js";
import {
  ApiKeyIssueResultRef,
  ApiKeyRef,
  EnvironmentEnum,
  OrganizationRef,
  OrganizationTypeEnum,
  UserRef,
} from "./types.js";

const CreateOrganizationInput = builder.inputType("CreateOrganizationInput", {
  description: "A new tenant organization (provider_internal callers only).",
  fields: (t) => ({
    name: t.string({ required: true, description: "Display name." }),
    type: t.field({
      type: OrganizationTypeEnum,
      required: true,
      description: "Organization kind.",
    }),
    retentionPolicy: t.string({ description: "Data retention policy label." }),
    features: t.stringList({
      description: "Feature flags to enable (e.g. live_access after onboarding).",
    }),
  }),
});

const UpdateOrganizationInput = builder.inputType("UpdateOrganizationInput", {
  description: "Partial update. Only provider_internal callers may change features.",
  fields: (t) => ({
    name: t.string({ description: "Display name." }),
    retentionPolicy: t.string({ description: "Data retention policy label." }),
    features: t.stringList({ description: "The complete new set of feature flags." }),
  }),
});

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

const InviteUserInput = builder.inputType("InviteUserInput", {
  description: "A user invited into an organization.",
  fields: (t) => ({
    email: t.string({
      required: true,
      description: "Email address (unique within the organization).",
    }),
    roles: t.stringList({
      required: true,
      description: "admin, counsel, operator, analyst, viewer.",
    }),
    name: t.string({ description: "Full name." }),
    matterIds: t.stringList({ description: "Matters the user may see; empty means all." }),
  }),
});

function checkFeatures(features: readonly string[]) {
  features.forEach((f, i) => {
    if (!(FEATURE_FLAGS as readonly string[]).includes(f)) {
      throw invalid(
        `features[${i}]`,
        `Unknown feature '${f}'. Known: ${FEATURE_FLAGS.join(", ")}.`,
      );
    }
  });
}

function checkMatterIds(ids: readonly string[]) {
  ids.forEach((id, i) => {
    if (idPrefix(id) !== "mat")
      throw invalid(`matter_ids[${i}]`, `'${id}' is not a matter id (mat_…).`);
  });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function registerControlPlaneMutations() {
  builder.mutationField("createOrganization", (t) =>
    t.field({
      type: OrganizationRef,
      description:
        "Creates an organization. Only a provider_internal organization's key may do this.",
      gate: { scope: "org:write" },
      args: { input: t.arg({ type: CreateOrganizationInput, required: true }) },
      resolve: async (_root, { input }, ctx) => {
        if (!isProviderInternal(ctx.principal)) {
          throw new ApiError("insufficient_scope", {
            message: "Only a provider_internal organization can create organizations.",
            details: {
              required_scope: "org:write",
              required_organization_type: "provider_internal",
            },
          });
        }
        if (!input.name.trim()) throw invalid("name", "name must not be empty.");
        checkFeatures(input.features ?? []);
        return write(ctx, async ({ tx, audit }) => {
          const org = await tx.organization.create({
            data: {
              id: newId("organization"),
              name: input.name,
              type: input.type,
              retentionPolicy: input.retentionPolicy ?? null,
              features: [...new Set(input.features ?? [])],
              parentOrganizationId: ctx.principal.organizationId,
            },
          });
          await audit({
            eventType: "organization.created",
            objectType: "organization",
            objectId: org.id,
            details: { name: org.name, type: org.type },
          });
          return org;
        });
      },
    }),
  );

  builder.mutationField("updateOrganization", (t) =>
    t.field({
      type: OrganizationRef,
      description:
        "Updates an organization's name, retention policy or (provider_internal only) features.",
      gate: { scope: "org:write" },
      args: {
        id: t.arg.id({ required: true, description: "Organization id." }),
        input: t.arg({ type: UpdateOrganizationInput, required: true }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        await findVisibleOrganization(ctx, id);
        if (input.features !== undefined && input.features !== null) {
          if (!canChangeFeatures(ctx.principal)) {
            throw new ApiError("insufficient_scope", {
              param: "features",
              message: "Only a provider_internal organization can change features.",
              details: {
                required_scope: "org:write",
                required_organization_type: "provider_internal",
              },
            });
          }
          checkFeatures(input.features);
        }
        if (input.name !== undefined && (input.name === null || !input.name.trim()))
          throw invalid("name", "name must not be empty.");
        const data = {
          ...(input.name ? { name: input.name } : {}),
          ...(input.retentionPolicy !== undefined
            ? { retentionPolicy: input.retentionPolicy }
            : {}),
          ...(input.features ? { features: [...new Set(input.features)] } : {}),
        };
        return write(ctx, async ({ tx, audit }) => {
          const org = await tx.organization.update({ where: { id }, data });
          await audit({
            eventType: "organization.updated",
            objectType: "organization",
            objectId: id,
            details: { changed: Object.keys(data) },
          });
          return org;
        });
      },
    }),
  );

  builder.mutationField("issueApiKey", (t) =>
    t.field({
      type: ApiKeyIssueResultRef,
      description: "Issues an API key; the secret is returned once.",
      gate: { scope: "keys:write" },
      args: {
        organizationId: t.arg.id({ required: true, description: "Organization id." }),
        input: t.arg({ type: IssueApiKeyInput, required: true }),
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
        return write(ctx, async ({ tx, audit }) => {
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
      },
    }),
  );

  builder.mutationField("inviteUser", (t) =>
    t.field({
      type: UserRef,
      description: "Invites a user with roles and matter permissions.",
      gate: { scope: "users:write" },
      args: {
        organizationId: t.arg.id({ required: true, description: "Organization id." }),
        input: t.arg({ type: InviteUserInput, required: true }),
      },
      resolve: async (_root, { organizationId, input }, ctx) => {
        await findVisibleOrganization(ctx, organizationId);
        if (!EMAIL.test(input.email)) throw invalid("email", "email must be an email address.");
        if (input.roles.length === 0) throw invalid("roles", "roles must name at least one role.");
        input.roles.forEach((r, i) => {
          if (!ROLES.includes(r))
            throw invalid(`roles[${i}]`, `Unknown role '${r}'. Known: ${ROLES.join(", ")}.`);
        });
        checkMatterIds(input.matterIds ?? []);
        const email = input.email.toLowerCase();
        const existing = await ctx.services.root.user.findUnique({
          where: { organizationId_email: { organizationId, email } },
        });
        if (existing)
          throw invalid(
            "email",
            `A user with email '${email}' already exists in this organization.`,
          );
        return write(ctx, async ({ tx, audit }) => {
          const user = await tx.user.create({
            data: {
              id: newId("user"),
              organizationId,
              email,
              name: input.name ?? null,
              roles: [...new Set(input.roles)],
              matterIds: [...new Set(input.matterIds ?? [])],
            },
          });
          await audit({
            eventType: "user.invited",
            objectType: "user",
            objectId: user.id,
            details: { organization_id: organizationId, roles: user.roles },
          });
          return user;
        });
      },
    }),
  );
}
