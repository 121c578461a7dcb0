import type { Config } from "../config.js";
import { openAdapter, type OpenedAdapter, withMigrationLock } from "./adapter.js";
import { createPrismaClient, type PrismaClient } from "./client.js";
import { applyPendingMigrations, migrationsPending } from "./migrator.js";
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

/**
 * Opens the configured database and, unless turned off, applies pending migrations. The schema
 * engine is loaded only when a migration is pending; an up-to-date database costs one query.
 */
export async function openDatabase(
  config: Pick<Config, "database" | "autoMigrate">,
): Promise<Database> {
  const adapter = await openAdapter(config.database);
  const queries = new QueryCounter();
  const root = createPrismaClient(countingFactory(adapter.factory, queries));
  const background = createPrismaClient(adapter.factory);
  const appliedMigrations =
    config.autoMigrate && (await migrationsPending(background))
      ? await migrate(config.database, adapter, background)
      : [];
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

async function migrate(
  target: Config["database"],
  appAdapter: OpenedAdapter,
  db: PrismaClient,
): Promise<string[]> {
  // PGlite has one connection anyway; PostgreSQL gets a dedicated one that is closed afterwards,
  // under the migration lock, after which another process may have done the work already.
  if (target.kind === "pglite") return applyPendingMigrations(appAdapter.factory);
  return withMigrationLock(target.url, async () => {
    if (!(await migrationsPending(db))) return [];
    const migration = await openAdapter(target, { migration: true });
    try {
      return await applyPendingMigrations(migration.factory);
    } finally {
      await migration.close();
    }
  });
}
