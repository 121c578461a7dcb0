import { builder } from "../../src/schema/builder.js";
import { describedValues } from "../core/enum-values.js";
import { SourceRefRef, sourceRefsOf } from "../core/shared-types.js";
import type { WalletNetwork } from "./networks.js";

export const WalletNetworkEnum = builder.enumType("WalletNetwork", {
  description: "A network a wallet lives on; its address must be valid there (CONTRACT.md §12).",
  values: describedValues({
    ethereum: "Ethereum mainnet (EVM address).",
    polygon: "Polygon PoS (EVM address).",
    arbitrum: "Arbitrum One (EVM address).",
    optimism: "OP Mainnet (EVM address).",
    base: "Base (EVM address).",
    bsc: "BNB Smart Chain (EVM address).",
    avalanche: "Avalanche C-Chain (EVM address).",
    bitcoin: "Bitcoin: base58check P2PKH/P2SH, bech32 (v0) or bech32m (v1+).",
    tron: "Tron: base58check, version 0x41.",
    solana: "Solana: base58 of a 32-byte key.",
    xrp: "XRP Ledger: base58check in the XRP alphabet.",
  } satisfies Record<WalletNetwork, string>),
});

export const WalletRef = builder.prismaNode("Wallet", {
  id: { field: "id", description: "Global id, the same as the `wal_` id." },
  description:
    "A wallet under a matter, stored once per network and normalised address; other stations look wallets up by address.",
  fields: (t) => ({
    walletId: t.exposeString("id", { description: "Wallet id (prefix `wal_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter the wallet belongs to." }),
    address: t.exposeString("address", { description: "The address as first imported." }),
    network: t.field({
      type: WalletNetworkEnum,
      description: "The network the address was validated for.",
      resolve: (w) => w.network as never,
    }),
    role: t.exposeString("role", {
      nullable: true,
      description:
        "The wallet's role in the matter (e.g. debtor_controlled, victim, intermediary, exchange_deposit); the first role given is kept.",
    }),
    sourceRefs: t.field({
      type: [SourceRefRef],
      description: "Sources tying the wallet to the matter, merged across imports.",
      resolve: (w) => sourceRefsOf(w.sourceRefs),
    }),
    confidence: t.exposeFloat("confidence", {
      description:
        "0–1, the highest across imports: each import contributes its given confidence, or else the noisy-OR of the wallet's merged source refs (0.45 without sources).",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "First import." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "Last merge." }),
  }),
});

type WalletRow = { id: string };
export interface WalletImportShape {
  imported: number;
  merged: number;
  wallets: WalletRow[];
}

export const WalletImportResultRef = builder
  .objectRef<WalletImportShape>("WalletImportResult")
  .implement({
    description: "What a wallet import stored.",
    fields: (t) => ({
      imported: t.exposeInt("imported", {
        description:
          "Wallet records created by this import. Items that merged into an existing wallet (same matter, network and normalised address), or into an earlier item of the same request, are not counted.",
      }),
      merged: t.exposeInt("merged", {
        description:
          "Items merged into a wallet that already existed or appeared earlier in the request.",
      }),
      wallets: t.field({
        type: [WalletRef],
        description: "The resulting wallets, one per distinct address, in the order first given.",
        resolve: (r) => r.wallets as never,
      }),
    }),
  });
