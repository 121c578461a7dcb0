import type { RequestContext } from "../../src/context.js";
import { addressKey, type Network } from "../crypto/service.js";
import type { Holding } from "./request.js";

/** A stored stablecoin exposure row, as the chooser needs it. */
export interface ExposureRow {
  id: string;
  wallet: string;
  network: string;
  asset: string;
  contract: string;
  amount: string;
  sourceType: string;
  createdAt: Date;
}

export type Choice =
  | { ok: true; asset: string; network: Network; contract: string; holdings: Holding[] }
  | { ok: false; kind: "none" }
  | { ok: false; kind: "ambiguous"; param: "asset" | "network"; options: string[] }
  | { ok: false; kind: "wallet_missing"; index: number; asset: string; network: string };

const same = (network: string, a: string, b: string) =>
  addressKey(network as Network, a) === addressKey(network as Network, b);

/**
 * Which token the request is about, and each wallet's balance of it, from the matter's stored
 * stablecoin exposure: the (asset, network) pairs the wallets hold, narrowed by the `asset` and
 * `network` given; exactly one pair must remain, and every wallet must hold it. A wallet's
 * balance is its newest exposure of that pair. Pure.
 */
export function chooseHoldings(
  wallets: readonly string[],
  rows: readonly ExposureRow[],
  want: { asset?: string | null; network?: string | null },
): Choice {
  const candidates = rows.filter(
    (r) =>
      wallets.some((w) => same(r.network, r.wallet, w)) &&
      (!want.asset || r.asset.toLowerCase() === want.asset.toLowerCase()) &&
      (!want.network || r.network === want.network),
  );
  if (!candidates.length) return { ok: false, kind: "none" };
  const assets = [...new Set(candidates.map((r) => r.asset))].sort();
  if (assets.length > 1) return { ok: false, kind: "ambiguous", param: "asset", options: assets };
  const networks = [...new Set(candidates.map((r) => r.network))].sort();
  if (networks.length > 1)
    return { ok: false, kind: "ambiguous", param: "network", options: networks };
  const [asset, network] = [assets[0]!, networks[0]! as Network];
  const holdings: Holding[] = [];
  for (const [index, wallet] of wallets.entries()) {
    const newest = candidates
      .filter((r) => same(network, r.wallet, wallet))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))[0];
    if (!newest) return { ok: false, kind: "wallet_missing", index, asset, network };
    holdings.push({
      wallet,
      amount: newest.amount,
      exposureId: newest.id,
      sourceType: newest.sourceType,
      observedAt: newest.createdAt.toISOString(),
    });
  }
  const contract = candidates.sort((a, b) => (a.id < b.id ? 1 : -1))[0]!.contract;
  return { ok: true, asset, network, contract, holdings };
}

/** The matter's stored exposures of these wallets (any letter case; the chooser compares exactly). */
export async function exposuresOf(
  ctx: RequestContext,
  matterId: string,
  wallets: readonly string[],
): Promise<ExposureRow[]> {
  const rows = await ctx.db.stablecoinExposure.findMany({
    where: { matterId, wallet: { in: [...wallets], mode: "insensitive" } },
    select: {
      id: true,
      wallet: true,
      network: true,
      asset: true,
      contract: true,
      amount: true,
      sourceType: true,
      createdAt: true,
    },
  });
  return rows.map((r) => ({ ...r, amount: r.amount.toString() }));
}
