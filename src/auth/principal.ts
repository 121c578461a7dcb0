import { ApiError } from "../errors.js";
import type { PrismaClient } from "../db/client.js";
import type { PrincipalCache } from "./principal-cache.js";
import { ROLE_SCOPES, grants } from "./scopes.js";
import { type Environment, environmentOfSecret, hashSecret } from "./secrets.js";

/** Who is calling: the key, its organization and environment, and what it may do. */
export interface Principal {
  keyId: string;
  userId: string | null;
  /** The audit actor: the bound user when there is one, else the key. */
  actorId: string;
  organizationId: string;
  organizationType: string;
  organizationFeatures: readonly string[];
  pinnedVersion: string;
  environment: Environment;
  keyScopes: readonly string[];
  /** Scope patterns of the bound user's roles; null when the key is not bound to a user. */
  roleScopes: readonly string[] | null;
  /** null: all matters of the organization. */
  matterIds: readonly string[] | null;
}

export function hasScope(principal: Principal, scope: string): boolean {
  return (
    grants(principal.keyScopes, scope) &&
    (principal.roleScopes === null || grants(principal.roleScopes, scope))
  );
}

export function requireScope(principal: Principal, scope: string): void {
  if (!hasScope(principal, scope)) {
    throw new ApiError("insufficient_scope", {
      message: `This operation requires the scope '${scope}'.`,
      details: { required_scope: scope },
    });
  }
}

/**
 * The matters a user may reach: null for all of them. An empty matter list means "not limited",
 * as on keys; admins are never limited.
 */
export function mattersOfUser(user: {
  roles: readonly string[];
  matterIds: readonly string[];
}): readonly string[] | null {
  return user.roles.includes("admin") || user.matterIds.length === 0 ? null : user.matterIds;
}

function intersectMatters(
  a: readonly string[] | null,
  b: readonly string[] | null,
): readonly string[] | null {
  if (a === null) return b;
  if (b === null) return a;
  return a.filter((m) => b.includes(m));
}

/** Resolves `Authorization: Bearer <secret>` to a Principal, or throws the 401 of CONTRACT.md §3. */
export async function authenticate(
  db: PrismaClient,
  authorization: string | null,
  cache?: PrincipalCache,
): Promise<Principal> {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (!match) throw new ApiError("authentication_required");
  const secret = match[1]!;
  if (!environmentOfSecret(secret)) {
    throw new ApiError("invalid_api_key", { message: "The API key is malformed or unknown." });
  }
  const secretHash = hashSecret(secret);
  const now = Date.now();
  const cached = cache?.get(secretHash, now);
  if (cached) {
    if (cached.keyExpiresAt !== null && cached.keyExpiresAt <= now)
      throw new ApiError("api_key_expired");
    return cached.principal;
  }
  const principal = await loadPrincipal(db, secretHash);
  cache?.set(secretHash, principal.principal, principal.expiresAt, now);
  return principal.principal;
}

async function loadPrincipal(
  db: PrismaClient,
  secretHash: string,
): Promise<{ principal: Principal; expiresAt: Date | null }> {
  const key = await db.apiKey.findUnique({
    where: { secretHash },
    include: { organization: true },
  });
  if (!key)
    throw new ApiError("invalid_api_key", { message: "The API key is malformed or unknown." });
  if (key.revokedAt) throw new ApiError("api_key_revoked");
  if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) throw new ApiError("api_key_expired");

  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > 60_000) {
    // Coarse on purpose: at most one write per key per minute.
    await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date() } });
  }
  let roleScopes: string[] | null = null;
  let userMatters: readonly string[] | null = null;
  if (key.userId) {
    const user = await db.user.findUnique({ where: { id: key.userId } });
    if (!user)
      throw new ApiError("invalid_api_key", { message: "The API key's user no longer exists." });
    roleScopes = user.roles.flatMap((r) => ROLE_SCOPES[r] ?? []);
    userMatters = mattersOfUser(user);
  }
  const principal: Principal = {
    keyId: key.id,
    userId: key.userId,
    actorId: key.userId ?? key.id,
    organizationId: key.organizationId,
    organizationType: key.organization.type,
    organizationFeatures: key.organization.features,
    pinnedVersion: key.organization.pinnedVersion,
    environment: key.environment as Environment,
    keyScopes: key.scopes,
    roleScopes,
    matterIds: intersectMatters(key.matterIds.length ? key.matterIds : null, userMatters),
  };
  return { principal, expiresAt: key.expiresAt };
}
