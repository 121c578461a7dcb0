import type { RequestContext } from "./context.js";
import { Prisma } from "./db/client.js";
import type { ScopedTx } from "./db/tenant-scope.js";
import type { ChainHead } from "./audit/chain-heads.js";
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

/** Before an organization's first event: `sequence` 0, and the genesis hash. */
const EMPTY_CHAIN: ChainHead = { sequence: 0, hash: GENESIS_HASH };

async function appendAudit(
  tx: ScopedTx,
  ctx: RequestContext,
  entry: AuditEntry,
  withStatement: Prisma.Sql,
) {
  const { organizationId, environment } = ctx.principal;
  const chain = `${organizationId}:${environment}`;
  // Serialise appends per chain across processes; released at commit.
  await tx.$executeRaw`${withStatement} SELECT pg_advisory_xact_lock(hashtextextended(${`audit:${chain}`}, 0))`;
  const details = storedForm(entry.details ?? {});
  const event = (head: ChainHead) => {
    const fields = {
      id: newId("audit"),
      organizationId,
      environment,
      sequence: head.sequence + 1,
      matterId: entry.matterId ?? null,
      eventType: entry.eventType,
      actorId: ctx.principal.actorId,
      objectType: entry.objectType ?? null,
      objectId: entry.objectId ?? null,
      requestId: ctx.requestId,
      details,
      timestamp: new Date(),
      prevHash: head.hash,
    };
    return { ...fields, hash: hashEvent(fields) };
  };
  // Appended in one statement on the condition that the chain's head is the one this process
  // last knew (checked after the lock, so it sees every append committed before it); when the
  // head moved (another process appended, or a transaction of this one rolled back), the same
  // statement returns the real head, and the append is made on it. Raw on purpose: the chain
  // spans every matter, and a matter-limited caller's scoped client would see a stale head.
  const heads = ctx.services.chainHeads;
  let head = heads.get(chain) ?? EMPTY_CHAIN;
  for (let attempt = 0; attempt < 2; attempt++) {
    const e = event(head);
    const [result] = await tx.$queryRaw<
      Array<{ appended: number; sequence: number | null; hash: string | null }>
    >`
      WITH head AS (
        SELECT sequence, hash FROM audit_events
        WHERE organization_id = ${organizationId} AND environment = ${environment}
        ORDER BY sequence DESC LIMIT 1),
      appended AS (
        INSERT INTO audit_events (id, organization_id, environment, sequence, matter_id,
          event_type, actor_id, object_type, object_id, request_id, details, "timestamp",
          prev_hash, hash)
        SELECT ${e.id}, ${organizationId}, ${environment}, ${e.sequence}::int, ${e.matterId},
          ${e.eventType}, ${e.actorId}, ${e.objectType}, ${e.objectId}, ${e.requestId},
          ${JSON.stringify(e.details)}::jsonb, ${e.timestamp}::timestamptz, ${e.prevHash}, ${e.hash}
        WHERE COALESCE((SELECT sequence FROM head), 0) = ${head.sequence}::int
          AND COALESCE((SELECT hash FROM head), ${GENESIS_HASH}) = ${head.hash}
        RETURNING 1)
      SELECT (SELECT count(*) FROM appended)::int AS appended,
        (SELECT sequence FROM head) AS sequence, (SELECT hash FROM head) AS hash`;
    if (result?.appended === 1) {
      // Kept from the append on, before the commit: the chain's next transaction takes the lock
      // only after this one ends, and finds the head moved if this one rolled back.
      heads.set(chain, { sequence: e.sequence, hash: e.hash });
      return { id: e.id };
    }
    head =
      result?.sequence == null || result.hash == null
        ? EMPTY_CHAIN
        : { sequence: result.sequence, hash: result.hash };
  }
  throw new Error(`audit chain ${chain}: its head moved while its lock was held`);
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
