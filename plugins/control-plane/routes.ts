import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Organizations and control plane";
const org = "path.organization_id" as const;

export const controlPlaneRoutes: RouteDef[] = [
  { method: "POST", path: "/v1/organizations", field: "createOrganization", args: { input: "body" }, status: 201, idempotent: true, summary: "Create an organization", tag },
  { method: "GET", path: "/v1/organizations", field: "organizations", list: true, summary: "List organizations", tag },
  { method: "GET", path: "/v1/organizations/{organization_id}", field: "organization", args: { id: org }, summary: "Retrieve an organization", tag },
  { method: "PATCH", path: "/v1/organizations/{organization_id}", field: "updateOrganization", args: { id: org, input: "body" }, idempotent: true, summary: "Update an organization", tag },
  { method: "POST", path: "/v1/organizations/{organization_id}/api-keys", field: "issueApiKey", args: { organizationId: org, input: "body" }, status: 201, idempotent: true, summary: "Issue an API key", tag },
  { method: "GET", path: "/v1/organizations/{organization_id}/api-keys", field: "apiKeys", args: { organizationId: org }, list: true, summary: "List API keys", tag },
  { method: "POST", path: "/v1/organizations/{organization_id}/api-keys/{key_id}/revoke", field: "revokeApiKey", args: { organizationId: org, keyId: "path.key_id" }, idempotent: true, summary: "Revoke an API key", tag },
  { method: "POST", path: "/v1/organizations/{organization_id}/users", field: "inviteUser", args: { organizationId: org, input: "body" }, status: 201, idempotent: true, summary: "Invite a user", tag },
  { method: "GET", path: "/v1/organizations/{organization_id}/users", field: "users", args: { organizationId: org }, list: true, summary: "List users", tag },
  { method: "GET", path: "/v1/health", field: "health", summary: "Service health", tag },
  { method: "GET", path: "/v1/capabilities", field: "capabilities", summary: "Capabilities and access posture", tag },
];
