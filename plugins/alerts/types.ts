import { builder } from "../../src/schema/builder.js";
import { describedValues } from "../core/enum-values.js";

export const AlertTypeEnum = builder.enumType("AlertType", {
  description: "What an alert is about (SPEC.md alert kinds).",
  values: describedValues({
    wallet_movement: "A watched wallet moved funds.",
    exchange_proximity: "Funds came near a labelled exchange wallet.",
    stablecoin_exposure: "Exposure to a stablecoin whose issuer can freeze it.",
    sanctions: "A sanctions screen found a listed or possibly listed party.",
    deadline: "A deadline is near.",
    compliance: "A compliance rule needs attention.",
  }),
});

export const AlertSeverityEnum = builder.enumType("AlertSeverity", {
  description: "How urgent an alert is.",
  values: describedValues({
    low: "Informational.",
    medium: "Look at it in the ordinary course.",
    high: "Look at it soon; it may block work.",
    critical: "Act now; ordinary work on the matter is blocked.",
  }),
});

export const AlertStatusEnum = builder.enumType("AlertStatus", {
  description:
    "Triage state (CONTRACT.md §8). New alerts are `open`; triage moves them (monitoring endpoints).",
  values: describedValues({
    open: "Raised, not yet triaged.",
    actionable: "Triaged; needs action.",
    monitoring: "Triaged; being watched.",
    false_positive: "Triaged; not a real issue.",
    resolved: "Dealt with.",
  }),
});

export const AlertRef = builder.prismaNode("Alert", {
  id: { field: "id", description: "Global id, the same as the `alr_` id." },
  description:
    "Something the service noticed on a matter (CONTRACT.md §13); one per matter, type and target.",
  fields: (t) => ({
    alertId: t.exposeString("id", { description: "Alert id (prefix `alr_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter the alert is raised on." }),
    type: t.field({ type: AlertTypeEnum, description: "Kind.", resolve: (a) => a.type as never }),
    severity: t.field({
      type: AlertSeverityEnum,
      description: "Urgency.",
      resolve: (a) => a.severity as never,
    }),
    status: t.field({
      type: AlertStatusEnum,
      description: "Triage state.",
      resolve: (a) => a.status as never,
    }),
    target: t.exposeString("target", {
      description: "What it is about: a wallet address, a screened name, a deadline id …",
    }),
    reason: t.exposeString("reason", { description: "Why it was raised, in words." }),
    details: t.field({
      type: "JSONObject",
      description:
        "Context of the raising module, e.g. `screen_id` and the match of a sanctions alert.",
      resolve: (a) => a.details as Record<string, unknown>,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was raised." }),
  }),
});
