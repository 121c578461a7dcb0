import { ApiError } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable } from "../matters/service.js";
import { TriageAlertInput } from "./inputs.js";
import { findAlert } from "./queries.js";
import { allowedTriage, canTriage } from "./triage.js";
import {
  followUpGate,
  prepareFollowUps,
  requireFollowUpScopes,
  triageFollowUps,
} from "./triage-follow-ups.js";
import { AlertRef } from "./types.js";

const refused = (from: string, to: string) =>
  new ApiError("invalid_state_transition", {
    param: "status",
    message:
      from === "false_positive"
        ? "The alert was closed as a false positive; it cannot be triaged again."
        : `An alert cannot move from ${from} to ${to}.`,
    details: { from, to, allowed: allowedTriage(from) },
  });

export function registerTriageMutation() {
  builder.mutationField("triageAlert", (t) =>
    t.field({
      type: AlertRef,
      description:
        "Triages an alert: sets its status (false_positive closes it for good) and records who, when, from, to and notes in its triage history and audit. The alert's matter must be open. `create_action` creates a linked action and `create_packet_type` a packet of that kind, in the same write; each triage history entry names them (action_id, packet_id). Either follow-up needs its module's scope (actions:write, packets:write) and a live authority grant of the alert's matter: without one the whole triage is refused with 403 authority_required and nothing changes.",
      gate: { scope: "monitoring:write" },
      extensions: {
        errors: [
          "authority_required",
          "sanctions_screen_required",
          "matter_closed",
          "invalid_state_transition",
        ],
      },
      args: {
        id: t.arg.id({ required: true, description: "Alert id (alr_…)." }),
        input: t.arg({ type: TriageAlertInput, required: true, description: "The decision." }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        requireFollowUpScopes(ctx, input);
        const alert = await findAlert(ctx, id);
        await followUpGate(ctx, alert, input);
        await assertMatterWritable(ctx, alert.matterId);
        if (!canTriage(alert.status, input.status)) throw refused(alert.status, input.status);
        const prepared = await prepareFollowUps(ctx, alert, input);
        return write(ctx, async (rec) => {
          const now = new Date();
          // Conditional on the status read: of two racing triages only one lands.
          const moved = await rec.tx.alert.updateMany({
            where: { id, status: alert.status },
            data: { status: input.status, updatedAt: now },
          });
          if (moved.count !== 1) {
            const again = await rec.tx.alert.findUniqueOrThrow({ where: { id } });
            throw refused(again.status, input.status);
          }
          const followUps = await triageFollowUps(ctx, rec, prepared);
          const triage = await rec.tx.alertTriage.create({
            data: {
              id: newId("alertTriage"),
              matterId: alert.matterId,
              alertId: id,
              fromStatus: alert.status,
              toStatus: input.status,
              notes: input.notes ?? null,
              actionId: followUps.actionId,
              packetId: followUps.packetId,
              actorId: ctx.principal.actorId,
              requestId: ctx.requestId,
              createdAt: now,
            } as never,
          });
          await rec.audit({
            eventType: "alert.triaged",
            objectType: "alert",
            objectId: id,
            matterId: alert.matterId,
            details: {
              matter_id: alert.matterId,
              alert_id: id,
              triage_id: triage.id,
              from: alert.status,
              to: input.status,
              notes: input.notes ?? null,
              action_id: followUps.actionId,
              packet_id: followUps.packetId,
            },
          });
          return rec.tx.alert.findUniqueOrThrow({ where: { id } });
        });
      },
    }),
  );
}
