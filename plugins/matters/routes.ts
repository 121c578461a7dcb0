import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Matters and claimants";
const authorityTag = "Authority";
const matter = "path.matter_id" as const;

export const matterRoutes: RouteDef[] = [
  { method: "POST", path: "/v1/matters", field: "createMatter", args: { input: "body" }, status: 201, idempotent: true, summary: "Create a matter", tag },
  { method: "GET", path: "/v1/matters", field: "matters", list: true, summary: "List matters (filtered by the key's and user's matter permissions)", tag },
  { method: "GET", path: "/v1/matters/{matter_id}", field: "matter", args: { id: matter }, summary: "Retrieve a matter", tag },
  { method: "PATCH", path: "/v1/matters/{matter_id}", field: "updateMatter", args: { id: matter, input: "body" }, idempotent: true, summary: "Update a matter (status open, active or on_hold; close with /close)", tag },
  { method: "GET", path: "/v1/matters/{matter_id}/dashboard", field: "matterDashboard", args: { matterId: matter }, summary: "Retrieve a matter's dashboard", tag },
  { method: "POST", path: "/v1/matters/{matter_id}/close", field: "closeMatter", args: { id: matter, input: "body" }, idempotent: true, summary: "Close a matter (emits matter.closed)", tag },
  { method: "POST", path: "/v1/matters/{matter_id}/claimants", field: "createClaimant", args: { matterId: matter, input: "body" }, status: 201, idempotent: true, summary: "Add a claimant", tag },
  { method: "GET", path: "/v1/matters/{matter_id}/claimants", field: "claimants", args: { matterId: matter }, list: true, summary: "List a matter's claimants", tag },
  { method: "GET", path: "/v1/claimants/{claimant_id}", field: "claimant", args: { id: "path.claimant_id" }, summary: "Retrieve a claimant", tag },
  { method: "PATCH", path: "/v1/claimants/{claimant_id}", field: "updateClaimant", args: { id: "path.claimant_id", input: "body" }, idempotent: true, summary: "Update a claimant", tag },
  { method: "POST", path: "/v1/matters/{matter_id}/authority", field: "grantAuthority", args: { matterId: matter, input: "body" }, status: 201, idempotent: true, summary: "Grant authority on a matter (emits authority.granted)", tag: authorityTag },
  { method: "GET", path: "/v1/matters/{matter_id}/authority", field: "authorityGrants", args: { matterId: matter }, list: true, summary: "List a matter's authority grants", tag: authorityTag },
  { method: "POST", path: "/v1/matters/{matter_id}/authority/{authority_id}/revoke", field: "revokeAuthority", args: { matterId: matter, authorityId: "path.authority_id", input: "body" }, idempotent: true, summary: "Revoke an authority grant (emits authority.revoked)", tag: authorityTag },
];
