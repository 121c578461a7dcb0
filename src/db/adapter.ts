import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";

/**
 * Which query texts run as named statements. Every pool connection keeps the statements it
 * prepared until it closes, so the number of names bounds the server memory they take (a test
 * file alone sends some 250 distinct texts): a text gets a name on its third execution, so the
 * names go to the shapes that repeat, and at most `maxNames` texts get one.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  /** Executions of texts without a name yet; forgotten whole when it grows past its bound. */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly maxNames = 200,
    private readonly namedFrom = 3,
    private readonly maxSeen = 5_000,
  ) {}

  for(sql: string): string | undefined {
    const name = this.names.get(sql);
    if (name !== undefined || this.names.size >= this.maxNames) return name;
    const count = (this.seen.get(sql) ?? 0) + 1;
    if (count < this.namedFrom) {
      if (this.seen.size >= this.maxSeen) this.seen.clear();
      this.seen.set(sql, count);
      return undefined;
    }
    this.seen.delete(sql);
    const given = `md_s${this.names.size}`;
    this.names.set(sql, given);
    return given;
  }
}

/** Where the data lives: a PostgreSQL server (DATABASE_URL) or an embedded PGlite directory. */
export type DatabaseTarget =
  | {
      kind: "postgres";
      url: string;
      /**
       * Named (server-side prepared) statements: PostgreSQL parses and plans each query shape
       * once per connection instead of on every execution. `auto` (the default) names them
       * when the connection reaches PostgreSQL directly, not through a pooler such as PgBouncer,
       * whose transaction pooling (before 1.21, or with max_prepared_statements = 0) does not
       * keep a client's statements. MD_PG_PREPARED_STATEMENTS=true or false decides instead.
       */
      preparedStatements?: boolean | "auto";
    }
  | { kind: "pglite"; dataDir: string };

export interface OpenedAdapter {
  target: DatabaseTarget;
  factory: SqlMigrationAwareDriverAdapterFactory;
  /** Whether queries run as named (prepared) statements: see `DatabaseTarget`. */
  preparedStatements: boolean;
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
    // The schema engine's migration statements are one-offs: never named.
    const setting = target.preparedStatements ?? "auto";
    const named =
      !options.migration && (setting === "auto" ? await reachesServerDirectly(pool) : setting);
    const statementNames = new StatementNames();
    return {
      target,
      preparedStatements: named,
      factory: wholeScriptFactory(
        new PrismaPg(
          pool,
          // No name (past the cap) runs the query unnamed: the adapter passes it to pg as is.
          named ? { statementNameGenerator: (q) => statementNames.for(q.sql) as string } : {},
        ),
        pool,
      ),
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
  return { target, factory, preparedStatements: false, close: () => pglite.close() };
}

/**
 * Whether a pool connection is a PostgreSQL backend of its own rather than a pooler's: the
 * process id the server announced at connect (BackendKeyData, which PgBouncer makes up) is the
 * backend that runs the connection's queries. A server that cannot be asked (down at start)
 * gets unnamed statements, which work behind anything.
 */
async function reachesServerDirectly(pool: pg.Pool): Promise<boolean> {
  let client: pg.PoolClient | undefined;
  try {
    client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    return rows[0]?.pid === (client as unknown as { processID: number | null }).processID;
  } catch {
    return false;
  } finally {
    client?.release();
  }
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
