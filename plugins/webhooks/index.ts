import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerWebhookMutations } from "./mutations.js";
import { registerWebhookQueries } from "./queries.js";
import { webhookRoutes } from "./routes.js";

export const webhooksModule: ModuleManifest = {
  name: "webhooks",
  dependsOn: ["core"],
  capabilities: ["events", "webhooks"],
  register() {
    registerNode("whe", {
      typename: "WebhookEndpoint",
      scope: "webhooks:read",
      load: (ctx, ids) => ctx.db.webhookEndpoint.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("evt", {
      typename: "Event",
      scope: "events:read",
      load: (ctx, ids) => ctx.db.event.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("whd", {
      typename: "WebhookDelivery",
      scope: "webhooks:read",
      load: (ctx, ids) => ctx.db.webhookDelivery.findMany({ where: { id: { in: ids } } }),
    });
    registerWebhookQueries();
    registerWebhookMutations();
  },
  routes: webhookRoutes,
};
