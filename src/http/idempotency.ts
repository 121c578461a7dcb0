import { createHash } from "node:crypto";
import stringify from "safe-stable-stringify";
import { Prisma, type PrismaClient } from "../db/client.js";
import { ApiError } from "../errors.js";

const RETENTION_MS = 24 * 60 * 60 * 1000;
/** An in-flight claim older than this is taken to belong to a crashed process. */
const LEASE_MS = 60_000;
/**
 * How long a retry waits for the stored response of a request whose write has committed (its
 * response is being stored, by this or another process) before answering 409.
 */
const STORING_WAIT_MS = 2_000;
const KEY_SHAPE = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;

export interface IdempotencyScope {
  organizationId: string;
  environment: string;
}

export type Claim = { kind: "new"; key: string } | { kind: "replay"; status: number; body: string };

export function fingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${path}\n${stringify(body ?? null)}`)
    .digest("hex");
}

/**
 * A `WITH` clause that marks a claimed key `committed`, prefixed to a statement of the write's
 * own transaction (`write()` puts it on the audit chain's lock): from then on the key's request
 * is never carried out again, even if its response is never stored (a crash between the write
 * and `finish`), so nothing is written twice.
 */
export function committedMark(claim: {
  organizationId: string;
  environment: string;
  key: string;
}): Prisma.Sql {
  return Prisma.sql`WITH idempotency_mark AS (
    UPDATE idempotency_records SET state = 'committed'
    WHERE organization_id = ${claim.organizationId} AND environment = ${claim.environment}
      AND key = ${claim.key} AND state = 'in_flight')`;
}

/**
 * Idempotency-Key handling of CONTRACT.md §5, stored in the database so several server
 * processes agree: the first request claims the key with an insert; the others see its state
 * (`in_flight`, `committed` once its write committed, `done` with the stored response).
 *
 * On PostgreSQL (`asyncCommit`) the claim, and the stored response of a request whose write
 * committed, are committed without waiting for their WAL flush, so an idempotent write costs
 * one flush like a plain one: the write's own synchronous commit flushes the claim before it,
 * and its `committed` mark already stops a second execution should the stored response be lost
 * in a crash. A response with no write behind it (a client error) is stored synchronously.
 *
 * The response is stored while it is being sent (`finishLater`), not before: a retry in this
 * process waits for that store, and one in another process that finds the key `committed`
 * waits up to STORING_WAIT_MS for it, so a client that retries after its answer gets the replay.
 */
export class IdempotencyStore {
  private readonly asyncCommit: Prisma.Sql;
  /** Responses being stored, by organization, environment and key. */
  private readonly storing = new Map<string, Promise<void>>();

  constructor(
    private readonly db: PrismaClient,
    options: { asyncCommit?: boolean } = {},
  ) {
    this.asyncCommit = options.asyncCommit
      ? Prisma.sql`FROM (SELECT set_config('synchronous_commit', 'off', true)) AS commit_mode`
      : Prisma.empty;
  }

  validateKey(key: string): void {
    if (!KEY_SHAPE.test(key)) {
      throw new ApiError("parameter_invalid", {
        param: "Idempotency-Key",
        message: "Idempotency-Key must be 1–255 printable ASCII characters.",
      });
    }
  }

  async claim(scope: IdempotencyScope, key: string, print: string): Promise<Claim> {
    await this.storing.get(storingKey(scope, key));
    const now = new Date();
    const lockedUntil = new Date(now.getTime() + LEASE_MS);
    const expiresAt = new Date(now.getTime() + RETENTION_MS);
    const inserted = await this.db.$executeRaw`
      INSERT INTO idempotency_records (organization_id, environment, key, fingerprint, state, locked_until, created_at, expires_at)
      SELECT ${scope.organizationId}, ${scope.environment}, ${key}, ${print}, 'in_flight',
             ${lockedUntil}::timestamptz, ${now}::timestamptz, ${expiresAt}::timestamptz
      ${this.asyncCommit}
      ON CONFLICT (organization_id, environment, key) DO UPDATE SET
        fingerprint = EXCLUDED.fingerprint, state = 'in_flight', status = NULL, body = NULL,
        locked_until = EXCLUDED.locked_until, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
      WHERE idempotency_records.expires_at <= ${now}`;
    if (inserted === 1) return { kind: "new", key };

    const existing = await this.settled(scope, key, print, now);
    if (!existing) return this.claim(scope, key, print);
    if (existing.fingerprint !== print) {
      throw new ApiError("idempotency_key_reused", {
        param: "Idempotency-Key",
        message: "This Idempotency-Key was already used with a different method, path or body.",
      });
    }
    if (existing.state === "done")
      return { kind: "replay", status: existing.status!, body: existing.body! };
    if (existing.lockedUntil > now) {
      throw new ApiError("idempotency_key_in_use", { param: "Idempotency-Key" });
    }
    if (existing.state === "committed") {
      // Its write committed but its process died before storing the response: never again.
      throw new ApiError("idempotency_key_in_use", {
        param: "Idempotency-Key",
        message:
          "The request with this Idempotency-Key was carried out, but its response was not recorded; it will not be carried out again.",
      });
    }
    // The earlier attempt's process died mid-request: take the lease over, once.
    const taken = await this.db.idempotencyRecord.updateMany({
      where: { ...scope, key, state: "in_flight", lockedUntil: existing.lockedUntil },
      data: { lockedUntil },
    });
    if (taken.count !== 1)
      throw new ApiError("idempotency_key_in_use", { param: "Idempotency-Key" });
    return { kind: "new", key };
  }

  /**
   * The key's record once it is no longer `committed` by this request's twin with a live lease
   * (its response about to be stored), or as it is after STORING_WAIT_MS.
   */
  private async settled(scope: IdempotencyScope, key: string, print: string, now: Date) {
    const where = { organizationId_environment_key: { ...scope, key } };
    const deadline = Date.now() + STORING_WAIT_MS;
    for (;;) {
      const record = await this.db.idempotencyRecord.findUnique({ where });
      const storing =
        record?.state === "committed" && record.fingerprint === print && record.lockedUntil > now;
      if (!storing || Date.now() >= deadline) return record;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /**
   * `finish` without holding up the response it stores; `claim` and `drain` wait for it. A
   * failure to store is logged: the key then stays `committed` (never run again) or, for a
   * request that wrote nothing, `in_flight` until its lease ends.
   */
  finishLater(
    scope: IdempotencyScope,
    key: string,
    status: number,
    body: string,
    options: { committed?: boolean; onError: (error: unknown) => void },
  ): void {
    const k = storingKey(scope, key);
    // Started once the response is on its way: the store's own CPU (building the statement)
    // does not hold up the answer it stores.
    const stored = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.finish(scope, key, status, body, options))
      .catch(options.onError)
      .finally(() => {
        if (this.storing.get(k) === stored) this.storing.delete(k);
      });
    this.storing.set(k, stored);
  }

  /** Waits for every response still being stored (before closing the database). */
  async drain(): Promise<void> {
    await Promise.all(this.storing.values());
  }

  /**
   * Stores a final response; a server error releases the key so it can be retried, unless a
   * write of the request committed (then the key stays `committed` and is never run again).
   */
  async finish(
    scope: IdempotencyScope,
    key: string,
    status: number,
    body: string,
    options: { committed?: boolean } = {},
  ): Promise<void> {
    if (status >= 500) {
      await this.db.idempotencyRecord.deleteMany({ where: { ...scope, key, state: "in_flight" } });
      return;
    }
    await this.db.$executeRaw`
      UPDATE idempotency_records SET state = 'done', status = ${status}, body = ${body}
      ${options.committed ? this.asyncCommit : Prisma.empty}
      WHERE organization_id = ${scope.organizationId} AND environment = ${scope.environment}
        AND key = ${key} AND state IN ('in_flight', 'committed')`;
  }

  async purgeExpired(): Promise<number> {
    const { count } = await this.db.idempotencyRecord.deleteMany({
      where: { expiresAt: { lt: new Date() } },
    });
    return count;
  }
}

function storingKey(scope: IdempotencyScope, key: string): string {
  return `${scope.organizationId}\u0000${scope.environment}\u0000${key}`;
}
