import type { Network } from "../networks.js";

/**
 * What every chain data provider answers (sandbox and live alike). Amounts are exact decimal
 * strings in the asset's display units; `contract` is null for the native asset.
 */
export interface Balance {
  network: Network;
  address: string;
  asset: string;
  contract: string | null;
  decimals: number;
  amount: string;
}

export interface Transfer {
  network: Network;
  transactionHash: string;
  /** Position within the block (log index), for a stable order. */
  index: number;
  /** Block number where the provider knows it (null for synthetic data). */
  block: number | null;
  timestamp: Date;
  from: string;
  to: string;
  asset: string;
  contract: string | null;
  amount: string;
}

export interface Counterparty {
  network: Network;
  address: string;
  sent: number;
  received: number;
  transactions: string[];
}

export interface TimeWindow {
  from: Date;
  to: Date;
}

export type SourceType = "synthetic" | "json_rpc";

export interface ChainProvider {
  readonly sourceType: SourceType;
  /** Native and stablecoin balances of one address on one network. */
  balances(network: Network, address: string): Promise<Balance[]>;
  /** Transfers into or out of the address within the window, in no particular order. */
  transfers(network: Network, address: string, window: TimeWindow): Promise<Transfer[]>;
  /** Who the address transacted with in the window. */
  counterparties(network: Network, address: string, window: TimeWindow): Promise<Counterparty[]>;
}
