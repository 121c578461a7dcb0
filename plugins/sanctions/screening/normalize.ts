/**
 * Name normalisation for screening: case, diacritics, punctuation and word order do not count.
 * "TREVIÑO MORALES, Miguel" and "miguel trevino-morales" share one key.
 */
export function nameTokens(name: string): string[] {
  return (
    name
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase()
      // Apostrophes join ("Sa'id" → "said"); every other non-letter, non-digit separates.
      .replace(/['\u2019`\u02bc]/g, "")
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
  );
}

/** Order-free key of a name: its sorted tokens. */
export const nameKey = (tokens: readonly string[]): string => [...tokens].sort().join(" ");

const EVM = /^0x[0-9a-f]{40}$/i;

/** EVM addresses compare case-insensitively; every other family is case-sensitive. */
export const addressKey = (address: string): string =>
  EVM.test(address) ? address.toLowerCase() : address;
