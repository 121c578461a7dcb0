import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";

/**
 * Counts SQL statements sent through the Prisma client (queries and transaction statements),
 * so tests can prove a page query costs a bounded number of statements (no N+1).
 */
export class QueryCounter {
  count = 0;
}

function countCalls<T extends object>(target: T, counter: QueryCounter): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop === "queryRaw" || prop === "executeRaw") {
        return (...args: unknown[]) => {
          counter.count++;
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
