import type { RequestContext } from "../../src/context.js";
import type { ScopedTx } from "../../src/db/tenant-scope.js";
import { invalid } from "../../src/errors.js";
import type { Campaign, Packet } from "../../src/generated/prisma/client.js";
import { ID_PREFIXES, idPrefix } from "../../src/ids.js";
import { findCampaignOfMatter } from "../campaigns/service.js";
import { findPacketOfMatter } from "../packets/service.js";

export interface ActionLinks {
  campaignId?: string | null;
  linkedPacketId?: string | null;
}

const LINKS = [
  ["campaignId", "campaign_id", ID_PREFIXES.campaign, "campaign"],
  ["linkedPacketId", "linked_packet_id", ID_PREFIXES.packet, "packet"],
] as const;

/** The shape of the links (400 naming the field), before any lookup. Pure. */
export function checkLinkShapes(links: ActionLinks): void {
  for (const [field, param, prefix, what] of LINKS) {
    const id = links[field];
    if (id == null) continue;
    if (idPrefix(id) !== prefix)
      throw invalid(param, `${param} must be a ${what} id (${prefix}_…); got '${id}'.`);
  }
}

/**
 * The one check of what an action links to under `matterId`: each link a well-formed id (400),
 * then a campaign and a packet the caller can reach in that same matter (404 resource_missing
 * naming `campaign_id` or `linked_packet_id`; another organization's, environment's or
 * matter's record is indistinguishable from an absent one). `db` is the caller's scoped client,
 * or the transaction of its write() (a packet made in the same write is visible there).
 */
export async function checkActionLinks(
  ctx: RequestContext,
  matterId: string,
  links: ActionLinks,
  db: Pick<ScopedTx, "campaign" | "packet"> = ctx.db,
): Promise<{ campaign: Campaign | null; packet: Packet | null }> {
  checkLinkShapes(links);
  const campaign = links.campaignId
    ? await findCampaignOfMatter(ctx, matterId, links.campaignId, "campaign_id", db)
    : null;
  const packet = links.linkedPacketId
    ? await findPacketOfMatter(ctx, matterId, links.linkedPacketId, "linked_packet_id", db)
    : null;
  return { campaign, packet };
}
