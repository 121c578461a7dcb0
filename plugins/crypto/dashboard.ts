import { Decimal } from "decimal.js";
import type { RequestContext } from "../../src/context.js";
import { requestLoader } from "../../src/schema/request-loader.js";
import type { TokenExposureShape } from "./exposures.js";
import { parValue } from "./exposures.js";
import { addressKey, isNetwork } from "./networks.js";

/** One reading of what a wallet held of one token, from an asset map or a stablecoin exposure. */
export interface HoldingObservation {
  network: string;
  wallet: string;
  /** Token contract, or null for the network's native coin. */
  contract: string | null;
  asset: string;
  usdValue: Decimal.Value | null;
  observedAt: Date;
  /** The record it comes from; breaks ties between readings made at the same millisecond. */
  recordId: string;
}

const holdingKey = (o: HoldingObservation) => {
  const wallet = isNetwork(o.network) ? addressKey(o.network, o.wallet) : o.wallet;
  return `${o.network}\u0000${wallet}\u0000${(o.contract ?? `native:${o.asset}`).toLowerCase()}`;
};

/**
 * A matter's known crypto exposure in USD: each holding (network, wallet, token) counted once,
 * at its newest reading, so mapping the same wallet twice does not double it and a later map
 * showing a drained wallet lowers it. Holdings without a USD value (native coins, yield-bearing
 * tokens: no price source) add nothing. Exact decimal sum.
 */
export function knownCryptoExposure(observations: readonly HoldingObservation[]): Decimal {
  const newest = new Map<string, HoldingObservation>();
  for (const o of observations) {
    const key = holdingKey(o);
    const seen = newest.get(key);
    const later =
      !seen ||
      o.observedAt.getTime() > seen.observedAt.getTime() ||
      (o.observedAt.getTime() === seen.observedAt.getTime() && o.recordId > seen.recordId);
    if (later) newest.set(key, o);
  }
  let sum = new Decimal(0);
  for (const o of newest.values()) if (o.usdValue !== null) sum = sum.plus(o.usdValue);
  return sum;
}

/**
 * Every matter's holding readings, batched: one statement for the asset maps' token exposures
 * and one for the stored stablecoin exposures, however many matters are shown.
 */
export function cryptoExposureByMatter(ctx: RequestContext) {
  return requestLoader(ctx, "crypto.exposureByMatter", async (ids: readonly string[]) => {
    const [maps, stablecoins] = await Promise.all([
      ctx.db.cryptoAssetMap.findMany({
        where: { matterId: { in: [...ids] } },
        select: { id: true, matterId: true, tokenExposures: true, createdAt: true },
      }),
      ctx.db.stablecoinExposure.findMany({
        where: { matterId: { in: [...ids] } },
        select: {
          id: true,
          matterId: true,
          network: true,
          wallet: true,
          contract: true,
          asset: true,
          amount: true,
          createdAt: true,
        },
      }),
    ]);
    const byMatter = new Map<string, HoldingObservation[]>(ids.map((id) => [id, []]));
    for (const m of maps)
      for (const e of (m.tokenExposures ?? []) as unknown as TokenExposureShape[])
        byMatter.get(m.matterId)?.push({
          network: e.network,
          wallet: e.wallet,
          contract: e.contract,
          asset: e.asset,
          usdValue: e.usdValue,
          observedAt: m.createdAt,
          recordId: m.id,
        });
    for (const s of stablecoins)
      byMatter.get(s.matterId)?.push({
        network: s.network,
        wallet: s.wallet,
        contract: s.contract,
        asset: s.asset,
        usdValue: parValue(s.asset, s.amount.toString()),
        observedAt: s.createdAt,
        recordId: s.id,
      });
    return ids.map((id) => knownCryptoExposure(byMatter.get(id) ?? []).toString());
  });
}
