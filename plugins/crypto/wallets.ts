import { derivedId } from "../../src/ids.js";
import type { SourceRefShape } from "../core/shared-types.js";
import { scoreClaim, TIER_BASE } from "../core/confidence.js";
import type { LinkEvidence } from "./hypotheses.js";
import { addressKey, type Network } from "./networks.js";
import type { SourceType } from "./providers/types.js";
import type { RequestWallet } from "./targets.js";

export interface WalletShape {
  walletId: string;
  address: string;
  network: string;
  role: "subject" | "exchange" | "intermediary";
  exchange: string | null;
  label: string | null;
  sourceRefs: SourceRefShape[];
  confidence: number;
}

export const labelRefs = (
  e: Pick<LinkEvidence, "exchange" | "counterparty" | "counterpartyLabel" | "labelSources">,
): SourceRefShape[] =>
  e.labelSources.map((source) => ({
    sourceId: source,
    sourceType: "commercial_label",
    title: e.counterpartyLabel ?? `${e.exchange} wallet list`,
  }));

export const chainRef = (sourceType: SourceType, title: string): SourceRefShape => ({
  sourceType: sourceType === "synthetic" ? "synthetic" : "on_chain",
  title,
});

/**
 * The wallets of an asset map: each request wallet on each network it was read on (role
 * `subject`, confidence from the request's sources), then the labelled exchange wallets and
 * intermediaries the exchange evidence runs through.
 */
export function mapWallets(
  matterId: string,
  requested: readonly RequestWallet[],
  evidence: readonly LinkEvidence[],
  sourceRefs: readonly SourceRefShape[],
  sourceType: SourceType,
): WalletShape[] {
  const out = new Map<string, WalletShape>();
  const add = (
    network: string,
    address: string,
    w: Omit<WalletShape, "walletId" | "address" | "network">,
  ) => {
    const key = `${network}:${network === "other" || network === "xrp" ? address : addressKey(network as Network, address)}`;
    if (out.has(key)) return;
    out.set(key, { walletId: derivedId("cryptoWallet", matterId, key), address, network, ...w });
  };
  const subject = scoreClaim(sourceRefs).confidence;
  for (const w of requested) {
    const networks = w.networks.length ? w.networks : [w.family];
    for (const network of networks)
      add(network, w.address, {
        role: "subject",
        exchange: null,
        label: null,
        sourceRefs: [...sourceRefs],
        confidence: subject,
      });
  }
  for (const e of evidence) {
    if (e.via)
      add(e.network, e.via, {
        role: "intermediary",
        exchange: null,
        label: null,
        sourceRefs: [chainRef(sourceType, `Transfers with ${e.wallet}`)],
        confidence: TIER_BASE.tier_2,
      });
    add(e.network, e.counterparty, {
      role: "exchange",
      exchange: e.exchange,
      label: e.counterpartyLabel,
      sourceRefs: labelRefs(e),
      confidence: TIER_BASE.tier_3,
    });
  }
  return [...out.values()];
}
