/**
 * The app every benchmark measures: the real createApp on in-memory PGlite (or DATABASE_URL),
 * with the bootstrap admin key, no rate limit and no webhook worker, called in-process so the
 * time measured is the server's.
 */
import { createApp, type App } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { createLogger } from "../src/logger.js";

export const SECRET = "md_test_BenchmarkSecret0000000000000000000000001";

export async function startBenchApp(): Promise<App> {
  const base = loadConfig({ ...process.env, MD_BOOTSTRAP_SECRET: SECRET });
  return createApp(
    {
      ...base,
      database: process.env.DATABASE_URL ? base.database : { kind: "pglite", dataDir: "memory://" },
      bootstrapSecret: SECRET,
      logLevel: "silent",
      rateLimit: { ratePerSecond: 1e9, burst: 1e9 },
      webhooks: { ...base.webhooks, workerEnabled: false },
    },
    { logger: createLogger("silent") },
  );
}
