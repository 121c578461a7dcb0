import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable } from "../matters/service.js";
import { BuildTransactionTimelineInput } from "./inputs.js";
import { readTransfers } from "./observe.js";
import { providerFor, referenceFor } from "./providers/index.js";
import { targetsOf } from "./targets.js";
import { buildTimeline } from "./timeline.js";
import { TransactionTimelineRef } from "./types.js";
import { checkWalletsAndChains, checkWindow } from "./validate.js";

export function registerTimelineMutation() {
  builder.mutationField("buildTransactionTimeline", (t) =>
    t.field({
      type: TransactionTimelineRef,
      description:
        "Stores an ordered timeline of the wallets' transfers between `from` and `to`, naming labelled exchange counterparties.",
      gate: { scope: "crypto:timeline" },
      args: {
        input: t.arg({
          type: BuildTransactionTimelineInput,
          required: true,
          description: "Whose transfers, and when.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        const requested = checkWalletsAndChains(input.wallets, input.chains);
        const window = checkWindow(input.from, input.to);
        await assertMatterWritable(ctx, input.matterId);
        const provider = providerFor(ctx);
        const transfers = await readTransfers(provider, targetsOf(requested), window);
        const events = buildTimeline(referenceFor(ctx), [...transfers.values()].flat());
        return write(ctx, async ({ tx, audit }) => {
          const timeline = await tx.transactionTimeline.create({
            data: {
              id: newId("transactionTimeline"),
              matterId: input.matterId,
              wallets: requested.map((w) => w.address),
              fromTime: window.from,
              toTime: window.to,
              events: events.map((e) => ({
                ...e,
                timestamp: e.timestamp.toISOString(),
              })) as object[],
              sourceType: provider.sourceType,
            } as never,
          });
          await audit({
            eventType: "transaction_timeline.built",
            objectType: "transaction_timeline",
            objectId: timeline.id,
            matterId: input.matterId,
            details: {
              wallets: requested.length,
              events: events.length,
              source_type: provider.sourceType,
            },
          });
          return timeline;
        });
      },
    }),
  );
}
