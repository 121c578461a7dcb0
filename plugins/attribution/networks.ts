import { type AddressNetwork, checkWalletAddress } from "../debtors/addresses.js";

/**
 * Networks a wallet can be imported on, each with the address family that must accept its
 * address (CONTRACT.md §12). EVM chains share one address format.
 */
export const WALLET_NETWORKS = {
  ethereum: "evm",
  polygon: "evm",
  arbitrum: "evm",
  optimism: "evm",
  base: "evm",
  bsc: "evm",
  avalanche: "evm",
  bitcoin: "bitcoin",
  tron: "tron",
  solana: "solana",
  xrp: "xrp",
} as const satisfies Record<string, AddressNetwork>;

export type WalletNetwork = keyof typeof WALLET_NETWORKS;
export const NETWORK_NAMES = Object.keys(WALLET_NETWORKS) as WalletNetwork[];

/** The network assumed when none is given: the family's own name, Ethereum for EVM. */
const DEFAULT_NETWORK: Partial<Record<AddressNetwork, WalletNetwork>> = {
  evm: "ethereum",
  bitcoin: "bitcoin",
  tron: "tron",
  solana: "solana",
  xrp: "xrp",
};

export type NetworkCheck =
  | { ok: true; network: WalletNetwork; normalized: string }
  | { ok: false; param: "address" | "network"; reason: string };

/**
 * The comparison form of an address: EVM hex and bech32 are case-insensitive, so they compare
 * lower-cased; base58 is case-sensitive and compares as written.
 */
export function normalizeAddress(address: string): string {
  const check = checkWalletAddress(address);
  if (check.ok && (check.network === "evm" || check.format.startsWith("bech32")))
    return address.toLowerCase();
  return address;
}

/** Checks `address` against `network` (or infers the network when none is given). */
export function checkAddressOn(address: string, network?: string | null): NetworkCheck {
  const check = checkWalletAddress(address);
  if (!check.ok) return { ok: false, param: "address", reason: check.reason };
  const chosen = network ?? DEFAULT_NETWORK[check.network];
  if (!chosen)
    return {
      ok: false,
      param: "network",
      reason: "the address's network cannot be inferred; name it in `network`",
    };
  const family = WALLET_NETWORKS[chosen as WalletNetwork] as AddressNetwork | undefined;
  if (family !== check.network)
    return { ok: false, param: "address", reason: `not a valid ${chosen} address` };
  return { ok: true, network: chosen as WalletNetwork, normalized: normalizeAddress(address) };
}
