import type { AlertRequest } from "../alerts/service.js";
import { freezeCapableExposures } from "./exposures.js";

interface ExposureRow {
  id: string;
  matterId: string;
  issuer: string;
  asset: string;
  network: string;
  wallet: string;
  amount: unknown;
  freezeCapability: string;
}

/**
 * A `stablecoin_exposure` alert per wallet holding a freeze-capable issuer's coin (CONTRACT.md
 * §13); the alerts service keeps one per matter and target however often it is seen again.
 */
export function stablecoinExposureAlerts(rows: readonly ExposureRow[]): AlertRequest[] {
  return freezeCapableExposures(rows).map((e) => ({
    matterId: e.matterId,
    type: "stablecoin_exposure",
    severity: "high",
    target: `${e.network}:${e.asset}:${e.wallet}`,
    reason: `${e.wallet} holds ${String(e.amount)} ${e.asset} on ${e.network}; ${e.issuer} can freeze it.`,
    details: { stablecoin_exposure_id: e.id, issuer: e.issuer, asset: e.asset, network: e.network },
  }));
}
