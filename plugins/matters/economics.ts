import { toSnake } from "../../rest-bridge/case.js";
import { invalid } from "../../src/errors.js";

/** GraphQL input value of MatterEconomicsInput / ClaimantEconomicsInput (camelCase fields). */
export type EconomicsInput = Record<string, number | null | undefined>;

/**
 * Economics are stored as JSON with the snake_case keys the waterfall (CONTRACT.md §13) reads;
 * every key is a percentage from 0 to 100, refused here rather than at payout time.
 */
export function storedEconomics(input: EconomicsInput | null | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [field, value] of Object.entries(input ?? {})) {
    if (value === undefined) continue;
    const param = `economics.${toSnake(field)}`;
    if (value === null || !Number.isFinite(value) || value < 0 || value > 100)
      throw invalid(param, `${param} must be a number from 0 to 100.`);
    out[toSnake(field)] = value;
  }
  return out;
}

/** A matter's counsel fee and provider share come out of the same base, so together ≤ 100. */
export function storedMatterEconomics(
  input: EconomicsInput | null | undefined,
): Record<string, number> {
  const out = storedEconomics(input);
  if ((out.counsel_fee_percentage ?? 0) + (out.provider_percentage ?? 0) > 100) {
    throw invalid(
      "economics.provider_percentage",
      "economics.counsel_fee_percentage and economics.provider_percentage together must not exceed 100.",
    );
  }
  return out;
}
