import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Debtors";
const debtor = "path.debtor_id" as const;

export const debtorRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/v1/debtors",
    field: "createDebtor",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary: "Create a debtor under an open matter",
    tag,
  },
  {
    method: "GET",
    path: "/v1/debtors",
    field: "debtors",
    list: true,
    summary: "List debtors",
    tag,
  },
  {
    method: "GET",
    path: "/v1/debtors/{debtor_id}",
    field: "debtor",
    args: { id: debtor },
    summary: "Retrieve a debtor",
    tag,
  },
  {
    method: "PATCH",
    path: "/v1/debtors/{debtor_id}",
    field: "updateDebtor",
    args: { id: debtor, input: "body" },
    idempotent: true,
    summary: "Update a debtor",
    tag,
  },
  {
    method: "POST",
    path: "/v1/debtors/{debtor_id}/graph",
    field: "buildDebtorGraph",
    args: { id: debtor, input: "body" },
    idempotent: true,
    summary: "Build the debtor's graph (stored; one scored claim per edge)",
    tag,
  },
  {
    method: "POST",
    path: "/v1/debtors/{debtor_id}/asset-hypotheses",
    field: "proposeAssetHypotheses",
    args: { id: debtor, input: "body" },
    idempotent: true,
    summary: "Propose asset hypotheses from the debtor's evidence (computed, not stored)",
    tag,
  },
];
