import { newId } from "../../src/ids.js";
import type { SourceRefShape } from "../core/shared-types.js";
import type { StablecoinExposureShape } from "./exposures.js";
import type { LinkEvidence, ScoredHypothesis } from "./hypotheses.js";
import type { SourceType } from "./providers/types.js";
import { packetReadiness, type MatterFacts } from "./readiness.js";
import { chainRef } from "./wallets.js";

/** A basis item as stored (JSON): the link without the fields its hypothesis already holds. */
export type StoredEvidence = Omit<
  LinkEvidence,
  "wallet" | "network" | "exchange" | "labelSources" | "timestamp"
> & {
  timestamp: string;
};

interface Common {
  matterId: string;
  assetMapId: string | null;
  sourceType: SourceType;
  createdAt: Date;
}

/** Rows of exchange_hypotheses for scored hypotheses (ids assigned here, in order). */
export function hypothesisRows(
  scored: readonly ScoredHypothesis[],
  facts: MatterFacts,
  requestRefs: readonly SourceRefShape[],
  c: Common,
) {
  return scored.map((h) => {
    // One ref per label dataset: the basis names each labelled wallet already.
    const refs = new Map<string, SourceRefShape>();
    for (const e of h.basis)
      for (const sourceId of e.labelSources)
        refs.set(sourceId, {
          sourceId,
          sourceType: "commercial_label",
          title: `${h.exchange} wallet labels`,
        });
    return {
      id: newId("exchangeHypothesis"),
      matterId: c.matterId,
      assetMapId: c.assetMapId,
      exchange: h.exchange,
      wallet: h.wallet,
      network: h.network,
      hop: h.hop,
      basis: h.basis.map(
        ({ wallet: _w, network: _n, exchange: _e, labelSources: _l, timestamp, ...rest }) => ({
          ...rest,
          timestamp: timestamp.toISOString(),
        }),
      ) as object[],
      confidence: h.confidence,
      evidenceTier: h.evidenceTier,
      label: h.label,
      packetReadiness: packetReadiness(facts, h.hop, requestRefs.length > 0) as object,
      sourceRefs: [
        ...refs.values(),
        chainRef(c.sourceType, `${h.basis.length} transfer(s) of ${h.wallet} on ${h.network}`),
      ] as object[],
      sourceType: c.sourceType,
      createdAt: c.createdAt,
    };
  });
}

export function exposureRows(items: readonly StablecoinExposureShape[], c: Common) {
  return items.map((e) => ({
    id: newId("stablecoinExposure"),
    matterId: c.matterId,
    assetMapId: c.assetMapId,
    issuer: e.issuer,
    asset: e.asset,
    network: e.network,
    wallet: e.wallet,
    contract: e.contract,
    amount: e.amount,
    freezeCapability: e.freezeCapability,
    freezeCapabilityNotes: e.freezeCapabilityNotes,
    remediationCandidates: e.remediationCandidates as object[],
    reviewRequired: e.reviewRequired,
    sourceType: c.sourceType,
    createdAt: c.createdAt,
  }));
}
