import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apportion } from "../../plugins/ledger/apportion.js";
import {
  calculateWaterfall,
  COST_KINDS,
  partsOf,
  type WaterfallInput,
} from "../../plugins/ledger/waterfall.js";

const sum = (xs: readonly bigint[]) => xs.reduce((a, b) => a + b, 0n);

/** Sequential D'Hondt from nothing, one unit at a time (the definition apportion must match). */
function sequentialDHondt(total: number, weights: readonly bigint[]): bigint[] {
  const parts = weights.map(() => 0n);
  for (let n = 0; n < total; n++) {
    let best = -1;
    weights.forEach((w, i) => {
      if (w === 0n) return;
      if (best < 0 || w * (parts[best]! + 1n) > weights[best]! * (parts[i]! + 1n)) best = i;
    });
    parts[best] = parts[best]! + 1n;
  }
  return parts;
}

const weightList = fc
  .array(fc.bigInt({ min: 0n, max: 10_000n }), { minLength: 1, maxLength: 12 })
  .filter((ws) => sum(ws) > 0n);

describe("apportion", () => {
  it("splits exactly, never below a part's floor, and matches sequential D'Hondt", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), weightList, (total, weights) => {
        const parts = apportion(BigInt(total), weights);
        expect(sum(parts)).toBe(BigInt(total));
        const W = sum(weights);
        parts.forEach((p, i) =>
          expect(p).toBeGreaterThanOrEqual((BigInt(total) * weights[i]!) / W),
        );
        expect(parts).toEqual(sequentialDHondt(total, weights));
      }),
    );
  });

  it("never gives a part more when the total shrinks (no Alabama paradox)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 1000n }),
        weightList,
        (total, less, weights) => {
          const smaller = total - less < 0n ? 0n : total - less;
          const big = apportion(total, weights);
          const small = apportion(smaller, weights);
          small.forEach((p, i) => expect(p).toBeLessThanOrEqual(big[i]!));
        },
      ),
    );
    // Hamilton's ranking would give 4,4,2 of 10 but 5,5,1 of 11 (the third part loses a unit
    // when the total grows); here the third part stays at 1.
    expect(apportion(10n, [6n, 6n, 2n])).toEqual([5n, 4n, 1n]);
    expect(apportion(11n, [6n, 6n, 2n])).toEqual([5n, 5n, 1n]);
  });

  it("gives zero-weight parts nothing and refuses an all-zero or negative split", () => {
    expect(apportion(7n, [0n, 1n, 0n])).toEqual([0n, 7n, 0n]);
    expect(() => apportion(1n, [0n, 0n])).toThrow(RangeError);
    expect(() => apportion(-1n, [1n])).toThrow(RangeError);
  });
});

const pct = fc.integer({ min: 0, max: 10_000 }).map((n) => (n / 100).toString()); // 0–100 with up to two decimals
const costs = fc.record(
  Object.fromEntries(COST_KINDS.map((k) => [k, fc.bigInt({ min: 0n, max: 5_000_000n })])) as {
    [K in (typeof COST_KINDS)[number]]: fc.Arbitrary<bigint>;
  },
);
const input: fc.Arbitrary<WaterfallInput> = fc
  .record({
    events: fc.uniqueArray(
      fc.record({
        id: fc.stringMatching(/^rce_[a-z0-9]{4}$/),
        usdMinor: fc.bigInt({ min: 0n, max: 100_000_000n }),
        blocked: fc.boolean(),
      }),
      { selector: (e) => e.id, maxLength: 15 },
    ),
    costs,
    holdbackPercentage: pct,
    counsel: fc.integer({ min: 0, max: 10_000 }),
    provider: fc.integer({ min: 0, max: 10_000 }),
    claimants: fc.uniqueArray(
      fc.record({
        id: fc.stringMatching(/^clm_[a-z0-9]{4}$/),
        sharePercentage: fc.option(pct, { nil: null }),
      }),
      { selector: (c) => c.id, maxLength: 8 },
    ),
  })
  .map(({ counsel, provider, ...rest }) => {
    // counsel + provider ≤ 100, as the matter economics guarantee.
    const c = Math.min(counsel, 10_000);
    const p = Math.min(provider, 10_000 - c);
    return {
      ...rest,
      counselFeePercentage: (c / 100).toString(),
      providerPercentage: (p / 100).toString(),
    };
  });

describe("calculateWaterfall (CONTRACT.md §13)", () => {
  it("always splits gross exactly into its parts, none negative", () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = calculateWaterfall(i);
        expect(r.gross).toBe(sum(i.events.map((e) => e.usdMinor)));
        expect(sum(partsOf(r))).toBe(r.gross);
        for (const part of partsOf(r)) expect(part).toBeGreaterThanOrEqual(0n);
        expect(r.remittable).toBe(
          r.costs.covered +
            r.counselFee +
            r.providerEconomics +
            sum(r.claimants.map((c) => c.amount)),
        );
      }),
    );
  });

  it("holds blocked property back in full and never distributes it", () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = calculateWaterfall(i);
        const blocked = i.events.filter((e) => e.blocked);
        const held = r.holdbacks.filter((h) => h.type === "blocked_property");
        expect(held.map((h) => [h.recoveryEventId, h.amount]).sort()).toEqual(
          blocked.map((e) => [e.id, e.usdMinor]).sort(),
        );
        // Everything paid out fits in the unblocked rest.
        expect(r.remittable).toBeLessThanOrEqual(r.gross - sum(blocked.map((e) => e.usdMinor)));
        // Making an event blocked never raises anything paid out.
        const free = calculateWaterfall({
          ...i,
          events: i.events.map((e) => ({ ...e, blocked: false })),
        });
        expect(r.remittable).toBeLessThanOrEqual(free.remittable);
      }),
    );
  });

  it("never raises any claimant's amount, counsel fee or provider economics when costs grow", () => {
    fc.assert(
      fc.property(input, costs, (i, extra) => {
        const more = {
          ...i,
          costs: Object.fromEntries(
            COST_KINDS.map((k) => [k, i.costs[k] + extra[k]]),
          ) as WaterfallInput["costs"],
        };
        const a = calculateWaterfall(i);
        const b = calculateWaterfall(more);
        b.claimants.forEach((c, n) => expect(c.amount).toBeLessThanOrEqual(a.claimants[n]!.amount));
        expect(b.counselFee).toBeLessThanOrEqual(a.counselFee);
        expect(b.providerEconomics).toBeLessThanOrEqual(a.providerEconomics);
      }),
    );
  });

  it("is deterministic and independent of the order of events and claimants", () => {
    fc.assert(
      fc.property(input, (i) => {
        const shuffled = {
          ...i,
          events: [...i.events].reverse(),
          claimants: [...i.claimants].reverse(),
        };
        expect(calculateWaterfall(shuffled)).toEqual(calculateWaterfall(i));
        expect(calculateWaterfall(i)).toEqual(calculateWaterfall(i));
      }),
    );
  });

  it("splits a worked example the way the contract reads", () => {
    const r = calculateWaterfall({
      events: [
        { id: "rce_a", usdMinor: 1_000_000n, blocked: false },
        { id: "rce_b", usdMinor: 250_000n, blocked: true },
      ],
      costs: {
        court_costs: 10_000n,
        enforcement_costs: 20_000n,
        vendor_costs: 0n,
        other_costs: 0n,
      },
      holdbackPercentage: "10",
      counselFeePercentage: "25",
      providerPercentage: "15",
      claimants: [
        { id: "clm_b", sharePercentage: null },
        { id: "clm_a", sharePercentage: "50" },
        { id: "clm_c", sharePercentage: null },
      ],
    });
    // 10,000.00 unblocked − 300.00 costs = 9,700.00; reserve 970.00; base 8,730.00;
    // counsel 2,182.50, provider 1,309.50, pool 5,238.00: 2,619.00 / 1,309.50 / 1,309.50.
    expect(r.gross).toBe(1_250_000n);
    expect(r.costs).toMatchObject({ total: 30_000n, covered: 30_000n, uncovered: 0n });
    expect(r.holdbacks.map((h) => [h.type, h.amount])).toEqual([
      ["blocked_property", 250_000n],
      ["reserve", 97_000n],
    ]);
    expect([r.counselFee, r.providerEconomics, r.claimantPool]).toEqual([
      218_250n,
      130_950n,
      523_800n,
    ]);
    expect(r.claimants.map((c) => [c.claimantId, c.amount, c.effectiveSharePercentage])).toEqual([
      ["clm_a", 261_900n, "50"],
      ["clm_b", 130_950n, "25"],
      ["clm_c", 130_950n, "25"],
    ]);
  });

  it("covers costs only up to the unblocked gross and holds an unshared pool back", () => {
    const r = calculateWaterfall({
      events: [{ id: "rce_a", usdMinor: 10_000n, blocked: false }],
      costs: { court_costs: 30_000n, enforcement_costs: 0n, vendor_costs: 0n, other_costs: 0n },
      holdbackPercentage: "0",
      counselFeePercentage: "0",
      providerPercentage: "0",
      claimants: [],
    });
    expect(r.costs).toMatchObject({ total: 30_000n, covered: 10_000n, uncovered: 20_000n });
    expect(r.holdbacks).toEqual([expect.objectContaining({ type: "unallocated", amount: 0n })]);
    const none = calculateWaterfall({
      events: [{ id: "rce_a", usdMinor: 100n, blocked: false }],
      costs: { court_costs: 0n, enforcement_costs: 0n, vendor_costs: 0n, other_costs: 0n },
      holdbackPercentage: "0",
      counselFeePercentage: "0",
      providerPercentage: "0",
      claimants: [{ id: "clm_a", sharePercentage: "0" }],
    });
    expect(none.holdbacks).toEqual([
      expect.objectContaining({ type: "unallocated", amount: 100n }),
    ]);
    expect(none.claimants[0]!.amount).toBe(0n);
  });

  it("splits a cent three ways exactly and refuses fees over 100% together", () => {
    const r = calculateWaterfall({
      events: [{ id: "rce_a", usdMinor: 10_000n, blocked: false }],
      costs: { court_costs: 0n, enforcement_costs: 0n, vendor_costs: 0n, other_costs: 0n },
      holdbackPercentage: "0",
      counselFeePercentage: "0",
      providerPercentage: "0",
      claimants: ["clm_a", "clm_b", "clm_c"].map((id) => ({ id, sharePercentage: null })),
    });
    expect(r.claimants.map((c) => c.amount)).toEqual([3_334n, 3_333n, 3_333n]);
    expect(() =>
      calculateWaterfall({ ...baseInput, counselFeePercentage: "60", providerPercentage: "50" }),
    ).toThrow(RangeError);
  });
});

const baseInput: WaterfallInput = {
  events: [],
  costs: { court_costs: 0n, enforcement_costs: 0n, vendor_costs: 0n, other_costs: 0n },
  holdbackPercentage: "0",
  counselFeePercentage: "0",
  providerPercentage: "0",
  claimants: [],
};
