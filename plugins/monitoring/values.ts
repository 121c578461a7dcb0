/** Closed value sets of watchlists (SPEC.md leaves them open; decided here). */
export const WATCHLIST_STATUSES = ["active", "closed"] as const;
export type WatchlistStatus = (typeof WATCHLIST_STATUSES)[number];

export const MOVEMENT_DIRECTIONS = ["any", "outgoing", "incoming"] as const;
export type MovementDirection = (typeof MOVEMENT_DIRECTIONS)[number];

/** Deadline alerts look this far ahead (CONTRACT.md §13: "a deadline within 30 days"). */
export const DEADLINE_HORIZON_DAYS = 30;
