import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALERT_STATUSES } from "../../plugins/alerts/values.js";
import {
  allowedTriage,
  CLOSED_ALERT_STATUSES,
  canTriage,
  TRIAGE_MOVES,
} from "../../plugins/alerts/triage.js";
import type { Transfer } from "../../plugins/crypto/providers/index.js";
import { cursorOf, movementAlert, movementsAfter } from "../../plugins/monitoring/movements.js";
import {
  alertRulesOf,
  qualifies,
  storedThresholds,
  type Thresholds,
} from "../../plugins/monitoring/thresholds.js";

const WALLET = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";
const PEER = "0x000000000000000000000000000000000000beef";

const transferArb = fc.record({
  network: fc.constant("ethereum" as const),
  transactionHash: fc
    .integer({ min: 0, max: 0xffff })
    .map((n) => `0x${n.toString(16).padStart(4, "0")}`),
  index: fc.nat(5),
  block: fc.option(fc.nat(50), { nil: null }),
  timestamp: fc.integer({ min: 0, max: 20 }).map((s) => new Date(1_700_000_000_000 + s * 1000)),
  from: fc.constantFrom(WALLET, PEER),
  to: fc.constantFrom(WALLET, PEER),
  asset: fc.constantFrom("USDT", "ETH"),
  contract: fc.constantFrom<string | null>(null, "0xdac17f958d2ee523a2206206994597c13d831ec7"),
  amount: fc.integer({ min: 0, max: 100_000 }).map((n) => (n / 100).toString()),
}) as fc.Arbitrary<Transfer>;

describe("alert triage moves", () => {
  it("never returns to open, keeps false_positive final and refuses staying put", () => {
    for (const from of ALERT_STATUSES) {
      expect(canTriage(from, "open")).toBe(false);
      expect(canTriage(from, from)).toBe(false);
      for (const to of allowedTriage(from)) expect(ALERT_STATUSES).toContain(to);
    }
    expect(TRIAGE_MOVES.false_positive).toEqual([]);
    expect(allowedTriage("unknown")).toEqual([]);
  });

  it("closes any open status in one move and reopens only a resolved alert", () => {
    for (const from of ALERT_STATUSES.filter((s) => !CLOSED_ALERT_STATUSES.includes(s))) {
      expect(canTriage(from, "false_positive")).toBe(true);
      expect(canTriage(from, "resolved")).toBe(true);
    }
    expect(allowedTriage("resolved")).toEqual(["actionable", "monitoring"]);
  });
});

describe("movement cursors", () => {
  it("splits any history at any cursor: before ∪ after is everything, each once, in order", () => {
    fc.assert(
      fc.property(fc.array(transferArb, { maxLength: 30 }), fc.nat(29), (transfers, pick) => {
        const all = movementsAfter(transfers, null);
        const keys = all.map((t) => `${t.transactionHash}:${t.index}`);
        expect(new Set(keys).size).toBe(keys.length);
        if (!all.length) return;
        const cursor = cursorOf(all[pick % all.length]!);
        const after = movementsAfter(transfers, cursor);
        expect(after).toEqual(all.slice((pick % all.length) + 1));
        // Scanning again from the newest movement finds nothing new.
        expect(movementsAfter(transfers, cursorOf(all.at(-1)!))).toEqual([]);
      }),
    );
  });
});

describe("thresholds", () => {
  const thresholdsArb = fc.record({
    min_amount: fc.option(fc.integer({ min: 0, max: 2000 }), { nil: undefined }),
    min_usd_value: fc.option(fc.integer({ min: 0, max: 2000 }), { nil: undefined }),
    direction: fc.constantFrom("any", "outgoing", "incoming"),
  }) as fc.Arbitrary<Thresholds>;

  it("counts a subset of what no thresholds count, and raising a bound never counts more", () => {
    fc.assert(
      fc.property(fc.array(transferArb, { maxLength: 20 }), thresholdsArb, (ts, t) => {
        const target = {
          matterId: "mat_x",
          watchlistId: "wls_x",
          watchlistName: "W",
          watchlistAddressId: "wla_x",
          address: WALLET,
          network: "ethereum" as const,
        };
        const fresh = movementsAfter(ts, null);
        const count = (th: Thresholds) =>
          (movementAlert(target, th, fresh, "synthetic")?.details?.movement_count as number) ?? 0;
        const loose = count({ direction: "any" });
        const strict = count(t);
        expect(strict).toBeLessThanOrEqual(loose);
        const stricter = { ...t, min_amount: (t.min_amount ?? 0) + 500 };
        expect(count(stricter)).toBeLessThanOrEqual(strict);
      }),
    );
  });

  it("does not let min_usd_value hide a native coin it cannot value", () => {
    const t: Thresholds = { min_usd_value: 1_000_000, direction: "any" };
    const native = { direction: "outgoing" as const, asset: "ETH", amount: "0.01", contract: null };
    const stable = { ...native, asset: "USDT", amount: "999999.99", contract: "0xdac" };
    expect(qualifies(t, native)).toBe(true);
    expect(qualifies(t, stable)).toBe(false);
    expect(qualifies({ ...t, min_amount: 1 }, native)).toBe(false);
  });

  it("stores only the typed keys and derives one rule per alert kind", () => {
    expect(storedThresholds({ minAmount: 5, minUsdValue: null })).toEqual({
      min_amount: 5,
      direction: "any",
    });
    expect(() => storedThresholds({ minUsdValue: -0.01 })).toThrow(/thresholds.min_usd_value/);
    const rules = alertRulesOf(["ethereum"], { direction: "incoming", min_amount: 5 });
    expect(rules.map((r) => [r.alert_type, r.direction, r.min_amount])).toEqual([
      ["wallet_movement", "incoming", 5],
      ["sanctions", null, null],
    ]);
    expect(rules[0]!.description).toContain("receives funds on ethereum, at least 5");
  });
});
