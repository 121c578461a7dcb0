import type { AlertRequest } from "../alerts/service.js";
import type { SanctionsList } from "../sanctions/list/load.js";

export interface WatchedAddressRow {
  id: string;
  matterId: string;
  watchlistId: string;
  address: string;
}

/**
 * A `sanctions` alert for every watched address on the list (exact, EVM case-insensitive, as a
 * screen matches wallets). Its target is the address, as a screen's wallet alert's is, so a
 * matter gets one sanctions alert per address whichever way it was found.
 */
export function watchedSanctionsAlerts(
  list: SanctionsList,
  rows: readonly WatchedAddressRow[],
  names: ReadonlyMap<string, string>,
): AlertRequest[] {
  const out: AlertRequest[] = [];
  for (const r of rows) {
    const hits = list.addresses.lookup(r.address);
    if (!hits.length) continue;
    const hit = hits[0]!;
    out.push({
      matterId: r.matterId,
      type: "sanctions",
      severity: "critical",
      target: r.address,
      reason: `Watched wallet '${r.address}' (watchlist '${names.get(r.watchlistId) ?? r.watchlistId}') is on the OFAC SDN list: ${hit.sdn_name} (${hit.programs.join(", ")}), list issue ${list.issue.issueDate}.`,
      details: {
        watchlist_id: r.watchlistId,
        watchlist_address_id: r.id,
        kind: "wallet",
        status: "match",
        sdn_profile_id: hit.sdn_profile_id,
        asset: hit.asset,
        list_issue_date: list.issue.issueDate,
      },
    });
  }
  return out;
}
