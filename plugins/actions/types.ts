import { builder } from "../../src/schema/builder.js";
import { describedValues } from "../core/enum-values.js";
import { ReviewStateRef, reviewStateOf, SourceRefRef, sourceRefsOf } from "../core/shared-types.js";
import type { ActionStatus } from "./state-machine.js";
import type { ActionPriority, ActionType } from "./values.js";

export const ActionTypeEnum = builder.enumType("ActionType", {
  description: "Kind of action (SPEC.md claw action kinds).",
  values: describedValues({
    watch: "Watch wallets or accounts for movement.",
    packet: "Prepare, review or send a packet.",
    discovery: "Post-judgment discovery (subpoenas, interrogatories, examinations).",
    exchange: "Work with an exchange: preservation, records, freeze requests.",
    issuer: "Work with a stablecoin issuer: freeze or remediation.",
    sanctions: "Sanctions screening, review or OFAC reporting work.",
    legal_process: "Court filings, writs, levies, turnover motions.",
    ledger: "Record recoveries or remittances in the ledger.",
    reporting_task: "Prepare a report for a claimant, counsel or the client.",
  } satisfies Record<ActionType, string>),
});

export const ActionPriorityEnum = builder.enumType("ActionPriority", {
  description: "How urgent an action is; `normal` unless given.",
  values: describedValues({
    low: "Do when the rest is under way.",
    normal: "Do in order.",
    high: "Do soon; other work may wait on it.",
    urgent: "Do now: funds may move or a deadline is near.",
  } satisfies Record<ActionPriority, string>),
});

export const ActionStatusEnum = builder.enumType("ActionStatus", {
  description:
    "Action status (CONTRACT.md §8). New actions are `open`; a live action (open, in_progress, blocked) may move to any other status through PATCH, and to `completed` through POST /v1/actions/{action_id}/complete as well. `completed` and `cancelled` are final: any later write is 409 invalid_state_transition.",
  values: describedValues({
    open: "Created, not started.",
    in_progress: "Being worked on.",
    blocked: "Waiting on something outside the operator's hands.",
    completed: "Done, with completion notes and evidence; final.",
    cancelled: "Dropped; final.",
  } satisfies Record<ActionStatus, string>),
});

export const ActionRef = builder.prismaNode("Action", {
  id: { field: "id", description: "Global id, the same as the `act_` id." },
  description: "A task in the operators' queue under a matter, optionally part of a campaign.",
  fields: (t) => ({
    actionId: t.exposeString("id", { description: "Action id (prefix `act_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter the action belongs to." }),
    campaignId: t.exposeString("campaignId", {
      nullable: true,
      description: "The campaign (cmp_…) the action is part of; null when none.",
    }),
    type: t.field({
      type: ActionTypeEnum,
      description: "Kind of action.",
      resolve: (a) => a.type as never,
    }),
    title: t.exposeString("title", { description: "What is to be done." }),
    ownerId: t.exposeString("ownerId", {
      nullable: true,
      description: "The user (usr_…) the action is assigned to; null while unassigned.",
    }),
    priority: t.field({
      type: ActionPriorityEnum,
      description: "low, normal, high or urgent.",
      resolve: (a) => a.priority as never,
    }),
    status: t.field({
      type: ActionStatusEnum,
      description: "open, in_progress, blocked, completed or cancelled.",
      resolve: (a) => a.status as never,
    }),
    dueAt: t.expose("dueAt", {
      type: "DateTime",
      nullable: true,
      description: "When the action is due; null when no due time is set.",
    }),
    linkedPacketId: t.exposeString("linkedPacketId", {
      nullable: true,
      description: "The packet (pkt_…) the action works on; null when none.",
    }),
    reviewState: t.field({
      type: ReviewStateRef,
      description: "Counsel or operator review before the action is worked.",
      resolve: (a) => reviewStateOf(a.reviewState),
    }),
    assignmentNotes: t.exposeString("assignmentNotes", {
      nullable: true,
      description: "Notes given with the latest assignment.",
    }),
    assignedAt: t.expose("assignedAt", {
      type: "DateTime",
      nullable: true,
      description: "When the current owner was assigned.",
    }),
    completionNotes: t.exposeString("completionNotes", {
      nullable: true,
      description: "Notes given on completion.",
    }),
    evidenceRefs: t.field({
      type: [SourceRefRef],
      description: "Evidence stored on completion.",
      resolve: (a) => sourceRefsOf(a.evidenceRefs),
    }),
    completedAt: t.expose("completedAt", {
      type: "DateTime",
      nullable: true,
      description: "When the action was completed.",
    }),
    completedBy: t.exposeString("completedBy", {
      nullable: true,
      description: "Who completed it: the user, or the API key when no user is bound.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "Last update time." }),
  }),
});
