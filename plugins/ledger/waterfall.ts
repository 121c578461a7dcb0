/**
 * The waterfall of CONTRACT.md §13, pure and exact: every amount is integer minor units
 * (cents, bigint), percentages are exact decimal text, and the parts always sum to gross.
 *
 * gross (usd_value of the chosen recovery events)
 *   → blocked property (event_type `blocked`) held back in full: it is never distributed, and
 *     it cannot pay costs either, so everything below comes out of the unblocked rest
 *   → costs (court, enforcement, vendor, other), covered as far as that rest allows
 *   → reserve: economics.holdback_percentage of what remains after costs
 *   → counsel fee (counsel_fee_percentage) and provider economics (provider_percentage), both
 *     on what remains after the reserve
 *   → claimants pro rata by share_percentage; claimants without one share equally what the
 *     others' shares leave of 100 (so equal shares when none is set). A pool no claimant has a
 *     share of is held back as `unallocated`.
 * Every split rounds through `apportion` (largest remainder, house-monotone), so more costs
 * never raise any claimant's amount. Inputs are sorted by id first: the result does not
 * depend on their order.
 */
import { Decimal } from "decimal.js";
import { apportion } from "./apportion.js";

export const COST_KINDS = [
  "court_costs",
  "enforcement_costs",
  "vendor_costs",
  "other_costs",
] as const;
export type CostKind = (typeof COST_KINDS)[number];

export const HOLDBACK_TYPES = ["blocked_property", "reserve", "unallocated"] as const;
export type HoldbackType = (typeof HOLDBACK_TYPES)[number];

export interface WaterfallInput {
  events: ReadonlyArray<{ id: string; usdMinor: bigint; blocked: boolean }>;
  costs: Readonly<Record<CostKind, bigint>>;
  /** Percentages 0–100 as exact decimal text (e.g. "12.5"). */
  holdbackPercentage: string;
  counselFeePercentage: string;
  providerPercentage: string;
  claimants: ReadonlyArray<{ id: string; sharePercentage: string | null }>;
}

export interface Holdback {
  type: HoldbackType;
  amount: bigint;
  reason: string;
  recoveryEventId: string | null;
}

export interface ClaimantLine {
  claimantId: string;
  /** The claimant's own share_percentage, or null when none is set. */
  sharePercentage: string | null;
  /** Its share of the claimants' pool in percent, exact decimal text rounded to 6 places. */
  effectiveSharePercentage: string;
  amount: bigint;
}

export interface WaterfallResult {
  gross: bigint;
  costs: Record<CostKind | "total" | "covered" | "uncovered", bigint>;
  holdbacks: Holdback[];
  counselFee: bigint;
  providerEconomics: bigint;
  claimantPool: bigint;
  claimants: ClaimantLine[];
  /** gross − holdbacks: what remittances under this waterfall may pay out in all. */
  remittable: bigint;
}

const HUNDRED = new Decimal(100);

function percent(text: string, name: string): Decimal {
  const d = new Decimal(text);
  if (!d.isFinite() || d.lt(0) || d.gt(HUNDRED))
    throw new RangeError(`${name} must be from 0 to 100`);
  return d;
}

/** Exact decimals → integer weights on one common scale. */
function weightsOf(values: readonly Decimal[]): bigint[] {
  const places = Math.max(0, ...values.map((v) => v.decimalPlaces()));
  const scale = new Decimal(10).pow(places);
  return values.map((v) => BigInt(v.times(scale).toFixed(0)));
}

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function calculateWaterfall(input: WaterfallInput): WaterfallResult {
  const events = [...input.events].sort(byId);
  const claimants = [...input.claimants].sort(byId);
  const holdback = percent(input.holdbackPercentage, "holdback_percentage");
  const counsel = percent(input.counselFeePercentage, "counsel_fee_percentage");
  const provider = percent(input.providerPercentage, "provider_percentage");
  if (counsel.plus(provider).gt(HUNDRED))
    throw new RangeError("counsel_fee_percentage and provider_percentage exceed 100 together");
  for (const e of events) if (e.usdMinor < 0n) throw new RangeError("negative usd value");
  for (const k of COST_KINDS) if (input.costs[k] < 0n) throw new RangeError(`negative ${k}`);

  const gross = events.reduce((s, e) => s + e.usdMinor, 0n);
  const holdbacks: Holdback[] = events
    .filter((e) => e.blocked)
    .map((e) => ({
      type: "blocked_property" as const,
      amount: e.usdMinor,
      reason: `Recovery event ${e.id} is property blocked under sanctions: held back in full, never distributed or remitted.`,
      recoveryEventId: e.id,
    }));
  const blocked = holdbacks.reduce((s, h) => s + h.amount, 0n);
  const available = gross - blocked;

  const costTotal = COST_KINDS.reduce((s, k) => s + input.costs[k], 0n);
  const covered = costTotal < available ? costTotal : available;
  const afterCosts = available - covered;

  const [reserve, base] = apportion(afterCosts, weightsOf([holdback, HUNDRED.minus(holdback)])) as [
    bigint,
    bigint,
  ];
  if (reserve > 0n || holdback.gt(0))
    holdbacks.push({
      type: "reserve",
      amount: reserve,
      reason: `Reserve of ${holdback.toFixed()}% (economics.holdback_percentage) of what remains after costs.`,
      recoveryEventId: null,
    });

  const [counselFee, providerEconomics, pool] = apportion(
    base,
    weightsOf([counsel, provider, HUNDRED.minus(counsel).minus(provider)]),
  ) as [bigint, bigint, bigint];

  const shares = claimantWeights(claimants);
  const totalWeight = shares.reduce((s, w) => s.plus(w), new Decimal(0));
  let lines: ClaimantLine[];
  if (totalWeight.isZero()) {
    lines = claimants.map((c) => ({
      claimantId: c.id,
      sharePercentage: c.sharePercentage,
      effectiveSharePercentage: "0",
      amount: 0n,
    }));
    holdbacks.push({
      type: "unallocated",
      amount: pool,
      reason: claimants.length
        ? "Every claimant's share_percentage is 0: the claimants' pool is held back until shares are set."
        : "The matter has no claimants: the claimants' pool is held back until claimants are added.",
      recoveryEventId: null,
    });
  } else {
    const amounts = apportion(pool, weightsOf(shares));
    lines = claimants.map((c, i) => ({
      claimantId: c.id,
      sharePercentage: c.sharePercentage,
      effectiveSharePercentage: shares[i]!.div(totalWeight)
        .times(HUNDRED)
        .toDecimalPlaces(6, Decimal.ROUND_HALF_EVEN)
        .toFixed(),
      amount: amounts[i]!,
    }));
  }

  const held = holdbacks.reduce((s, h) => s + h.amount, 0n);
  return {
    gross,
    costs: {
      court_costs: input.costs.court_costs,
      enforcement_costs: input.costs.enforcement_costs,
      vendor_costs: input.costs.vendor_costs,
      other_costs: input.costs.other_costs,
      total: costTotal,
      covered,
      uncovered: costTotal - covered,
    },
    holdbacks,
    counselFee,
    providerEconomics,
    claimantPool: pool,
    claimants: lines,
    remittable: gross - held,
  };
}

/**
 * Pro-rata weights: a claimant's share_percentage; claimants without one split equally what
 * the set shares leave of 100 (nothing when they reach 100). Scaled by the number of unset
 * claimants so the weights stay exact.
 */
function claimantWeights(claimants: WaterfallInput["claimants"]): Decimal[] {
  const unset = claimants.filter((c) => c.sharePercentage === null).length;
  const setSum = claimants.reduce(
    (s, c) =>
      c.sharePercentage === null ? s : s.plus(percent(c.sharePercentage, "share_percentage")),
    new Decimal(0),
  );
  const rest = Decimal.max(0, HUNDRED.minus(setSum));
  return claimants.map((c) =>
    c.sharePercentage === null ? rest : new Decimal(c.sharePercentage).times(Math.max(unset, 1)),
  );
}

/** The parts of a result, which always sum to its gross (the invariant the tests check). */
export function partsOf(r: WaterfallResult): bigint[] {
  return [
    r.costs.covered,
    ...r.holdbacks.map((h) => h.amount),
    r.counselFee,
    r.providerEconomics,
    ...r.claimants.map((c) => c.amount),
  ];
}
