import type { SourceRefShape } from "../core/shared-types.js";
import { UNSUPPORTED } from "../core/confidence.js";
import {
  identifierValues,
  nodeIdFor,
  type DebtorRecord,
  type NodeKind,
  type Relation,
} from "./graph.js";
import { derivedId } from "../../src/ids.js";
import type { IdentifierKey } from "./identifiers.js";

/**
 * Asset hypotheses as a pure function of what the debtor record holds and the latest graph's
 * claims about it. A class with no evidence gets no hypothesis; a class's confidence is that of
 * its best item (several entries on one record are not independent corroboration).
 */
export const ASSET_CLASSES = [
  "crypto",
  "bank_account",
  "real_property",
  "vehicle",
  "business_interest",
  "receivables",
  "securities",
] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

/** Identifier keys that point at each class. */
const CLASS_KEYS: Record<AssetClass, readonly IdentifierKey[]> = {
  crypto: ["exchange_accounts"],
  bank_account: ["ibans", "bank_accounts"],
  real_property: ["parcel_numbers"],
  vehicle: ["vins", "license_plates"],
  business_interest: ["registration_number", "ein", "lei"],
  receivables: ["receivables"],
  securities: ["brokerage_accounts"],
};

/** A residential address shows where someone lives, not what they own: at most a weak signal. */
const ADDRESS_KEYS: readonly IdentifierKey[] = ["addresses"];
export const ADDRESS_CAP = 0.35;

/** Linked-entity relationships that imply an ownership or control stake. */
const STAKE_RELATIONSHIPS = new Set([
  "owner",
  "shareholder",
  "beneficial_owner",
  "director",
  "officer",
  "partner",
  "member",
  "founder",
  "subsidiary",
  "parent",
]);

const LABELS: Record<AssetClass, string> = {
  crypto: "Crypto assets",
  bank_account: "Bank account",
  real_property: "Real property",
  vehicle: "Vehicle",
  business_interest: "Business interest",
  receivables: "Receivables",
  securities: "Securities",
};

export interface ClaimEvidence {
  claimId: string;
  confidence: number;
  sourceRefs: SourceRefShape[];
}

export interface AssetHypothesisShape {
  hypothesisId: string;
  assetType: AssetClass;
  description: string;
  confidence: number;
  sourceRefs: string[];
}

interface Evidence {
  pointer: string;
  what: string;
  kind: Exclude<NodeKind, "debtor" | "alias">;
  key: string | null;
  value: string;
  cap: number;
}

const RELATION_OF = {
  identifier: "identified_by",
  wallet: "controls_wallet",
  linked_entity: "linked_to",
} as const satisfies Record<Evidence["kind"], Relation>;

function identifierEvidence(d: DebtorRecord, keys: readonly string[], cap = 1): Evidence[] {
  return keys.flatMap((key) =>
    identifierValues(d.identifiers[key]).map((value, i, all) => ({
      pointer: `${d.id}#/identifiers/${key}${all.length > 1 || Array.isArray(d.identifiers[key]) ? `/${i}` : ""}`,
      what: `identifier ${key}`,
      kind: "identifier" as const,
      key,
      value,
      cap,
    })),
  );
}

function evidenceFor(d: DebtorRecord, cls: AssetClass): Evidence[] {
  const out = identifierEvidence(d, CLASS_KEYS[cls]);
  if (cls === "crypto") {
    d.wallets.forEach((w, i) =>
      out.push({
        pointer: `${d.id}#/wallets/${i}`,
        what: `wallet ${w}`,
        kind: "wallet",
        key: null,
        value: w,
        cap: 1,
      }),
    );
  }
  if (cls === "real_property") out.push(...identifierEvidence(d, ADDRESS_KEYS, ADDRESS_CAP));
  if (cls === "business_interest") {
    d.linkedEntities.forEach((e, i) => {
      const rel = (e.relationship ?? "").trim().toLowerCase();
      if (!STAKE_RELATIONSHIPS.has(rel)) return;
      out.push({
        pointer: `${d.id}#/linked_entities/${i}`,
        what: `${rel} of ${e.name}`,
        kind: "linked_entity",
        key: null,
        value: e.name,
        cap: 1,
      });
    });
  }
  return out;
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

export function proposeHypotheses(
  d: DebtorRecord,
  claims: ReadonlyMap<string, ClaimEvidence>,
  classes: readonly AssetClass[],
  minConfidence: number,
): AssetHypothesisShape[] {
  const out: AssetHypothesisShape[] = [];
  for (const cls of classes) {
    const items = evidenceFor(d, cls);
    if (!items.length) continue;
    let confidence = 0;
    const refs = new Set<string>();
    for (const item of items) {
      const nodeId = nodeIdFor(d.id, item.kind, item.key, item.value);
      const claim = claims.get(derivedId("debtorClaim", d.id, RELATION_OF[item.kind], nodeId));
      confidence = Math.max(
        confidence,
        Math.min(item.cap, claim?.confidence ?? UNSUPPORTED.confidence),
      );
      refs.add(item.pointer);
      for (const r of claim?.sourceRefs ?? []) if (r.sourceId) refs.add(r.sourceId);
    }
    const what = [...new Set(items.map((i) => i.what))];
    const shown = what.length > 3 ? [...what.slice(0, 3), `${what.length - 3} more`] : what;
    const caveat =
      cls === "real_property" && items.every((i) => i.cap < 1)
        ? " (an address shows residence, not title)"
        : "";
    out.push({
      hypothesisId: derivedId("assetHypothesis", d.id, cls),
      assetType: cls,
      description: `${LABELS[cls]} indicated by ${shown.join(", ")}${caveat}.`,
      confidence: round4(confidence),
      sourceRefs: [...refs].sort(),
    });
  }
  return out
    .filter((h) => h.confidence >= minConfidence)
    .sort((a, b) => b.confidence - a.confidence || a.assetType.localeCompare(b.assetType));
}
