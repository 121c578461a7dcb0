import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";

/**
 * Counts SQL statements sent through the Prisma client (queries and transaction statements),
 * so tests can prove a page query costs a bounded number of statements (no N+1).
 */
export class QueryCounter {
  count = 0;
  /**
   * Of `count`, the per-request overhead: authenticating a key (`api_keys`) and spending its
   * rate limit (`rate_limit_buckets`). Both are cached for up to 1 s, so whether a request pays
   * them depends on timing; page-cost tests subtract them (test/helpers/statements.ts) and the
   * overhead itself is measured by test/platform/auth-fast-path.test.ts.
   */
  overhead = 0;
}

const OVERHEAD_TABLES = /"api_keys"|\brate_limit_buckets\b/;

function sqlOf(query: unknown): string {
  return typeof query === "object" && query !== null && "sql" in query
    ? String((query as { sql: unknown }).sql)
    : "";
}

function countCalls<T extends object>(target: T, counter: QueryCounter): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop === "queryRaw" || prop === "executeRaw") {
        return (...args: unknown[]) => {
          counter.count++;
          if (OVERHEAD_TABLES.test(sqlOf(args[0]))) counter.overhead++;
          return value.apply(obj, args);
        };
      }
      if (prop === "startTransaction") {
        return async (...args: unknown[]) => countCalls(await value.apply(obj, args), counter);
      }
      return value.bind(obj);
    },
  });
}

export function countingFactory(
  factory: SqlMigrationAwareDriverAdapterFactory,
  counter: QueryCounter,
): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => countCalls(await factory.connect(), counter),
    connectToShadowDb: () => factory.connectToShadowDb(),
  };
}
