import { directLinks, type LinkEvidence } from "./hypotheses.js";
import { addressKey } from "./networks.js";
import { counterpartiesOf } from "./providers/counterparties.js";
import type { Balance, ChainProvider, TimeWindow, Transfer } from "./providers/types.js";
import type { ReferenceData } from "./reference.js";
import { targetKey, type Target } from "./targets.js";

/** Unlabelled counterparties followed per wallet for one-hop links (bounds provider calls). */
export const MAX_INTERMEDIARIES = 3;

/** The whole history a provider holds, for stations that take no window. */
export const allTime = (): TimeWindow => ({ from: new Date(0), to: new Date() });

export async function readBalances(
  provider: ChainProvider,
  targets: readonly Target[],
): Promise<Balance[]> {
  const all = await Promise.all(targets.map((t) => provider.balances(t.network, t.address)));
  return all.flat();
}

export async function readTransfers(
  provider: ChainProvider,
  targets: readonly Target[],
  window: TimeWindow,
): Promise<Map<string, Transfer[]>> {
  const all = await Promise.all(
    targets.map((t) => provider.transfers(t.network, t.address, window)),
  );
  return new Map(targets.map((t, i) => [targetKey(t), all[i]!]));
}

/**
 * Links of each wallet to labelled exchange wallets: direct ones from its own transfers, and
 * one-hop ones through its most active unlabelled counterparties (other request wallets aside).
 */
export async function exchangeEvidence(
  provider: ChainProvider,
  reference: ReferenceData,
  targets: readonly Target[],
  transfers: ReadonlyMap<string, Transfer[]>,
  window: TimeWindow,
): Promise<LinkEvidence[]> {
  const subjects = new Set(targets.map(targetKey));
  const evidence: LinkEvidence[] = [];
  const hops: Array<Promise<LinkEvidence[]>> = [];
  for (const t of targets) {
    const own = transfers.get(targetKey(t)) ?? [];
    evidence.push(...directLinks(reference, t.network, t.address, own));
    const intermediaries = counterpartiesOf(t.network, t.address, own)
      .filter(
        (c) =>
          !reference.labelOf(t.network, c.address) &&
          !subjects.has(`${t.network}:${addressKey(t.network, c.address)}`),
      )
      .slice(0, MAX_INTERMEDIARIES);
    for (const c of intermediaries) {
      hops.push(
        provider
          .transfers(t.network, c.address, window)
          .then((theirs) =>
            directLinks(reference, t.network, c.address, theirs, "one_hop", c.address, t.address),
          ),
      );
    }
  }
  for (const found of await Promise.all(hops)) evidence.push(...found);
  return evidence;
}
