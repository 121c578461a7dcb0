import { addressKey, type Network } from "../crypto/networks.js";
import type { Transfer } from "../crypto/providers/index.js";
import type { AlertRequest } from "../alerts/service.js";
import { type Movement, qualifies, type Thresholds, usdValueOf } from "./thresholds.js";

/**
 * The last movement a scan saw of one address on one network, stored per network on the
 * watchlist address (`movement_cursors`), so the next scan, in any process, after any restart,
 * starts there.
 */
export interface MovementCursor {
  timestamp: string;
  block: number | null;
  log_index: number;
  transaction_hash: string;
}

/** Chain order: time, then block, log index and hash (synthetic transfers have no block). */
const order = (t: {
  timestamp: Date;
  block: number | null;
  index: number;
  transactionHash: string;
}) => [t.timestamp.getTime(), t.block ?? -1, t.index, t.transactionHash] as const;

function compare(a: readonly [number, number, number, string], b: typeof a): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : 0);
}

export const cursorOf = (t: Transfer): MovementCursor => ({
  timestamp: t.timestamp.toISOString(),
  block: t.block,
  log_index: t.index,
  transaction_hash: t.transactionHash,
});

/** Transfers after the cursor (all of them without one), oldest first, each once. */
export function movementsAfter(
  transfers: readonly Transfer[],
  cursor: MovementCursor | null | undefined,
): Transfer[] {
  const seen = new Set<string>();
  const after = cursor
    ? ([
        new Date(cursor.timestamp).getTime(),
        cursor.block ?? -1,
        cursor.log_index,
        cursor.transaction_hash,
      ] as const)
    : null;
  return transfers
    .filter((t) => {
      const key = `${t.transactionHash}:${t.index}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return !after || compare(order(t), after) > 0;
    })
    .sort((a, b) => compare(order(a), order(b)));
}

export const movementOf = (network: Network, address: string, t: Transfer): Movement => ({
  direction: addressKey(network, t.from) === addressKey(network, address) ? "outgoing" : "incoming",
  asset: t.asset,
  amount: t.amount,
  contract: t.contract,
});

/** At most this many movements are listed in one alert's details (the count says how many). */
const LISTED = 20;

export interface WatchedTarget {
  matterId: string;
  watchlistId: string;
  watchlistName: string;
  watchlistAddressId: string;
  address: string;
  network: Network;
}

/**
 * The `wallet_movement` alert for the new movements of one watched address on one network that
 * pass the thresholds, or null. One alert per batch: its target names the newest counted
 * movement, so a batch raises once however often it is scanned, and later movements raise anew.
 */
export function movementAlert(
  w: WatchedTarget,
  thresholds: Thresholds,
  fresh: readonly Transfer[],
  sourceType: string,
): AlertRequest | null {
  const counted = fresh
    .map((t) => ({ t, m: movementOf(w.network, w.address, t) }))
    .filter(({ m }) => qualifies(thresholds, m));
  if (!counted.length) return null;
  const newest = counted.at(-1)!;
  const key = addressKey(w.network, w.address);
  const verb = newest.m.direction === "outgoing" ? "sent" : "received";
  const more = counted.length > 1 ? ` (${counted.length} movements in all)` : "";
  return {
    matterId: w.matterId,
    type: "wallet_movement",
    severity: "high",
    target: `${w.network}:${key}:${newest.t.transactionHash}:${newest.t.index}`,
    reason: `Watched wallet ${w.address} ${verb} ${newest.t.amount} ${newest.t.asset} on ${w.network} at ${newest.t.timestamp.toISOString()}${more}; watchlist '${w.watchlistName}'.`,
    details: {
      watchlist_id: w.watchlistId,
      watchlist_address_id: w.watchlistAddressId,
      address: w.address,
      network: w.network,
      source_type: sourceType,
      movement_count: counted.length,
      movements: counted.slice(-LISTED).map(({ t, m }) => ({
        transaction_hash: t.transactionHash,
        log_index: t.index,
        block_number: t.block,
        timestamp: t.timestamp.toISOString(),
        direction: m.direction,
        from_address: t.from,
        to_address: t.to,
        asset: t.asset,
        amount: t.amount,
        usd_value: usdValueOf(m),
      })),
    },
  };
}
