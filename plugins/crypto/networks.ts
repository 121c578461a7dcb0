import type { AddressNetwork } from "../debtors/addresses.js";

/**
 * Networks the crypto stations understand: EVM chains share one address family, the others
 * each have their own. `native` is the chain's own asset (decimals of its smallest unit).
 */
export const NETWORKS = [
  "ethereum",
  "polygon",
  "arbitrum",
  "optimism",
  "base",
  "bsc",
  "avalanche",
  "bitcoin",
  "tron",
  "solana",
] as const;
export type Network = (typeof NETWORKS)[number];

export const EVM_NETWORKS: readonly Network[] = [
  "ethereum",
  "polygon",
  "arbitrum",
  "optimism",
  "base",
  "bsc",
  "avalanche",
];

export const NATIVE_ASSET: Record<Network, { symbol: string; decimals: number }> = {
  ethereum: { symbol: "ETH", decimals: 18 },
  polygon: { symbol: "POL", decimals: 18 },
  arbitrum: { symbol: "ETH", decimals: 18 },
  optimism: { symbol: "ETH", decimals: 18 },
  base: { symbol: "ETH", decimals: 18 },
  bsc: { symbol: "BNB", decimals: 18 },
  avalanche: { symbol: "AVAX", decimals: 18 },
  bitcoin: { symbol: "BTC", decimals: 8 },
  tron: { symbol: "TRX", decimals: 6 },
  solana: { symbol: "SOL", decimals: 9 },
};

export const isNetwork = (value: string): value is Network =>
  (NETWORKS as readonly string[]).includes(value);

export const isEvm = (network: Network) => EVM_NETWORKS.includes(network);

/** The networks an address of this family can live on, within `chains`. */
export function networksFor(family: AddressNetwork, chains: readonly Network[]): Network[] {
  if (family === "evm") return chains.filter(isEvm);
  return chains.filter((c) => c === family);
}

/** Networks looked at when the request names none: Ethereum for EVM addresses, else the family's own. */
export function defaultNetworks(family: AddressNetwork): Network[] {
  if (family === "evm") return ["ethereum"];
  return isNetwork(family) ? [family] : [];
}

/** How addresses compare on a network: EVM hex is case-insensitive, the others are exact. */
export const addressKey = (network: Network, address: string) =>
  isEvm(network) ? address.toLowerCase() : address;
