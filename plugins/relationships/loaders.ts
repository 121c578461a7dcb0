import type DataLoader from "dataloader";
import type { RequestContext } from "../../src/context.js";
import type { Counterparty } from "../../src/generated/prisma/client.js";
import { requestLoader } from "../../src/schema/request-loader.js";

/** Counterparties by id, one query per request however many relationships are shown. */
export function counterpartyById(ctx: RequestContext): DataLoader<string, Counterparty | null> {
  return requestLoader(ctx, "relationships.counterpartyById", async (ids: readonly string[]) => {
    const rows = await ctx.db.counterparty.findMany({ where: { id: { in: [...ids] } } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  });
}
