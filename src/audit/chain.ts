import { createHash } from "node:crypto";
import stringify from "safe-stable-stringify";

/** The fields an audit event's hash covers, in canonical (sorted-key) JSON. */
export interface ChainedFields {
  id: string;
  organizationId: string;
  environment: string;
  sequence: number;
  matterId: string | null;
  eventType: string;
  actorId: string;
  objectType: string | null;
  objectId: string | null;
  requestId: string | null;
  details: unknown;
  timestamp: Date;
  prevHash: string;
}

export const GENESIS_HASH = "0".repeat(64);

export function hashEvent(e: ChainedFields): string {
  const canonical = stringify({
    id: e.id,
    organization_id: e.organizationId,
    environment: e.environment,
    sequence: e.sequence,
    matter_id: e.matterId,
    event_type: e.eventType,
    actor_id: e.actorId,
    object_type: e.objectType,
    object_id: e.objectId,
    request_id: e.requestId,
    details: e.details ?? {},
    timestamp: e.timestamp.toISOString(),
    prev_hash: e.prevHash,
  });
  return createHash("sha256")
    .update(canonical ?? "")
    .digest("hex");
}

export interface ChainVerdict {
  valid: boolean;
  eventsChecked: number;
  headHash: string | null;
  firstInvalidEventId: string | null;
}

/** Verifies a chain given in sequence order (a whole organization+environment chain). */
export function verifyChain(events: Array<ChainedFields & { hash: string }>): ChainVerdict {
  let prev = GENESIS_HASH;
  for (const e of events) {
    if (e.prevHash !== prev || hashEvent(e) !== e.hash) {
      return {
        valid: false,
        eventsChecked: events.length,
        headHash: events.at(-1)?.hash ?? null,
        firstInvalidEventId: e.id,
      };
    }
    prev = e.hash;
  }
  return {
    valid: true,
    eventsChecked: events.length,
    headHash: events.at(-1)?.hash ?? null,
    firstInvalidEventId: null,
  };
}
