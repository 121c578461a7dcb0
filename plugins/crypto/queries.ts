import { notFound } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { registerDashboardContributor } from "../matters/service.js";
import { cryptoExposureByMatter } from "./dashboard.js";
import { CryptoAssetMapRef } from "./types.js";
import { childPage } from "../../src/schema/child-pages.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";

export function registerCryptoQueries() {
  builder.queryField("cryptoAssetMap", (t) =>
    t.field({
      type: CryptoAssetMapRef,
      description: "One stored asset map.",
      gate: { scope: "crypto:read" },
      args: { id: t.arg.id({ required: true, description: "Asset map id (cam_…)." }) },
      resolve: async (_root, { id }, ctx) => {
        const map = await ctx.db.cryptoAssetMap.findUnique({ where: { id } });
        if (!map) throw notFound("asset map", id);
        return map;
      },
    }),
  );

  // Added to the matters module's type here, with the feature that owns it.
  builder.prismaObjectField("Matter", "cryptoAssetMaps", (t) =>
    t.field({
      type: connectionOf(CryptoAssetMapRef, "CryptoAssetMap"),
      description: "The matter's stored asset maps, newest first.",
      gate: { scope: "crypto:read" },
      args: pageArgs(t),
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          {
            key: "Matter.cryptoAssetMaps",
            table: "crypto_asset_maps",
            parentColumn: "matter_id",
            parentField: "matterId",
            findMany: (q) => ctx.db.cryptoAssetMap.findMany(q),
          },
          m.id,
          args,
        ),
    }),
  );

  registerDashboardContributor("crypto.known_crypto_exposure", async (ctx, matterId) => ({
    knownCryptoExposure: await cryptoExposureByMatter(ctx).load(matterId),
  }));
}
