/**
 * Exact money handling for judgments (CONTRACT.md §1): amounts are decimal.js values or
 * integer minor units, never binary floats in arithmetic. The wire `amount` is a JSON number;
 * it is read through its shortest decimal text (String(n)), which is exact for any value a
 * client could have meant with at most the currency's minor-unit digits.
 */
import { Decimal } from "decimal.js";
import { invalid } from "../../src/errors.js";
import { isActiveCurrency, minorUnitOf as minorDigits } from "../core/currencies.js";
import type { MoneyShape } from "../core/shared-types.js";

/** A decimal.js value, a Prisma Decimal, or decimal text. */
export type DecimalLike = string | number | { toString(): string };

/** Upper bound in major units: keeps principal plus a century of interest a safe integer of minor units. */
const MAX_AMOUNT = new Decimal("1e12");

/**
 * Checks a wire Money amount and returns it as an exact decimal; `param` is the wire path of
 * the Money object (e.g. `amount`).
 */
export function parseAmount(amount: number, currency: string, param: string): Decimal {
  if (!isActiveCurrency(currency)) {
    throw invalid(
      `${param}.currency`,
      `${param}.currency must be an active ISO 4217 currency code in upper case, e.g. USD.`,
    );
  }
  const value = new Decimal(String(amount));
  if (!value.isFinite() || value.lte(0))
    throw invalid(`${param}.amount`, `${param}.amount must be greater than 0.`);
  const digits = minorDigits(currency);
  if (value.decimalPlaces() > digits) {
    throw invalid(
      `${param}.amount`,
      `${param}.amount has more than ${digits} decimal places, the minor unit of ${currency}.`,
    );
  }
  if (value.gt(MAX_AMOUNT))
    throw invalid(`${param}.amount`, `${param}.amount must not exceed ${MAX_AMOUNT.toFixed()}.`);
  return value;
}

/** Major-unit decimal (as stored) → integer minor units. */
export function toMinorUnits(amount: DecimalLike, currency: string): bigint {
  const minor = new Decimal(amount.toString()).times(new Decimal(10).pow(minorDigits(currency)));
  return BigInt(minor.toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN).toFixed(0));
}

/** Integer minor units → wire Money. */
export function moneyFromMinor(
  minor: bigint | number,
  currency: string,
  valuationTime: Date,
): MoneyShape {
  const major = new Decimal(minor.toString()).div(new Decimal(10).pow(minorDigits(currency)));
  return { amount: major.toNumber(), currency, valuationTime };
}

/** Stored major-unit decimal → wire Money, rounded half-even to the minor unit. */
export function moneyFromDecimal(
  amount: DecimalLike,
  currency: string,
  valuationTime: Date,
): MoneyShape {
  const value = new Decimal(amount.toString()).toDecimalPlaces(
    minorDigits(currency),
    Decimal.ROUND_HALF_EVEN,
  );
  return { amount: value.toNumber(), currency, valuationTime };
}
