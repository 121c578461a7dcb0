import { Decimal } from "decimal.js";
import type { Network } from "./networks.js";
import type { Balance } from "./providers/types.js";
import type { FreezeCapability, ReferenceData, StablecoinDeployment } from "./reference.js";

/**
 * Token and stablecoin exposure as pure functions of balances and the reference data.
 * Valuation: a stablecoin of data/ counts at its 1.00 USD par (yield-bearing wrappers excepted);
 * nothing else has a price source offline, so its `usd_value` is null with the reason, never a
 * guessed price.
 */
export interface TokenExposureShape {
  asset: string;
  network: Network;
  wallet: string;
  contract: string | null;
  amount: string;
  usdValue: number | null;
  valuationNote: string;
}

export interface RemediationCandidate {
  actionType: "freeze_only" | "burn_reissue" | "confirm_freeze_capability" | "legal_process";
  counterparty: string | null;
  function: string | null;
  notes: string;
}

export interface StablecoinExposureShape {
  issuer: string;
  asset: string;
  network: Network;
  wallet: string;
  contract: string;
  amount: string;
  usdValue: number | null;
  freezeCapability: FreezeCapability;
  freezeCapabilityNotes: string;
  remediationCandidates: RemediationCandidate[];
  reviewRequired: boolean;
}

/** Staked/yield-bearing tokens trade away from 1.00 USD, so par would be an invented price. */
const NOT_AT_PAR = new Set(["sUSDe"]);

const cents = (amount: string) =>
  new Decimal(amount).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toNumber();

/** USD value of a stablecoin amount at par, rounded half-even to cents; null when not at par. */
export const parValue = (asset: string, amount: string): number | null =>
  NOT_AT_PAR.has(asset) ? null : cents(amount);

function valuation(token: StablecoinDeployment | undefined, b: Balance) {
  if (token && !NOT_AT_PAR.has(token.symbol))
    return {
      usdValue: cents(b.amount),
      valuationNote: `${token.symbol} valued at its 1.00 USD par.`,
    };
  if (token)
    return {
      usdValue: null,
      valuationNote: `${token.symbol} is yield-bearing and not valued at par; no price source is configured.`,
    };
  return {
    usdValue: null,
    valuationNote: `No price source is configured for ${b.asset}; usd_value is left null rather than estimated.`,
  };
}

const held = (b: Balance) => !new Decimal(b.amount).isZero();

export function tokenExposures(
  balances: readonly Balance[],
  reference: ReferenceData,
): TokenExposureShape[] {
  return balances.filter(held).map((b) => ({
    asset: b.asset,
    network: b.network,
    wallet: b.address,
    contract: b.contract,
    amount: b.amount,
    ...valuation(b.contract ? reference.token(b.network, b.contract) : undefined, b),
  }));
}

export function remediationCandidates(token: StablecoinDeployment): RemediationCandidate[] {
  const prepareOnly =
    "The service prepares the request; it never freezes, burns or reissues tokens itself.";
  if (token.freezeCapability === "issuer_can_freeze") {
    const out: RemediationCandidate[] = [
      {
        actionType: "freeze_only",
        counterparty: token.issuer,
        function: token.freezeFunction,
        notes: `Freeze request to ${token.issuer}. ${prepareOnly}`,
      },
    ];
    if (token.burnFunction)
      out.push({
        actionType: "burn_reissue",
        counterparty: token.issuer,
        function: token.burnFunction,
        notes: `The issuer can destroy a frozen balance and reissue it to a certified destination wallet. ${prepareOnly}`,
      });
    return out;
  }
  if (token.freezeCapability === "unconfirmed")
    return [
      {
        actionType: "confirm_freeze_capability",
        counterparty: token.issuer,
        function: null,
        notes: `Confirm who controls freezing of this deployment before asking: ${token.freezeNotes}`,
      },
    ];
  return [
    {
      actionType: "legal_process",
      counterparty: null,
      function: null,
      notes:
        "The issuer has no freeze control: pursue the holder, or an exchange the tokens reach, through legal process.",
    },
  ];
}

/** Exposure to each known stablecoin held, optionally only the `assets` named (by symbol). */
export function stablecoinExposures(
  balances: readonly Balance[],
  reference: ReferenceData,
  assets?: ReadonlySet<string> | null,
): StablecoinExposureShape[] {
  const out: StablecoinExposureShape[] = [];
  for (const b of balances) {
    if (!b.contract || !held(b)) continue;
    const token = reference.token(b.network, b.contract);
    if (!token || (assets && !assets.has(token.symbol))) continue;
    out.push({
      issuer: token.issuer,
      asset: token.symbol,
      network: b.network,
      wallet: b.address,
      contract: token.contract,
      amount: b.amount,
      usdValue: parValue(token.symbol, b.amount),
      freezeCapability: token.freezeCapability,
      freezeCapabilityNotes: token.freezeNotes,
      remediationCandidates: remediationCandidates(token),
      reviewRequired: token.freezeCapability !== "issuer_can_freeze" || token.uncertain,
    });
  }
  return out;
}

/**
 * The exposures a `stablecoin_exposure` alert is for (CONTRACT.md §13): those whose issuer can
 * freeze. Alert raising is wired by the alerts service with this one call.
 */
export function freezeCapableExposures<T extends { freezeCapability: string }>(
  items: readonly T[],
): T[] {
  return items.filter((e) => e.freezeCapability === "issuer_can_freeze");
}
