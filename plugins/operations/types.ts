import { builder } from "../../src/schema/builder.js";
import { describedValues } from "../core/enum-values.js";
import { OPERATION_POSTURES, OPERATION_STATES, OPERATION_TYPES } from "./state-machine.js";

export const OperationTypeEnum = builder.enumType("OperationType", {
  description: "Operation type; determines available states and transitions.",
  values: describedValues({
    crypto_investment_fraud: "A fraudulent crypto investment scheme.",
    pig_butchering: "A long-con trust or romance fraud that ends in crypto 'investments'.",
    victim_recovery: "Recovering a victim's funds.",
    exchange_escalation: "An escalation to a crypto exchange (freeze, records, account data).",
    law_enforcement_packet: "Preparing a referral packet for law enforcement.",
    cyber_incident: "A hack, ransomware or other cyber incident.",
    compliance_investigation: "A compliance or anti-money-laundering investigation.",
    asset_recovery: "Tracing and recovering assets in general.",
  } satisfies Record<(typeof OPERATION_TYPES)[number], string>),
});
export const OperationPostureEnum = builder.enumType("OperationPosture", {
  description: "How the operation behaves under risk; `emergency` may jump straight to `active`.",
  values: describedValues({
    monitoring: "Watching only; no active steps.",
    active_investigation: "Under active investigation.",
    litigation_ready: "Evidence is ready for litigation.",
    law_enforcement_engaged: "Law enforcement is involved.",
    emergency: "Urgent: may move from created, intake or triaged straight to active.",
  } satisfies Record<(typeof OPERATION_POSTURES)[number], string>),
});
export const OperationStateEnum = builder.enumType("OperationState", {
  description: "Lifecycle state (CONTRACT.md §8).",
  values: describedValues({
    created: "Just created; the first state.",
    intake: "Facts are being gathered.",
    triaged: "Assessed and prioritised.",
    verified: "Facts verified; moving here needs proof.",
    active: "Work is under way.",
    escalated: "Raised to counsel, an exchange or the authorities.",
    action_pending: "Waiting on an action.",
    resolution_pending: "A resolution is agreed and awaits completion.",
    resolved: "Resolved; moving here needs proof.",
    closed: "Closed; reopening (to active) needs proof.",
    archived: "Archived; final, no further moves.",
  } satisfies Record<(typeof OPERATION_STATES)[number], string>),
});

export const OperationTransitionRef = builder.prismaNode("OperationTransition", {
  id: { field: "id" },
  description: "One recorded move of an Operation: who, why, with what proof, when.",
  fields: (t) => ({
    transitionId: t.exposeString("id", { description: "Transition id (prefix `opt_`)." }),
    from: t.field({
      type: OperationStateEnum,
      description: "State before the move.",
      resolve: (r) => r.from as never,
    }),
    to: t.field({
      type: OperationStateEnum,
      description: "State after the move.",
      resolve: (r) => r.to as never,
    }),
    reason: t.exposeString("reason", { nullable: true, description: "Why the move was made." }),
    proof: t.exposeStringList("proof", { description: "Ids of the evidence supporting the move." }),
    initiatedBy: t.exposeString("initiatedBy", {
      description: "User or API key that made the move.",
    }),
    createdAt: t.expose("createdAt", {
      type: "DateTime",
      description: "When the move was recorded.",
    }),
  }),
});

export const OperationRef = builder.prismaNode("Operation", {
  id: { field: "id" },
  description: "A generic case operation with its own lifecycle.",
  extensions: { restExposeId: true },
  fields: (t) => ({
    type: t.field({
      type: OperationTypeEnum,
      description: "Operation type.",
      resolve: (o) => o.type as never,
    }),
    intent: t.exposeString("intent", { description: "Why the operation exists." }),
    posture: t.field({
      type: OperationPostureEnum,
      description: "Risk posture.",
      resolve: (o) => o.posture as never,
    }),
    state: t.field({
      type: OperationStateEnum,
      description: "Current lifecycle state.",
      resolve: (o) => o.state as never,
    }),
    title: t.exposeString("title", { nullable: true, description: "Human-readable title." }),
    matterId: t.exposeString("matterId", {
      nullable: true,
      description: "Matter the operation is linked to, if any.",
    }),
    metadata: t.field({
      type: "JSONObject",
      description: "Arbitrary key-value pairs.",
      resolve: (o) => o.metadata as Record<string, unknown>,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "Last update time." }),
  }),
});
