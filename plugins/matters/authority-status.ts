/** A grant as shown: `expired` is derived from `expires_at`, never stored. */
export type GrantStatus = "granted" | "revoked" | "expired";
/** Matter.authority_status (CONTRACT.md §7). */
export type AuthorityStatus = "none" | "granted" | "revoked" | "expired";

/** The parts of an authority grant its status depends on (stored status: granted | revoked). */
export interface GrantTimes {
  status: string;
  effectiveAt: Date;
  expiresAt: Date | null;
}

const expired = (g: GrantTimes, now: Date) =>
  g.expiresAt !== null && g.expiresAt.getTime() <= now.getTime();

/** The status a grant shows: revoked, else expired once `expires_at` has passed, else granted. */
export function grantStatus(g: GrantTimes, now: Date): GrantStatus {
  if (g.status === "revoked") return "revoked";
  return expired(g, now) ? "expired" : "granted";
}

/** The gate's test (CONTRACT.md §7): granted, effective_at ≤ now, no past expires_at. */
export function isLiveGrant(g: GrantTimes, now: Date): boolean {
  return g.status === "granted" && g.effectiveAt.getTime() <= now.getTime() && !expired(g, now);
}

/**
 * Matter.authority_status: `granted` with a live grant; otherwise `expired` if some unrevoked
 * grant has expired, `revoked` if some grant was revoked, else `none` (a grant that is not yet
 * effective counts for nothing).
 */
export function authorityStatus(grants: readonly GrantTimes[], now: Date): AuthorityStatus {
  if (grants.some((g) => isLiveGrant(g, now))) return "granted";
  if (grants.some((g) => g.status === "granted" && expired(g, now))) return "expired";
  if (grants.some((g) => g.status === "revoked")) return "revoked";
  return "none";
}

/** Prisma filter for grants showing `status` at `now` (the list's `status` filter). */
export function grantStatusWhere(status: GrantStatus, now: Date): Record<string, unknown> {
  if (status === "revoked") return { status: "revoked" };
  if (status === "expired") return { status: "granted", expiresAt: { lte: now } };
  return { status: "granted", OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] };
}
