import type { Config } from "../config.js";
import { openAdapter, type OpenedAdapter } from "./adapter.js";
import { createPrismaClient, type PrismaClient } from "./client.js";
import { applyPendingMigrations } from "./migrator.js";
import { countingFactory, QueryCounter } from "./query-counter.js";

export interface Database {
  adapter: OpenedAdapter;
  root: PrismaClient;
  appliedMigrations: string[];
  /** SQL statements sent by `root` (request work) since start. */
  queries: QueryCounter;
  /** Client for background work (webhook worker), outside the request statement count. */
  background: PrismaClient;
  close(): Promise<void>;
}

/** Opens the configured database and, unless turned off, applies pending migrations. */
export async function openDatabase(
  config: Pick<Config, "database" | "autoMigrate">,
): Promise<Database> {
  const adapter = await openAdapter(config.database);
  const appliedMigrations = config.autoMigrate ? await migrate(config.database, adapter) : [];
  const queries = new QueryCounter();
  const root = createPrismaClient(countingFactory(adapter.factory, queries));
  const background = createPrismaClient(adapter.factory);
  return {
    adapter,
    root,
    background,
    appliedMigrations,
    queries,
    close: async () => {
      await root.$disconnect();
      await background.$disconnect();
      await adapter.close();
    },
  };
}

async function migrate(target: Config["database"], appAdapter: OpenedAdapter): Promise<string[]> {
  // PGlite has one connection anyway; PostgreSQL gets a dedicated one that is closed afterwards.
  if (target.kind === "pglite") return applyPendingMigrations(appAdapter.factory);
  const migration = await openAdapter(target, { migration: true });
  try {
    return await applyPendingMigrations(migration.factory);
  } finally {
    await migration.close();
  }
}
