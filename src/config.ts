import { resolve } from "node:path";
import type { DatabaseTarget } from "./db/adapter.js";
import { projectPath } from "./paths.js";

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
  chains: ChainsConfig;
  /** Periodic jobs (src/jobs/scheduler.ts): how often each runs; 0 runs none in this process. */
  jobs: { intervalMs: number };
  /** Directory of the OFAC lists (`npm run sanctions:refresh -- <file> --out <dir>` writes it). */
  sanctionsDir: string;
}

/** A token contract to read beside data/stablecoins.json (e.g. a test chain's token). */
export interface ExtraToken {
  network: string;
  symbol: string;
  contract: string;
  decimals: number;
  issuer: string;
  /** Whether the issuer can freeze it (default false). */
  canFreeze: boolean;
}

/** Live chain data (JSON-RPC) settings. */
export interface ChainsConfig {
  /** Network name (lower case, e.g. `ethereum`) → JSON-RPC URL, from MD_RPC_URL_<NETWORK>. */
  rpcUrls: Record<string, string>;
  timeoutMs: number;
  /** Retries of a failed JSON-RPC request before the provider reports 503. */
  retries: number;
  extraTokens: ExtraToken[];
}

function rpcUrlsFrom(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const m = /^MD_RPC_URL_([A-Z0-9_]+)$/.exec(name);
    if (!m || !value) continue;
    if (!/^https?:\/\//.test(value))
      throw new Error(`${name} must be an http(s) URL, got "${value}"`);
    out[m[1]!.toLowerCase()] = value;
  }
  return out;
}

/** MD_EXTRA_TOKENS: a JSON array of {network, symbol, contract, decimals, issuer?, can_freeze?}. */
export function extraTokensFrom(text: string | undefined): ExtraToken[] {
  if (!text) return [];
  const fail = (why: string): never => {
    throw new Error(`MD_EXTRA_TOKENS: ${why}`);
  };
  let rows: unknown;
  try {
    rows = JSON.parse(text);
  } catch {
    fail("not valid JSON");
  }
  if (!Array.isArray(rows)) fail("expected a JSON array");
  return (rows as Array<Record<string, unknown>>).map((r, i) => {
    const str = (k: string) =>
      typeof r?.[k] === "string" && r[k] ? (r[k] as string) : fail(`[${i}].${k} must be a string`);
    const decimals = r?.decimals;
    if (!Number.isInteger(decimals) || (decimals as number) < 0 || (decimals as number) > 36)
      fail(`[${i}].decimals must be an integer 0–36`);
    return {
      network: str("network").toLowerCase(),
      symbol: str("symbol"),
      contract: str("contract"),
      decimals: decimals as number,
      issuer: typeof r.issuer === "string" ? r.issuer : "unknown issuer",
      canFreeze: r.can_freeze === true,
    };
  });
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0)
    throw new Error(`${name} must be a non-negative number, got "${value}"`);
  return n;
}

function preparedStatementsFrom(value: string | undefined): boolean | "auto" {
  if (value === undefined || value === "" || value === "auto") return "auto";
  if (value === "true" || value === "false") return value === "true";
  throw new Error(`MD_PG_PREPARED_STATEMENTS must be auto, true or false, got "${value}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: intFrom(env.PORT, 8080, "PORT"),
    host: env.HOST ?? "0.0.0.0",
    database: env.DATABASE_URL
      ? {
          kind: "postgres",
          url: env.DATABASE_URL,
          preparedStatements: preparedStatementsFrom(env.MD_PG_PREPARED_STATEMENTS),
        }
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
    chains: {
      rpcUrls: rpcUrlsFrom(env),
      timeoutMs: intFrom(env.MD_RPC_TIMEOUT_MS, 10_000, "MD_RPC_TIMEOUT_MS"),
      retries: intFrom(env.MD_RPC_RETRIES, 2, "MD_RPC_RETRIES"),
      extraTokens: extraTokensFrom(env.MD_EXTRA_TOKENS),
    },
    jobs: { intervalMs: intFrom(env.MD_JOBS_INTERVAL_MS, 5 * 60_000, "MD_JOBS_INTERVAL_MS") },
    sanctionsDir: resolve(env.MD_SANCTIONS_DIR ?? projectPath("data", "sanctions")),
  };
}
