import { createHash } from "node:crypto";
import stringify from "safe-stable-stringify";
import { assertStorable } from "../input-guard.js";

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

/**
 * Details exactly as the database will hand them back (JSON: dates as strings, decimals via
 * toJSON, undefined dropped), checked storable, so the hash covers what is stored and
 * verification recomputes the same value. Text that cannot be stored is refused, not altered.
 */
export function storedForm(details: Record<string, unknown>): Record<string, unknown> {
  const stored = JSON.parse(JSON.stringify(details)) as Record<string, unknown>;
  assertStorable(stored, "details", false);
  return stored;
}

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
