import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";

/** Where the data lives: a PostgreSQL server (DATABASE_URL) or an embedded PGlite directory. */
export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string };

export interface OpenedAdapter {
  target: DatabaseTarget;
  factory: SqlMigrationAwareDriverAdapterFactory;
  close(): Promise<void>;
}

/**
 * Opens a driver adapter factory. `migration: true` gives PostgreSQL a single-connection pool:
 * the schema engine takes a session-level advisory lock, and its unlock must run on the same
 * connection, or the lock outlives the migration and the next server to start waits on it.
 */
export async function openAdapter(
  target: DatabaseTarget,
  options: { migration?: boolean } = {},
): Promise<OpenedAdapter> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: options.migration ? 1 : 10 });
    // An idle connection the server closes (restart, failover) must not crash the process:
    // the pool drops it and the next query opens a fresh one.
    pool.on("error", () => {});
    return {
      target,
      factory: wholeScriptFactory(new PrismaPg(pool), pool),
      close: () => pool.end(),
    };
  }
  const dir = target.dataDir === "memory://" ? target.dataDir : resolve(target.dataDir);
  if (dir !== "memory://") mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  const factory = new PrismaPGlite(pglite) as unknown as SqlMigrationAwareDriverAdapterFactory;
  return { target, factory, close: () => pglite.close() };
}

/**
 * @prisma/adapter-pg runs a migration script by splitting it on ";", which breaks PL/pgSQL
 * bodies (our audit trigger). PostgreSQL's simple-query protocol runs a whole script in one
 * call, so migrations send it that way.
 */
function wholeScriptFactory(
  factory: PrismaPg,
  pool: pg.Pool,
): SqlMigrationAwareDriverAdapterFactory {
  const patch = <T extends { executeScript(script: string): Promise<void> }>(adapter: T): T => {
    adapter.executeScript = async (script: string) => {
      await pool.query(script);
    };
    return adapter;
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => patch(await factory.connect()),
    connectToShadowDb: async () => await factory.connectToShadowDb(),
  };
}
