import type { PacketKind } from "./values.js";

/**
 * Why a relationship cannot be a packet's channel, or null when it can (CONTRACT.md §13): the
 * provider never uses a channel not usable by it, and a law-enforcement referral never goes
 * through a law-enforcement-only channel. Pure.
 */
export function channelRefusal(
  kind: PacketKind,
  relationship: { id: string; usableByProvider: boolean },
  counterparty: { name: string; type: string },
): string | null {
  if (kind === "law_enforcement_referral" && counterparty.type === "law_enforcement_only")
    return `Relationship '${relationship.id}' (${counterparty.name}) is a law-enforcement-only channel; a law-enforcement referral is sent by the provider or counsel and never uses one.`;
  if (!relationship.usableByProvider)
    return `Relationship '${relationship.id}' (${counterparty.name}) is not usable by the provider (usable_by_provider false), so it cannot be the packet's channel.`;
  return null;
}
