import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Ledger and waterfall";

export const ledgerRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/v1/ledger/recovery-events",
    field: "recordRecoveryEvent",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary: "Record a recovery event (emits recovery_event.recorded)",
    tag,
  },
  {
    method: "POST",
    path: "/v1/ledger/remittance-events",
    field: "recordRemittanceEvent",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary:
      "Record a remittance, within what its recovery event and waterfall leave unremitted (emits remittance_event.recorded; blocked property: 403 sanctions_hold)",
    tag,
  },
  {
    method: "GET",
    path: "/v1/ledger/matters/{matter_id}",
    field: "matterLedger",
    args: { matterId: "path.matter_id" },
    summary: "Retrieve a matter's ledger: recovery and remittance events and USD totals",
    tag,
  },
  {
    method: "POST",
    path: "/v1/waterfall/calculate",
    field: "calculateWaterfall",
    args: { input: "body" },
    idempotent: true,
    summary:
      "Calculate and store a waterfall: costs, holdbacks, counsel fee, provider economics and claimant distributions in exact cents",
    tag,
  },
  {
    method: "GET",
    path: "/v1/waterfall/matters/{matter_id}",
    field: "latestWaterfall",
    args: { matterId: "path.matter_id" },
    summary: "Retrieve a matter's latest waterfall, with its remittance constraints",
    tag,
  },
];
