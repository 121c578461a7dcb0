import { Decimal } from "decimal.js";
import { invalid } from "../../src/errors.js";
import { parValue } from "../crypto/exposures.js";
import type { Network } from "../crypto/networks.js";
import type { AlertSeverity, AlertType } from "../alerts/values.js";
import type { MovementDirection } from "./values.js";

/**
 * A watchlist's thresholds, stored in wire form. Only these keys exist; a movement must pass
 * every one that is set to count toward a `wallet_movement` alert.
 */
export interface Thresholds {
  /** Smallest amount, in the moved asset's own units (e.g. 1000 USDT, 0.5 ETH). */
  min_amount?: number;
  /** Smallest USD value; stablecoins count at 1.00 par, other assets have no price source. */
  min_usd_value?: number;
  /** Which movements count: funds leaving the address, arriving, or both (default). */
  direction: MovementDirection;
}

export interface ThresholdsInput {
  minAmount?: number | null;
  minUsdValue?: number | null;
  direction?: MovementDirection | null;
}

/** Checks and stores the thresholds of a new watchlist (400 naming `thresholds.<key>`). */
export function storedThresholds(input: ThresholdsInput | null | undefined): Thresholds {
  const out: Thresholds = { direction: input?.direction ?? "any" };
  const bound = (key: "min_amount" | "min_usd_value", value: number | null | undefined) => {
    if (value === null || value === undefined) return;
    if (!Number.isFinite(value) || value < 0)
      throw invalid(`thresholds.${key}`, `thresholds.${key} must be a number ≥ 0.`);
    out[key] = value;
  };
  bound("min_amount", input?.minAmount);
  bound("min_usd_value", input?.minUsdValue);
  return out;
}

export const thresholdsOf = (json: unknown): Thresholds => {
  const t = (json && typeof json === "object" ? json : {}) as Partial<Thresholds>;
  return { ...t, direction: t.direction ?? "any" };
};

/** A movement of a watched address as the thresholds see it. */
export interface Movement {
  direction: "outgoing" | "incoming";
  asset: string;
  /** Exact decimal string in the asset's units. */
  amount: string;
  /** Set for tokens with a contract (stablecoins at par); null for native coins. */
  contract: string | null;
}

/** USD value of a movement: stablecoins at 1.00 par (cents, half-even); null without a price. */
export const usdValueOf = (m: Movement): number | null =>
  m.contract ? parValue(m.asset, m.amount) : null;

/**
 * Whether a movement counts under the thresholds. A movement whose USD value is unknown (a
 * native coin; no price source exists) is not held back by `min_usd_value`: the threshold cannot
 * show it is small, and a monitor that hides what it cannot value would miss movements.
 */
export function qualifies(t: Thresholds, m: Movement): boolean {
  if (t.direction !== "any" && t.direction !== m.direction) return false;
  if (t.min_amount !== undefined && new Decimal(m.amount).lt(new Decimal(t.min_amount)))
    return false;
  if (t.min_usd_value !== undefined) {
    const usd = usdValueOf(m);
    if (usd !== null && usd < t.min_usd_value) return false;
  }
  return true;
}

/** One rule a watchlist raises alerts by, derived from its chains and thresholds. */
export interface AlertRule {
  alert_type: AlertType;
  severity: AlertSeverity;
  chains: Network[];
  min_amount: number | null;
  min_usd_value: number | null;
  direction: MovementDirection | null;
  description: string;
}

/** The watchlist's alert rules (SPEC.md `alert_rules`), as the monitoring jobs apply them. */
export function alertRulesOf(chains: readonly Network[], t: Thresholds): AlertRule[] {
  const limits = [
    t.min_amount !== undefined ? `at least ${t.min_amount} of the asset` : null,
    t.min_usd_value !== undefined
      ? `worth at least ${t.min_usd_value} USD (stablecoins at par; unvalued coins always count)`
      : null,
  ].filter(Boolean);
  const which =
    t.direction === "outgoing" ? "sends" : t.direction === "incoming" ? "receives" : "moves";
  return [
    {
      alert_type: "wallet_movement",
      severity: "high",
      chains: [...chains],
      min_amount: t.min_amount ?? null,
      min_usd_value: t.min_usd_value ?? null,
      direction: t.direction,
      description: `A wallet_movement alert when a watched address ${which} funds on ${chains.join(", ")}${
        limits.length ? `, ${limits.join(" and ")}` : ""
      }; one per new batch of movements a scan finds.`,
    },
    {
      alert_type: "sanctions",
      severity: "critical",
      chains: [...chains],
      min_amount: null,
      min_usd_value: null,
      direction: null,
      description:
        "A sanctions alert when a watched address is on the OFAC SDN list: checked when it is added and on every scan, so a list refresh is caught.",
    },
  ];
}
