import { Decimal } from "decimal.js";
import { parValue, type StablecoinDeployment } from "../crypto/service.js";
import { type ActionType, PREPARE_ONLY } from "./values.js";

/** One held balance the request targets: the newest stored exposure of a wallet. */
export interface Holding {
  wallet: string;
  amount: string;
  exposureId: string;
  sourceType: string;
  observedAt: string;
}

export interface PreparedStep {
  step: number;
  action: "freeze" | "burn" | "reissue";
  /** The contract function as the issuer publishes it; null when the sources do not confirm it. */
  function: string | null;
  targetAddress: string;
  amount: string;
  description: string;
}

/** The request handed to the issuer, stored with the remediation (JSON, camelCase). */
export interface PreparedRequest {
  issuer: string;
  asset: string;
  network: string;
  contractAddress: string;
  actionType: ActionType;
  steps: PreparedStep[];
  targets: Array<Holding & { usdValue: number | null }>;
  totalAmount: string;
  totalUsdValue: number | null;
  destinationAddress: string | null;
  functionsConfirmed: boolean;
  freezeCapabilityNotes: string;
  referenceSource: string;
  executedByService: false;
  statement: string;
}

export type CapabilityVerdict = { ok: true } | { ok: false; message: string };

/**
 * Whether the issuer has the control the action needs on this deployment (per data/): a freeze
 * needs `issuer_can_freeze`; a burn and reissue also needs a published function that destroys a
 * frozen balance (USDT destroyBlackFunds, PYUSD wipeFrozenAddress, sUSDe
 * redistributeLockedAmount; USDC has none).
 */
export function capabilityVerdict(
  token: StablecoinDeployment | undefined,
  action: ActionType,
  asset: string,
  network: string,
): CapabilityVerdict {
  if (!token)
    return {
      ok: false,
      message: `${asset} on ${network} is not in the stablecoin reference data; no issuer control is known.`,
    };
  if (token.freezeCapability !== "issuer_can_freeze")
    return {
      ok: false,
      message: `${token.issuer} cannot freeze ${asset} on ${network} (${token.freezeCapability}): ${token.freezeNotes}`,
    };
  if (action === "burn_reissue" && !token.burnFunction)
    return {
      ok: false,
      message: `${token.issuer} publishes no function that destroys a frozen ${asset} balance on ${network}, so a burn and reissue cannot be requested; a freeze can. ${token.freezeNotes}`,
    };
  return { ok: true };
}

const sum = (amounts: readonly string[]) =>
  amounts.reduce((acc, a) => acc.plus(a), new Decimal(0)).toString();

/** The prepared request: which function to call on which contract, for whom and how much. */
export function prepareRequest(
  token: StablecoinDeployment,
  action: ActionType,
  holdings: readonly Holding[],
  destinationAddress: string | null,
): PreparedRequest {
  const freeze = (h: Holding): PreparedStep => ({
    step: 0,
    action: "freeze",
    function: token.freezeFunction,
    targetAddress: h.wallet,
    amount: h.amount,
    description: token.freezeFunction
      ? `${token.issuer} calls ${token.freezeFunction} on ${token.contract} for ${h.wallet}, freezing ${h.amount} ${token.symbol}.`
      : `${token.issuer} freezes ${h.wallet} (${h.amount} ${token.symbol}) with its own control; the sources do not confirm the function name of this deployment.`,
  });
  const burn = (h: Holding): PreparedStep => ({
    step: 0,
    action: "burn",
    function: token.burnFunction,
    targetAddress: h.wallet,
    amount: h.amount,
    description: `${token.issuer} calls ${token.burnFunction} on ${token.contract} for the frozen ${h.wallet}, destroying its ${h.amount} ${token.symbol}.`,
  });
  const total = sum(holdings.map((h) => h.amount));
  const steps =
    action === "freeze_only"
      ? holdings.map(freeze)
      : [
          ...holdings.flatMap((h) => [freeze(h), burn(h)]),
          {
            step: 0,
            action: "reissue" as const,
            function: null,
            targetAddress: destinationAddress!,
            amount: total,
            description: `${token.issuer} issues ${total} ${token.symbol} (the destroyed amount) to the certified destination wallet ${destinationAddress} under its own issuance procedure.`,
          },
        ];
  return {
    issuer: token.issuer,
    asset: token.symbol,
    network: token.network,
    contractAddress: token.contract,
    actionType: action,
    steps: steps.map((s, i) => ({ ...s, step: i + 1 })),
    targets: holdings.map((h) => ({ ...h, usdValue: parValue(token.symbol, h.amount) })),
    totalAmount: total,
    totalUsdValue: parValue(token.symbol, total),
    destinationAddress,
    functionsConfirmed:
      !!token.freezeFunction && (action === "freeze_only" || !!token.burnFunction),
    freezeCapabilityNotes: token.freezeNotes,
    referenceSource: token.source,
    executedByService: false,
    statement: PREPARE_ONLY,
  };
}
