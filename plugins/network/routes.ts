import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Network attribution";

export const networkRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/v1/network-attribution/signals",
    field: "recordNetworkSignal",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary: "Record a network attribution signal (full IP addresses refused)",
    tag,
  },
  {
    method: "POST",
    path: "/v1/network-attribution/correlate",
    field: "correlateNetworkSignals",
    args: { input: "body" },
    idempotent: true,
    summary: "Correlate signals with wallets; always review_required, never standalone proof",
    tag,
  },
  {
    method: "GET",
    path: "/v1/network-attribution/{network_attribution_id}",
    field: "networkSignal",
    args: { id: "path.network_attribution_id" },
    summary: "Retrieve a network attribution signal",
    tag,
  },
];
