import { invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { checkText } from "../debtors/validate.js";
import { assertMatterWritable } from "../matters/service.js";
import { CreateWatchlistInput } from "./inputs.js";
import { storedThresholds } from "./thresholds.js";
import { WatchlistRef } from "./types.js";

export function registerCreateWatchlist() {
  builder.mutationField("createWatchlist", (t) =>
    t.field({
      type: WatchlistRef,
      description:
        "Creates an (empty) watchlist under an open matter; add addresses with addWatchlistAddresses. Its alert rules follow from chains and thresholds.",
      gate: { scope: "monitoring:write" },
      extensions: { errors: ["matter_closed"] },
      args: {
        input: t.arg({ type: CreateWatchlistInput, required: true, description: "The watchlist." }),
      },
      resolve: async (_root, { input }, ctx) => {
        checkText("name", input.name);
        if (!input.chains.length) throw invalid("chains", "chains must name at least one network.");
        const chains = [...new Set(input.chains)];
        const thresholds = storedThresholds(input.thresholds);
        await assertMatterWritable(ctx, input.matterId);
        return write(ctx, async ({ tx, audit }) => {
          const now = new Date();
          const created = await tx.watchlist.create({
            data: {
              id: newId("watchlist"),
              matterId: input.matterId,
              name: input.name,
              status: "active",
              chains,
              thresholds: thresholds as object,
              createdAt: now,
              updatedAt: now,
            } as never,
          });
          await audit({
            eventType: "watchlist.created",
            objectType: "watchlist",
            objectId: created.id,
            matterId: input.matterId,
            details: { matter_id: input.matterId, name: input.name, chains, thresholds },
          });
          return created;
        });
      },
    }),
  );
}
