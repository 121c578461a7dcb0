import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { base58, bech32, createBase58check } from "@scure/base";
import { addressKey, isEvm, NATIVE_ASSET, type Network } from "../networks.js";
import { rngFor, type Rng } from "../prng.js";
import type { ReferenceData } from "../reference.js";
import { counterpartiesOf } from "./counterparties.js";
import type { Balance, ChainProvider, TimeWindow, Transfer } from "./types.js";

/**
 * The sandbox provider (CONTRACT.md §12): synthetic data derived only from the network and the
 * address through a seeded PRNG, so the same wallet always shows the same balances, transfers
 * and counterparties. Holdings sit on the stablecoin contracts of data/, and some transfers go
 * to or come from the labelled exchange wallets of data/, so the later stations have real
 * reference points to work on. Transfers lie in a fixed period (SANDBOX_PERIOD), independent
 * of the clock. It never touches a network.
 */
export const SANDBOX_PERIOD = {
  from: new Date("2024-01-01T00:00:00.000Z"),
  to: new Date("2026-06-30T00:00:00.000Z"),
};

/** Share of transfers whose counterparty is a labelled exchange wallet (when the network has any). */
const EXCHANGE_SHARE = 0.25;
/** Exchanges an address deals with: like a real debtor, a few, not every exchange listed. */
const HOME_EXCHANGES = 2;
/** Distinct non-exchange counterparties per address, so some recur. */
const PEERS = 4;

const tronCheck = createBase58check(sha256);

/** A well-formed address of the network from 32 random bytes. */
export function syntheticAddress(network: Network, bytes: Uint8Array): string {
  if (isEvm(network)) return `0x${bytesToHex(bytes.subarray(0, 20))}`;
  if (network === "tron") return tronCheck.encode(Uint8Array.of(0x41, ...bytes.subarray(0, 20)));
  if (network === "bitcoin")
    return bech32.encode("bc", [0, ...bech32.toWords(bytes.subarray(0, 20))]);
  return base58.encode(bytes.subarray(0, 32));
}

/** A decimal string with `places` fraction digits, from an integer number of units. */
const decimal = (units: bigint, places: number): string => {
  if (places === 0) return units.toString();
  const s = units.toString().padStart(places + 1, "0");
  return `${s.slice(0, -places)}.${s.slice(-places)}`.replace(/\.?0+$/, "");
};

/** An amount between min and max whole units with `places` random fraction digits. */
const amount = (rng: Rng, min: number, max: number, places: number): string =>
  decimal(
    BigInt(rng.int(min, max)) * 10n ** BigInt(places) + BigInt(rng.int(0, 10 ** places - 1)),
    places,
  );

export class SandboxProvider implements ChainProvider {
  readonly sourceType = "synthetic" as const;
  constructor(private readonly reference: ReferenceData) {}

  private heldTokens(network: Network, address: string) {
    const rng = rngFor("sandbox-holdings", network, addressKey(network, address));
    return this.reference.tokensOn(network).filter(() => rng.next() < 0.6);
  }

  async balances(network: Network, address: string): Promise<Balance[]> {
    const rng = rngFor("sandbox-balances", network, addressKey(network, address));
    const native = NATIVE_ASSET[network];
    const out: Balance[] = [
      {
        network,
        address,
        asset: native.symbol,
        contract: null,
        decimals: native.decimals,
        amount: amount(rng, 0, 40, 4),
      },
    ];
    for (const token of this.heldTokens(network, address)) {
      out.push({
        network,
        address,
        asset: token.symbol,
        contract: token.contract,
        decimals: token.decimals,
        amount: amount(rng, 50, 250_000, 2),
      });
    }
    return out;
  }

  /** Every synthetic transfer of the address, window aside. */
  allTransfers(network: Network, address: string): Transfer[] {
    const rng = rngFor("sandbox-transfers", network, addressKey(network, address));
    const labelled = this.reference.labelsByNetwork.get(network) ?? [];
    const names = [...new Set(labelled.map((l) => l.exchange))];
    const home = new Set(Array.from({ length: HOME_EXCHANGES }, () => rng.pick(names)));
    const exchanges = labelled.filter((l) => home.has(l.exchange));
    const peers = Array.from({ length: PEERS }, () => syntheticAddress(network, rng.bytes(32)));
    const assets: Array<{ asset: string; contract: string | null }> = [
      { asset: NATIVE_ASSET[network].symbol, contract: null },
      ...this.heldTokens(network, address).map((t) => ({ asset: t.symbol, contract: t.contract })),
    ];
    const span = SANDBOX_PERIOD.to.getTime() - SANDBOX_PERIOD.from.getTime();
    const count = rng.int(6, 18);
    const out: Transfer[] = [];
    for (let i = 0; i < count; i++) {
      const counterparty =
        exchanges.length && rng.next() < EXCHANGE_SHARE
          ? rng.pick(exchanges).address
          : rng.pick(peers);
      const sent = rng.next() < 0.5;
      const what = rng.pick(assets);
      const seconds = Math.floor((rng.next() * span) / 1000);
      const hash = bytesToHex(rng.bytes(32));
      out.push({
        network,
        transactionHash: isEvm(network) ? `0x${hash}` : hash,
        index: rng.int(0, 200),
        block: null,
        timestamp: new Date(SANDBOX_PERIOD.from.getTime() + seconds * 1000),
        from: sent ? address : counterparty,
        to: sent ? counterparty : address,
        asset: what.asset,
        contract: what.contract,
        amount: what.contract ? amount(rng, 10, 50_000, 2) : amount(rng, 0, 5, 4),
      });
    }
    return out;
  }

  async transfers(network: Network, address: string, window: TimeWindow): Promise<Transfer[]> {
    return this.allTransfers(network, address).filter(
      (t) => t.timestamp >= window.from && t.timestamp <= window.to,
    );
  }

  async counterparties(network: Network, address: string, window: TimeWindow) {
    return counterpartiesOf(network, address, await this.transfers(network, address, window));
  }
}
