import type { Environment } from "../auth/secrets.js";
import { DEFAULT_VERSION } from "../config.js";
import type { AppServices, RequestContext } from "../context.js";
import type { PrismaClient } from "../db/client.js";
import { scopedClient } from "../db/tenant-scope.js";
import { newId } from "../ids.js";

/** One tenant partition a job works in. */
export interface Tenant {
  organizationId: string;
  environment: Environment;
}

/**
 * The context a job's writes run under: the tenant's scoped client (all matters), a fresh
 * request id per pass so `audit_ref`-style lookups find what the pass changed, and the actor
 * `system:<job name>` in audit events, since no key or user asked for the change.
 */
export function jobContext(
  services: AppServices,
  db: PrismaClient,
  tenant: Tenant,
  jobName: string,
  requestId: string = newId("request"),
): RequestContext {
  const actor = `system:${jobName}`;
  return {
    requestId,
    version: DEFAULT_VERSION,
    principal: {
      keyId: actor,
      userId: null,
      actorId: actor,
      organizationId: tenant.organizationId,
      organizationType: "",
      organizationFeatures: [],
      pinnedVersion: DEFAULT_VERSION,
      environment: tenant.environment,
      keyScopes: ["*"],
      roleScopes: null,
      matterIds: null,
    },
    db: scopedClient(db, { ...tenant, matterIds: null }),
    services,
    memo: new Map(),
  };
}

/** Groups rows by their tenant partition, in a stable order. */
export function byTenant<T extends { organizationId: string; environment: string }>(
  rows: readonly T[],
): Array<{ tenant: Tenant; rows: T[] }> {
  const groups = new Map<string, { tenant: Tenant; rows: T[] }>();
  for (const r of rows) {
    const key = `${r.organizationId}\u0000${r.environment}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        tenant: { organizationId: r.organizationId, environment: r.environment as Environment },
        rows: [],
      };
      groups.set(key, g);
    }
    g.rows.push(r);
  }
  return [...groups.values()];
}
