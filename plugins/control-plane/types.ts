import { builder } from "../../src/schema/builder.js";
import { describedValues } from "../core/enum-values.js";
import { keyStatus, ORGANIZATION_TYPES } from "./permissions.js";

export const OrganizationTypeEnum = builder.enumType("OrganizationType", {
  description:
    "Kind of tenant: the service operator itself, counsel, a recovery operator or a partner.",
  values: describedValues({
    provider_internal: "The operator of the service; may create and administer organizations.",
    counsel: "A law firm or in-house counsel.",
    recovery_operator: "A recovery operator running matters.",
    partner: "A partner organization.",
  } satisfies Record<(typeof ORGANIZATION_TYPES)[number], string>),
});
export const EnvironmentEnum = builder.enumType("Environment", {
  description: "Data partition: sandbox (md_test_ keys, synthetic data) or live (md_live_ keys).",
  values: describedValues({
    sandbox: "Synthetic data, `md_test_` keys.",
    live: "Real data, `md_live_` keys; needs the organization feature `live_access`.",
  }),
});
export const ApiKeyStatusEnum = builder.enumType("ApiKeyStatus", {
  description: "active, revoked (401 api_key_revoked) or expired (401 api_key_expired).",
  values: describedValues({
    active: "The key can be used.",
    revoked: "Revoked; a request with it answers 401 api_key_revoked.",
    expired: "Past its expires_at; a request with it answers 401 api_key_expired.",
  }),
});

export const OrganizationRef = builder.prismaNode("Organization", {
  id: { field: "id" },
  description: "A tenant organization.",
  fields: (t) => ({
    organizationId: t.exposeString("id", { description: "Organization id (org_…)." }),
    name: t.exposeString("name", { description: "Display name." }),
    type: t.field({
      type: OrganizationTypeEnum,
      description: "Organization kind.",
      resolve: (o) => o.type as never,
    }),
    retentionPolicy: t.exposeString("retentionPolicy", {
      nullable: true,
      description: "Data retention policy label.",
    }),
    features: t.exposeStringList("features", {
      description: "Enabled feature flags (e.g. live_access).",
    }),
    pinnedVersion: t.exposeString("pinnedVersion", {
      description: "API version used when a request sends no MD-Version.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
  }),
});

const keyFields = (t: any) => ({
  keyId: t.exposeString("id", { description: "Key id (key_…)." }),
  name: t.exposeString("name", { nullable: true, description: "Label of the key." }),
  environment: t.field({
    type: EnvironmentEnum,
    description: "sandbox or live.",
    resolve: (k: any) => k.environment,
  }),
  scopes: t.exposeStringList("scopes", {
    description: "Granted scope patterns (`*`, `family:*`, or names).",
  }),
  matterIds: t.exposeStringList("matterIds", {
    description: "Matters the key is limited to; empty means all.",
  }),
  userId: t.exposeString("userId", {
    nullable: true,
    description: "User the key acts for (its role limits the scopes).",
  }),
  status: t.field({
    type: ApiKeyStatusEnum,
    description: "Key status.",
    resolve: (k: any) => keyStatus(k),
  }),
  last4: t.exposeString("last4", { description: "Last four characters of the secret." }),
  expiresAt: t.expose("expiresAt", {
    type: "DateTime",
    nullable: true,
    description: "Expiry time, if any.",
  }),
  createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
});

export const ApiKeyRef = builder.prismaNode("ApiKey", {
  id: { field: "id" },
  description: "An API key's metadata. Secret material is never listed.",
  fields: (t) => ({
    ...keyFields(t),
    lastUsedAt: t.expose("lastUsedAt", {
      type: "DateTime",
      nullable: true,
      description: "Last authenticated use.",
    }),
  }),
});

/** The issue result: the key plus its secret, shown this once. */
export const ApiKeyIssueResultRef = builder.prismaObject("ApiKey", {
  variant: "ApiKeyIssueResult",
  description: "A newly issued key. `secretOnce` is shown only in this response.",
  fields: (t) => ({
    ...keyFields(t),
    secretOnce: t.string({
      description: "The secret (md_test_… / md_live_…). Store it now; it cannot be shown again.",
      resolve: (k) => (k as unknown as { secretOnce: string }).secretOnce,
    }),
  }),
});

export const UserRef = builder.prismaNode("User", {
  id: { field: "id" },
  description: "A person in an organization, with roles and matter permissions.",
  fields: (t) => ({
    userId: t.exposeString("id", { description: "User id (usr_…)." }),
    email: t.exposeString("email", { description: "Email address." }),
    name: t.exposeString("name", { nullable: true, description: "Full name." }),
    roles: t.exposeStringList("roles", {
      description: "admin, counsel, operator, analyst, viewer.",
    }),
    matterIds: t.exposeStringList("matterIds", {
      description: "Matters the user may see; empty means all.",
    }),
    organizationId: t.exposeString("organizationId", { description: "Owning organization." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Invitation time." }),
  }),
});

export const HealthRef = builder
  .objectRef<{
    status: string;
    version: string;
    environment: string;
    timestamp: Date;
    database: string;
  }>("Health")
  .implement({
    description: "Service health.",
    fields: (t) => ({
      status: t.exposeString("status", {
        description: "ok when the service and its database answer.",
      }),
      version: t.exposeString("version", { description: "Service version." }),
      environment: t.exposeString("environment", {
        description: "Environment of the calling key.",
      }),
      timestamp: t.expose("timestamp", { type: "DateTime", description: "Server time." }),
      database: t.exposeString("database", {
        description: "ok, or the reason the database check failed.",
      }),
    }),
  });

export interface AccessPosture {
  organizationId: string;
  organizationType: string;
  environment: string;
  keyId: string;
  userId: string | null;
  scopes: readonly string[];
  roleScopes: readonly string[] | null;
  matterIds: readonly string[] | null;
  liveAccess: boolean;
}

const AccessPostureRef = builder.objectRef<AccessPosture>("AccessPosture").implement({
  description: "What the calling key may do.",
  fields: (t) => ({
    organizationId: t.exposeString("organizationId", { description: "Caller's organization." }),
    organizationType: t.exposeString("organizationType", {
      description: "Caller's organization kind.",
    }),
    environment: t.exposeString("environment", { description: "sandbox or live." }),
    keyId: t.exposeString("keyId", { description: "Calling key." }),
    userId: t.exposeString("userId", {
      nullable: true,
      description: "User bound to the key, if any.",
    }),
    scopes: t.exposeStringList("scopes", { description: "Key scope patterns." }),
    roleScopes: t.exposeStringList("roleScopes", {
      nullable: true,
      description: "Scopes allowed by the bound user's roles.",
    }),
    matterLimited: t.boolean({
      description: "True when the key sees only some matters.",
      resolve: (a) => a.matterIds !== null,
    }),
    matterIds: t.exposeStringList("matterIds", {
      nullable: true,
      description: "Matters the key may see (null: all).",
    }),
    liveAccess: t.exposeBoolean("liveAccess", {
      description: "Whether the organization may use live keys.",
    }),
  }),
});

export const CapabilitiesRef = builder
  .objectRef<{
    capabilities: string[];
    modules: string[];
    environments: string[];
    featureFlags: string[];
    accessPosture: AccessPosture;
    notes: string;
  }>("Capabilities")
  .implement({
    description: "What this deployment serves and what the caller may use.",
    fields: (t) => ({
      capabilities: t.exposeStringList("capabilities", {
        description: "Capability names of the served modules.",
      }),
      modules: t.exposeStringList("modules", {
        description: "Domain modules served by this process.",
      }),
      environments: t.exposeStringList("environments", {
        description: "Environments the caller's organization may use.",
      }),
      featureFlags: t.exposeStringList("featureFlags", {
        description: "Feature flags enabled for the organization.",
      }),
      accessPosture: t.field({
        type: AccessPostureRef,
        description: "The caller's access.",
        resolve: (c) => c.accessPosture,
      }),
      notes: t.exposeString("notes", { description: "Human-readable notes." }),
    }),
  });
