import { notFound } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { CryptoAssetMapRef } from "./types.js";

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
}
