import type { PrismaClient } from "../../../src/db/client.js";
import { jobContext, type Tenant } from "../../../src/jobs/context.js";
import type { JobEnvironment } from "../../../src/jobs/scheduler.js";
import type { RequestContext } from "../../../src/context.js";
import { write, type Recorder } from "../../../src/write.js";
import { type AlertRequest, raiseAlerts } from "../../alerts/service.js";

const BATCH = 500;

/** A watched address with what a scan needs of its watchlist. */
export interface WatchedRow {
  id: string;
  organizationId: string;
  environment: string;
  matterId: string;
  watchlistId: string;
  address: string;
  family: string;
  movementCursors: unknown;
  createdAt: Date;
  watchlist: { name: string; chains: string[]; thresholds: unknown };
}

/**
 * Every address of active watchlists whose matter is not closed, across tenants, in batches
 * by id (a job reads the whole set each run without holding it all in one query).
 */
export async function* watchedAddresses(db: PrismaClient): AsyncGenerator<WatchedRow[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await db.watchlistAddress.findMany({
      where: {
        ...(after ? { id: { gt: after } } : {}),
        watchlist: { status: "active", matter: { status: { not: "closed" } } },
      },
      include: { watchlist: { select: { name: true, chains: true, thresholds: true } } },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    if (rows.length) yield rows;
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}

/** Alerts of `requests` that do not exist yet (one read), so an unchanged run writes nothing. */
export async function unraised(
  ctx: RequestContext,
  requests: readonly AlertRequest[],
): Promise<AlertRequest[]> {
  if (!requests.length) return [];
  const existing = await ctx.db.alert.findMany({
    where: { OR: requests.map((r) => ({ matterId: r.matterId, type: r.type, target: r.target })) },
    select: { matterId: true, type: true, target: true },
  });
  const key = (a: { matterId: string; type: string; target: string }) =>
    `${a.matterId}\u0000${a.type}\u0000${a.target}`;
  const seen = new Set(existing.map(key));
  return requests.filter((r) => !seen.has(key(r)));
}

/**
 * One tenant's share of a monitoring pass, as one write: the alerts it raises (through the one
 * raising service, so each exists once however often and wherever it is raised), any other
 * change (`also`), and a summary audit event under the job's actor. Returns the created alert ids.
 */
export async function recordPass(
  env: JobEnvironment,
  jobName: string,
  tenant: Tenant,
  requests: readonly AlertRequest[],
  summary: Record<string, unknown>,
  also?: (rec: Recorder, ctx: RequestContext) => Promise<void>,
): Promise<string[]> {
  const ctx = jobContext(env.services, env.db, tenant, jobName);
  const fresh = await unraised(ctx, requests);
  if (!fresh.length && !also) return [];
  return write(ctx, async (rec) => {
    await also?.(rec, ctx);
    const ids = await raiseAlerts(ctx, rec, fresh);
    await rec.audit({
      eventType: `${jobName}.ran`,
      objectType: "scheduled_job",
      objectId: jobName,
      details: { ...summary, alerts_raised: ids.length, alert_ids: ids },
    });
    return ids;
  });
}

export const contextFor = (env: JobEnvironment, tenant: Tenant, jobName: string) =>
  jobContext(env.services, env.db, tenant, jobName);
