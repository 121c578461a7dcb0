/**
 * Exact apportionment of an amount of minor units (cents) by weights: the parts always sum to
 * the total, each part gets at least the floor of its exact share, and the few minor units the
 * floors leave (fewer than the number of parts) go one at a time to the part with the highest
 * weight per unit it would then hold, ties to the earlier part.
 *
 * That is the largest-remainder rounding CONTRACT.md §13 asks for, with the leftover units
 * ranked by D'Hondt's quotient instead of by the bare fractional remainder (Hamilton). Hamilton's
 * ranking shows the Alabama paradox: weights 6:6:2 give 4, 4, 2 of 10 but 5, 5, 1 of 11, so a
 * smaller total (more costs) would pay the third part more. This ranking is the sequential
 * D'Hondt allocation (the tests check both), which is house-monotone: when the total grows, no
 * part shrinks; when it shrinks, no part grows.
 */
export function apportion(total: bigint, weights: readonly bigint[]): bigint[] {
  if (total < 0n) throw new RangeError("apportion: total must not be negative");
  let sum = 0n;
  for (const w of weights) {
    if (w < 0n) throw new RangeError("apportion: weights must not be negative");
    sum += w;
  }
  if (sum === 0n) throw new RangeError("apportion: the weights sum to zero");
  const parts = weights.map((w) => (total * w) / sum);
  let left = total - parts.reduce((a, b) => a + b, 0n);
  while (left > 0n) {
    let best = -1;
    for (let i = 0; i < weights.length; i++) {
      const w = weights[i]!;
      if (w === 0n) continue;
      // w_i / (a_i + 1) > w_best / (a_best + 1), in integers.
      if (best < 0 || w * (parts[best]! + 1n) > weights[best]! * (parts[i]! + 1n)) best = i;
    }
    parts[best] = parts[best]! + 1n;
    left -= 1n;
  }
  return parts;
}
