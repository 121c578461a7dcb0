import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Reports";

export const reportRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/v1/reports/campaign-brief",
    field: "createCampaignBrief",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary: "Make a campaign brief of a matter for an audience, from the sections asked for",
    tag,
  },
  {
    method: "POST",
    path: "/v1/reports/claimant-update",
    field: "createClaimantUpdate",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary:
      "Make one claimant's update: their claim, the judgment, recoveries and their own distribution",
    tag,
  },
  {
    method: "GET",
    path: "/v1/reports/{report_id}",
    field: "report",
    args: { id: "path.report_id" },
    summary:
      "Retrieve a report with its snapshot, source manifest, review, content_uri and exports",
    tag,
  },
  {
    method: "POST",
    path: "/v1/reports/{report_id}/export",
    field: "exportReport",
    args: { id: "path.report_id", input: "body" },
    status: 201,
    idempotent: true,
    summary:
      "Export a report as PDF, ZIP or JSON under a redaction profile no weaker than the report's",
    tag,
  },
];
