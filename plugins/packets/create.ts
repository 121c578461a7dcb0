/**
 * Making a packet: body checks, lookups, the content snapshot and the one write holding the
 * packet and its audit event. Shared by the seven creation mutations.
 */
import type { RequestContext } from "../../src/context.js";
import { ApiError, invalid } from "../../src/errors.js";
import type { Packet } from "../../src/generated/prisma/client.js";
import { idPrefix, newId } from "../../src/ids.js";
import type { Recorder } from "../../src/write.js";
import { write } from "../../src/write.js";
import { checkText } from "../attribution/service.js";
import { findVisibleOrganization } from "../control-plane/lookup.js";
import type { SourceRefShape } from "../core/shared-types.js";
import { checkWalletAddress } from "../debtors/addresses.js";
import { assertOpen, findMatter, type MatterLocator } from "../matters/service.js";
import { findRelationship } from "../relationships/index.js";
import { findScreen, openSanctionsReview } from "../sanctions/service.js";
import { channelRefusal } from "./channel.js";
import { reviewReasons, type SanctionsSnapshot, sourceManifest } from "./content.js";
import { gatherContent } from "./gather.js";
import { CreatePacketInput } from "./inputs.js";
import {
  initialStatus,
  KINDS,
  type PacketKind,
  type PacketStatus,
  presentsAsLawEnforcement,
} from "./values.js";

export type PacketInput = typeof CreatePacketInput.$inferInput;

/** Checks the types cannot express (CONTRACT.md §2: 400 before any lookup). Pure. */
export function checkPacketBody(kind: PacketKind, input: PacketInput) {
  checkText("authorized_sender", input.authorizedSender);
  if (kind === "law_enforcement_referral" && presentsAsLawEnforcement(input.authorizedSender))
    throw invalid(
      "authorized_sender",
      "authorized_sender must name the provider's or counsel's person who sends the referral; a referral never presents itself as law enforcement (CONTRACT.md §13).",
    );
  const allowed = KINDS[kind].packetTypes;
  const packetType = input.packetType ?? allowed[0]!;
  if (!allowed.includes(packetType))
    throw invalid("packet_type", `A ${kind} packet takes packet_type ${allowed.join(", ")}.`, {
      allowed,
    });
  const wallets = [...new Set(input.wallets ?? [])];
  (input.wallets ?? []).forEach((w, i) => {
    if (idPrefix(w) === "wal") return;
    const check = checkWalletAddress(w);
    if (!check.ok)
      throw invalid(
        `wallets[${i}]`,
        `wallets[${i}] is neither a wal_ id nor a valid wallet address: ${check.reason}.`,
      );
  });
  return { packetType, wallets };
}

/** The authority gate's locator for creation: the body's checks, then the matter (404). */
export const creationMatter =
  (kind: PacketKind): MatterLocator =>
  async (args, ctx) => {
    const input = (args as { input: PacketInput }).input;
    checkPacketBody(kind, input);
    return (await findMatter(ctx, input.matterId)).id;
  };

/** The channel's records (404 relationship_id); its rules are checked after the lookups. */
async function channelFor(ctx: RequestContext, id: string) {
  const relationship = await findRelationship(ctx, id, "relationship_id");
  const counterparty = await ctx.db.counterparty.findUniqueOrThrow({
    where: { id: relationship.counterpartyId },
  });
  return { relationship, counterparty };
}

export interface Extra {
  sanctions: SanctionsSnapshot | null;
  /** Runs inside the write before the packet row, e.g. to open its sanctions review. */
  before?: (
    rec: Recorder,
    packetId: string,
  ) => Promise<{ sanctionsReviewId?: string; analysis?: string }>;
}

/** Everything a packet's write needs, found and checked before the write. */
export interface PreparedPacket {
  kind: PacketKind;
  input: PacketInput;
  packetType: string;
  wallets: string[];
  matter: { id: string };
  channel: Awaited<ReturnType<typeof channelFor>> | null;
  authority: { id: string };
  content: Awaited<ReturnType<typeof gatherContent>>["content"];
  manifest: ReturnType<typeof sourceManifest>;
  reasons: string[];
  status: PacketStatus;
  extra: Extra;
}

/**
 * Everything before a packet's write, after the gate: lookups (404, 403 for a named grant not
 * in effect), the content snapshot, then the closed matter (409) and the channel rules (422).
 */
export async function preparePacket(
  ctx: RequestContext,
  kind: PacketKind,
  input: PacketInput,
  extra: Extra = { sanctions: null },
): Promise<PreparedPacket> {
  const { packetType, wallets } = checkPacketBody(kind, input);
  const matter = await findMatter(ctx, input.matterId);
  const channel = input.relationshipId ? await channelFor(ctx, input.relationshipId) : null;
  const organization = await findVisibleOrganization(ctx, ctx.principal.organizationId);
  const sourceRefs = (input.sourceRefs ?? []) as SourceRefShape[];
  const { content, citations, authority } = await gatherContent(ctx, {
    kind,
    packetType,
    matter,
    organization,
    authorizedSender: input.authorizedSender,
    judgmentId: input.judgmentId ?? null,
    legalAuthorityId: input.legalAuthorityId ?? null,
    wallets,
    sourceRefs,
    notes: input.notes ?? null,
    channel,
    sanctions: extra.sanctions,
  });
  assertOpen(matter);
  if (channel) {
    const refusal = channelRefusal(kind, channel.relationship, channel.counterparty);
    if (refusal)
      throw new ApiError("channel_not_usable", {
        param: "relationship_id",
        message: refusal,
        details: {
          relationship_id: channel.relationship.id,
          counterparty_type: channel.counterparty.type,
          usable_by_provider: channel.relationship.usableByProvider,
        },
      });
  }
  const manifest = sourceManifest(citations);
  const reasons = reviewReasons(content, manifest);
  return {
    kind,
    input,
    packetType,
    wallets,
    matter,
    channel,
    authority,
    content,
    manifest,
    reasons,
    status: initialStatus(reasons),
    extra,
  };
}

/**
 * Stores a prepared packet inside the caller's write(): the row (and, for a sanctions-review
 * packet, its review first) and the `packet.created` audit event. The one place packets are
 * written.
 */
export async function insertPacket(
  ctx: RequestContext,
  rec: Recorder,
  prepared: PreparedPacket,
): Promise<Packet> {
  const { kind, input, packetType, wallets, matter, channel, authority, content } = prepared;
  const { manifest, reasons, status, extra } = prepared;
  const sourceRefs = (input.sourceRefs ?? []) as SourceRefShape[];
  const id = newId("packet");
  const linked = extra.before ? await extra.before(rec, id) : {};
  if (content.sanctions && linked.sanctionsReviewId) {
    content.sanctions.review_id = linked.sanctionsReviewId;
    content.sanctions.blocked_property_analysis = linked.analysis ?? "";
  }
  const now = new Date();
  const packet = await rec.tx.packet.create({
    data: {
      id,
      matterId: matter.id,
      judgmentId: input.judgmentId ?? null,
      legalAuthorityId: authority.id,
      sanctionsReviewId: linked.sanctionsReviewId ?? null,
      relationshipId: channel?.relationship.id ?? null,
      type: kind,
      packetType,
      status,
      authorizedSender: input.authorizedSender,
      wallets,
      sourceRefs: sourceRefs as object[],
      sourceManifest: manifest as unknown as object[],
      content: content as unknown as object,
      notes: input.notes ?? null,
      reviewState: {
        reviewRequired: reasons.length > 0,
        reviewStatus: reasons.length ? "pending" : "not_requested",
        reviewOwner: null,
        reviewNotes: null,
      },
      reviewReasons: reasons,
      createdRequestId: ctx.requestId,
      createdBy: ctx.principal.actorId,
      createdAt: now,
      updatedAt: now,
    } as never,
  });
  await rec.audit({
    eventType: "packet.created",
    objectType: "packet",
    objectId: id,
    matterId: matter.id,
    details: {
      packet_id: id,
      type: kind,
      packet_type: packetType,
      status,
      authorized_sender: input.authorizedSender,
      legal_authority_id: authority.id,
      judgment_id: input.judgmentId ?? null,
      relationship_id: channel?.relationship.id ?? null,
      sanctions_review_id: linked.sanctionsReviewId ?? null,
      sources: manifest.length,
      review_reasons: reasons.length,
    },
  });
  return packet;
}

/** Makes a packet of `kind` after the gate, in its own write. */
export async function createPacket(
  ctx: RequestContext,
  kind: PacketKind,
  input: PacketInput,
  extra: Extra = { sanctions: null },
): Promise<Packet> {
  const prepared = await preparePacket(ctx, kind, input, extra);
  return write(ctx, (rec) => insertPacket(ctx, rec, prepared));
}

/** The newest screen with hits and no review yet, else the newest screen of the matter. */
export async function screenToReview(
  ctx: RequestContext,
  matterId: string,
  screenId?: string | null,
) {
  if (screenId) {
    const screen = await findScreen(ctx, screenId, "screen_id");
    if (screen.matterId !== matterId)
      throw invalid("screen_id", `Screen '${screen.id}' belongs to another matter.`);
    return screen;
  }
  const screens = await ctx.db.sanctionsScreen.findMany({
    where: { matterId },
    orderBy: { id: "desc" },
    take: 50,
    include: { reviews: { select: { id: true } } },
  });
  const pick = screens.find((s) => s.status !== "clear" && !s.reviews.length) ?? screens[0];
  if (!pick)
    throw new ApiError("sanctions_screen_required", {
      param: "matter_id",
      message:
        "The matter has no sanctions screen to review. Screen its wallets and parties with POST /v1/sanctions/screen first.",
      details: { matter_id: matterId },
    });
  const { reviews: _reviews, ...screen } = pick;
  return screen;
}

/**
 * What a sanctions-review packet adds: the screen it reviews (named, or chosen as
 * screenToReview does) in its content, and the review it opens in the same write.
 */
export async function sanctionsReviewExtra(
  ctx: RequestContext,
  matterId: string,
  screenId: string | null | undefined,
  notes: string | null | undefined,
): Promise<Extra> {
  const screen = await screenToReview(ctx, matterId, screenId);
  const matches = Array.isArray(screen.matches) ? screen.matches.length : 0;
  return {
    sanctions: {
      screen_id: screen.id,
      screen_status: screen.status,
      list_issue_date: screen.listIssueDate,
      match_count: matches,
      review_id: "",
      blocked_property_analysis: "",
    },
    before: async (rec, packetId) => {
      const review = await openSanctionsReview(rec, {
        matterId,
        screen,
        notes: notes ?? null,
        packetId,
      });
      return { sanctionsReviewId: review.id, analysis: review.blockedPropertyAnalysis };
    },
  };
}
