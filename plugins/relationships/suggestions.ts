import { referenceData } from "../crypto/reference.js";

/**
 * Counterparty names offered as suggestions in the schema's descriptions only (nothing is
 * seeded into a tenant): the exchanges of data/exchange-labels.json and the stablecoin issuers
 * of data/stablecoins.json.
 */
export function counterpartyNameSuggestions(): string {
  const data = referenceData();
  const exchanges = [...new Set([...data.labelsByNetwork.values()].flat().map((l) => l.exchange))];
  const issuers = [...new Set(data.stablecoins.map((s) => s.issuer))];
  return `Known exchanges: ${exchanges.sort().join(", ")}. Known stablecoin issuers: ${issuers.sort().join("; ")}.`;
}
