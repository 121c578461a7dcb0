import { builder } from "../../src/schema/builder.js";
import { SourceRefInput } from "../core/shared-types.js";
import { ActionPriorityEnum, ActionStatusEnum, ActionTypeEnum } from "./types.js";

export const CreateActionInput = builder.inputType("CreateActionInput", {
  description: "A new action; it starts `open`.",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
    type: t.field({ type: ActionTypeEnum, required: true, description: "Kind of action." }),
    title: t.string({ required: true, description: "What is to be done; not empty." }),
    campaignId: t.id({
      description:
        "The campaign (cmp_…) the action is part of: a campaign of the same matter (404 otherwise) that is not closed (409 invalid_state_transition).",
    }),
    ownerId: t.id({
      description:
        "The user (usr_…) to assign it to: a user of the organization who may access the matter.",
    }),
    priority: t.field({
      type: ActionPriorityEnum,
      description: "low, normal (default), high or urgent.",
    }),
    dueAt: t.field({ type: "DateTime", description: "When the action is due." }),
    linkedPacketId: t.id({
      description:
        "The packet (pkt_…) the action works on: a packet of the same matter (404 otherwise).",
    }),
  }),
});

export const CreateCampaignActionInput = builder.inputType("CreateCampaignActionInput", {
  description:
    "A new action of a campaign (POST /v1/claw/campaigns/{campaign_id}/actions); it starts `open` with priority `normal`, under the campaign's matter.",
  fields: (t) => ({
    type: t.field({ type: ActionTypeEnum, required: true, description: "Claw action kind." }),
    title: t.string({ required: true, description: "What is to be done; not empty." }),
    ownerId: t.id({
      description:
        "The user (usr_…) to assign it to: a user of the organization who may access the campaign's matter.",
    }),
    dueAt: t.field({ type: "DateTime", description: "When the action is due." }),
    linkedPacketId: t.id({
      description:
        "The packet (pkt_…) the action works on: a packet of the campaign's matter (404 otherwise).",
    }),
    reviewRequired: t.boolean({
      description:
        "Counsel or operator review before the action is worked: review_state `pending` when true, `not_required` when false or absent.",
    }),
  }),
});

export const UpdateActionInput = builder.inputType("UpdateActionInput", {
  description:
    "Partial update of a live action. `owner_id` and `due_at` may be null to clear them; a completed or cancelled action takes no update.",
  fields: (t) => ({
    title: t.string({ description: "What is to be done; not empty." }),
    status: t.field({
      type: ActionStatusEnum,
      description:
        "The next status. `completed` completes the action as POST /v1/actions/{action_id}/complete does (audit event, action.completed).",
    }),
    priority: t.field({ type: ActionPriorityEnum, description: "low, normal, high or urgent." }),
    ownerId: t.id({
      description:
        "The user (usr_…) to assign it to, or null to unassign: a user of the organization who may access the matter.",
    }),
    dueAt: t.field({ type: "DateTime", description: "When the action is due, or null." }),
  }),
});

export const AssignActionInput = builder.inputType("AssignActionInput", {
  description: "Assigns a live action to a user.",
  fields: (t) => ({
    ownerId: t.id({
      required: true,
      description: "The user (usr_…): a user of the organization who may access the matter.",
    }),
    notes: t.string({ description: "Why, or what the owner should know." }),
  }),
});

export const CompleteActionInput = builder.inputType("CompleteActionInput", {
  description: "Completion of a live action: notes and evidence, both stored.",
  fields: (t) => ({
    completionNotes: t.string({ description: "What was done and its outcome." }),
    evidenceRefs: t.field({
      type: [SourceRefInput],
      description: "Evidence of completion (filings, responses, receipts).",
    }),
  }),
});
