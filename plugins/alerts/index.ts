import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerAlertQueries } from "./queries.js";
import { alertRoutes } from "./routes.js";
import { registerTriageMutation } from "./triage-mutation.js";

/**
 * Alerts: storage, the one raising service (service.ts), the list (GET /v1/alerts,
 * `Matter.alerts`, the dashboard count) and triage with its history. The monitoring module's
 * jobs and the crypto and sanctions modules raise them.
 */
export const alertsModule: ModuleManifest = {
  name: "alerts",
  // Registered early (sanctions, crypto and monitoring raise alerts). A triage's follow-ups
  // call the actions and packets services at request time (triage-follow-ups.ts), which needs
  // no order of registration.
  dependsOn: ["core", "matters"],
  capabilities: ["alerts", "alert_triage"],
  register() {
    registerNode("alr", {
      typename: "Alert",
      scope: "monitoring:read",
      load: (ctx, ids) => ctx.db.alert.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("atr", {
      typename: "AlertTriage",
      scope: "monitoring:read",
      load: (ctx, ids) => ctx.db.alertTriage.findMany({ where: { id: { in: ids } } }),
    });
    registerAlertQueries();
    registerTriageMutation();
  },
  routes: alertRoutes,
};
