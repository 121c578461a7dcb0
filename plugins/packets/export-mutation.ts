import { ApiError } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { restBodyOf } from "../../rest-bridge/shape.js";
import { ExportInput } from "../exports/inputs.js";
import { checkExportBody, exportViewer } from "../exports/request.js";
import { createExport } from "../exports/service.js";
import { ExportRef } from "../exports/types.js";
import { assertMatterWritable, matterOf } from "../matters/service.js";
import type { PacketContent } from "./content.js";
import { packetDocument } from "./document.js";
import { findPacket } from "./queries.js";
import { exportMove, type PacketStatus } from "./values.js";

const refused = (from: string) =>
  new ApiError("invalid_state_transition", {
    message: `A packet that is ${from} cannot be exported.`,
    details: { from, allowed: [] },
  });

export function registerExportMutation() {
  builder.mutationField("exportPacket", (t) =>
    t.field({
      type: ExportRef,
      description:
        "Exports a packet as a PDF, ZIP or JSON file under a redaction profile (POST /v1/packets/{packet_id}/export, CONTRACT.md §8, §12) and answers with the Export (201). An approved packet moves to `exported` and its file is final; a `draft` or `in_review` packet exports as a DRAFT (every PDF page marked, `draft: true` in the JSON) and keeps its status, so it can still be reviewed; an `exported` or `sent` packet may be exported again (final, status unchanged); a `closed` packet cannot be (409 invalid_state_transition). The JSON is the packet's REST body as GET /v1/packets/{packet_id} shows it at export time. Writes the `packet.exported` audit event (with the request id, SHA-256, size, format and profile) and the `packet.exported` event in the same transaction. Authority gate; a closed matter is 409 matter_closed.",
      gate: {
        scope: "packets:export",
        authority: matterOf.record(
          async (a: { id: string; input: typeof ExportInput.$inferInput }, c) => {
            checkExportBody(a.input);
            const packet = await findPacket(c, a.id);
            await exportViewer(c, packet.matterId, a.input.claimantId);
            return packet;
          },
        ),
      },
      extensions: { errors: ["matter_closed", "invalid_state_transition"] },
      args: {
        id: t.arg.id({ required: true, description: "Packet id (pkt_…)." }),
        input: t.arg({ type: ExportInput, required: true, description: "Format and redaction." }),
      },
      resolve: async (_root, { id, input }, ctx, info) => {
        checkExportBody(input);
        const packet = await findPacket(ctx, id);
        const claimantId = await exportViewer(ctx, packet.matterId, input.claimantId);
        const matter = await assertMatterWritable(ctx, packet.matterId);
        const move = exportMove(packet.status as PacketStatus);
        if (!move.ok) throw refused(packet.status);
        const content = packet.content as unknown as PacketContent;
        const document = packetDocument({
          packet,
          matter,
          organization: {
            id: content.sender.organization_id,
            name: content.sender.organization_name,
          },
        });
        const json = await restBodyOf(info.schema, "Packet", packet, ctx);
        return write(ctx, async (rec) => {
          if (move.to !== packet.status) {
            // Conditional: a review sending the packet back to draft meanwhile wins, and this
            // export (rendered as final) is refused rather than recorded against a draft.
            const moved = await rec.tx.packet.updateMany({
              where: { id, status: packet.status },
              data: { status: move.to, updatedAt: new Date() },
            });
            if (moved.count !== 1) {
              const again = await rec.tx.packet.findUniqueOrThrow({ where: { id } });
              throw new ApiError("invalid_state_transition", {
                message: `The packet changed from ${packet.status} to ${again.status} while it was being exported; export it again.`,
                details: { from: again.status, allowed: [] },
              });
            }
          }
          return createExport(ctx, rec, {
            objectType: "packet",
            objectId: id,
            matterId: packet.matterId,
            format: input.format,
            redactionProfile: input.redactionProfile ?? "none",
            claimantId,
            document,
            json,
            filenameBase: `${packet.type.replace(/_/g, "-")}-${id}`,
            details: { packet_status: move.to, draft: document.draft },
          });
        });
      },
    }),
  );
}
