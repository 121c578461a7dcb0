import { hasScope } from "../../src/auth/principal.js";
import type { RequestContext } from "../../src/context.js";
import { notFound } from "../../src/errors.js";
import { createdRange, paginate } from "../../src/pagination.js";
import { builder } from "../../src/schema/builder.js";
import { childPage } from "../../src/schema/child-pages.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import { requestLoader } from "../../src/schema/request-loader.js";
import { registerDashboardContributor } from "../matters/service.js";
import { exportsOfObject, OBJECT_EXPORTS } from "../exports/queries.js";
import { ExportRef } from "../exports/types.js";
import { CounterpartyHistoryRef } from "../relationships/index.js";
import { PacketKindEnum, PacketRef, PacketStatusEnum } from "./types.js";

export async function findPacket(ctx: RequestContext, id: string) {
  const packet = await ctx.db.packet.findUnique({ where: { id } });
  if (!packet) throw notFound("packet", id);
  return packet;
}

/** Statuses of packets no longer open: the dashboard's open_packets counts the others. */
const DONE_STATUSES = ["sent", "closed"];

/** Each matter's packets not yet sent or closed, one statement however many matters are shown. */
function openPacketsByMatter(ctx: RequestContext) {
  return requestLoader(ctx, "packets.openByMatter", async (ids: readonly string[]) => {
    const counts = await ctx.db.packet.groupBy({
      by: ["matterId"],
      where: { matterId: { in: [...ids] }, status: { notIn: DONE_STATUSES } },
      _count: { _all: true },
    });
    const byId = new Map(counts.map((c) => [c.matterId, c._count._all]));
    return ids.map((id) => byId.get(id) ?? 0);
  });
}

/** Packets addressed to a counterparty, newest first, as many as its history shows. */
const HISTORY_PACKETS = 100;

export function registerPacketQueries() {
  builder.queryField("packet", (t) =>
    t.field({
      type: PacketRef,
      description:
        "One packet with its content snapshot, source manifest, review state and authorized sender (GET /v1/packets/{packet_id}).",
      gate: { scope: "packets:read" },
      args: { id: t.arg.id({ required: true, description: "Packet id (pkt_…)." }) },
      resolve: (_root, { id }, ctx) => findPacket(ctx, id),
    }),
  );

  const where = (args: {
    status?: string | null;
    type?: string | null;
    createdAfter?: Date | null;
    createdBefore?: Date | null;
  }) => ({
    ...(args.status ? { status: args.status } : {}),
    ...(args.type ? { type: args.type } : {}),
    ...createdRange(args.createdAfter, args.createdBefore),
  });

  builder.queryField("packets", (t) =>
    t.field({
      type: connectionOf(PacketRef, "Packet"),
      description: "Packets of the matters the caller can see, newest first, optionally filtered.",
      gate: { scope: "packets:read" },
      args: {
        ...pageArgs(t),
        status: t.arg({ type: PacketStatusEnum, description: "Only packets with this status." }),
        type: t.arg({ type: PacketKindEnum, description: "Only packets of this kind." }),
        createdAfter: t.arg({ type: "DateTime", description: "Created strictly after this time." }),
        createdBefore: t.arg({
          type: "DateTime",
          description: "Created strictly before this time.",
        }),
        matterId: t.arg.id({ description: "Only packets of this matter." }),
        relationshipId: t.arg.id({ description: "Only packets going through this channel." }),
      },
      resolve: (_root, args, ctx) =>
        paginate((q) => ctx.db.packet.findMany(q), args, {
          ...where(args),
          ...(args.matterId ? { matterId: args.matterId } : {}),
          ...(args.relationshipId ? { relationshipId: args.relationshipId } : {}),
        }),
    }),
  );

  builder.prismaObjectField("Matter", "packets", (t) =>
    t.field({
      type: connectionOf(PacketRef, "Packet"),
      description: "The matter's packets, newest first.",
      gate: { scope: "packets:read" },
      args: {
        ...pageArgs(t),
        status: t.arg({ type: PacketStatusEnum, description: "Only packets with this status." }),
        type: t.arg({ type: PacketKindEnum, description: "Only packets of this kind." }),
        createdAfter: t.arg({ type: "DateTime", description: "Created strictly after this time." }),
        createdBefore: t.arg({
          type: "DateTime",
          description: "Created strictly before this time.",
        }),
      },
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          {
            key: "Matter.packets",
            table: "packets",
            parentColumn: "matter_id",
            parentField: "matterId",
            findMany: (q) => ctx.db.packet.findMany(q),
          },
          m.id,
          args,
          where(args),
        ),
    }),
  );

  builder.objectField(CounterpartyHistoryRef, "packets", (t) =>
    t.field({
      type: [PacketRef],
      description: `Packets addressed to the counterparty through any of its relationships, newest first (the newest ${HISTORY_PACKETS}), any status; needs packets:read, else empty.`,
      resolve: async (h, _args, ctx) => {
        // The history is a relationships:read view; packets show only to callers who may read them.
        if (!hasScope(ctx.principal, "packets:read")) return [];
        return ctx.db.packet.findMany({
          where: { relationship: { is: { counterpartyId: h.counterparty.id } } },
          orderBy: { id: "desc" },
          take: HISTORY_PACKETS,
        });
      },
    }),
  );

  builder.prismaObjectField("Packet", "exports", (t) =>
    t.field({
      type: [ExportRef],
      description: `The packet's export state: its exports (POST /v1/packets/{packet_id}/export), newest first, the newest ${OBJECT_EXPORTS}; empty until it is exported. Each names its format, redaction profile, SHA-256 and download_url.`,
      resolve: (p, _args, ctx) => exportsOfObject(ctx, p.id),
    }),
  );

  builder.prismaObjectField("SanctionsReview", "packetId", (t) =>
    t.string({
      nullable: true,
      description: "The sanctions-review packet that opened this review, if one did.",
      resolve: async (r, _args, ctx) => (await packetIdByReview(ctx).load(r.id)) ?? null,
    }),
  );

  registerDashboardContributor("packets.open_packets", async (ctx, matterId) => ({
    openPackets: await openPacketsByMatter(ctx).load(matterId),
  }));
}

/** Packet ids by the sanctions review they opened, one query per request. */
function packetIdByReview(ctx: RequestContext) {
  return requestLoader<string, string | undefined>(ctx, "packets.packetIdByReview", async (ids) => {
    const rows = await ctx.db.packet.findMany({
      where: { sanctionsReviewId: { in: [...ids] } },
      select: { id: true, sanctionsReviewId: true },
    });
    const byReview = new Map(rows.map((r) => [r.sanctionsReviewId, r.id]));
    return ids.map((id) => byReview.get(id));
  });
}
