/**
 * The packets service other modules import (alert triage, actions, the ledger): one way to make
 * a packet (preparePacket before the write, insertPacket inside the caller's write(), or
 * createPacket for both), and one way to resolve a packet another record cites.
 */
import type { RequestContext } from "../../src/context.js";
import type { ScopedTx } from "../../src/db/tenant-scope.js";
import { ApiError } from "../../src/errors.js";
import type { Packet } from "../../src/generated/prisma/client.js";

export {
  createPacket,
  type Extra as PacketExtra,
  insertPacket,
  type PacketInput,
  type PreparedPacket,
  preparePacket,
  sanctionsReviewExtra,
} from "./create.js";
export { KINDS, PACKET_KINDS, type PacketKind, presentsAsLawEnforcement } from "./values.js";

/**
 * The packet `id` if the caller can reach it and it belongs to `matterId`; otherwise 404
 * `resource_missing` naming `param` (another organization's, environment's or matter's packet
 * is indistinguishable from an absent one). `db` is the caller's scoped client, or the
 * transaction of its write().
 */
export async function findPacketOfMatter(
  ctx: RequestContext,
  matterId: string,
  id: string,
  param: string,
  db: Pick<ScopedTx, "packet"> = ctx.db,
): Promise<Packet> {
  const packet = await db.packet.findFirst({ where: { id, matterId } });
  if (!packet)
    throw new ApiError("resource_missing", {
      param,
      message: `No such packet in matter '${matterId}': '${id}'.`,
      details: { matter_id: matterId },
    });
  return packet;
}
