import { raiseAlerts } from "../alerts/service.js";
import { stablecoinExposureAlerts } from "./exposure-alerts.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable } from "../matters/service.js";
import { insertRows } from "./bulk-insert.js";
import { stablecoinExposures, tokenExposures } from "./exposures.js";
import { hypothesesFrom, type LinkEvidence } from "./hypotheses.js";
import { BuildCryptoAssetMapInput } from "./inputs.js";
import { allTime, exchangeEvidence, readBalances, readTransfers } from "./observe.js";
import { providerFor, referenceFor } from "./providers/index.js";
import { matterFacts } from "./readiness.js";
import { exposureRows, hypothesisRows } from "./records.js";
import { targetsOf } from "./targets.js";
import { CryptoAssetMapRef } from "./types.js";
import { checkWalletsAndChains } from "./validate.js";
import { mapWallets } from "./wallets.js";

export function registerAssetMapMutation() {
  builder.mutationField("buildCryptoAssetMap", (t) =>
    t.field({
      type: CryptoAssetMapRef,
      description:
        "Reads the wallets' holdings and transfers from the environment's provider and stores an asset map with its exchange hypotheses and stablecoin exposure.",
      gate: { scope: "crypto:map" },
      args: {
        input: t.arg({
          type: BuildCryptoAssetMapInput,
          required: true,
          description: "What to map.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        const requested = checkWalletsAndChains(input.wallets, input.chains);
        const sourceRefs = input.sourceRefs ?? [];
        const includeStablecoins = input.includeStablecoins ?? true;
        const includeExchanges = input.includeExchanges ?? true;
        await assertMatterWritable(ctx, input.matterId);
        const provider = providerFor(ctx);
        const reference = referenceFor(ctx);
        const targets = targetsOf(requested);
        const window = allTime();
        const [balances, evidence, facts] = await Promise.all([
          readBalances(provider, targets),
          includeExchanges
            ? readTransfers(provider, targets, window).then((transfers) =>
                exchangeEvidence(provider, reference, targets, transfers, window),
              )
            : Promise.resolve([] as LinkEvidence[]),
          matterFacts(ctx, input.matterId),
        ]);
        const scored = hypothesesFrom(evidence);
        const exposures = includeStablecoins ? stablecoinExposures(balances, reference) : [];
        const id = newId("cryptoAssetMap");
        const createdAt = new Date();
        const common = {
          matterId: input.matterId,
          assetMapId: id,
          sourceType: provider.sourceType,
          createdAt,
        };
        const hypotheses = hypothesisRows(scored, facts, sourceRefs, common);
        const stablecoins = exposureRows(exposures, common);
        const reviewRequired =
          scored.some((h) => h.confidence < 0.75) || exposures.some((e) => e.reviewRequired);
        const map = {
          id,
          organizationId: ctx.principal.organizationId,
          environment: ctx.principal.environment,
          matterId: input.matterId,
          chains: [...new Set(targets.map((x) => x.network))] as string[],
          includeStablecoins,
          includeExchanges,
          wallets: mapWallets(input.matterId, requested, evidence, sourceRefs, provider.sourceType),
          tokenExposures: tokenExposures(balances, reference),
          sourceRefs,
          sourceType: provider.sourceType,
          reviewState: {
            reviewRequired,
            reviewStatus: reviewRequired ? "pending" : "not_required",
          },
          createdAt,
        };
        await write(ctx, async (rec) => {
          const { tx, audit } = rec;
          await insertRows(tx, ctx, "crypto_asset_maps", [map]);
          await insertRows(tx, ctx, "exchange_hypotheses", hypotheses);
          await insertRows(tx, ctx, "stablecoin_exposures", stablecoins);
          await raiseAlerts(ctx, rec, stablecoinExposureAlerts(stablecoins));
          await audit({
            eventType: "crypto_asset_map.built",
            objectType: "crypto_asset_map",
            objectId: id,
            matterId: input.matterId,
            details: {
              wallets: requested.length,
              chains: map.chains,
              source_type: provider.sourceType,
              exchange_hypotheses: hypotheses.length,
              stablecoin_exposures: stablecoins.length,
            },
          });
        });
        // The stored rows as read back (relations in their read order: confidence then id, and
        // ids are assigned in that order), so the response needs no second read.
        return {
          ...map,
          exchangeHypotheses: hypotheses,
          stablecoinExposure: stablecoins,
        } as never;
      },
    }),
  );
}
