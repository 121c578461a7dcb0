import {
  BaseError,
  ContractFunctionZeroDataError,
  createPublicClient,
  formatUnits,
  http,
  parseAbi,
  parseAbiItem,
  type Address,
  type PublicClient,
} from "viem";
import type { ChainsConfig } from "../../../src/config.js";
import { ApiError } from "../../../src/errors.js";
import { isEvm, NATIVE_ASSET, type Network } from "../networks.js";
import type { ReferenceData } from "../reference.js";
import { counterpartiesOf } from "./counterparties.js";
import type { Balance, ChainProvider, TimeWindow, Transfer } from "./types.js";

const ERC20 = parseAbi(["function balanceOf(address) view returns (uint256)"]);
const TRANSFER = parseAbiItem(
  "event Transfer(address indexed from, address indexed to, uint256 value)",
);

export const rpcVariable = (network: string) => `MD_RPC_URL_${network.toUpperCase()}`;

export function providerUnavailable(network: string, message: string, extra = {}): ApiError {
  return new ApiError("provider_unavailable", { message, details: { network, ...extra } });
}

/**
 * The live provider: EVM networks over JSON-RPC (viem), one endpoint per network from
 * MD_RPC_URL_<NETWORK>. Balances are the native balance plus balanceOf on every known token
 * contract of the network (data/stablecoins.json and MD_EXTRA_TOKENS); transfers are those
 * tokens' ERC-20 `Transfer` logs, since plain JSON-RPC has no index of native transfers.
 * Requests time out, are retried a bounded number of times and are batched; a missing endpoint
 * or a failing node is a 503 `provider_unavailable`, never a 500.
 */
export class EvmRpcProvider implements ChainProvider {
  readonly sourceType = "json_rpc" as const;
  private readonly clients = new Map<Network, PublicClient>();

  constructor(
    private readonly reference: ReferenceData,
    private readonly config: ChainsConfig,
  ) {}

  private client(network: Network): PublicClient {
    if (!isEvm(network))
      throw providerUnavailable(
        network,
        `No live data provider for ${network}: live chain data is read from EVM networks over JSON-RPC only.`,
        { missing: `${network} provider` },
      );
    const url = this.config.rpcUrls[network];
    if (!url)
      throw providerUnavailable(
        network,
        `No JSON-RPC endpoint is configured for ${network}: set ${rpcVariable(network)}.`,
        { missing: rpcVariable(network) },
      );
    let client = this.clients.get(network);
    if (!client) {
      client = createPublicClient({
        transport: http(url, {
          timeout: this.config.timeoutMs,
          retryCount: this.config.retries,
          retryDelay: 100,
          batch: true,
        }),
      }) as PublicClient;
      this.clients.set(network, client);
    }
    return client;
  }

  /** Runs node calls; any failure of the node becomes 503 naming the network. */
  private async guard<T>(network: Network, fn: (c: PublicClient) => Promise<T>): Promise<T> {
    const client = this.client(network);
    try {
      return await fn(client);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const short = (error as { shortMessage?: string }).shortMessage ?? "request failed";
      throw providerUnavailable(network, `The JSON-RPC node for ${network} failed: ${short}`);
    }
  }

  async balances(network: Network, address: string): Promise<Balance[]> {
    const tokens = this.reference.tokensOn(network);
    return this.guard(network, async (c) => {
      const owner = address as Address;
      const [native, ...held] = await Promise.all([
        c.getBalance({ address: owner }),
        ...tokens.map((t) =>
          c
            .readContract({
              address: t.contract as Address,
              abi: ERC20,
              functionName: "balanceOf",
              args: [owner],
            })
            .catch((error: unknown) => {
              // No contract at that address on this node (e.g. a test chain): nothing is held there.
              if (
                error instanceof BaseError &&
                error.walk((e) => e instanceof ContractFunctionZeroDataError)
              )
                return 0n;
              throw error;
            }),
        ),
      ]);
      const nativeAsset = NATIVE_ASSET[network];
      return [
        {
          network,
          address,
          asset: nativeAsset.symbol,
          contract: null,
          decimals: nativeAsset.decimals,
          amount: formatUnits(native!, nativeAsset.decimals),
        },
        ...tokens.map((t, i) => ({
          network,
          address,
          asset: t.symbol,
          contract: t.contract,
          decimals: t.decimals,
          amount: formatUnits(held[i]!, t.decimals),
        })),
      ];
    });
  }

  /** First block at or after `time` (binary search over block timestamps). */
  private async blockAtOrAfter(
    c: PublicClient,
    time: Date,
    latest: bigint,
    stamps: Map<bigint, number>,
  ) {
    const stamp = async (n: bigint) => {
      if (!stamps.has(n)) stamps.set(n, Number((await c.getBlock({ blockNumber: n })).timestamp));
      return stamps.get(n)!;
    };
    const target = Math.floor(time.getTime() / 1000);
    if ((await stamp(latest)) < target) return latest + 1n;
    let lo = 0n;
    let hi = latest;
    while (lo < hi) {
      const mid = (lo + hi) / 2n;
      if ((await stamp(mid)) < target) lo = mid + 1n;
      else hi = mid;
    }
    return lo;
  }

  async transfers(network: Network, address: string, window: TimeWindow): Promise<Transfer[]> {
    const tokens = this.reference.tokensOn(network);
    if (!tokens.length) {
      this.client(network);
      return [];
    }
    return this.guard(network, async (c) => {
      // Not viem's cached head (kept ~4 s): a scan right after a transfer must see its block.
      const latest = await c.getBlockNumber({ cacheTime: 0 });
      const stamps = new Map<bigint, number>();
      const fromBlock = await this.blockAtOrAfter(c, window.from, latest, stamps);
      const after = await this.blockAtOrAfter(
        c,
        new Date(window.to.getTime() + 1000),
        latest,
        stamps,
      );
      if (fromBlock > latest || after === 0n || fromBlock > after - 1n) return [];
      const range = { fromBlock, toBlock: after - 1n };
      const contracts = tokens.map((t) => t.contract as Address);
      const who = address as Address;
      const [sent, received] = await Promise.all([
        c.getLogs({ address: contracts, event: TRANSFER, args: { from: who }, ...range }),
        c.getLogs({ address: contracts, event: TRANSFER, args: { to: who }, ...range }),
      ]);
      const logs = new Map<string, (typeof sent)[number]>();
      for (const log of [...sent, ...received])
        logs.set(`${log.transactionHash}:${log.logIndex}`, log);
      const blocks = [...new Set([...logs.values()].map((l) => l.blockNumber!))];
      await Promise.all(
        blocks
          .filter((n) => !stamps.has(n))
          .map(async (n) =>
            stamps.set(n, Number((await c.getBlock({ blockNumber: n })).timestamp)),
          ),
      );
      return [...logs.values()].map((log) => {
        const token = this.reference.token(network, log.address)!;
        return {
          network,
          transactionHash: log.transactionHash!,
          index: log.logIndex!,
          block: Number(log.blockNumber!),
          timestamp: new Date(stamps.get(log.blockNumber!)! * 1000),
          from: log.args.from!,
          to: log.args.to!,
          asset: token.symbol,
          contract: token.contract,
          amount: formatUnits(log.args.value!, token.decimals),
        };
      });
    });
  }

  async counterparties(network: Network, address: string, window: TimeWindow) {
    return counterpartiesOf(network, address, await this.transfers(network, address, window));
  }
}
