/**
 * Exact amounts of the ledger (CONTRACT.md §1): wire numbers are read through their shortest
 * decimal text into decimal.js and stored in numeric columns; USD values are integer cents
 * inside the waterfall. Nothing is ever computed in binary floating point.
 */
import { Decimal } from "decimal.js";
import { invalid } from "../../src/errors.js";
import type { MoneyShape } from "../core/shared-types.js";

/** Asset amounts: up to 18 decimal places (wei), below 10^18 units. */
const ASSET_PLACES = 18;
const MAX_ASSET = new Decimal("1e18");
/** USD values and costs: cents, below 10^15 dollars (numeric(20,2) holds 10^18). */
const MAX_USD = new Decimal("1e15");

const decimalOf = (value: number, param: string) => {
  const d = new Decimal(String(value));
  if (!d.isFinite()) throw invalid(param, `${param} must be a finite number.`);
  return d;
};

/** A positive asset amount (gross_amount, remittance amount). */
export function assetAmount(value: number, param: string): Decimal {
  const d = decimalOf(value, param);
  if (d.lte(0)) throw invalid(param, `${param} must be greater than 0.`);
  if (d.decimalPlaces() > ASSET_PLACES)
    throw invalid(param, `${param} has more than ${ASSET_PLACES} decimal places.`);
  if (d.gte(MAX_ASSET)) throw invalid(param, `${param} must be below ${MAX_ASSET.toFixed()}.`);
  return d;
}

/** A non-negative USD amount with at most cents (usd_value, costs). */
export function usdAmount(value: number, param: string): Decimal {
  const d = decimalOf(value, param);
  if (d.lt(0)) throw invalid(param, `${param} must not be negative.`);
  if (d.decimalPlaces() > 2)
    throw invalid(param, `${param} has more than 2 decimal places (USD cents).`);
  if (d.gte(MAX_USD)) throw invalid(param, `${param} must be below ${MAX_USD.toFixed()}.`);
  return d;
}

/** A percentage from 0 to 100, as exact decimal text. */
export function percentage(value: number, param: string): string {
  const d = decimalOf(value, param);
  if (d.lt(0) || d.gt(100)) throw invalid(param, `${param} must be a number from 0 to 100.`);
  return d.toFixed();
}

export const toCents = (usd: Decimal.Value): bigint =>
  BigInt(new Decimal(usd).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN).toFixed(0));
export const fromCents = (cents: bigint | string): Decimal =>
  new Decimal(cents.toString()).div(100);

/** Cents → wire Money in USD. */
export const usdMoney = (cents: bigint | string, valuationTime: Date): MoneyShape => ({
  amount: fromCents(cents).toNumber(),
  currency: "USD",
  valuationTime,
});

/** Stored decimal → wire number (the wire carries JSON numbers; storage stays exact). */
export const wireNumber = (d: Decimal.Value | { toString(): string }): number =>
  new Decimal(d.toString()).toNumber();
