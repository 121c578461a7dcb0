/**
 * The comparison form of a party's name, so "Binance", " binance " and "BINANCE." are one name:
 * Unicode NFKC, lower case, every run of non-letters/digits as one space, trimmed. Counterparties
 * are found by it, and a campaign's exchange and issuer names are matched to them by it.
 */
export function normalizeName(name: string): string {
  return name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
