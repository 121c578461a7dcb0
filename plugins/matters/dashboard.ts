import { Decimal } from "decimal.js";
import type { RequestContext } from "../../src/context.js";
import type { MoneyShape } from "../core/shared-types.js";

/** What one module adds to a matter's dashboard. Money values are USD major units. */
export interface DashboardContribution {
  judgmentValue?: Decimal.Value;
  knownCryptoExposure?: Decimal.Value;
  providerEconomics?: Decimal.Value;
  openActions?: number;
  openPackets?: number;
  alerts?: number;
  recoveryEvents?: number;
}

export type DashboardContributor = (
  ctx: RequestContext,
  matterId: string,
) => Promise<DashboardContribution>;

export interface MatterDashboard {
  matterId: string;
  judgmentValue: MoneyShape;
  knownCryptoExposure: MoneyShape;
  providerEconomics: MoneyShape;
  openActions: number;
  openPackets: number;
  alerts: number;
  recoveryEvents: number;
}

const contributors = new Map<string, DashboardContributor>();

/**
 * Modules that own dashboard figures (actions, packets, alerts, ledger, crypto…) register a
 * contributor in their register(); the dashboard is the sum of all contributions, so a figure
 * no served module provides is 0. Registering a name again replaces the earlier contributor.
 */
export function registerDashboardContributor(name: string, fn: DashboardContributor): void {
  contributors.set(name, fn);
}

const MONEY = ["judgmentValue", "knownCryptoExposure", "providerEconomics"] as const;
const COUNTS = ["openActions", "openPackets", "alerts", "recoveryEvents"] as const;

/** Half-even to cents (CONTRACT.md §1); the sum itself is exact. */
const usd = (value: Decimal, valuationTime: Date): MoneyShape => ({
  amount: value.toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toNumber(),
  currency: "USD",
  valuationTime,
});

export async function matterDashboard(
  ctx: RequestContext,
  matterId: string,
): Promise<MatterDashboard> {
  const parts = await Promise.all([...contributors.values()].map((fn) => fn(ctx, matterId)));
  const now = new Date();
  const money = Object.fromEntries(
    MONEY.map((k) => [
      k,
      usd(
        parts.reduce((sum, p) => sum.plus(p[k] ?? 0), new Decimal(0)),
        now,
      ),
    ]),
  ) as Record<(typeof MONEY)[number], MoneyShape>;
  const counts = Object.fromEntries(
    COUNTS.map((k) => [k, parts.reduce((sum, p) => sum + (p[k] ?? 0), 0)]),
  ) as Record<(typeof COUNTS)[number], number>;
  return { matterId, ...money, ...counts };
}
