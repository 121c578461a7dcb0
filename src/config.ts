import { resolve } from "node:path";
import type { DatabaseTarget } from "./db/adapter.js";

export const SUPPORTED_VERSIONS = ["2026-06-11"] as const;
export const DEFAULT_VERSION = "2026-06-11";
export const SERVICE_VERSION = "0.1.0";

/** Everything the service reads from its environment, parsed once. */
export interface Config {
  port: number;
  host: string;
  database: DatabaseTarget;
  bootstrapSecret: string | undefined;
  autoMigrate: boolean;
  logLevel: string;
  rateLimit: { ratePerSecond: number; burst: number };
  webhooks: {
    retryBaseMs: number;
    maxAttempts: number;
    pollMs: number;
    timeoutMs: number;
    workerEnabled: boolean;
  };
  maxBodyBytes: number;
  /** Browser origins allowed by CORS: `*` or a list. */
  corsOrigins: string[];
  /** `GET /metrics`: off, open, or behind `Authorization: Bearer <token>`. */
  metrics: { enabled: boolean; token: string | undefined };
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0)
    throw new Error(`${name} must be a non-negative number, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: intFrom(env.PORT, 8080, "PORT"),
    host: env.HOST ?? "0.0.0.0",
    database: env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL }
      : { kind: "pglite", dataDir: resolve(env.MD_DATA_DIR ?? "./.data") },
    bootstrapSecret: env.MD_BOOTSTRAP_SECRET || undefined,
    autoMigrate: env.MD_AUTO_MIGRATE !== "false",
    logLevel: env.MD_LOG_LEVEL ?? env.LOG_LEVEL ?? "info",
    rateLimit: {
      ratePerSecond: intFrom(env.MD_RATE_LIMIT_PER_SECOND, 50, "MD_RATE_LIMIT_PER_SECOND"),
      burst: intFrom(env.MD_RATE_LIMIT_BURST, 100, "MD_RATE_LIMIT_BURST"),
    },
    webhooks: {
      // Factor-4 backoff from a 5-minute base: 6 attempts span about 28 hours.
      retryBaseMs: intFrom(env.MD_WEBHOOK_RETRY_BASE_MS, 5 * 60_000, "MD_WEBHOOK_RETRY_BASE_MS"),
      maxAttempts: intFrom(env.MD_WEBHOOK_MAX_ATTEMPTS, 6, "MD_WEBHOOK_MAX_ATTEMPTS"),
      pollMs: intFrom(env.MD_WEBHOOK_POLL_MS, 1000, "MD_WEBHOOK_POLL_MS"),
      timeoutMs: intFrom(env.MD_WEBHOOK_TIMEOUT_MS, 10_000, "MD_WEBHOOK_TIMEOUT_MS"),
      workerEnabled: env.MD_WEBHOOK_WORKER !== "false",
    },
    maxBodyBytes: 1024 * 1024,
    corsOrigins: (env.MD_CORS_ORIGINS ?? "*")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    metrics: {
      enabled: env.MD_METRICS_ENABLED !== "false",
      token: env.MD_METRICS_TOKEN || undefined,
    },
  };
}
