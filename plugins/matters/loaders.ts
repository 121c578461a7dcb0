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

/** Sum of each matter's judgment amounts as an exact decimal string, batched like the above. */
export function judgmentTotalByMatter(ctx: RequestContext): DataLoader<string, string> {
  return requestLoader(ctx, "matters.judgmentTotalByMatter", async (ids: readonly string[]) => {
    const sums = await ctx.db.judgment.groupBy({
      by: ["matterId"],
      where: { matterId: { in: [...ids] } },
      _sum: { amount: true },
    });
    const byId = new Map(sums.map((s) => [s.matterId, s._sum.amount?.toString() ?? "0"]));
    return ids.map((id) => byId.get(id) ?? "0");
  });
}
