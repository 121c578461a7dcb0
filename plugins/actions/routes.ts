import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Actions";
const action = "path.action_id" as const;

export const actionRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/v1/actions",
    field: "createAction",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary: "Create an action (status open; owner must be a user who may access the matter)",
    tag,
  },
  {
    method: "GET",
    path: "/v1/actions",
    field: "actions",
    list: true,
    summary:
      "List actions (filters: matter_id, status, type, priority, owner_id, campaign_id, due_before, due_after, created_after, created_before)",
    tag,
  },
  {
    method: "GET",
    path: "/v1/actions/{action_id}",
    field: "action",
    args: { id: action },
    summary: "Retrieve an action",
    tag,
  },
  {
    method: "PATCH",
    path: "/v1/actions/{action_id}",
    field: "updateAction",
    args: { id: action, input: "body" },
    idempotent: true,
    summary:
      "Update an action's title, status, priority, owner or due time (completed and cancelled are final)",
    tag,
  },
  {
    method: "POST",
    path: "/v1/actions/{action_id}/assign",
    field: "assignAction",
    args: { id: action, input: "body" },
    idempotent: true,
    summary: "Assign an action to a user who may access its matter",
    tag,
  },
  {
    method: "POST",
    path: "/v1/actions/{action_id}/complete",
    field: "completeAction",
    args: { id: action, input: "body" },
    idempotent: true,
    summary:
      "Complete an action with notes and evidence (writes an audit event; emits action.completed)",
    tag,
  },
  {
    method: "POST",
    path: "/v1/claw/campaigns/{campaign_id}/actions",
    field: "createCampaignAction",
    args: { id: "path.campaign_id", input: "body" },
    status: 201,
    idempotent: true,
    summary:
      "Create an action in a campaign (the campaign's matter; authority and sanctions gates; a closed campaign takes none)",
    tag: "Claw campaigns",
  },
  {
    method: "GET",
    path: "/v1/actions/matters/{matter_id}",
    field: "matterActions",
    args: { matterId: "path.matter_id" },
    list: true,
    summary: "List a matter's actions (same filters as GET /v1/actions, matter_id aside)",
    tag,
  },
];
