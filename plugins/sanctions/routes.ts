import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Sanctions";

export const sanctionsRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/v1/sanctions/screen",
    field: "screenSanctions",
    args: { input: "body" },
    idempotent: true,
    summary:
      "Screen wallets, entities and counterparties against the OFAC SDN list (stored; matches pause ordinary collection and raise a sanctions alert)",
    tag,
  },
  {
    method: "POST",
    path: "/v1/sanctions/review-packet",
    field: "createSanctionsReview",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary: "Open a sanctions review of a screen, with its blocked-property analysis",
    tag,
  },
  {
    method: "POST",
    path: "/v1/sanctions/{review_id}/decision",
    field: "decideSanctionsReview",
    args: { id: "path.review_id", input: "body" },
    idempotent: true,
    summary: "Decide a sanctions review: cleared, or blocked (an OFAC report becomes required)",
    tag,
  },
  {
    method: "POST",
    path: "/v1/sanctions/ofac-report-workflow",
    field: "createOfacReport",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary:
      "Start the OFAC report of a blocked review (draft), with its 10-business-day deadline on the matter",
    tag,
  },
  {
    method: "POST",
    path: "/v1/sanctions/ofac-reports/{ofac_report_id}/transition",
    field: "transitionOfacReport",
    args: { id: "path.ofac_report_id", input: "body" },
    idempotent: true,
    summary:
      "Move an OFAC report forward: draft → submitted (with submitted_by) → acknowledged (SPEC.md names the states, not how they change)",
    tag,
  },
  {
    method: "GET",
    path: "/v1/sanctions/{review_id}",
    field: "sanctionsReview",
    args: { id: "path.review_id" },
    summary: "Retrieve a sanctions review",
    tag,
  },
];
