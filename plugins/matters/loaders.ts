import type DataLoader from "dataloader";
import { requestLoader } from "../../src/schema/request-loader.js";
import type { RequestContext } from "../../src/context.js";
import type { AuthorityGrant } from "../../src/generated/prisma/client.js";

/** Every grant of each matter, one query per request however many matters are shown. */
export function grantsByMatter(ctx: RequestContext): DataLoader<string, AuthorityGrant[]> {
  return requestLoader(ctx, "matters.grantsByMatter", async (ids: readonly string[]) => {
    const rows = await ctx.db.authorityGrant.findMany({
      where: { matterId: { in: [...ids] } },
    });
    return ids.map((id) => rows.filter((r) => r.matterId === id));
  });
}

/** Sum of each matter's USD judgment amounts as an exact decimal string, batched like the above. */
export function judgmentTotalByMatter(ctx: RequestContext): DataLoader<string, string> {
  return requestLoader(ctx, "matters.judgmentTotalByMatter", async (ids: readonly string[]) => {
    const sums = await ctx.db.judgment.groupBy({
      by: ["matterId"],
      // Dashboard money is USD; other currencies are not converted (there is no FX source).
      where: { matterId: { in: [...ids] }, currency: "USD" },
      _sum: { amount: true },
    });
    const byId = new Map(sums.map((s) => [s.matterId, s._sum.amount?.toString() ?? "0"]));
    return ids.map((id) => byId.get(id) ?? "0");
  });
}
