import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerAlertQueries } from "./queries.js";

/**
 * Alerts: storage and the one raising service (service.ts). Listing and triage over REST come
 * with the monitoring module; until then GraphQL `Matter.alerts` and the dashboard show them.
 */
export const alertsModule: ModuleManifest = {
  name: "alerts",
  dependsOn: ["core", "matters"],
  capabilities: ["alerts"],
  register() {
    registerNode("alr", {
      typename: "Alert",
      scope: "monitoring:read",
      load: (ctx, ids) => ctx.db.alert.findMany({ where: { id: { in: ids } } }),
    });
    registerAlertQueries();
  },
};
