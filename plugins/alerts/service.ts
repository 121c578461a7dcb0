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
 * Raises an alert inside the caller's write(): at most one per matter, type and target, however
 * many requests race (a unique index with ON CONFLICT DO NOTHING, which unlike a caught unique
 * violation leaves a PostgreSQL transaction usable). Only a new alert is audited and emits
 * `alert.created`. Returns the alert and whether this call created it.
 */
export async function raiseAlert(
  _ctx: RequestContext,
  rec: Recorder,
  request: AlertRequest,
): Promise<{ alertId: string; created: boolean }> {
  const { tx, audit, emit } = rec;
  const id = newId("alert");
  const now = new Date();
  const { count } = await tx.alert.createMany({
    data: [
      {
        id,
        matterId: request.matterId,
        type: request.type,
        severity: request.severity,
        status: "open",
        target: request.target,
        reason: request.reason,
        details: (request.details ?? {}) as object,
        createdAt: now,
        updatedAt: now,
      } as never,
    ],
    skipDuplicates: true,
  });
  if (count === 0) {
    const existing = await tx.alert.findFirstOrThrow({
      where: { matterId: request.matterId, type: request.type, target: request.target },
      select: { id: true },
    });
    return { alertId: existing.id, created: false };
  }
  const data = {
    matter_id: request.matterId,
    alert_id: id,
    type: request.type,
    severity: request.severity,
    target: request.target,
  };
  await audit({
    eventType: "alert.created",
    objectType: "alert",
    objectId: id,
    matterId: request.matterId,
    details: { ...data, reason: request.reason },
  });
  await emit("alert.created", { ...data, reason: request.reason });
  return { alertId: id, created: true };
}
