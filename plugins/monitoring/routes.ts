import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Monitoring";

export const monitoringRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/v1/watchlists",
    field: "createWatchlist",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary: "Create a watchlist: the chains to watch and when a movement counts",
    tag,
  },
  {
    method: "GET",
    path: "/v1/watchlists",
    field: "watchlists",
    list: true,
    summary: "List watchlists",
    tag,
  },
  {
    method: "GET",
    path: "/v1/watchlists/{watchlist_id}",
    field: "watchlist",
    args: { id: "path.watchlist_id" },
    summary: "Retrieve a watchlist with its addresses and alert rules",
    tag,
  },
  {
    method: "POST",
    path: "/v1/watchlists/{watchlist_id}/addresses",
    field: "addWatchlistAddresses",
    args: { id: "path.watchlist_id", input: "body" },
    idempotent: true,
    summary:
      "Add addresses to a watchlist (validated per network; repeats change nothing; listed ones raise a sanctions alert)",
    tag,
  },
];
