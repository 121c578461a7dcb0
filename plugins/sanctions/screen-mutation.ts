import { missing } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { checkTexts, checkWallets } from "../debtors/validate.js";
import { assertMatterWritable } from "../matters/service.js";
import { ScreenSanctionsInput } from "./inputs.js";
import { recordScreen } from "./record-screen.js";
import { SanctionsScreenRef } from "./types.js";

export function registerScreenMutation() {
  builder.mutationField("screenSanctions", (t) =>
    t.field({
      type: SanctionsScreenRef,
      description:
        "Screens a matter's wallets, entities and counterparties against the shipped OFAC SDN list and stores the result. Matches pause ordinary collection, emit `sanctions.screen_matched` and raise a `sanctions` alert per screened value that hit.",
      gate: { scope: "sanctions:screen" },
      args: {
        input: t.arg({
          type: ScreenSanctionsInput,
          required: true,
          description: "What to screen.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        const wallets = input.wallets ?? [];
        const entities = input.entities ?? [];
        const counterparties = input.counterparties ?? [];
        if (!wallets.length && !entities.length && !counterparties.length)
          throw missing("wallets", "Send at least one of wallets, entities or counterparties.");
        checkWallets(wallets);
        checkTexts("entities", entities);
        checkTexts("counterparties", counterparties);
        await assertMatterWritable(ctx, input.matterId);
        return write(ctx, (rec) =>
          recordScreen(ctx, rec, input.matterId, { wallets, entities, counterparties }),
        );
      },
    }),
  );
}
