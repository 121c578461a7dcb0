import type { Principal } from "./principal.js";

interface Entry {
  principal: Principal;
  /** The key's own expiry (ms since epoch), checked on every use. */
  keyExpiresAt: number | null;
  /** After this the entry is reloaded from the database. */
  freshUntil: number;
}

/**
 * Resolved principals by secret hash, kept for at most `ttlMs`: a revoked or changed key is
 * refused within that time on every process (at once on the process that revoked it, which
 * clears the cache), while a busy key costs no authentication query in between.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    readonly ttlMs = 1000,
    private readonly maxEntries = 10_000,
  ) {}

  get(secretHash: string, now: number): Entry | undefined {
    const entry = this.entries.get(secretHash);
    if (entry && entry.freshUntil > now) return entry;
    if (entry) this.entries.delete(secretHash);
    return undefined;
  }

  set(secretHash: string, principal: Principal, keyExpiresAt: Date | null, now: number): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(secretHash, {
      principal,
      keyExpiresAt: keyExpiresAt?.getTime() ?? null,
      freshUntil: now + this.ttlMs,
    });
  }

  clear(): void {
    this.entries.clear();
  }
}
