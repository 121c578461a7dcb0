import { createHash } from "node:crypto";
import { fromUUIDBytes, TypeID } from "typeid-js";
import { uuidv7obj } from "uuidv7";

/**
 * One id scheme for every object: `<prefix>_<26-char Crockford base32 UUIDv7>` (TypeID).
 * uuidv7() is monotonic within a process, so ids sort by creation time and keyset pagination
 * can order by id alone.
 */
export const ID_PREFIXES = {
  operation: "op",
  transition: "opt",
  request: "req",
  organization: "org",
  apiKey: "key",
  user: "usr",
  matter: "mat",
  authority: "auth",
  judgment: "jdg",
  event: "evt",
  audit: "aud",
  webhookEndpoint: "whe",
  webhookDelivery: "whd",
  export: "exp",
  claimant: "clm",
  judgmentValidation: "jvl",
  deadline: "ddl",
  enforcementPlan: "pln",
  debtor: "dbt",
  debtorGraph: "dgr",
  debtorGraphNode: "dgn",
  debtorGraphEdge: "dge",
  debtorClaim: "dcl",
  assetHypothesis: "ahy",
  wallet: "wal",
  attributionClaim: "acl",
  attributionGraph: "agr",
  attributionNode: "agn",
  attributionEdge: "age",
  networkSignal: "nas",
  sanctionsScreen: "scr",
  sanctionsReview: "srv",
  ofacReport: "ofr",
  alert: "alr",
  cryptoAssetMap: "cam",
  cryptoWallet: "cwl",
  transactionTimeline: "ttl",
  exchangeHypothesis: "exh",
  stablecoinExposure: "sce",
  counterparty: "cpt",
  relationship: "rel",
  contactLog: "ctl",
  packet: "pkt",
  /** A source ref without its own id, named by its content in a packet's source manifest. */
  sourceRef: "src",
  recoveryEvent: "rce",
  remittanceEvent: "rme",
  waterfall: "wfl",
  campaign: "cmp",
  campaignPressureChange: "cpc",
  issuerRemediation: "irm",
  destinationWalletCertificate: "dwc",
  action: "act",
  alertTriage: "atr",
  watchlist: "wls",
  watchlistAddress: "wla",
  report: "rpt",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

/** A new id of a registered kind (registering here keeps every prefix unique). */
export function newId(kind: IdKind): string {
  return fromUUIDBytes(ID_PREFIXES[kind], uuidv7obj().bytes);
}

/**
 * An id derived from its inputs instead of the clock, for computed objects (graph nodes,
 * claims, hypotheses) that must get the same id for the same inputs. UUID version 8.
 */
export function derivedId(kind: IdKind, ...parts: string[]): string {
  const b = createHash("sha256").update(parts.join("\u0000")).digest();
  b[6] = (b[6]! & 0x0f) | 0x80;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.subarray(0, 16).toString("hex");
  const uuid = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  return TypeID.fromUUID(ID_PREFIXES[kind], uuid).toString();
}

const ID_SHAPE = /^([a-z]+)_([0-7][0-9a-hjkmnp-tv-z]{25})$/;

/** The prefix of a well-formed id, or null. */
export function idPrefix(id: string): string | null {
  const m = ID_SHAPE.exec(id);
  return m ? m[1]! : null;
}
