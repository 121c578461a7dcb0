import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Audit";

export const auditRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/v1/audit/matters/{matter_id}",
    field: "matterAuditEvents",
    args: { matterId: "path.matter_id" },
    list: true,
    summary: "List a matter's audit events",
    tag,
  },
  {
    method: "POST",
    path: "/v1/audit/events",
    field: "createAuditEvent",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary: "Record a manual audit event",
    tag,
  },
  {
    method: "GET",
    path: "/v1/audit/events/{event_id}",
    field: "auditEvent",
    args: { id: "path.event_id" },
    summary: "Retrieve an audit event",
    tag,
  },
  {
    method: "GET",
    path: "/v1/audit/verify",
    field: "verifyAudit",
    list: false,
    summary: "Verify the audit hash chain",
    tag,
  },
];
