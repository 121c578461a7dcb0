import type { Config } from "../config.js";
import { openAdapter, type OpenedAdapter } from "./adapter.js";
import { createPrismaClient, type PrismaClient } from "./client.js";
import { applyPendingMigrations } from "./migrator.js";

export interface Database {
  adapter: OpenedAdapter;
  root: PrismaClient;
  appliedMigrations: string[];
  close(): Promise<void>;
}

/** Opens the configured database and, unless turned off, applies pending migrations. */
export async function openDatabase(config: Pick<Config, "database" | "autoMigrate">): Promise<Database> {
  const adapter = await openAdapter(config.database);
  const appliedMigrations = config.autoMigrate ? await applyPendingMigrations(adapter.factory) : [];
  const root = createPrismaClient(adapter.factory);
  return {
    adapter,
    root,
    appliedMigrations,
    close: async () => {
      await root.$disconnect();
      await adapter.close();
    },
  };
}
