import { builder } from "../../src/schema/builder.js";
import { SourceRefInput } from "../core/shared-types.js";
import { CryptoNetworkEnum } from "./types.js";

const listOf = { list: false, items: true } as const;
const walletsDescription =
  "Wallet addresses (1–1000), each checked for its network (CONTRACT.md §12): EVM 0x+40 hex (EIP-55 when mixed case), Bitcoin base58check/bech32/bech32m, Tron, Solana. Repeats are read once.";
const chainsDescription =
  "Networks to read (default: ethereum for EVM addresses, else the address's own network). An EVM address is read on every EVM network named.";

type InputFields = Parameters<Parameters<typeof builder.inputType>[1]["fields"]>[0];

/** The matter, wallets and networks every crypto station reads. */
const targetFields = (t: InputFields) => ({
  matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
  wallets: t.stringList({ required: true, description: walletsDescription }),
  chains: t.field({
    type: [CryptoNetworkEnum],
    required: listOf,
    description: chainsDescription,
  }),
});

export const BuildCryptoAssetMapInput = builder.inputType("BuildCryptoAssetMapInput", {
  description: "What to map.",
  fields: (t) => ({
    ...targetFields(t),
    includeStablecoins: t.boolean({ description: "Assess stablecoin exposure (default true)." }),
    includeExchanges: t.boolean({ description: "Make exchange hypotheses (default true)." }),
    sourceRefs: t.field({
      type: [SourceRefInput],
      required: listOf,
      description:
        "Evidence tying the wallets to the matter; sets the subject wallets' confidence.",
    }),
  }),
});

export const BuildTransactionTimelineInput = builder.inputType("BuildTransactionTimelineInput", {
  description: "Whose transfers, and when.",
  fields: (t) => ({
    ...targetFields(t),
    from: t.field({
      type: "DateTime",
      description: "Window start, inclusive (default: the earliest data).",
    }),
    to: t.field({
      type: "DateTime",
      description: "Window end, inclusive (default: now); not before `from`.",
    }),
  }),
});

export const ProposeExchangeHypothesesInput = builder.inputType("ProposeExchangeHypothesesInput", {
  description: "Whose exchange links to look for.",
  fields: (t) => ({
    ...targetFields(t),
    minConfidence: t.float({
      description: "Only hypotheses with at least this confidence, 0–1 (default 0).",
    }),
    sourceRefs: t.field({
      type: [SourceRefInput],
      required: listOf,
      description: "Evidence tying the wallets to the debtor (counts toward packet readiness).",
    }),
  }),
});

export const AssessStablecoinExposureInput = builder.inputType("AssessStablecoinExposureInput", {
  description: "Whose stablecoin holdings to assess.",
  fields: (t) => ({
    ...targetFields(t),
    assets: t.stringList({
      required: listOf,
      description:
        "Only these stablecoin symbols (e.g. USDT, USDC), as listed in data/stablecoins.json; default all.",
    }),
  }),
});
