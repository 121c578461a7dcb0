import { ApiError } from "../errors.js";
import type { PrismaClient } from "./client.js";

/**
 * The one place where tenant isolation is applied to data access. Every environment-partitioned
 * model is listed here; queries through a scoped client always carry the caller's
 * organization and environment, and, for a key or user limited to some matters, those matters.
 */
export interface TenantScope {
  organizationId: string;
  environment: "sandbox" | "live";
  /** null: every matter of the organization; otherwise only these. */
  matterIds: readonly string[] | null;
}

/**
 * How a model relates to a matter. `field`: the matter id column (`id` on Matter itself); a
 * matter-limited caller sees only rows whose matter it may reach, so rows with a null matter
 * (organization-level ones) are hidden from it too. `via`: the matter is the parent's, reached
 * through this relation; such rows are created only under a parent already found through the
 * scoped client, so creates are not checked here. null: organization-level, not matter-bound.
 */
type MatterRule = { field: string; nullable: boolean; via?: string } | null;

/** Model name → how it relates to a matter. Every tenant-owned model is listed. */
const TENANT_MODELS = new Map<string, MatterRule>([
  ["Operation", { field: "matterId", nullable: true }],
  // Follows its operation, whose matter may change (updateOperation), so it is not copied.
  ["OperationTransition", { via: "operation", field: "matterId", nullable: true }],
  ["AuditEvent", { field: "matterId", nullable: true }],
  ["Event", { field: "matterId", nullable: true }],
  ["WebhookEndpoint", null],
  ["WebhookDelivery", { field: "matterId", nullable: true }],
  ["Matter", { field: "id", nullable: false }],
  ["AuthorityGrant", { field: "matterId", nullable: false }],
  ["Claimant", { field: "matterId", nullable: false }],
  ["Judgment", { field: "matterId", nullable: false }],
  ["JudgmentValidation", { field: "matterId", nullable: false }],
  ["Deadline", { field: "matterId", nullable: false }],
  ["EnforcementPlan", { field: "matterId", nullable: false }],
  ["Debtor", { field: "matterId", nullable: false }],
  ["DebtorGraph", { field: "matterId", nullable: false }],
  ["Wallet", { field: "matterId", nullable: false }],
  ["AttributionClaim", { field: "matterId", nullable: false }],
  ["AttributionGraph", { field: "matterId", nullable: false }],
  ["NetworkSignal", { field: "matterId", nullable: false }],
  ["SanctionsScreen", { field: "matterId", nullable: false }],
  ["SanctionsReview", { field: "matterId", nullable: false }],
  ["OfacReport", { field: "matterId", nullable: false }],
  ["Alert", { field: "matterId", nullable: false }],
  ["AlertTriage", { field: "matterId", nullable: false }],
  ["Watchlist", { field: "matterId", nullable: false }],
  ["WatchlistAddress", { field: "matterId", nullable: false }],
  ["CryptoAssetMap", { field: "matterId", nullable: false }],
  ["TransactionTimeline", { field: "matterId", nullable: false }],
  ["ExchangeHypothesis", { field: "matterId", nullable: false }],
  ["StablecoinExposure", { field: "matterId", nullable: false }],
  // Counterparties and relationships belong to the organization; contact logs and packets to a matter.
  ["Counterparty", null],
  ["Relationship", null],
  ["ContactLog", { field: "matterId", nullable: false }],
  ["Packet", { field: "matterId", nullable: false }],
  ["RecoveryEvent", { field: "matterId", nullable: false }],
  ["RemittanceEvent", { field: "matterId", nullable: false }],
  ["Waterfall", { field: "matterId", nullable: false }],
  ["Campaign", { field: "matterId", nullable: false }],
  ["CampaignPressureChange", { field: "matterId", nullable: false }],
  ["DestinationWalletCertificate", { field: "matterId", nullable: false }],
  ["IssuerRemediation", { field: "matterId", nullable: false }],
  ["Action", { field: "matterId", nullable: false }],
  ["Export", { field: "matterId", nullable: false }],
  ["ExportFile", { field: "matterId", nullable: false }],
  ["Report", { field: "matterId", nullable: false }],
]);

const WHERE_OPS = new Set([
  "findUnique",
  "findUniqueOrThrow",
  "findFirst",
  "findFirstOrThrow",
  "findMany",
  "count",
  "aggregate",
  "groupBy",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "delete",
  "deleteMany",
  "upsert",
]);
const CREATE_OPS = new Set(["create", "createMany", "createManyAndReturn", "upsert"]);

function tenantWhere(scope: TenantScope, rule: MatterRule): Record<string, unknown> {
  const where: Record<string, unknown> = {
    organizationId: scope.organizationId,
    environment: scope.environment,
  };
  if (rule && scope.matterIds) {
    const allowed = { [rule.field]: { in: [...scope.matterIds] } };
    if (rule.via) where[rule.via] = { is: allowed };
    else Object.assign(where, allowed);
  }
  return where;
}

function stampCreate(scope: TenantScope, rule: MatterRule, data: Record<string, unknown>) {
  if (rule && scope.matterIds && rule.field !== "id" && !rule.via) {
    const matterId = data[rule.field];
    const allowed = typeof matterId === "string" && scope.matterIds.includes(matterId);
    if (!allowed && !(rule.nullable && matterId == null)) {
      throw new ApiError("resource_missing", {
        message: `No such matter: '${String(matterId)}'.`,
        param: "matter_id",
      });
    }
  }
  return { ...data, organizationId: scope.organizationId, environment: scope.environment };
}

/**
 * The tenant filter for a child list read nested under a parent found through the scoped client
 * (`matter.findMany({ select: { claimants: { where: nestedTenantWhere(…) } } })`): the parent
 * already passed the caller's matter reach, and the children are filtered by organization and
 * environment again, so a nested read is never wider than a direct one.
 */
export function nestedTenantWhere(scope: TenantScope, model: string): Record<string, unknown> {
  if (!TENANT_MODELS.has(model)) throw new Error(`${model} is not a tenant-owned model`);
  return tenantWhere(scope, TENANT_MODELS.get(model) ?? null);
}

export function scopedClient(base: PrismaClient, scope: TenantScope) {
  return base.$extends({
    name: "tenant-scope",
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          if (!TENANT_MODELS.has(model)) return query(args);
          const rule = TENANT_MODELS.get(model) ?? null;
          const a = { ...(args as Record<string, unknown>) };
          if (WHERE_OPS.has(operation)) {
            const where = (a.where as Record<string, unknown> | undefined) ?? {};
            const and =
              where.AND === undefined ? [] : Array.isArray(where.AND) ? where.AND : [where.AND];
            a.where = { ...where, AND: [tenantWhere(scope, rule), ...and] };
          }
          if (CREATE_OPS.has(operation)) {
            if (operation === "upsert")
              a.create = stampCreate(scope, rule, a.create as Record<string, unknown>);
            else if (Array.isArray(a.data)) a.data = a.data.map((d) => stampCreate(scope, rule, d));
            else a.data = stampCreate(scope, rule, a.data as Record<string, unknown>);
          }
          return query(a as typeof args);
        },
      },
    },
  });
}

export type ScopedDb = ReturnType<typeof scopedClient>;

/**
 * Scoped clients built once per scope and reused. One `$extends` per request was the costliest
 * step of a read we control (without it: 1.35× the GETs per second, `npm run bench:ab`). A scope
 * is plain data, so every request of one key (and every key of the same reach) shares a client;
 * beyond `max` scopes the least recently used is dropped.
 */
export class ScopedClients {
  private readonly clients = new Map<string, ScopedDb>();

  constructor(
    private readonly base: PrismaClient,
    private readonly max = 1_000,
  ) {}

  for(scope: TenantScope): ScopedDb {
    const matters = scope.matterIds ? [...scope.matterIds].sort() : null;
    const key = [scope.organizationId, scope.environment, ...(matters ?? ["*"])].join("\u0000");
    let client = this.clients.get(key);
    if (client) this.clients.delete(key);
    else {
      const own: TenantScope = {
        organizationId: scope.organizationId,
        environment: scope.environment,
        matterIds: matters ? Object.freeze(matters) : null,
      };
      client = scopedClient(this.base, Object.freeze(own));
    }
    this.clients.set(key, client);
    if (this.clients.size > this.max) this.clients.delete(this.clients.keys().next().value!);
    return client;
  }
}
/** The client inside `db.$transaction(async (tx) => …)` of a scoped client. */
export type ScopedTx = Parameters<Parameters<ScopedDb["$transaction"]>[0]>[0];
