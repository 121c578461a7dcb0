/**
 * The one way a module raises an alert (CONTRACT.md §13: alerts are raised by the service).
 * Exported for other modules; they never write the alerts table themselves.
 */
import type { RequestContext } from "../../src/context.js";
import { newId } from "../../src/ids.js";
import type { Recorder } from "../../src/write.js";
import type { AlertSeverity, AlertType } from "./values.js";

export type { AlertSeverity, AlertStatus, AlertType } from "./values.js";

export interface AlertRequest {
  matterId: string;
  type: AlertType;
  severity: AlertSeverity;
  /** What the alert is about (a wallet address, a name, a deadline id …); one alert per target. */
  target: string;
  reason: string;
  /** Machine-readable context (the screen id, the match …), stored with the alert. */
  details?: Record<string, unknown>;
}

/**
 * Raises alerts inside the caller's write(): at most one per matter, type and target, however
 * many requests race (a unique index with ON CONFLICT DO NOTHING, which unlike a caught unique
 * violation leaves a PostgreSQL transaction usable). A batch costs one read, and one insert when
 * some alert is new; only alerts this call created are audited and emit `alert.created`. Returns the created alerts' ids.
 */
export async function raiseAlerts(
  _ctx: RequestContext,
  rec: Recorder,
  requests: readonly AlertRequest[],
): Promise<string[]> {
  if (!requests.length) return [];
  // Usually every alert exists already (the same targets screened again): one read settles it.
  const existing = await rec.tx.alert.findMany({
    where: {
      OR: requests.map((r) => ({ matterId: r.matterId, type: r.type, target: r.target })),
    },
    select: { matterId: true, type: true, target: true },
  });
  const seen = new Set(existing.map(alertKey));
  const fresh = requests.filter((r) => !seen.has(alertKey(r)));
  if (!fresh.length) return [];
  const now = new Date();
  const rows = fresh.map((r) => ({
    id: newId("alert"),
    matterId: r.matterId,
    type: r.type,
    severity: r.severity,
    status: "open",
    target: r.target,
    reason: r.reason,
    details: (r.details ?? {}) as object,
    createdAt: now,
    updatedAt: now,
  }));
  const created = await rec.tx.alert.createManyAndReturn({
    data: rows as never,
    skipDuplicates: true,
    select: { id: true },
  });
  const ids = new Set(created.map((c) => c.id));
  for (const row of rows) {
    if (!ids.has(row.id)) continue;
    const data = {
      matter_id: row.matterId,
      alert_id: row.id,
      type: row.type,
      severity: row.severity,
      target: row.target,
      reason: row.reason,
    };
    await rec.audit({
      eventType: "alert.created",
      objectType: "alert",
      objectId: row.id,
      matterId: row.matterId,
      details: data,
    });
    await rec.emit("alert.created", data);
  }
  return rows.filter((r) => ids.has(r.id)).map((r) => r.id);
}

const alertKey = (a: { matterId: string; type: string; target: string }) =>
  `${a.matterId}\u0000${a.type}\u0000${a.target}`;

/** One alert; see raiseAlerts. Returns the alert's id, or null when it already existed. */
export async function raiseAlert(
  ctx: RequestContext,
  rec: Recorder,
  request: AlertRequest,
): Promise<string | null> {
  return (await raiseAlerts(ctx, rec, [request]))[0] ?? null;
}
