import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerAssetMapMutation } from "./asset-map.js";
import { registerHypothesesMutation } from "./hypotheses-mutation.js";
import { registerCryptoQueries } from "./queries.js";
import { cryptoRoutes } from "./routes.js";
import { registerStablecoinMutation } from "./stablecoin-mutation.js";
import { registerTimelineMutation } from "./timeline-mutation.js";

export { freezeCapableExposures } from "./exposures.js";

export const cryptoModule: ModuleManifest = {
  name: "crypto",
  // matters: its service guards writes (404 / matter_closed) and gives the authority status;
  // debtors: address validation and the evidence tiers.
  dependsOn: ["core", "matters", "debtors", "alerts"],
  capabilities: [
    "crypto_asset_map",
    "transaction_timeline",
    "exchange_hypotheses",
    "stablecoin_exposure",
  ],
  register() {
    registerNode("cam", {
      typename: "CryptoAssetMap",
      scope: "crypto:read",
      load: (ctx, ids) => ctx.db.cryptoAssetMap.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("ttl", {
      typename: "TransactionTimeline",
      scope: "crypto:read",
      load: (ctx, ids) => ctx.db.transactionTimeline.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("exh", {
      typename: "ExchangeHypothesis",
      scope: "crypto:read",
      load: (ctx, ids) => ctx.db.exchangeHypothesis.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("sce", {
      typename: "StablecoinExposure",
      scope: "crypto:read",
      load: (ctx, ids) => ctx.db.stablecoinExposure.findMany({ where: { id: { in: ids } } }),
    });
    registerCryptoQueries();
    registerAssetMapMutation();
    registerTimelineMutation();
    registerHypothesesMutation();
    registerStablecoinMutation();
  },
  routes: cryptoRoutes,
};
