import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Monitoring";

export const alertRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/v1/alerts",
    field: "alerts",
    list: true,
    summary:
      "List alerts raised by the service (wallet movement, exchange proximity, stablecoin exposure, sanctions, deadline, compliance)",
    tag,
  },
  {
    method: "POST",
    path: "/v1/alerts/{alert_id}/triage",
    field: "triageAlert",
    args: { id: "path.alert_id", input: "body" },
    idempotent: true,
    summary: "Triage an alert: new status and notes, recorded in its triage history",
    tag,
  },
];
