import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable } from "../matters/service.js";
import { insertRows } from "./bulk-insert.js";
import { hypothesesFrom } from "./hypotheses.js";
import { ProposeExchangeHypothesesInput } from "./inputs.js";
import { allTime, exchangeEvidence, readTransfers } from "./observe.js";
import { providerFor, referenceFor } from "./providers/index.js";
import { matterFacts } from "./readiness.js";
import { hypothesisRows } from "./records.js";
import { targetsOf } from "./targets.js";
import { ExchangeHypothesesPayloadRef } from "./types.js";
import { checkMinConfidence, checkWalletsAndChains } from "./validate.js";

export function registerHypothesesMutation() {
  builder.mutationField("proposeExchangeHypotheses", (t) =>
    t.field({
      type: ExchangeHypothesesPayloadRef,
      description:
        "Stores a hypothesis for each exchange the wallets transact with, directly or through one intermediary, with basis, confidence and packet readiness.",
      gate: { scope: "crypto:exchange" },
      args: {
        input: t.arg({
          type: ProposeExchangeHypothesesInput,
          required: true,
          description: "Whose exchange links.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        const requested = checkWalletsAndChains(input.wallets, input.chains);
        const min = checkMinConfidence(input.minConfidence);
        await assertMatterWritable(ctx, input.matterId);
        const provider = providerFor(ctx);
        const reference = referenceFor(ctx);
        const targets = targetsOf(requested);
        const window = allTime();
        const transfers = await readTransfers(provider, targets, window);
        const evidence = await exchangeEvidence(provider, reference, targets, transfers, window);
        const facts = await matterFacts(ctx, input.matterId);
        const common = {
          matterId: input.matterId,
          assetMapId: null,
          sourceType: provider.sourceType,
          createdAt: new Date(),
        };
        const items = hypothesisRows(
          hypothesesFrom(evidence, min),
          facts,
          input.sourceRefs ?? [],
          common,
        );
        await write(ctx, async ({ tx, audit }) => {
          await insertRows(tx, ctx, "exchange_hypotheses", items);
          await audit({
            eventType: "exchange_hypotheses.proposed",
            objectType: "exchange_hypothesis",
            matterId: input.matterId,
            details: {
              wallets: requested.length,
              min_confidence: min,
              hypotheses: items.map((h) => h.id),
            },
          });
        });
        return { items };
      },
    }),
  );
}
