import type { Network } from "./networks.js";
import type { Transfer } from "./providers/types.js";
import type { ReferenceData } from "./reference.js";

export interface TimelineEvent {
  transactionHash: string;
  network: Network;
  logIndex: number;
  blockNumber: number | null;
  timestamp: Date;
  fromAddress: string;
  toAddress: string;
  asset: string;
  contract: string | null;
  amount: string;
  fromLabel: string | null;
  toLabel: string | null;
  notes: string | null;
}

const describe = (reference: ReferenceData, network: Network, address: string) => {
  const label = reference.labelOf(network, address);
  if (!label) return null;
  return label.label && label.label !== label.exchange
    ? `${label.exchange} (${label.label})`
    : label.exchange;
};

/**
 * The transfers of several wallets as one ordered timeline: oldest first, then by network,
 * block and log index (chain order), then transaction; a transfer between two of the wallets appears once. Counterparties
 * with an exchange label are named.
 */
export function buildTimeline(
  reference: ReferenceData,
  transfers: readonly Transfer[],
): TimelineEvent[] {
  const unique = new Map<string, Transfer>();
  for (const t of transfers) unique.set(`${t.network}:${t.transactionHash}:${t.index}`, t);
  return [...unique.values()]
    .map((t) => {
      const fromLabel = describe(reference, t.network, t.from);
      const toLabel = describe(reference, t.network, t.to);
      const notes = [
        fromLabel ? `from labelled exchange wallet: ${fromLabel}` : null,
        toLabel ? `to labelled exchange wallet: ${toLabel}` : null,
      ].filter(Boolean);
      return {
        transactionHash: t.transactionHash,
        network: t.network,
        logIndex: t.index,
        blockNumber: t.block,
        timestamp: t.timestamp,
        fromAddress: t.from,
        toAddress: t.to,
        asset: t.asset,
        contract: t.contract,
        amount: t.amount,
        fromLabel,
        toLabel,
        notes: notes.length ? notes.join("; ") : null,
      };
    })
    .sort(
      (a, b) =>
        a.timestamp.getTime() - b.timestamp.getTime() ||
        a.network.localeCompare(b.network) ||
        (a.blockNumber ?? 0) - (b.blockNumber ?? 0) ||
        a.logIndex - b.logIndex ||
        a.transactionHash.localeCompare(b.transactionHash),
    );
}
