/** Closed value sets of the relationship registry. */
export const COUNTERPARTY_TYPES = [
  "exchange",
  "issuer",
  "counsel",
  "vendor",
  "law_enforcement_only",
  "receiver",
  "special_master",
  "claimant",
  "other",
] as const;
export type CounterpartyType = (typeof COUNTERPARTY_TYPES)[number];

export const RISK_LEVELS = ["low", "medium", "high"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export { normalizeName } from "../core/names.js";

export interface Usability {
  usableByProvider: boolean;
  usableByCounsel: boolean;
  usableByLawEnforcement: boolean;
  authorizedSubmitterRequired: boolean;
}

/**
 * Who may use a new channel when the body does not say: a law-enforcement-only channel is for
 * law enforcement alone (never the provider's or counsel's); any other is the provider's and
 * counsel's, not law enforcement's.
 */
export function defaultUsability(type: CounterpartyType): Usability {
  const leOnly = type === "law_enforcement_only";
  return {
    usableByProvider: !leOnly,
    usableByCounsel: !leOnly,
    usableByLawEnforcement: leOnly,
    authorizedSubmitterRequired: leOnly,
  };
}
