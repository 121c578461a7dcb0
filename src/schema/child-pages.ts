import type { RequestContext } from "../context.js";
import { type Connection, type PageArgs, paginate, pageSize, toConnection } from "../pagination.js";
import { nestedTenantWhere } from "../db/tenant-scope.js";
import { requestLoader } from "./request-loader.js";

/**
 * First pages of child lists for many parents at once (e.g. `claimants` on every Matter of a
 * `matters` page), so a list of parents costs the same SQL statements whatever its length.
 *
 * A list held by a relation of Matter (`matterRelation`) joins the matters' batch: every such
 * list a request asks for, on every matter of the batch, comes in one statement (the matters
 * through the tenant-scoped client, each list nested under them with its own tenant filter and
 * a lateral join per list). Any other list costs two statements per batch: the ids of each
 * parent's newest `take` children ranked by a window function, then the rows through the
 * tenant-scoped client; one when the batch has one parent. With a cursor or filters the page is
 * fetched per parent by the ordinary helper.
 */
export interface ChildList<T extends { id: string }> {
  /** Loader name, unique per child list, e.g. "Matter.claimants". */
  key: string;
  /** SQL table and parent column (fixed names from the schema, never user input). */
  table: string;
  parentColumn: string;
  /** Prisma field holding the parent id. */
  parentField: string;
  /**
   * The relation field of Matter holding this list, when the parent is a matter and has one;
   * `query` nests the nodes' own relations (Pothos' queryFromInfo) into the same read.
   */
  matterRelation?: { field: string; model: string; query?: Record<string, unknown> };
  findMany: (query: {
    where: Record<string, unknown>;
    orderBy: Array<Record<string, "desc">>;
    take?: number;
  }) => Promise<T[]>;
}

/** A child list held by a relation of Matter (`matter.<field>`, rows of `table`.matter_id). */
export function matterChildList<T extends { id: string }>(
  field: string,
  model: string,
  table: string,
  findMany: ChildList<T>["findMany"],
): ChildList<T> {
  return {
    key: `Matter.${field}`,
    table,
    parentColumn: "matter_id",
    parentField: "matterId",
    matterRelation: { field, model },
    findMany,
  };
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
  if (list.matterRelation) {
    const loader = requestLoader<MatterListKey, unknown[]>(ctx, "child-page:Matter", (keys) =>
      matterFirstPages(ctx, keys),
    );
    const rows = await loader.load({ matterId: parentId, ...list.matterRelation, take });
    return toConnection(rows as T[], take);
  }
  const loader = requestLoader<string, T[]>(ctx, `child-page:${list.key}:${take}`, (parents) =>
    firstPages(ctx, list, parents, take),
  );
  return toConnection(await loader.load(parentId), take);
}

/** Drops the request's batched first pages from its memo, after a write adds to a child list. */
export function forgetChildPages(ctx: RequestContext): void {
  for (const k of [...ctx.memo.keys()]) if (k.startsWith("child-page:")) ctx.memo.delete(k);
}

interface MatterListKey {
  matterId: string;
  field: string;
  model: string;
  take: number;
  /** Pothos' selection of the nodes' relations (queryFromInfo), nested into the list's read. */
  query?: Record<string, unknown>;
}

/**
 * One statement for a batch of (matter, list, page size): the matters with each asked-for list
 * nested, newest first, `take + 1` rows (the largest asked for when one list is asked with two
 * sizes; smaller pages are its prefix). A list asked twice with different node selections (two
 * aliases) needs a second statement, since one read nests a relation once.
 */
async function matterFirstPages(
  ctx: RequestContext,
  keys: readonly MatterListKey[],
): Promise<unknown[][]> {
  type Nested = { model: string; take: number; shape: string; query: Record<string, unknown> };
  const rounds: Array<Map<string, Nested>> = [];
  const roundOf = keys.map((k) => {
    const query = k.query ?? {};
    const shape = JSON.stringify(query);
    let i = rounds.findIndex((r) => (r.get(k.field)?.shape ?? shape) === shape);
    if (i < 0) i = rounds.push(new Map()) - 1;
    const round = rounds[i]!;
    const seen = round.get(k.field);
    if (!seen || seen.take < k.take)
      round.set(k.field, { model: k.model, take: k.take, shape, query });
    return i;
  });
  const matterIds = [...new Set(keys.map((k) => k.matterId))];
  const results = await Promise.all(
    rounds.map(async (round) => {
      const select: Record<string, unknown> = { id: true };
      for (const [field, { model, take, query }] of round) {
        select[field] = {
          ...query,
          where: nestedTenantWhere(ctx.principal, model),
          orderBy: [{ id: "desc" }],
          take: take + 1,
        };
      }
      const matters = (await ctx.db.matter.findMany({
        where: { id: { in: matterIds } },
        select,
        relationLoadStrategy: "join",
      } as never)) as unknown as Array<{ id: string } & Record<string, unknown[]>>;
      return new Map(matters.map((m) => [m.id, m]));
    }),
  );
  return keys.map((k, i) =>
    (results[roundOf[i]!]!.get(k.matterId)?.[k.field] ?? []).slice(0, k.take + 1),
  );
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
