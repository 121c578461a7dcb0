/**
 * The relationship registry as the claw campaigns' `channel` signal source
 * (registerChannelSource of plugins/campaigns/registry.ts): an exchange or issuer has a usable
 * channel when the organization holds a relationship with `usable_by_provider: true` to a
 * counterparty of type `exchange` or `issuer` whose name matches it in comparison form
 * (`normalized_name`, stored with normalizeName of plugins/core/names.ts: "Binance", "BINANCE."
 * and " binance " match). Relationships belong to the
 * organization, not to a matter, so every matter of the request sees the same set; one
 * statement per request.
 */
import type { RequestContext } from "../../src/context.js";
import { requestLoader } from "../../src/schema/request-loader.js";
import { registerChannelSource } from "../campaigns/registry.js";

/** Counterparty types whose names a campaign's exchanges and issuers are matched against. */
export const CHANNEL_COUNTERPARTY_TYPES = ["exchange", "issuer"] as const;

/** Comparison forms of the counterparties the provider has a usable channel to. */
export function usableChannelNames(ctx: RequestContext): Promise<ReadonlySet<string>> {
  return requestLoader<string, ReadonlySet<string>>(
    ctx,
    "relationships.usableChannelNames",
    async (keys) => {
      const rows = await ctx.db.counterparty.findMany({
        where: {
          type: { in: [...CHANNEL_COUNTERPARTY_TYPES] },
          relationships: { some: { usableByProvider: true } },
        },
        select: { normalizedName: true },
      });
      const names = new Set(rows.map((r) => r.normalizedName));
      return keys.map(() => names);
    },
  ).load("organization");
}

export function registerRelationshipChannels(): void {
  registerChannelSource("relationships", async (ctx, matterIds) => {
    const names = await usableChannelNames(ctx);
    return new Map(matterIds.map((id) => [id, names]));
  });
}
