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

/** How long a process may spend tokens it took from the shared bucket before asking again. */
const LEASE_MS = 1000;

interface Lease {
  /** Tokens taken from the shared bucket and not yet spent by this process. */
  tokens: number;
  /** The shared bucket's level when they were taken (for MD-RateLimit-Remaining). */
  shared: number;
  until: number;
  /** One refill at a time per key; concurrent requests wait for it. */
  refill: Promise<void> | null;
}

/**
 * Buckets in the database, so every server process on one PostgreSQL shares them. A process
 * takes tokens in small leases (a tenth of a second's worth at the key's rate, at least one)
 * with one atomic statement and spends them in memory, so a busy key costs a statement every
 * few requests instead of one each, and never more than the bucket holds across all processes:
 * tokens a process holds are gone from the shared bucket. Tokens left when a lease lapses (after
 * LEASE_MS) go back into the bucket with the next statement, so no process hoards them.
 */
export class DatabaseRateLimiter implements RateLimiter {
  private readonly leases = new Map<string, Lease>();
  private readonly leaseSize: number;

  constructor(
    private readonly db: PrismaClient,
    private readonly ratePerSecond: number,
    private readonly burst: number,
  ) {
    this.leaseSize = Math.max(1, Math.floor(Math.min(ratePerSecond, burst) / 10));
  }

  async take(keyId: string): Promise<RateVerdict> {
    for (;;) {
      const lease = this.leases.get(keyId);
      const now = performance.now();
      if (lease && lease.tokens >= 1 && lease.until > now) {
        lease.tokens -= 1;
        return verdict(lease.shared + lease.tokens, true, this.ratePerSecond, this.burst);
      }
      if (lease?.refill) {
        await lease.refill;
        continue;
      }
      const current: Lease = lease ?? { tokens: 0, shared: 0, until: 0, refill: null };
      this.leases.set(keyId, current);
      let refused: RateVerdict | null = null;
      current.refill = this.refill(keyId, current)
        .then((v) => {
          refused = v;
        })
        .finally(() => {
          current.refill = null;
        });
      await current.refill;
      if (refused) return refused;
    }
  }

  /** Returns what the lease holds to the bucket and takes a new one; a verdict when refused. */
  private async refill(keyId: string, lease: Lease): Promise<RateVerdict | null> {
    const rate = this.ratePerSecond;
    const burst = this.burst;
    const giveBack = lease.until > performance.now() ? 0 : Math.max(0, lease.tokens);
    const want = this.leaseSize;
    const rows = await this.db.$queryRaw<Array<{ tokens: number; granted: number }>>`
      WITH bucket AS (
        SELECT key_id, LEAST(${burst}::float8, tokens + ${giveBack}::float8
                 + EXTRACT(EPOCH FROM (clock_timestamp() - updated_at)) * ${rate}::float8) AS level
        FROM rate_limit_buckets WHERE key_id = ${keyId} FOR UPDATE
      ), grant_ AS (
        SELECT key_id, level,
               CASE WHEN level >= 1 THEN LEAST(${want}::float8, floor(level)) ELSE 0 END AS granted
        FROM bucket
      ), inserted AS (
        INSERT INTO rate_limit_buckets (key_id, tokens, last_allowed, updated_at)
        SELECT ${keyId}, ${burst}::float8 - LEAST(${want}::float8, floor(${burst}::float8)), true, clock_timestamp()
        WHERE NOT EXISTS (SELECT 1 FROM bucket)
        ON CONFLICT (key_id) DO NOTHING
        RETURNING tokens, ${burst}::float8 - tokens AS granted
      ), updated AS (
        UPDATE rate_limit_buckets b
        SET tokens = g.level - g.granted, last_allowed = g.granted > 0, updated_at = clock_timestamp()
        FROM grant_ g WHERE b.key_id = g.key_id
        RETURNING b.tokens, g.granted
      )
      SELECT tokens, granted FROM updated UNION ALL SELECT tokens, granted FROM inserted`;
    const row = rows[0];
    // No row: another process created the bucket between our read and insert; ask again.
    if (!row) return this.refill(keyId, lease);
    const granted = Number(row.granted);
    const shared = Number(row.tokens);
    lease.tokens = granted;
    lease.shared = shared;
    lease.until = performance.now() + LEASE_MS;
    return granted >= 1 ? null : verdict(shared, false, rate, burst);
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
