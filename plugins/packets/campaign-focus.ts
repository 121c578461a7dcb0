/**
 * What the packets module adds to claw campaigns: the matter's open packets as focus candidates
 * (registry of plugins/campaigns/registry.ts) and the board's `packet_queue`, those packets as
 * Packet objects in focus order. Both read one request loader, so a board costs one statement
 * for its packets however many there are.
 *
 * Signals of a packet, each in [0, 1]:
 * - readiness: its review status: approved or exported 1 (ready to send), a draft without
 *   pending review 0.5 (ready for approval), in review or sent back with changes 0.25;
 * - channel: 1 when it names its channel (a relationship, usable by the provider, or the packet
 *   would have been refused); 0 while the channel is still to be chosen;
 * - confidence, amount, freezability and urgency: those of the matter's wallets it names (best
 *   attribution confidence, USD of their stablecoin exposure at par, best freeze capability,
 *   most severe live alert about them); 0 when it names none of the matter's wallets.
 */
import type { RequestContext } from "../../src/context.js";
import type { Packet } from "../../src/generated/prisma/client.js";
import { builder } from "../../src/schema/builder.js";
import { requestLoader } from "../../src/schema/request-loader.js";
import { normalizeAddress } from "../attribution/service.js";
import { alertUrgency, freezeSignal, usdOf } from "../campaigns/gatherers.js";
import {
  type CampaignFacts,
  type RawCandidate,
  registerCandidateSource,
} from "../campaigns/registry.js";
import { ClawBoardRef } from "../campaigns/types.js";
import { BOARD_QUEUE_SIZE } from "../campaigns/values.js";
import { PacketRef } from "./types.js";
import type { PacketStatus } from "./values.js";

/** Packets still being worked: not yet sent, not closed. */
export const OPEN_PACKET_STATUSES: readonly PacketStatus[] = [
  "draft",
  "in_review",
  "approved",
  "exported",
];

const max = (xs: readonly number[]) => xs.reduce((a, b) => Math.max(a, b), 0);

/** Readiness of a packet from its status and review. */
export function packetReadiness(p: Pick<Packet, "status" | "reviewState">): number {
  if (p.status === "approved" || p.status === "exported") return 1;
  const review = (p.reviewState ?? {}) as { reviewStatus?: string };
  if (p.status === "draft" && review.reviewStatus !== "changes_requested") return 0.5;
  return 0.25;
}

/** The next claw action when the packet tops the focus. */
function packetStep(p: Packet, label: string): RawCandidate["step"] {
  const text: Record<string, string> = {
    draft: `Complete ${label} and have it reviewed`,
    in_review: `Review ${label} (${p.reviewReasons.length} review reasons)`,
    approved: `Export ${label} and send it through its channel`,
    exported: `Send ${label} through its channel`,
  };
  return { kind: "packet", text: text[p.status] ?? `Work on ${label}` };
}

/** Each matter's open packets, oldest first; one statement per request for every matter. */
export function openPacketsOf(ctx: RequestContext) {
  return requestLoader<string, Packet[]>(ctx, "packets.openByMatter", async (ids) => {
    const rows = await ctx.db.packet.findMany({
      where: { matterId: { in: [...ids] }, status: { in: [...OPEN_PACKET_STATUSES] } },
      orderBy: { id: "asc" },
    });
    return ids.map((id) => rows.filter((p) => p.matterId === id));
  });
}

/** The campaign's candidates among its matter's open packets, pure over the loaded facts. */
export function packetCandidates(
  facts: CampaignFacts,
  packets: readonly Packet[] = [],
): RawCandidate[] {
  const e = facts.evidence;
  const urgency = alertUrgency(e);
  const byId = new Map(e.wallets.map((w) => [w.id, w]));
  const byAddress = new Map(e.wallets.map((w) => [w.normalizedAddress, w]));
  return packets.map((p) => {
    const addresses = new Set<string>();
    const confidences: number[] = [];
    for (const item of p.wallets) {
      const wallet = byId.get(item) ?? byAddress.get(normalizeAddress(item));
      if (wallet) confidences.push(wallet.confidence);
      addresses.add(wallet?.normalizedAddress ?? normalizeAddress(item));
    }
    const exposures = e.exposures.filter((x) => addresses.has(normalizeAddress(x.wallet)));
    const label = `${p.type} packet ${p.id} (${p.status})`;
    return {
      targetType: "packet",
      targetId: p.id,
      label,
      amountUsd: exposures.reduce((sum, x) => sum + usdOf(x), 0),
      signals: {
        confidence: max(confidences),
        freezability: max(exposures.map((x) => freezeSignal(x.freezeCapability))),
        channel: p.relationshipId ? 1 : 0,
        urgency: max([...addresses].map((a) => urgency.get(a) ?? 0)),
        readiness: packetReadiness(p),
      },
      step: packetStep(p, label),
    };
  });
}

/** Registers the packet candidates and adds `packet_queue` to the board. */
export function registerPacketCampaignFocus(): void {
  registerCandidateSource<Packet[]>({
    targetType: "packet",
    load: async (ctx, matterIds) => {
      const lists = await openPacketsOf(ctx).loadMany(matterIds);
      return new Map(matterIds.map((id, i) => [id, lists[i] instanceof Error ? [] : lists[i]!]));
    },
    gather: packetCandidates,
  });

  builder.objectField(ClawBoardRef, "packetQueue", (t) =>
    t.field({
      type: [PacketRef],
      description: `The matter's open packets (draft, in_review, approved, exported) as Packets, in the campaign's focus order (best first, ties by id), at most ${BOARD_QUEUE_SIZE}. Their ranks and signals are the focus targets of type packet (POST …/focus).`,
      resolve: async (b, _args, ctx) => {
        const packets = await openPacketsOf(ctx).load(b.campaign.matterId);
        const byId = new Map(packets.map((p) => [p.id, p]));
        return b.view.ranked
          .filter((r) => r.targetType === "packet")
          .map((r) => byId.get(r.targetId))
          .filter((p): p is Packet => p !== undefined)
          .slice(0, BOARD_QUEUE_SIZE);
      },
    }),
  );
}
