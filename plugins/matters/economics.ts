import { invalid } from "../../src/errors.js";

/** Percentages the waterfall (CONTRACT.md §13) reads from a matter's economics. */
export const MATTER_PERCENTAGES = [
  "holdback_percentage",
  "counsel_fee_percentage",
  "provider_percentage",
] as const;
/** A claimant's pro-rata share of what remains for claimants. */
export const CLAIMANT_PERCENTAGES = ["share_percentage"] as const;

/**
 * Economics objects are free-form, but the percentages other modules compute with must be
 * numbers from 0 to 100 when present, so a bad value is refused here and not at payout time.
 */
export function checkPercentages(
  economics: Record<string, unknown> | null | undefined,
  keys: readonly string[],
): Record<string, unknown> {
  const value = economics ?? {};
  for (const key of keys) {
    if (!(key in value)) continue;
    const v = value[key];
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0 || v > 100) {
      throw invalid(`economics.${key}`, `economics.${key} must be a number from 0 to 100.`);
    }
  }
  return value;
}
