import type { Principal } from "../../src/auth/principal.js";
import { grants } from "../../src/auth/scopes.js";

/** Pure access rules of the control plane (CONTRACT.md §3). */
export const ORGANIZATION_TYPES = [
  "provider_internal",
  "counsel",
  "recovery_operator",
  "partner",
] as const;
export const FEATURE_FLAGS = [
  "live_access",
  "live_providers",
  "claw_campaigns",
  "network_attribution",
  "issuer_remediation",
] as const;

export const isProviderInternal = (p: Principal) => p.organizationType === "provider_internal";

/** Which organizations a caller may see: its own, plus those its provider_internal org created. */
export function canSeeOrganization(
  p: Principal,
  org: { id: string; parentOrganizationId: string | null },
): boolean {
  return (
    org.id === p.organizationId ||
    (isProviderInternal(p) && org.parentOrganizationId === p.organizationId)
  );
}

/** Issuing keys and inviting users: one's own organization, or one a provider_internal org created. */
export const canManageOrganization = canSeeOrganization;

/** Changing `features` (e.g. live access): provider_internal only. */
export const canChangeFeatures = (p: Principal) => isProviderInternal(p);

function covers(patterns: readonly string[], requested: string): boolean {
  if (requested === "*") return patterns.includes("*");
  if (requested.endsWith(":*")) return patterns.includes("*") || patterns.includes(requested);
  return grants(patterns, requested);
}

/** A caller may not hand out scopes it does not hold itself (key scopes, and role scopes when bound). */
export function scopesNotHeld(p: Principal, requested: readonly string[]): string[] {
  return requested.filter(
    (r) => !(covers(p.keyScopes, r) && (p.roleScopes === null || covers(p.roleScopes, r))),
  );
}

export function keyStatus(
  key: { revokedAt: Date | null; expiresAt: Date | null },
  now = new Date(),
): "active" | "revoked" | "expired" {
  if (key.revokedAt) return "revoked";
  if (key.expiresAt && key.expiresAt <= now) return "expired";
  return "active";
}
