import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Claw campaigns";

/**
 * POST /v1/claw/campaigns/{campaign_id}/actions creates an Action: the actions module, which
 * owns actions, serves it (plugins/actions/campaign-action-mutation.ts).
 */
export const campaignRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/v1/claw/campaigns",
    field: "createCampaign",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary:
      "Start a campaign against a judgment of the matter; mode sets starting pressure and cap, targets are checked against the matter",
    tag,
  },
  {
    method: "GET",
    path: "/v1/claw/campaigns",
    field: "campaigns",
    list: true,
    summary: "List campaigns (filters: matter_id, judgment_id, status, mode, created range)",
    tag,
  },
  {
    method: "GET",
    path: "/v1/claw/campaigns/{campaign_id}",
    field: "campaign",
    args: { id: "path.campaign_id" },
    summary: "Retrieve a campaign with its operator state, gates and pressure history",
    tag,
  },
  {
    method: "PATCH",
    path: "/v1/claw/campaigns/{campaign_id}",
    field: "updateCampaign",
    args: { id: "path.campaign_id", input: "body" },
    idempotent: true,
    summary: "Change a campaign's mode, targets, status or pressure (pressure rules as …/pressure)",
    tag,
  },
  {
    method: "POST",
    path: "/v1/claw/campaigns/{campaign_id}/focus",
    field: "focusCampaign",
    args: { id: "path.campaign_id", input: "body" },
    idempotent: true,
    summary: "Rank the campaign's targets by weighted criteria (ties by id); store the settings",
    tag,
  },
  {
    method: "POST",
    path: "/v1/claw/campaigns/{campaign_id}/expand",
    field: "expandCampaign",
    args: { id: "path.campaign_id", input: "body" },
    idempotent: true,
    summary: "Find leads the campaign does not target yet, with basis and confidence",
    tag,
  },
  {
    method: "POST",
    path: "/v1/claw/campaigns/{campaign_id}/pressure",
    field: "setCampaignPressure",
    args: { id: "path.campaign_id", input: "body" },
    idempotent: true,
    summary:
      "Set the pressure level: capped by the mode (422), levels 4–6 need counsel_approval_id (403); recorded in pressure_history",
    tag,
  },
  {
    method: "GET",
    path: "/v1/claw/campaigns/{campaign_id}/board",
    field: "campaignBoard",
    args: { id: "path.campaign_id" },
    summary: "The operator board: focus, expand and packet queues, live alerts, blockers",
    tag,
  },
];
