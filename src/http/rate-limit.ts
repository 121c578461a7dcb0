import type { PrismaClient } from "../db/client.js";
import { ApiError } from "../errors.js";

export interface RateVerdict {
  limit: number;
  remaining: number;
  allowed: boolean;
  retryAfterSeconds: number;
}

/** A per-key token bucket (CONTRACT.md §12). */
export interface RateLimiter {
  take(keyId: string): Promise<RateVerdict>;
}

function verdict(tokens: number, allowed: boolean, rate: number, burst: number): RateVerdict {
  return {
    limit: burst,
    remaining: Math.max(0, Math.floor(tokens)),
    allowed,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / rate)),
  };
}

/**
 * Buckets in this process's memory: for the embedded database, which one process holds at a
 * time (src/db/data-dir-lock.ts), so there is no other process to share them with.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
  ) {}

  async take(keyId: string): Promise<RateVerdict> {
    const now = performance.now();
    const bucket = this.buckets.get(keyId) ?? { tokens: this.burst, at: now };
    const tokens = Math.min(
      this.burst,
      bucket.tokens + ((now - bucket.at) / 1000) * this.ratePerSecond,
    );
    const allowed = tokens >= 1;
    const left = allowed ? tokens - 1 : tokens;
    this.buckets.set(keyId, { tokens: left, at: now });
    return verdict(left, allowed, this.ratePerSecond, this.burst);
  }
}

/**
 * Buckets in the database, so every server process on one PostgreSQL shares them. One atomic
 * upsert refills by elapsed time, takes a token when one is there, and reports the outcome.
 */
export class DatabaseRateLimiter implements RateLimiter {
  constructor(
    private readonly db: PrismaClient,
    private readonly ratePerSecond: number,
    private readonly burst: number,
  ) {}

  async take(keyId: string): Promise<RateVerdict> {
    const rate = this.ratePerSecond;
    const burst = this.burst;
    const rows = await this.db.$queryRaw<Array<{ tokens: number; last_allowed: boolean }>>`
      INSERT INTO rate_limit_buckets (key_id, tokens, last_allowed, updated_at)
      VALUES (${keyId}, ${burst - 1}::float8, true, clock_timestamp())
      ON CONFLICT (key_id) DO UPDATE SET
        tokens = CASE
          WHEN LEAST(${burst}::float8, rate_limit_buckets.tokens
                 + EXTRACT(EPOCH FROM (clock_timestamp() - rate_limit_buckets.updated_at)) * ${rate}::float8) >= 1
          THEN LEAST(${burst}::float8, rate_limit_buckets.tokens
                 + EXTRACT(EPOCH FROM (clock_timestamp() - rate_limit_buckets.updated_at)) * ${rate}::float8) - 1
          ELSE LEAST(${burst}::float8, rate_limit_buckets.tokens
                 + EXTRACT(EPOCH FROM (clock_timestamp() - rate_limit_buckets.updated_at)) * ${rate}::float8)
        END,
        last_allowed = LEAST(${burst}::float8, rate_limit_buckets.tokens
                 + EXTRACT(EPOCH FROM (clock_timestamp() - rate_limit_buckets.updated_at)) * ${rate}::float8) >= 1,
        updated_at = clock_timestamp()
      RETURNING tokens, last_allowed`;
    const row = rows[0]!;
    return verdict(Number(row.tokens), row.last_allowed, rate, burst);
  }
}

export function rateLimitHeaders(v: RateVerdict): Record<string, string> {
  return { "MD-RateLimit-Limit": String(v.limit), "MD-RateLimit-Remaining": String(v.remaining) };
}

export function rateLimited(v: RateVerdict): ApiError {
  return new ApiError("rate_limited", {
    message: `Rate limit exceeded; retry in ${v.retryAfterSeconds} s.`,
    headers: { "Retry-After": String(v.retryAfterSeconds) },
  });
}
