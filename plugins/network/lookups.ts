import type { RequestContext } from "../../src/context.js";
import { ApiError } from "../../src/errors.js";
import { normalizeAddress } from "../attribution/service.js";

/** The matter's signals: all (null), or the ones named, in order; others are 404 naming the item. */
export async function signalsOfMatter(
  ctx: RequestContext,
  matterId: string,
  ids: readonly string[] | null,
) {
  if (!ids) return ctx.db.networkSignal.findMany({ where: { matterId }, orderBy: { id: "asc" } });
  const found = new Map(
    (await ctx.db.networkSignal.findMany({ where: { id: { in: [...ids] }, matterId } })).map(
      (s) => [s.id, s],
    ),
  );
  return ids.map((id, i) => {
    const signal = found.get(id);
    if (!signal)
      throw new ApiError("resource_missing", {
        param: `signal_ids[${i}]`,
        message: `No such network signal in this matter: '${id}'.`,
      });
    return signal;
  });
}

/**
 * Independent non-network links per wallet: the matter's attribution claims about the wallet
 * (by id or address) whose evidence is not network/IP (tier 5).
 */
export async function nonNetworkLinks(
  ctx: RequestContext,
  matterId: string,
  wallets: ReadonlyArray<{ id: string; normalizedAddress: string }>,
): Promise<Map<string, string[]>> {
  const claims = await ctx.db.attributionClaim.findMany({
    where: { matterId, evidenceTier: { not: "tier_5" } },
    select: { id: true, subject: true, object: true },
    orderBy: { id: "asc" },
  });
  const about = (value: string, w: { id: string; normalizedAddress: string }) =>
    value === w.id || normalizeAddress(value.trim()) === w.normalizedAddress;
  return new Map(
    wallets.map((w) => [
      w.id,
      claims.filter((c) => about(c.subject, w) || about(c.object, w)).map((c) => c.id),
    ]),
  );
}
