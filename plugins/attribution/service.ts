/**
 * What other modules may use of attribution (ARCHITECTURE.md: modules talk through small
 * exported services): wallets by id or address, and address normalisation.
 */
import type { RequestContext } from "../../src/context.js";
import { ApiError } from "../../src/errors.js";
import { normalizeAddress } from "./networks.js";

export { checkIds, checkText, checkTexts } from "./checks.js";
export {
  checkAddressOn,
  normalizeAddress,
  WALLET_NETWORKS,
  type WalletNetwork,
} from "./networks.js";

/**
 * The matter's wallets: all of them (null), or the ones named, in the order named. An id the
 * caller cannot reach, or of another matter, is 404 naming the item (`wallet_ids[2]`).
 */
export async function walletsOfMatter(
  ctx: RequestContext,
  matterId: string,
  ids: readonly string[] | null,
  param = "wallet_ids",
) {
  if (!ids) return ctx.db.wallet.findMany({ where: { matterId }, orderBy: { id: "asc" } });
  const found = new Map(
    (await ctx.db.wallet.findMany({ where: { id: { in: [...ids] }, matterId } })).map((w) => [
      w.id,
      w,
    ]),
  );
  return ids.map((id, i) => {
    const wallet = found.get(id);
    if (!wallet)
      throw new ApiError("resource_missing", {
        param: `${param}[${i}]`,
        message: `No such wallet in this matter: '${id}'.`,
      });
    return wallet;
  });
}

/** Wallets of a matter with these addresses (any case for EVM and bech32), for other stations. */
export async function walletsByAddress(
  ctx: RequestContext,
  matterId: string,
  addresses: readonly string[],
) {
  return ctx.db.wallet.findMany({
    where: { matterId, normalizedAddress: { in: addresses.map(normalizeAddress) } },
    orderBy: { id: "asc" },
  });
}
