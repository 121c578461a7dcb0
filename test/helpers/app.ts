import { randomBytes } from "node:crypto";
import pg from "pg";
import { createApp, type App } from "../../src/app.js";
import { loadConfig, type Config } from "../../src/config.js";
import { createLogger, type Logger } from "../../src/logger.js";

export const BOOTSTRAP_SECRET = "md_test_BootstrapSecretForTheTestSuite000000001";

export interface TestApp extends App {
  /** Drops the per-file PostgreSQL database (no-op on PGlite). */
  dispose(): Promise<void>;
}

/**
 * One app per test file on a fresh database: in-memory PGlite by default, or a new database on
 * the server named by TEST_DATABASE_URL. Migrations run as they do in production.
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  options: { sameDatabaseAs?: TestApp; logger?: Logger } = {},
): Promise<TestApp> {
  const base = loadConfig({ ...process.env, MD_BOOTSTRAP_SECRET: BOOTSTRAP_SECRET });
  let dropDatabase = async () => {};
  let database: Config["database"] = { kind: "pglite", dataDir: "memory://" };
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (options.sameDatabaseAs) {
    // A second server process on the same database (PostgreSQL only; PGlite is single-process).
    database = options.sameDatabaseAs.config.database;
  } else if (serverUrl) {
    const name = `md_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = { kind: "postgres", url: url.toString() };
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config: Config = {
    ...base,
    database,
    autoMigrate: true,
    bootstrapSecret: BOOTSTRAP_SECRET,
    logLevel: "silent",
    rateLimit: { ratePerSecond: 10_000, burst: 10_000 },
    ...overrides,
    webhooks: {
      ...base.webhooks,
      retryBaseMs: 200,
      pollMs: 100,
      timeoutMs: 3000,
      ...overrides.webhooks,
    },
  };
  // TEST_LOG_LEVEL=error shows the server's own log lines (e.g. the cause of a 500) in a run.
  const logger = options.logger ?? createLogger((process.env.TEST_LOG_LEVEL ?? "silent") as never);
  const app = await createApp(config, { logger });
  return {
    ...app,
    async dispose() {
      try {
        await app.close();
      } finally {
        await dropDatabase();
      }
    },
  };
}
