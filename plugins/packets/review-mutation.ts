import { ApiError } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { checkText } from "../attribution/service.js";
import { assertMatterWritable, matterOf } from "../matters/service.js";
import { ReviewPacketInput } from "./inputs.js";
import { findPacket } from "./queries.js";
import { PacketRef } from "./types.js";
import { type PacketStatus, reviewMove, type ReviewDecision } from "./values.js";

const refused = (from: string, decision: ReviewDecision) => {
  const move = reviewMove(from as PacketStatus, decision);
  return new ApiError("invalid_state_transition", {
    message: `A packet that is ${from} cannot be reviewed with ${decision}.`,
    details: { from, decision, allowed: move.ok ? [move.to] : move.allowed },
  });
};

export function registerReviewMutation() {
  builder.mutationField("reviewPacket", (t) =>
    t.field({
      type: PacketRef,
      description:
        "A reviewer's decision (CONTRACT.md §7): `approved` moves a draft or in_review packet to approved; `changes_requested` sends a draft, in_review or approved packet back to draft. Exported, sent and closed packets are out of review (409 invalid_state_transition). review_state records the reviewer, decision and notes.",
      gate: {
        scope: "packets:write",
        authority: matterOf.record((a: { id: string }, c) => findPacket(c, a.id)),
      },
      extensions: { errors: ["matter_closed", "invalid_state_transition"] },
      args: {
        id: t.arg.id({ required: true, description: "Packet id (pkt_…)." }),
        input: t.arg({ type: ReviewPacketInput, required: true, description: "The decision." }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        checkText("reviewer", input.reviewer);
        const current = await findPacket(ctx, id);
        await assertMatterWritable(ctx, current.matterId);
        const move = reviewMove(current.status as PacketStatus, input.decision);
        if (!move.ok) throw refused(current.status, input.decision);
        return write(ctx, async ({ tx, audit }) => {
          const now = new Date();
          // Conditional: of two racing reviews only the first moves the packet from this status.
          const moved = await tx.packet.updateMany({
            where: { id, status: current.status },
            data: {
              status: move.to,
              reviewState: {
                reviewRequired: input.decision !== "approved",
                reviewStatus: input.decision,
                reviewOwner: input.reviewer,
                reviewNotes: input.notes ?? null,
              },
              updatedAt: now,
            },
          });
          if (moved.count !== 1) {
            const again = await tx.packet.findUniqueOrThrow({ where: { id } });
            throw refused(again.status, input.decision);
          }
          await audit({
            eventType: "packet.reviewed",
            objectType: "packet",
            objectId: id,
            matterId: current.matterId,
            details: {
              packet_id: id,
              decision: input.decision,
              reviewer: input.reviewer,
              from: current.status,
              to: move.to,
              notes: input.notes ?? null,
            },
          });
          return tx.packet.findUniqueOrThrow({ where: { id } });
        });
      },
    }),
  );
}
