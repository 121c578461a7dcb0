import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerAssignActionMutation } from "./assign-mutation.js";
import { registerCampaignActionMutation } from "./campaign-action-mutation.js";
import { registerActionCampaignFocus } from "./campaign-focus.js";
import { registerCompleteActionMutation } from "./complete-mutation.js";
import { registerCreateActionMutation } from "./create-mutation.js";
import { registerActionQueries } from "./queries.js";
import { actionRoutes } from "./routes.js";
import { registerUpdateActionMutation } from "./update-mutation.js";

/**
 * Actions: the operators' task queue under a matter. Every write passes the authority gate;
 * other modules create actions through service.ts (createAction), never by writing the table.
 * It also serves campaign actions (POST /v1/claw/campaigns/{campaign_id}/actions) and adds live
 * actions to the campaigns' focus.
 */
export const actionsModule: ModuleManifest = {
  name: "actions",
  // campaigns: campaign actions, the campaign an action links to and the focus candidates it
  // adds; packets: the packet an action links to.
  dependsOn: ["core", "matters", "campaigns", "packets"],
  capabilities: ["actions"],
  register() {
    registerNode("act", {
      typename: "Action",
      scope: "actions:read",
      load: (ctx, ids) => ctx.db.action.findMany({ where: { id: { in: ids } } }),
    });
    registerActionQueries();
    registerCreateActionMutation();
    registerUpdateActionMutation();
    registerAssignActionMutation();
    registerCompleteActionMutation();
    registerCampaignActionMutation();
    registerActionCampaignFocus();
  },
  routes: actionRoutes,
};
