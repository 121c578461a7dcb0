import { raiseAlerts } from "../alerts/service.js";
import { stablecoinExposureAlerts } from "./exposure-alerts.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable } from "../matters/service.js";
import { insertRows } from "./bulk-insert.js";
import { stablecoinExposures } from "./exposures.js";
import { AssessStablecoinExposureInput } from "./inputs.js";
import { readBalances } from "./observe.js";
import { providerFor, referenceFor } from "./providers/index.js";
import { exposureRows } from "./records.js";
import { targetsOf } from "./targets.js";
import { StablecoinExposurePayloadRef } from "./types.js";
import { checkAssets, checkWalletsAndChains } from "./validate.js";

export function registerStablecoinMutation() {
  builder.mutationField("assessStablecoinExposure", (t) =>
    t.field({
      type: StablecoinExposurePayloadRef,
      description:
        "Stores the wallets' stablecoin holdings per issuer, asset, network and wallet, with the issuer's freeze capability and remediation candidates.",
      gate: { scope: "crypto:stablecoin" },
      args: {
        input: t.arg({
          type: AssessStablecoinExposureInput,
          required: true,
          description: "Whose holdings.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        const requested = checkWalletsAndChains(input.wallets, input.chains);
        const reference = referenceFor(ctx);
        const assets = checkAssets(input.assets, reference);
        await assertMatterWritable(ctx, input.matterId);
        const provider = providerFor(ctx);
        const balances = await readBalances(provider, targetsOf(requested));
        const common = {
          matterId: input.matterId,
          assetMapId: null,
          sourceType: provider.sourceType,
          createdAt: new Date(),
        };
        const items = exposureRows(stablecoinExposures(balances, reference, assets), common);
        await write(ctx, async (rec) => {
          const { tx, audit } = rec;
          await insertRows(tx, ctx, "stablecoin_exposures", items);
          await raiseAlerts(ctx, rec, stablecoinExposureAlerts(items));
          await audit({
            eventType: "stablecoin_exposure.assessed",
            objectType: "stablecoin_exposure",
            matterId: input.matterId,
            details: {
              wallets: requested.length,
              assets: assets ? [...assets] : null,
              exposures: items.map((e) => e.id),
            },
          });
        });
        return { items };
      },
    }),
  );
}
