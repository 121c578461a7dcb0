import { builder } from "../../src/schema/builder.js";
import { SourceRefInput } from "../core/shared-types.js";
import { CryptoNetworkEnum } from "../crypto/types.js";
import type { ThresholdsInput } from "./thresholds.js";
import { MovementDirectionEnum } from "./types.js";

const listOf = { list: false, items: true } as const;

export const WatchlistThresholdsInput = builder
  .inputRef<ThresholdsInput>("WatchlistThresholdsInput")
  .implement({
    description:
      "When a movement counts toward a wallet_movement alert; only these keys are accepted.",
    fields: (t) => ({
      minAmount: t.float({
        description: "Smallest amount in the moved asset's own units, ≥ 0 (default: any).",
      }),
      minUsdValue: t.float({
        description:
          "Smallest USD value, ≥ 0 (default: any). Stablecoins count at 1.00 par; native coins have no price source and always pass.",
      }),
      direction: t.field({
        type: MovementDirectionEnum,
        description: "any (default), outgoing or incoming.",
      }),
    }),
  });

export const CreateWatchlistInput = builder.inputType("CreateWatchlistInput", {
  description: "A new watchlist under an open matter.",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
    name: t.string({ required: true, description: "Name." }),
    chains: t.field({
      type: [CryptoNetworkEnum],
      required: true,
      description: "Networks to watch (at least one; repeats are kept once).",
    }),
    thresholds: t.field({
      type: WatchlistThresholdsInput,
      description: "When a movement counts (default: every movement).",
    }),
  }),
});

export const AddWatchlistAddressesInput = builder.inputType("AddWatchlistAddressesInput", {
  description: "Addresses to watch, with why and on what evidence.",
  fields: (t) => ({
    addresses: t.stringList({
      required: true,
      description:
        "1–1000 addresses, each checked for its network (CONTRACT.md §12) and required to live on one of the watchlist's chains. An address already on the watchlist (EVM compared case-insensitively) is left as it is: adding it again changes nothing.",
    }),
    reason: t.string({ required: true, description: "Why these addresses are watched." }),
    sourceRefs: t.field({
      type: [SourceRefInput],
      required: listOf,
      description: "Evidence behind watching them.",
    }),
  }),
});
