import { createHash } from "node:crypto";
import stringify from "safe-stable-stringify";
import type { PrismaClient } from "../db/client.js";
import { ApiError } from "../errors.js";

const RETENTION_MS = 24 * 60 * 60 * 1000;
/** An in-flight claim older than this is taken to belong to a crashed process. */
const LEASE_MS = 60_000;
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
 * Idempotency-Key handling of CONTRACT.md §5, stored in the database so several server
 * processes agree: the first request claims the key with an insert; the others see its state.
 */
export class IdempotencyStore {
  constructor(private readonly db: PrismaClient) {}

  validateKey(key: string): void {
    if (!KEY_SHAPE.test(key)) {
      throw new ApiError("parameter_invalid", {
        param: "Idempotency-Key",
        message: "Idempotency-Key must be 1–255 printable ASCII characters.",
      });
    }
  }

  async claim(scope: IdempotencyScope, key: string, print: string): Promise<Claim> {
    const now = new Date();
    const lockedUntil = new Date(now.getTime() + LEASE_MS);
    const expiresAt = new Date(now.getTime() + RETENTION_MS);
    const inserted = await this.db.$executeRaw`
      INSERT INTO idempotency_records (organization_id, environment, key, fingerprint, state, locked_until, created_at, expires_at)
      VALUES (${scope.organizationId}, ${scope.environment}, ${key}, ${print}, 'in_flight', ${lockedUntil}, ${now}, ${expiresAt})
      ON CONFLICT (organization_id, environment, key) DO UPDATE SET
        fingerprint = EXCLUDED.fingerprint, state = 'in_flight', status = NULL, body = NULL,
        locked_until = EXCLUDED.locked_until, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
      WHERE idempotency_records.expires_at <= ${now}`;
    if (inserted === 1) return { kind: "new", key };

    const id = { organizationId_environment_key: { ...scope, key } };
    const existing = await this.db.idempotencyRecord.findUnique({ where: id });
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
    // The earlier attempt's process died mid-request: take the lease over, once.
    const taken = await this.db.idempotencyRecord.updateMany({
      where: { ...scope, key, state: "in_flight", lockedUntil: existing.lockedUntil },
      data: { lockedUntil },
    });
    if (taken.count !== 1)
      throw new ApiError("idempotency_key_in_use", { param: "Idempotency-Key" });
    return { kind: "new", key };
  }

  /** Stores a final response; a server error releases the key so it can be retried. */
  async finish(scope: IdempotencyScope, key: string, status: number, body: string): Promise<void> {
    if (status >= 500) {
      await this.db.idempotencyRecord.deleteMany({ where: { ...scope, key, state: "in_flight" } });
      return;
    }
    await this.db.idempotencyRecord.updateMany({
      where: { ...scope, key, state: "in_flight" },
      data: { state: "done", status, body },
    });
  }

  async purgeExpired(): Promise<number> {
    const { count } = await this.db.idempotencyRecord.deleteMany({
      where: { expiresAt: { lt: new Date() } },
    });
    return count;
  }
}
