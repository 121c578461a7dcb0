import type { RequestContext } from "../../src/context.js";
import { builder } from "../../src/schema/builder.js";
import { requestLoader } from "../../src/schema/request-loader.js";
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
    "Triage state (CONTRACT.md §8). New alerts are `open`; POST /v1/alerts/{alert_id}/triage moves them: open → actionable, monitoring, false_positive or resolved; actionable ↔ monitoring; either → false_positive or resolved; resolved → actionable or monitoring (reopened); false_positive is final. Never back to open.",
  values: describedValues({
    open: "Raised, not yet triaged.",
    actionable: "Triaged; needs action.",
    monitoring: "Triaged; being watched.",
    false_positive: "Triaged; not a real issue.",
    resolved: "Dealt with.",
  }),
});

/** Each alert's triage history, oldest first; one query per request however many alerts are shown. */
function triagesByAlert(ctx: RequestContext) {
  return requestLoader(ctx, "alerts.triagesByAlert", async (ids: readonly string[]) => {
    const rows = await ctx.db.alertTriage.findMany({
      where: { alertId: { in: [...ids] } },
      orderBy: { id: "asc" },
    });
    return ids.map((id) => rows.filter((r) => r.alertId === id));
  });
}

export const AlertTriageRef = builder.prismaNode("AlertTriage", {
  id: { field: "id", description: "Global id, the same as the `atr_` id." },
  description: "One triage of an alert: who moved it, when, from which status to which, and why.",
  fields: (t) => ({
    triageId: t.exposeString("id", { description: "Triage id (prefix `atr_`)." }),
    alertId: t.exposeString("alertId", { description: "The alert triaged." }),
    fromStatus: t.field({
      type: AlertStatusEnum,
      description: "Status before the triage.",
      resolve: (r) => r.fromStatus as never,
    }),
    toStatus: t.field({
      type: AlertStatusEnum,
      description: "Status the triage set.",
      resolve: (r) => r.toStatus as never,
    }),
    notes: t.exposeString("notes", { nullable: true, description: "The triager's notes." }),
    actionId: t.exposeString("actionId", {
      nullable: true,
      description: "The action (act_…) the triage created (create_action); null when none.",
    }),
    packetId: t.exposeString("packetId", {
      nullable: true,
      description: "The packet (pkt_…) the triage created (create_packet_type); null when none.",
    }),
    triagedBy: t.exposeString("actorId", {
      description: "Who triaged: the user id when the key is bound to a user, else the key id.",
    }),
    requestId: t.exposeString("requestId", {
      description: "The request that triaged (its audit events carry the same id).",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was triaged." }),
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
    triageHistory: t.field({
      type: [AlertTriageRef],
      description: "Every triage of the alert, oldest first.",
      resolve: (a, _args, ctx) => triagesByAlert(ctx).load(a.id),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was raised." }),
    updatedAt: t.expose("updatedAt", {
      type: "DateTime",
      description: "When it was raised or last triaged.",
    }),
  }),
});
