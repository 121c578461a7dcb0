import type { RequestContext } from "../../src/context.js";
import { invalid } from "../../src/errors.js";
import { idPrefix } from "../../src/ids.js";
import { findPacketOfMatter } from "../packets/service.js";

/**
 * The packet a recovery event cites (`packet_id`): a packet id (400 otherwise, before any
 * lookup) of a packet the caller can reach in the event's matter (404 resource_missing naming
 * `packet_id` otherwise, also for another matter's packet).
 */
export function checkPacketId(packetId: string | null | undefined): void {
  if (packetId === null || packetId === undefined) return;
  if (idPrefix(packetId) !== "pkt")
    throw invalid("packet_id", "packet_id must be a packet id: pkt_ followed by 26 characters.");
}

export async function packetReference(
  ctx: RequestContext,
  matterId: string,
  packetId: string | null | undefined,
): Promise<string | null> {
  if (packetId === null || packetId === undefined) return null;
  checkPacketId(packetId);
  return (await findPacketOfMatter(ctx, matterId, packetId, "packet_id")).id;
}
