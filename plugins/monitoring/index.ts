import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerAddWatchlistAddresses } from "./add-addresses.js";
import { registerCreateWatchlist } from "./create-watchlist.js";
import { monitoringJobs } from "./jobs/index.js";
import { registerWatchlistQueries } from "./queries.js";
import { monitoringRoutes } from "./routes.js";

export { runMonitoringOnce } from "./jobs/index.js";

/**
 * Monitoring: watchlists of addresses, and the periodic jobs that raise alerts through the
 * alerts service: deadlines within 30 days, movements of watched addresses (per the chain
 * provider of the tenant's environment) and watched addresses on the sanctions list.
 */
export const monitoringModule: ModuleManifest = {
  name: "monitoring",
  // alerts: raises them; crypto: networks and chain providers; debtors: address checks;
  // sanctions: the OFAC list; judgments: the deadlines.
  dependsOn: ["core", "matters", "alerts", "debtors", "judgments", "sanctions", "crypto"],
  capabilities: ["watchlists", "wallet_movement_alerts", "deadline_alerts"],
  register() {
    registerNode("wls", {
      typename: "Watchlist",
      scope: "monitoring:read",
      load: (ctx, ids) => ctx.db.watchlist.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("wla", {
      typename: "WatchedAddress",
      scope: "monitoring:read",
      load: (ctx, ids) => ctx.db.watchlistAddress.findMany({ where: { id: { in: ids } } }),
    });
    registerWatchlistQueries();
    registerCreateWatchlist();
    registerAddWatchlistAddresses();
  },
  routes: monitoringRoutes,
  jobs: monitoringJobs,
};
