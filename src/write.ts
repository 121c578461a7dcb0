import type { RequestContext } from "./context.js";
import { Prisma } from "./db/client.js";
import type { ScopedTx } from "./db/tenant-scope.js";
import { GENESIS_HASH, hashEvent, storedForm } from "./audit/chain.js";
import { committedMark } from "./http/idempotency.js";
import { newId } from "./ids.js";

export interface AuditEntry {
  eventType: string;
  objectType?: string;
  objectId?: string;
  matterId?: string | null;
  details?: Record<string, unknown>;
}

/**
 * An event's payload. `matter_id` is required so no event can forget its matter: it decides who
 * may read the event and which endpoints receive it (null: an organization-level event).
 */
export type EventData = { matter_id: string | null } & Record<string, unknown>;

export interface Recorder {
  tx: ScopedTx;
  /** Appends a hash-chained audit event carrying this request's id. */
  audit(entry: AuditEntry): Promise<{ id: string }>;
  /** Queues an event (and its webhook deliveries) in the same transaction. */
  emit(type: string, data: EventData): Promise<{ id: string }>;
}

/**
 * Every successful write goes through here: one transaction holding the change, at least one
 * audit event and any events, committed before the response is built.
 */
export async function write<T>(ctx: RequestContext, fn: (rec: Recorder) => Promise<T>): Promise<T> {
  let emitted = false;
  const result = await ctx.db.$transaction(async (tx) => {
    let audited = false;
    const rec: Recorder = {
      tx,
      async audit(entry) {
        // The first audit append also marks the request's Idempotency-Key committed: one
        // statement, inside the write's transaction (src/http/idempotency.ts).
        const mark = !audited && ctx.idempotency ? committedMark(ctx.idempotency) : Prisma.empty;
        audited = true;
        return appendAudit(tx, ctx, entry, mark);
      },
      async emit(type, data) {
        emitted = true;
        return queueEvent(tx, ctx, type, data);
      },
    };
    const out = await fn(rec);
    if (!audited) throw new Error("a write must record an audit event");
    return out;
  });
  if (ctx.idempotency) ctx.idempotency.committed = true;
  if (emitted) ctx.services.notifyOutbox();
  return result;
}

async function appendAudit(
  tx: ScopedTx,
  ctx: RequestContext,
  entry: AuditEntry,
  withStatement: Prisma.Sql,
) {
  const { organizationId, environment } = ctx.principal;
  // Serialise appends per chain across processes; released at commit. The head is read in a
  // statement of its own, after the lock: a statement's snapshot predates a lock it waits for.
  await tx.$executeRaw`${withStatement} SELECT pg_advisory_xact_lock(hashtextextended(${`audit:${organizationId}:${environment}`}, 0))`;
  // Raw on purpose: the chain spans every matter, and a matter-limited caller's scoped client
  // would otherwise see a stale head and fork the chain.
  const [head] = await tx.$queryRaw<Array<{ sequence: number; hash: string }>>`
    SELECT sequence, hash FROM audit_events
    WHERE organization_id = ${organizationId} AND environment = ${environment}
    ORDER BY sequence DESC LIMIT 1`;
  const fields = {
    id: newId("audit"),
    organizationId,
    environment,
    sequence: (head?.sequence ?? 0) + 1,
    matterId: entry.matterId ?? null,
    eventType: entry.eventType,
    actorId: ctx.principal.actorId,
    objectType: entry.objectType ?? null,
    objectId: entry.objectId ?? null,
    requestId: ctx.requestId,
    details: storedForm(entry.details ?? {}),
    timestamp: new Date(),
    prevHash: head?.hash ?? GENESIS_HASH,
  };
  await tx.auditEvent.create({
    data: { ...fields, details: fields.details as object, hash: hashEvent(fields) },
  });
  return { id: fields.id };
}

async function queueEvent(tx: ScopedTx, ctx: RequestContext, type: string, data: EventData) {
  const id = newId("event");
  const createdAt = new Date();
  const matterId = data.matter_id;
  await tx.event.create({
    data: {
      id,
      matterId,
      type,
      data: data as object,
      requestId: ctx.requestId,
      createdAt,
    } as never,
  });
  const endpoints = await tx.webhookEndpoint.findMany({
    where: {
      status: "enabled",
      AND: [
        { OR: [{ events: { has: type } }, { events: { has: "*" } }] },
        // An endpoint limited to matters receives only those matters' events.
        {
          OR: [
            { matterIds: { isEmpty: true } },
            ...(matterId ? [{ matterIds: { has: matterId } }] : []),
          ],
        },
      ],
    },
    select: { id: true },
  });
  if (endpoints.length) {
    await tx.webhookDelivery.createMany({
      data: endpoints.map((e) => ({
        id: newId("webhookDelivery"),
        endpointId: e.id,
        eventId: id,
        matterId,
        status: "pending",
        nextAttemptAt: createdAt,
      })) as never,
    });
  }
  return { id };
}
