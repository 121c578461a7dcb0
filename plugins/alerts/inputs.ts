import { builder } from "../../src/schema/builder.js";
import { PacketKindEnum } from "../packets/types.js";
import { AlertStatusEnum } from "./types.js";

export const TriageAlertInput = builder.inputType("TriageAlertInput", {
  description: "A triage decision on an alert (POST /v1/alerts/{alert_id}/triage).",
  fields: (t) => ({
    status: t.field({
      type: AlertStatusEnum,
      required: true,
      description:
        "The new status: actionable, monitoring, false_positive (final) or resolved; never open. Allowed moves are listed on AlertStatus; a refused move is 409 invalid_state_transition with details.allowed.",
    }),
    notes: t.string({ description: "Why; kept in the triage history and its audit event." }),
    createAction: t.boolean({
      description:
        "true: create a linked action in the same write (type from the alert's type, title its reason, priority from its severity; linked to the packet when one is created too). Needs actions:write and the matter's authority grant (403 authority_required otherwise, and the triage is not made).",
    }),
    createPacketType: t.field({
      type: PacketKindEnum,
      description:
        "Create a packet of this kind in the same write, as the packet endpoints make it (its wallet the alert's target wallet when it is one; its authorized sender the triaging user, else the organization; a sanctions_review packet reviews the alert's screen). Needs packets:write and the matter's authority grant (403 authority_required otherwise, and the triage is not made).",
    }),
  }),
});
