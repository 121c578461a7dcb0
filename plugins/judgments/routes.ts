import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Judgments";
const one = { id: "path.judgment_id" } as const;

export const judgmentRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/v1/judgments/intake",
    field: "intakeJudgment",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary: "Take in a judgment (creates its renewal deadlines)",
    tag,
  },
  {
    method: "GET",
    path: "/v1/judgments/{judgment_id}",
    field: "judgment",
    args: one,
    summary: "Retrieve a judgment with its validation, deadlines, matter and balance",
    tag,
  },
  {
    method: "PATCH",
    path: "/v1/judgments/{judgment_id}",
    field: "updateJudgment",
    args: { ...one, input: "body" },
    idempotent: true,
    summary: "Update a judgment",
    tag,
  },
  {
    method: "POST",
    path: "/v1/judgments/{judgment_id}/validate",
    field: "validateJudgment",
    args: { ...one, input: "body" },
    idempotent: true,
    summary: "Validate a judgment (emits judgment.validated when ready)",
    tag,
  },
  {
    method: "GET",
    path: "/v1/judgments/{judgment_id}/deadlines",
    field: "judgmentDeadlines",
    args: { judgmentId: "path.judgment_id" },
    list: true,
    summary: "List a judgment's deadlines",
    tag,
  },
  {
    method: "POST",
    path: "/v1/judgments/{judgment_id}/enforcement-profile",
    field: "setEnforcementProfile",
    args: { ...one, input: "body" },
    idempotent: true,
    summary: "Set the enforcement profile (needs a passing validation)",
    tag,
  },
  {
    method: "POST",
    path: "/v1/judgments/{judgment_id}/enforcement-plan",
    field: "generateEnforcementPlan",
    args: { ...one, input: "body" },
    idempotent: true,
    summary: "Generate an enforcement plan (needs a passing validation)",
    tag,
  },
];
