/**
 * Post-judgment interest and balance (CONTRACT §9), exact: amounts are integer minor units
 * (bigint inside), interest is carried as an exact fraction and rounded once, half-even, to
 * the minor unit at the end.
 *
 * Rules:
 * - Interest runs from the day after entry through `asOf` inclusive (days = asOf − entry),
 *   at rate/365 per day on the unpaid principal, every year, leap or not.
 * - Simple interest (the default; CA, NY, IL …): interest never earns interest.
 * - Annual compounding (28 U.S.C. 1961(b) for FED; CO and KY where the data says so): simple
 *   within each year of the judgment; on each anniversary of entry the interest then unpaid is
 *   added to the principal. Anniversaries of a Feb 29 entry fall on Feb 28 in common years.
 * - FED uses the 28 U.S.C. 1961(a) rate of the calendar week (Sunday–Saturday) before the week
 *   of entry, i.e. the H.15 row whose `week_ending` falls in that week. No row (or conflicting
 *   rows) → no interest, `review_required`, missing `federal_post_judgment_rate_unavailable`;
 *   an older or newer week is never substituted.
 * - Variable-rate jurisdictions (TX, FL …) → no interest, `review_required`, missing
 *   `interest_rate_requires_review`; no rate is guessed. No rule found → `interest_rate_unknown`.
 * - Consumer debt uses `consumer_rate_percent` where the row has one (NY 2%, CA 5%, IL 5%) for
 *   judgments entered on or after its effective date; an earlier judgment needs review
 *   (`consumer_rate_transition_requires_review`: e.g. NY applies 2% to unpaid parts of older
 *   judgments from 2022-04-30 on, CA only on renewal) and accrues nothing here.
 * - Payments are applied on their date, first to interest accrued and unpaid, then to
 *   principal (the usual rule for judgments; the caller can re-run with a court's own
 *   allocation if it differs). Payments dated after `asOf` are ignored; payments dated before
 *   entry are applied at entry and flagged for review.
 * - `outstanding = principal + interest_accrued − payments`, floored at 0; anything paid
 *   beyond the balance is reported as `overpayment` and no interest accrues on a zero balance.
 */
import { Decimal } from "decimal.js";
import { addYears, dayOfWeek, toDayNumber } from "./deadlines.js";
import { type FederalRateRow, type JurisdictionRule, federalRateTable } from "./jurisdictions.js";

export interface Payment {
  date: string;
  amountMinor: bigint | number;
}

export interface BalanceInput {
  principalMinor: bigint | number;
  currency: string;
  dateEntered: string;
  asOf: string;
  rule: JurisdictionRule | null;
  consumerDebt?: boolean;
  payments?: readonly Payment[];
  /** 28 U.S.C. 1961 weekly rates; defaults to data/federal-post-judgment-rates.json. */
  federalRates?: readonly FederalRateRow[];
}

export interface Balance {
  currency: string;
  /** All amounts in integer minor units (cents for USD). */
  principal: number;
  interest_accrued: number;
  payments: number;
  outstanding: number;
  overpayment: number;
  /** Percent per annum, or null when no rate could be applied. */
  interest_rate: number | null;
  compounding: "simple" | "annual" | null;
  rate_basis: string;
  as_of: string;
  review_required: boolean;
  missing_items: string[];
}

/** Exact non-negative-denominator fraction over bigint. */
class Fraction {
  readonly n: bigint;
  readonly d: bigint;
  constructor(n: bigint, d = 1n) {
    if (d === 0n) throw new RangeError("zero denominator");
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    const g = gcd(n < 0n ? -n : n, d);
    this.n = n / g;
    this.d = d / g;
  }
  add(o: Fraction): Fraction {
    return new Fraction(this.n * o.d + o.n * this.d, this.d * o.d);
  }
  sub(o: Fraction): Fraction {
    return new Fraction(this.n * o.d - o.n * this.d, this.d * o.d);
  }
  mul(o: Fraction): Fraction {
    return new Fraction(this.n * o.n, this.d * o.d);
  }
  cmp(o: Fraction): number {
    const l = this.n * o.d;
    const r = o.n * this.d;
    return l < r ? -1 : l > r ? 1 : 0;
  }
  isNegative(): boolean {
    return this.n < 0n;
  }
  /** Round half to even to an integer. */
  roundHalfEven(): bigint {
    const neg = this.n < 0n;
    const n = neg ? -this.n : this.n;
    const q = n / this.d;
    const twice = (n % this.d) * 2n;
    const up = twice > this.d || (twice === this.d && q % 2n === 1n);
    const r = up ? q + 1n : q;
    return neg ? -r : r;
  }
}

const ZERO = new Fraction(0n);

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}

function toMinor(value: bigint | number, what: string): bigint {
  if (typeof value === "bigint") return value;
  if (!Number.isSafeInteger(value))
    throw new RangeError(`${what} must be an integer number of minor units`);
  return BigInt(value);
}

function toSafeNumber(value: bigint, what: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} exceeds the safe integer range`);
  return n;
}

/** rate/36500 per day as an exact fraction (rate in percent per annum). */
function dailyFactor(ratePercent: number): Fraction {
  const [num, den] = new Decimal(String(ratePercent)).toFraction() as [Decimal, Decimal];
  return new Fraction(BigInt(num.toFixed(0)), BigInt(den.toFixed(0)) * 36_500n);
}

export type FederalRateLookup =
  | { ok: true; row: FederalRateRow }
  | { ok: false; reason: "no_row" | "conflicting_rows"; weekStart: string; weekEnd: string };

/**
 * The 28 U.S.C. 1961(a) row for a judgment entered on `dateEntered`: the one whose
 * `week_ending` lies in the Sunday–Saturday week before the week of entry.
 */
export function federalRateFor(
  dateEntered: string,
  rows: readonly FederalRateRow[],
): FederalRateLookup {
  const entry = toDayNumber(dateEntered);
  const thisSunday = entry - dayOfWeek(dateEntered);
  const from = thisSunday - 7;
  const to = thisSunday - 1;
  const hits = rows.filter((r) => {
    const d = toDayNumber(r.week_ending);
    return d >= from && d <= to;
  });
  const weekStart = new Date(from * 86_400_000).toISOString().slice(0, 10);
  const weekEnd = new Date(to * 86_400_000).toISOString().slice(0, 10);
  if (hits.length === 0) return { ok: false, reason: "no_row", weekStart, weekEnd };
  const first = hits[0] as FederalRateRow;
  if (hits.some((h) => h.rate_percent !== first.rate_percent)) {
    return { ok: false, reason: "conflicting_rows", weekStart, weekEnd };
  }
  return { ok: true, row: first };
}

interface RateChoice {
  rate: number | null;
  compounding: "simple" | "annual" | null;
  basis: string;
  missing: string[];
}

function chooseRate(input: BalanceInput): RateChoice {
  const { rule } = input;
  if (!rule) {
    return {
      rate: null,
      compounding: null,
      basis: "Jurisdiction unknown.",
      missing: ["jurisdiction_unknown"],
    };
  }
  const interest = rule.interest;
  if (!interest) {
    return {
      rate: null,
      compounding: null,
      basis: `${rule.name}: no post-judgment interest rule found in the reference data.`,
      missing: ["interest_rate_unknown"],
    };
  }
  if (interest.kind === "variable") {
    return {
      rate: null,
      compounding: null,
      basis: `${rule.name}: variable or index-based rate (${interest.formula}); the rate must be set by review.`,
      missing: ["interest_rate_requires_review"],
    };
  }
  if (interest.kind === "federal_1961") {
    const rows = input.federalRates ?? federalRateTable().rows;
    const found = federalRateFor(input.dateEntered, rows);
    if (!found.ok) {
      const why =
        found.reason === "no_row" ? "no H.15 weekly rate recorded" : "conflicting H.15 rows";
      return {
        rate: null,
        compounding: "annual",
        basis: `28 U.S.C. 1961: ${why} for the week ${found.weekStart}..${found.weekEnd}; add it to data/federal-post-judgment-rates.json.`,
        missing: ["federal_post_judgment_rate_unavailable"],
      };
    }
    return {
      rate: found.row.rate_percent,
      compounding: "annual",
      basis: `28 U.S.C. 1961: ${found.row.rate_percent}% (H.15 week ending ${found.row.week_ending}), computed daily, compounded annually.`,
      missing: [],
    };
  }
  // Fixed statutory rate.
  if (input.consumerDebt && interest.consumer_rate_percent !== undefined) {
    const from = interest.consumer_rate_effective_from;
    if (from !== undefined && input.dateEntered < from) {
      return {
        rate: null,
        compounding: null,
        basis: `${rule.name}: consumer-debt rate ${interest.consumer_rate_percent}% applies from ${from}; a judgment entered earlier needs review (${rule.consumer_debt_rule ?? ""}).`,
        missing: ["consumer_rate_transition_requires_review"],
      };
    }
    return {
      rate: interest.consumer_rate_percent,
      compounding: interest.compounding,
      basis: `${rule.name}: consumer-debt rate ${interest.consumer_rate_percent}% per annum, ${interest.compounding}.`,
      missing: [],
    };
  }
  return {
    rate: interest.rate_percent,
    compounding: interest.compounding,
    basis: `${rule.name}: ${interest.rate_percent}% per annum, ${interest.compounding === "annual" ? "compounded annually" : "simple"}.`,
    missing: [],
  };
}

type Event =
  | { day: number; kind: "anniversary" }
  | { day: number; kind: "payment"; amount: bigint };

export function computeBalance(input: BalanceInput): Balance {
  const principal = toMinor(input.principalMinor, "principalMinor");
  if (principal < 0n) throw new RangeError("principalMinor must not be negative");
  const entry = toDayNumber(input.dateEntered);
  const asOf = toDayNumber(input.asOf);
  const missing: string[] = [];
  if (asOf < entry) missing.push("as_of_before_date_entered");
  const end = Math.max(entry, asOf);

  const choice = chooseRate(input);
  missing.push(...choice.missing);

  const events: Event[] = [];
  let paid = 0n;
  for (const p of input.payments ?? []) {
    const amount = toMinor(p.amountMinor, "payment amountMinor");
    if (amount < 0n) throw new RangeError("payment amountMinor must not be negative");
    const day = toDayNumber(p.date);
    if (day > asOf) continue; // not yet made as of the balance date
    if (day < entry && !missing.includes("payment_before_date_entered")) {
      missing.push("payment_before_date_entered");
    }
    paid += amount;
    events.push({ day: Math.max(day, entry), kind: "payment", amount });
  }
  if (choice.rate !== null && choice.compounding === "annual") {
    for (let k = 1; ; k++) {
      const day = toDayNumber(addYears(input.dateEntered, k));
      if (day > end) break;
      events.push({ day, kind: "anniversary" });
    }
  }
  // Same-day order does not change the result (capitalising then paying, or paying then
  // capitalising, leaves the same principal + unpaid interest); sort for determinism.
  events.sort(
    (a, b) => a.day - b.day || (a.kind === b.kind ? 0 : a.kind === "anniversary" ? -1 : 1),
  );

  const factor = choice.rate === null ? ZERO : dailyFactor(choice.rate);
  let unpaidPrincipal = new Fraction(principal);
  let unpaidInterest = ZERO;
  let totalInterest = ZERO;
  let cursor = entry;
  const accrueTo = (day: number) => {
    if (day > cursor) {
      const inc = unpaidPrincipal.mul(factor).mul(new Fraction(BigInt(day - cursor)));
      unpaidInterest = unpaidInterest.add(inc);
      totalInterest = totalInterest.add(inc);
    }
    cursor = Math.max(cursor, day);
  };
  for (const ev of events) {
    accrueTo(ev.day);
    if (ev.kind === "anniversary") {
      unpaidPrincipal = unpaidPrincipal.add(unpaidInterest);
      unpaidInterest = ZERO;
      continue;
    }
    // Payment: interest first, then principal; any excess is an overpayment.
    let rest = new Fraction(ev.amount);
    if (rest.cmp(unpaidInterest) <= 0) {
      unpaidInterest = unpaidInterest.sub(rest);
      continue;
    }
    rest = rest.sub(unpaidInterest);
    unpaidInterest = ZERO;
    unpaidPrincipal = unpaidPrincipal.sub(rest);
    // Overpaid: the excess shows up as `overpayment` below; nothing more accrues.
    if (unpaidPrincipal.isNegative()) unpaidPrincipal = ZERO;
  }
  accrueTo(end);

  const interest = totalInterest.roundHalfEven();
  const net = principal + interest - paid;
  return {
    currency: input.currency,
    principal: toSafeNumber(principal, "principal"),
    interest_accrued: toSafeNumber(interest, "interest_accrued"),
    payments: toSafeNumber(paid, "payments"),
    outstanding: toSafeNumber(net > 0n ? net : 0n, "outstanding"),
    overpayment: toSafeNumber(net < 0n ? -net : 0n, "overpayment"),
    interest_rate: choice.rate,
    compounding: choice.compounding,
    rate_basis: choice.basis,
    as_of: input.asOf,
    review_required: missing.length > 0,
    missing_items: missing,
  };
}
