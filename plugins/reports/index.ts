import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerReportMutations } from "./mutations.js";
import { registerReportQueries } from "./queries.js";
import { reportRoutes } from "./routes.js";

export { reportDocument } from "./document.js";

/**
 * Reports (SPEC.md "Reports", CONTRACT.md §8, §10, §12): campaign briefs and claimant updates,
 * snapshots of the matter's real records, exported through the exports module.
 */
export const reportsModule: ModuleManifest = {
  name: "reports",
  // The records a report is made of: matters (claimants, authority), judgments (balances),
  // crypto (exposure at par), sanctions (gate status), ledger (totals, waterfall), and the
  // tables of packets, campaigns, actions and alerts; exports renders it; control-plane names
  // the organization.
  dependsOn: [
    "core",
    "control-plane",
    "matters",
    "judgments",
    "crypto",
    "sanctions",
    "exports",
    "packets",
    "ledger",
    "campaigns",
    "actions",
    "alerts",
  ],
  capabilities: ["reports", "report_export"],
  register() {
    registerNode("rpt", {
      typename: "Report",
      scope: "reports:read",
      load: (ctx, ids) => ctx.db.report.findMany({ where: { id: { in: ids } } }),
    });
    registerReportQueries();
    registerReportMutations();
  },
  routes: reportRoutes,
};
