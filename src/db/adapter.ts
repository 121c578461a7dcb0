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
 * Opens a driver adapter factory. `migration: true` gives PostgreSQL a single-connection pool
 * for the schema engine, whose session-level advisory lock is turned into a transaction-level
 * one (taken and released by the same statement): behind a transaction-pooling PgBouncer a
 * session lock would stay on whichever server connection took it. Concurrent migrations are
 * kept apart by `withMigrationLock` instead.
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
  // PGlite's WebAssembly memory only grows, and touched shared buffers stay resident: 16 MB
  // (PostgreSQL's default is 128 MB) keeps an embedded server's memory small (issue 11); the
  // data files stay in the operating system's page cache either way.
  const pglite = await PGlite.create(dir, {
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
  });
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
  const patch = <
    T extends {
      executeScript(script: string): Promise<void>;
      queryRaw(query: { sql: string }): Promise<unknown>;
      executeRaw(query: { sql: string }): Promise<number>;
    },
  >(
    adapter: T,
  ): T => {
    adapter.executeScript = async (script: string) => {
      await pool.query(script);
    };
    const queryRaw = adapter.queryRaw.bind(adapter);
    const executeRaw = adapter.executeRaw.bind(adapter);
    adapter.queryRaw = (query) => queryRaw({ ...query, sql: transactionLock(query.sql) });
    adapter.executeRaw = (query) => executeRaw({ ...query, sql: transactionLock(query.sql) });
    return adapter;
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => patch(await factory.connect()),
    connectToShadowDb: async () => await factory.connectToShadowDb(),
  };
}

/** The schema engine's `pg_advisory_lock(n)` as the transaction-level lock of one statement. */
function transactionLock(sql: string): string {
  return sql.replace(/\bpg_advisory_lock\(/g, "pg_advisory_xact_lock(");
}

/**
 * Runs `fn` while holding the cluster-wide migration lock: a transaction-level advisory lock
 * held by an open transaction on a connection of its own, so it keeps several processes
 * starting at once apart, directly or through a transaction-pooling PgBouncer (which pins a
 * server connection to an open transaction), and is released when that transaction ends.
 */
export async function withMigrationLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  try {
    await holder.query("BEGIN");
    await holder.query("SELECT pg_advisory_xact_lock(hashtextextended('md:migrations', 0))");
    try {
      return await fn();
    } finally {
      await holder.query("COMMIT");
    }
  } finally {
    await holder.end();
  }
}
