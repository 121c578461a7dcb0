import { addressKey, type Network } from "../networks.js";
import type { Counterparty, Transfer } from "./types.js";

/** Counterparties of `address` from its transfers: who it sent to and received from, by count. */
export function counterpartiesOf(
  network: Network,
  address: string,
  transfers: readonly Transfer[],
): Counterparty[] {
  const self = addressKey(network, address);
  const byKey = new Map<string, Counterparty>();
  for (const t of transfers) {
    const sent = addressKey(network, t.from) === self;
    const other = sent ? t.to : t.from;
    const key = addressKey(network, other);
    if (key === self) continue;
    const c = byKey.get(key) ?? { network, address: other, sent: 0, received: 0, transactions: [] };
    if (sent) c.sent++;
    else c.received++;
    if (!c.transactions.includes(t.transactionHash)) c.transactions.push(t.transactionHash);
    byKey.set(key, c);
  }
  return [...byKey.values()].sort(
    (a, b) => b.sent + b.received - (a.sent + a.received) || a.address.localeCompare(b.address),
  );
}
