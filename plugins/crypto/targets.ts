import { invalid } from "../../src/errors.js";
import { checkWalletAddress, type AddressNetwork } from "../debtors/addresses.js";
import { addressKey, defaultNetworks, networksFor, type Network } from "./networks.js";

/** One request wallet: its checked address and the networks it is looked at on. */
export interface RequestWallet {
  address: string;
  family: AddressNetwork;
  networks: Network[];
}

/** A (network, address) pair to ask a provider about. */
export interface Target {
  network: Network;
  address: string;
}

/**
 * Checks the request's wallets (CONTRACT.md §12: 400 naming `wallets[i]`) and decides which
 * networks each is read on: the requested `chains` its address family can live on, or its
 * default network when no chains are named. Repeats of a wallet are kept once.
 */
export function requestWallets(
  wallets: readonly string[],
  chains: readonly Network[] | null | undefined,
): RequestWallet[] {
  if (!wallets.length) throw invalid("wallets", "wallets must list at least one address.");
  const seen = new Set<string>();
  const out: RequestWallet[] = [];
  wallets.forEach((address, i) => {
    const check = checkWalletAddress(address);
    if (!check.ok)
      throw invalid(
        `wallets[${i}]`,
        `wallets[${i}] is not a valid wallet address: ${check.reason}.`,
      );
    const key = check.network === "evm" ? address.toLowerCase() : address;
    if (seen.has(key)) return;
    seen.add(key);
    const networks = chains?.length
      ? networksFor(check.network, chains)
      : defaultNetworks(check.network);
    out.push({ address, family: check.network, networks });
  });
  return out;
}

export const targetsOf = (wallets: readonly RequestWallet[]): Target[] =>
  wallets.flatMap((w) => w.networks.map((network) => ({ network, address: w.address })));

export const targetKey = (t: Target) => `${t.network}:${addressKey(t.network, t.address)}`;
