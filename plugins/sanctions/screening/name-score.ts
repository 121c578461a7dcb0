import jaroWinkler from "talisman/metrics/jaro-winkler.js";

/** Token pairs less similar than this count as unmatched (different words share letters too). */
export const TOKEN_FLOOR = 0.85;
/** How much covering the query counts against covering the listed name. */
const QUERY_WEIGHT = 0.7;

/** Jaro-Winkler of two tokens (symmetric). */
export const tokenSimilarity = (a: string, b: string): number => (a === b ? 1 : jaroWinkler(a, b));

/**
 * Token-based Jaro-Winkler: every token of one name is paired with its most similar token of the
 * other (0 below TOKEN_FLOOR), weighted by token length. Both directions count: mostly how well
 * the listed name covers the query, partly how well the query covers the listed name, so a
 * missing middle name still scores high but a shared first name alone does not. Word order does
 * not count. In [0, 1], and 1 exactly when both names have the same tokens (as sets).
 */
export function tokenJaroWinkler(query: readonly string[], listed: readonly string[]): number {
  return coverScore(
    query.map((t) => t.length),
    listed.map((t) => t.length),
    (i, j) => tokenSimilarity(query[i]!, listed[j]!),
  );
}

/** The same score over token lengths and a similarity of token positions (query i, listed j). */
export function coverScore(
  queryLengths: ArrayLike<number>,
  listedLengths: ArrayLike<number>,
  similarity: (i: number, j: number) => number,
): number {
  const nq = queryLengths.length;
  const nl = listedLengths.length;
  if (!nq || !nl) return 0;
  let forward = 0;
  let forwardWeight = 0;
  for (let i = 0; i < nq; i++) {
    let best = 0;
    for (let j = 0; j < nl && best < 1; j++) best = Math.max(best, similarity(i, j));
    forward += (best >= TOKEN_FLOOR ? best : 0) * queryLengths[i]!;
    forwardWeight += queryLengths[i]!;
  }
  let backward = 0;
  let backwardWeight = 0;
  for (let j = 0; j < nl; j++) {
    let best = 0;
    for (let i = 0; i < nq && best < 1; i++) best = Math.max(best, similarity(i, j));
    backward += (best >= TOKEN_FLOOR ? best : 0) * listedLengths[j]!;
    backwardWeight += listedLengths[j]!;
  }
  return (
    (QUERY_WEIGHT * forward) / forwardWeight + ((1 - QUERY_WEIGHT) * backward) / backwardWeight
  );
}
