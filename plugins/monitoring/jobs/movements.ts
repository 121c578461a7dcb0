import { ApiError } from "../../../src/errors.js";
import { byTenant } from "../../../src/jobs/context.js";
import type { JobDefinition } from "../../../src/jobs/scheduler.js";
import type { AlertRequest } from "../../alerts/service.js";
import { isNetwork, networksFor, type Network } from "../../crypto/networks.js";
import { providerFor } from "../../crypto/providers/index.js";
import type { AddressNetwork } from "../../debtors/addresses.js";
import { cursorOf, type MovementCursor, movementAlert, movementsAfter } from "../movements.js";
import { thresholdsOf } from "../thresholds.js";
import { contextFor, recordPass, type WatchedRow, watchedAddresses } from "./shared.js";

export const MOVEMENT_JOB = "monitoring.wallet_movements";

/** A window end past any block: a scan reads up to the chain's head (node clocks may run ahead). */
const CHAIN_HEAD = new Date("9999-12-31T00:00:00.000Z");

/** At most this many scan errors are kept in the job's result. */
const ERRORS_KEPT = 20;

/**
 * Where a never-scanned address's first scan starts. Live: when it was added (movements after it
 * was put on watch). Sandbox: the synthetic history lies in a fixed past period whatever the
 * clock (CONTRACT.md §12), so the whole of it counts as new to the watchlist.
 */
const watchStart = (row: WatchedRow, sourceType: string) =>
  sourceType === "synthetic" ? new Date(0) : row.createdAt;

/**
 * Asks the provider of each tenant's environment (synthetic in sandbox, JSON-RPC in live) for
 * the movements of every watched address on each of its watchlist's chains since the address's
 * cursor, raises a `wallet_movement` alert for the new ones that pass the thresholds, and moves
 * the cursor to the newest movement seen, in one write per tenant. A provider failure (503, no
 * endpoint) leaves that address's cursor where it was, so the next run tries again.
 */
export const movementJob: JobDefinition = {
  name: MOVEMENT_JOB,
  async run(env) {
    let scanned = 0;
    let movements = 0;
    let raised = 0;
    const errors: Array<{ address: string; network: string; error: string }> = [];
    for await (const batch of watchedAddresses(env.db)) {
      for (const { tenant, rows } of byTenant(batch)) {
        const provider = providerFor(contextFor(env, tenant, MOVEMENT_JOB));
        const requests: AlertRequest[] = [];
        const cursors = new Map<string, Record<string, MovementCursor>>();
        for (const row of rows) {
          const chains = row.watchlist.chains.filter(isNetwork) as Network[];
          const thresholds = thresholdsOf(row.watchlist.thresholds);
          const own = { ...((row.movementCursors ?? {}) as Record<string, MovementCursor>) };
          let moved = false;
          for (const network of networksFor(row.family as AddressNetwork, chains)) {
            scanned++;
            const cursor = own[network];
            const from = cursor ? new Date(cursor.timestamp) : watchStart(row, provider.sourceType);
            let fresh;
            try {
              fresh = movementsAfter(
                await provider.transfers(network, row.address, { from, to: CHAIN_HEAD }),
                cursor,
              );
            } catch (error) {
              if (errors.length < ERRORS_KEPT)
                errors.push({
                  address: row.address,
                  network,
                  error: error instanceof ApiError ? error.message : String(error),
                });
              if (!(error instanceof ApiError))
                env.logger.warn({ err: error, network }, "watchlist scan failed");
              continue;
            }
            if (!fresh.length) continue;
            movements += fresh.length;
            own[network] = cursorOf(fresh.at(-1)!);
            moved = true;
            const alert = movementAlert(
              {
                matterId: row.matterId,
                watchlistId: row.watchlistId,
                watchlistName: row.watchlist.name,
                watchlistAddressId: row.id,
                address: row.address,
                network,
              },
              thresholds,
              fresh,
              provider.sourceType,
            );
            if (alert) requests.push(alert);
          }
          if (moved) cursors.set(row.id, own);
        }
        if (!cursors.size && !requests.length) continue;
        const ids = await recordPass(
          env,
          MOVEMENT_JOB,
          tenant,
          requests,
          { addresses_with_movements: cursors.size },
          cursors.size
            ? async (rec) => {
                for (const [id, value] of cursors)
                  await rec.tx.watchlistAddress.update({
                    where: { id },
                    data: { movementCursors: value as object },
                  });
              }
            : undefined,
        );
        raised += ids.length;
      }
    }
    return { targets_scanned: scanned, new_movements: movements, alerts_raised: raised, errors };
  },
};
