import type { RequestContext } from "../context.js";
import { type Connection, type PageArgs, paginate, pageSize, toConnection } from "../pagination.js";
import { requestLoader } from "./request-loader.js";

/**
 * First pages of a child list for many parents at once (e.g. `claimants` on every Matter of a
 * `matters` page), so a list of parents costs the same SQL statements whatever its length.
 * Two statements per batch: the ids of each parent's newest `take` children ranked by a window
 * function, then the rows themselves through the tenant-scoped client (which re-applies the
 * caller's organization, environment and matter reach); one when the batch has one parent (a
 * single matter's page). With a cursor or filters the page is fetched per parent by the
 * ordinary helper.
 */
export interface ChildList<T extends { id: string }> {
  /** Loader name, unique per child list, e.g. "Matter.claimants". */
  key: string;
  /** SQL table and parent column (fixed names from the schema, never user input). */
  table: string;
  parentColumn: string;
  /** Prisma field holding the parent id. */
  parentField: string;
  findMany: (query: {
    where: Record<string, unknown>;
    orderBy: Array<Record<string, "desc">>;
    take?: number;
  }) => Promise<T[]>;
}

const SQL_NAME = /^[a-z_]+$/;

export async function childPage<T extends { id: string }>(
  ctx: RequestContext,
  list: ChildList<T>,
  parentId: string,
  args: PageArgs,
  filters: Record<string, unknown> = {},
): Promise<Connection<T>> {
  const where = { [list.parentField]: parentId, ...filters };
  if (args.after || Object.keys(filters).length > 0) return paginate(list.findMany, args, where);
  const take = pageSize(args.first);
  const loader = requestLoader<string, T[]>(ctx, `child-page:${list.key}:${take}`, (parents) =>
    firstPages(ctx, list, parents, take),
  );
  return toConnection(await loader.load(parentId), take);
}

/** Drops a child list's batched first pages from the request's memo, after a write adds to it. */
export function forgetChildPages(ctx: RequestContext, key: string): void {
  for (const k of [...ctx.memo.keys()]) if (k.startsWith(`child-page:${key}:`)) ctx.memo.delete(k);
}

async function firstPages<T extends { id: string }>(
  ctx: RequestContext,
  list: ChildList<T>,
  parents: readonly string[],
  take: number,
): Promise<T[][]> {
  if (!SQL_NAME.test(list.table) || !SQL_NAME.test(list.parentColumn))
    throw new Error(`bad child list ${list.key}`);
  if (parents.length === 1) {
    const rows = await list.findMany({
      where: { [list.parentField]: parents[0] },
      orderBy: [{ id: "desc" }],
      take: take + 1,
    });
    return [rows];
  }
  const { organizationId, environment } = ctx.principal;
  const ranked = await ctx.db.$queryRawUnsafe<Array<{ id: string }>>(
    `SELECT id FROM (
       SELECT id, row_number() OVER (PARTITION BY ${list.parentColumn} ORDER BY id DESC) AS rn
       FROM ${list.table}
       WHERE ${list.parentColumn} = ANY($1) AND organization_id = $2 AND environment = $3
     ) ranked WHERE rn <= $4`,
    [...parents],
    organizationId,
    environment,
    take + 1,
  );
  const rows = ranked.length
    ? await list.findMany({
        where: { id: { in: ranked.map((r) => r.id) } },
        orderBy: [{ id: "desc" }],
      })
    : [];
  const byParent = new Map<string, T[]>(parents.map((p) => [p, []]));
  for (const row of rows)
    byParent.get(String((row as Record<string, unknown>)[list.parentField]))?.push(row);
  return parents.map((p) => byParent.get(p) ?? []);
}
