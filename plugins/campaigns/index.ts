import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerCreateMutation } from "./create-mutation.js";
import { registerExpandMutation } from "./expand-mutation.js";
import { registerFocusMutation } from "./focus-mutation.js";
import { BUILT_IN_SOURCES } from "./gatherers.js";
import { registerPressureMutation } from "./pressure-mutation.js";
import { registerCampaignQueries } from "./queries.js";
import { registerCandidateSource } from "./registry.js";
import { campaignRoutes } from "./routes.js";
import { registerUpdateMutation } from "./update-mutation.js";

export { registerCandidateSource, registerChannelSource } from "./registry.js";
export type { CampaignFacts, CandidateSource, RawCandidate } from "./registry.js";

/**
 * Claw campaigns (SPEC.md "Claw campaigns"): campaigns with pressure levels under a profile
 * cap, focus ranking, expansion leads and the operator board. Every write passes the authority
 * and sanctions gates (CONTRACT.md §7).
 */
export const campaignsModule: ModuleManifest = {
  name: "campaigns",
  // matters: writes guard and authority status; judgments: the judgment, the profile and
  // pressure names; sanctions: the gate rule; alerts: the board's alerts; crypto and
  // attribution: the evidence focus and expansion read.
  dependsOn: ["core", "matters", "judgments", "sanctions", "alerts", "crypto", "attribution"],
  capabilities: ["claw_campaigns", "campaign_focus", "campaign_expansion", "claw_board"],
  register() {
    registerNode("cmp", {
      typename: "Campaign",
      scope: "claw:read",
      load: (ctx, ids) => ctx.db.campaign.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("cpc", {
      typename: "CampaignPressureChange",
      scope: "claw:read",
      load: (ctx, ids) => ctx.db.campaignPressureChange.findMany({ where: { id: { in: ids } } }),
    });
    for (const source of BUILT_IN_SOURCES) registerCandidateSource(source);
    registerCampaignQueries();
    registerCreateMutation();
    registerUpdateMutation();
    registerFocusMutation();
    registerExpandMutation();
    registerPressureMutation();
  },
  routes: campaignRoutes,
};
