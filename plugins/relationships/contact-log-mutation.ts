import { ApiError, invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { checkText } from "../attribution/service.js";
import { assertOpen, findMatter } from "../matters/service.js";
import { LogRelationshipContactInput } from "./inputs.js";
import { findRelationship } from "./queries.js";
import { ContactLogRef } from "./types.js";

export function registerContactLogMutation() {
  builder.mutationField("logRelationshipContact", (t) =>
    t.field({
      type: ContactLogRef,
      description:
        "Logs a contact through a relationship about a matter, optionally naming the packet sent (a packet of that matter). The matter must be open.",
      gate: { scope: "relationships:write" },
      extensions: { errors: ["matter_closed"] },
      args: {
        id: t.arg.id({ required: true, description: "Relationship id (rel_…)." }),
        input: t.arg({
          type: LogRelationshipContactInput,
          required: true,
          description: "The contact.",
        }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        checkText("authorized_sender", input.authorizedSender);
        checkText("contact_type", input.contactType);
        // 404s (relationship, matter, packet) before the closed-matter refusal (CONTRACT.md §2).
        const relationship = await findRelationship(ctx, id);
        const matter = await findMatter(ctx, input.matterId);
        if (input.packetId) {
          // The packets module depends on this one, so its table is read directly here.
          const packet = await ctx.db.packet.findUnique({
            where: { id: input.packetId },
            select: { id: true, matterId: true },
          });
          if (!packet)
            throw new ApiError("resource_missing", {
              param: "packet_id",
              message: `No such packet: '${input.packetId}'.`,
            });
          if (packet.matterId !== matter.id)
            throw invalid("packet_id", `Packet '${packet.id}' belongs to another matter.`);
        }
        assertOpen(matter);
        return write(ctx, async ({ tx, audit }) => {
          const log = await tx.contactLog.create({
            data: {
              id: newId("contactLog"),
              matterId: matter.id,
              relationshipId: relationship.id,
              packetId: input.packetId ?? null,
              authorizedSender: input.authorizedSender,
              contactType: input.contactType,
              outcome: input.outcome ?? null,
              notes: input.notes ?? null,
              createdAt: new Date(),
            } as never,
          });
          await audit({
            eventType: "relationship.contact_logged",
            objectType: "contact_log",
            objectId: log.id,
            matterId: matter.id,
            details: {
              contact_log_id: log.id,
              relationship_id: relationship.id,
              packet_id: log.packetId,
              contact_type: log.contactType,
              outcome: log.outcome,
            },
          });
          return log;
        });
      },
    }),
  );
}
