import type { PrismaClient } from "../db/client.js";
import { ApiError } from "../errors.js";

export interface RateVerdict {
  limit: number;
  remaining: number;
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Per-key token bucket kept in the database, so every server process shares it. One atomic
 * upsert refills by elapsed time, takes a token when one is there, and reports the outcome.
 */
export class RateLimiter {
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
    const tokens = Number(row.tokens);
    return {
      limit: burst,
      remaining: Math.max(0, Math.floor(tokens)),
      allowed: row.last_allowed,
      retryAfterSeconds: row.last_allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / rate)),
    };
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
