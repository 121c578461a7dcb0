import { invalid } from "./errors.js";
import { idPrefix } from "./ids.js";

/**
 * The one pagination helper (CONTRACT.md §6): newest first, ties by id, keyset on the
 * time-sortable id so a page costs the same wherever it is. GraphQL connections use it
 * directly; REST lists are those connections rendered as {items, has_more, next_cursor}.
 */
export interface PageArgs {
  first?: number | null;
  after?: string | null;
}

export interface Connection<T> {
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export function encodeCursor(id: string): string {
  return Buffer.from(`c1:${id}`).toString("base64url");
}

export function decodeCursor(cursor: string): string {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor)
    ? Buffer.from(cursor, "base64url").toString("utf8")
    : "";
  const id = text.startsWith("c1:") ? text.slice(3) : "";
  if (!idPrefix(id))
    throw invalid(
      "after",
      "The cursor is not valid; pass a cursor from a previous page unchanged.",
    );
  return id;
}

export function pageSize(first: number | null | undefined): number {
  if (first === null || first === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
    throw invalid("first", `The page size must be an integer from 1 to ${MAX_PAGE_SIZE}.`);
  }
  return first;
}

type FindMany<T> = (args: {
  where: Record<string, unknown>;
  orderBy: Array<Record<string, "desc">>;
  take: number;
}) => Promise<T[]>;

export async function paginate<T extends { id: string }>(
  findMany: FindMany<T>,
  args: PageArgs,
  where: Record<string, unknown> = {},
): Promise<Connection<T>> {
  const take = pageSize(args.first);
  const afterId = args.after ? decodeCursor(args.after) : null;
  const rows = await findMany({
    where: afterId ? { AND: [where, { id: { lt: afterId } }] } : where,
    orderBy: [{ id: "desc" }],
    take: take + 1,
  });
  return toConnection(rows, take);
}

/**
 * A page from rows fetched with `take + 1` (the extra row only says whether more exist).
 * Relay cursor connections: start/endCursor are the first/last edge's cursor whenever there
 * are edges; paging only forward (first/after), hasPreviousPage is false as the spec allows.
 */
export function toConnection<T extends { id: string }>(rows: T[], take: number): Connection<T> {
  const page = rows.slice(0, take);
  const edges = page.map((node) => ({ cursor: encodeCursor(node.id), node }));
  const hasNextPage = rows.length > take;
  return {
    edges,
    pageInfo: {
      hasNextPage,
      hasPreviousPage: false,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** `created_after` / `created_before` filters as a Prisma where fragment. */
export function createdRange(after?: Date | null, before?: Date | null): Record<string, unknown> {
  if (!after && !before) return {};
  return { createdAt: { ...(after ? { gt: after } : {}), ...(before ? { lt: before } : {}) } };
}
