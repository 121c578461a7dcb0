import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Attribution";

export const attributionRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/v1/attribution/wallets/import",
    field: "importWallets",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary: "Import wallets, validated per network; duplicates merge into one record",
    tag,
  },
  {
    method: "POST",
    path: "/v1/attribution/graph",
    field: "buildAttributionGraph",
    args: { input: "body" },
    idempotent: true,
    summary: "Build or refresh the attribution graph of a matter's wallet set",
    tag,
  },
  {
    method: "POST",
    path: "/v1/attribution/claims",
    field: "createAttributionClaim",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary: "Record a sourced attribution claim; its confidence is computed from the evidence",
    tag,
  },
  {
    method: "GET",
    path: "/v1/attribution/graphs/{graph_id}",
    field: "attributionGraph",
    args: { id: "path.graph_id" },
    summary: "Retrieve an attribution graph",
    tag,
  },
  {
    method: "POST",
    path: "/v1/attribution/confidence-score",
    field: "scoreAttributionClaim",
    args: { input: "body" },
    idempotent: true,
    summary: "Score a claim by evidence tier, noisy-OR corroboration and contradiction halving",
    tag,
  },
];
