/** Scope names of SPEC.md (Authentication §5) plus the families CONTRACT.md §3 adds. */
export const SCOPES = [
  "claw:read",
  "claw:write",
  "claw:operate",
  "claw:pressure",
  "judgments:read",
  "judgments:write",
  "judgments:validate",
  "judgments:plan",
  "org:read",
  "org:write",
  "keys:read",
  "keys:write",
  "users:read",
  "users:write",
  "debtors:read",
  "debtors:write",
  "debtors:graph",
  "crypto:map",
  "crypto:timeline",
  "crypto:exchange",
  "crypto:stablecoin",
  "crypto:read",
  "relationships:read",
  "relationships:write",
  "attribution:write",
  "attribution:graph",
  "attribution:read",
  "attribution:score",
  "network:write",
  "network:correlate",
  "network:read",
  "monitoring:read",
  "monitoring:write",
  "ledger:read",
  "ledger:write",
  "waterfall:calculate",
  "waterfall:read",
  "matters:read",
  "matters:write",
  "sanctions:screen",
  "sanctions:write",
  "sanctions:read",
  "reports:write",
  "reports:read",
  "reports:export",
  "claimants:read",
  "claimants:write",
  "issuer:write",
  "issuer:read",
  "audit:read",
  "audit:write",
  "health:read",
  "capabilities:read",
  "operations:read",
  "operations:write",
  "packets:read",
  "packets:write",
  "packets:export",
  "actions:read",
  "actions:write",
  "authority:read",
  "authority:write",
  "webhooks:read",
  "webhooks:write",
  "events:read",
  "exports:read",
] as const;

export type Scope = (typeof SCOPES)[number];

const FAMILIES = new Set(SCOPES.map((s) => s.split(":")[0]!));

/** A grantable scope pattern: a scope, `family:*`, or `*`. */
export function isValidScopePattern(pattern: string): boolean {
  if (pattern === "*") return true;
  if (pattern.endsWith(":*")) return FAMILIES.has(pattern.slice(0, -2));
  return (SCOPES as readonly string[]).includes(pattern);
}

export function patternGrants(pattern: string, scope: string): boolean {
  if (pattern === "*") return true;
  if (pattern.endsWith(":*")) return scope.startsWith(pattern.slice(0, -1));
  return pattern === scope;
}

export function grants(patterns: readonly string[], scope: string): boolean {
  return patterns.some((p) => patternGrants(p, scope));
}

// Matter-level families: everything except the control plane.
const CONTROL_PLANE = new Set([
  "org",
  "keys",
  "users",
  "health",
  "capabilities",
  "webhooks",
  "events",
]);
const READS = SCOPES.filter((s) => s.endsWith(":read"));

/** Roles of CONTRACT.md §3, each as the set of scopes it allows. */
export const ROLE_SCOPES: Record<string, readonly string[]> = {
  admin: ["*"],
  counsel: [
    ...SCOPES.filter((s) => !CONTROL_PLANE.has(s.split(":")[0]!)),
    "health:read",
    "capabilities:read",
    "events:read",
  ],
  operator: [
    ...READS,
    "actions:write",
    "claw:write",
    "claw:operate",
    "monitoring:write",
    "packets:write",
    "crypto:map",
    "crypto:timeline",
    "crypto:exchange",
    "crypto:stablecoin",
    "attribution:write",
    "attribution:graph",
    "attribution:score",
    "network:write",
    "network:correlate",
    "debtors:write",
    "debtors:graph",
    "relationships:write",
    "ledger:write",
    "capabilities:read",
  ],
  analyst: [
    ...READS,
    "crypto:map",
    "crypto:timeline",
    "crypto:exchange",
    "crypto:stablecoin",
    "attribution:write",
    "attribution:graph",
    "attribution:score",
    "network:write",
    "network:correlate",
    "debtors:write",
    "debtors:graph",
    "sanctions:screen",
    "capabilities:read",
  ],
  viewer: [...READS, "capabilities:read"],
};

export const ROLES = Object.keys(ROLE_SCOPES);
