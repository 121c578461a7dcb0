/**
 * A packet's content: a snapshot of what the matter held when the packet was made, in wire
 * (snake_case) form, with its source manifest and the reasons it needs counsel's review. Pure:
 * gather.ts reads the records, this file only shapes them.
 */
import { createHash } from "node:crypto";
import { derivedId } from "../../src/ids.js";
import type { SourceRefShape } from "../core/shared-types.js";
import { KINDS, type PacketKind } from "./values.js";

export interface WireMoney {
  amount: number;
  currency: string;
  valuation_time: string;
}

export interface JudgmentSnapshot {
  judgment_id: string;
  court: string;
  case_number: string;
  jurisdiction: string;
  creditor: string;
  debtor: string;
  amount: WireMoney;
  date_entered: string;
  status: string;
  balance: {
    principal: WireMoney;
    interest_accrued: WireMoney;
    payments: WireMoney;
    outstanding: WireMoney;
    as_of: string;
    interest_rate: number | null;
    rate_basis: string;
    review_required: boolean;
  };
}

export interface DebtorSnapshot {
  debtor_id: string;
  type: string;
  legal_name: string;
  aliases: string[];
  identifiers: Record<string, unknown>;
}

export interface Holding {
  asset: string;
  network: string;
  amount: string;
  usd_value: number | null;
}

export interface WalletSnapshot {
  address: string;
  network: string | null;
  wallet_id: string | null;
  role: string | null;
  confidence: number | null;
  known_to_matter: boolean;
  holdings: Holding[];
}

export interface HypothesisSnapshot {
  hypothesis_id: string;
  exchange: string;
  wallet: string;
  network: string;
  hop: string;
  confidence: number;
  label: string;
  evidence_tier: string;
  packet_ready: boolean;
  missing: string[];
  basis: Array<{
    hop: string;
    transaction_hash: string;
    direction: string;
    counterparty: string;
    asset: string;
    amount: string;
    timestamp: string;
  }>;
}

export interface ExposureSnapshot {
  exposure_id: string;
  issuer: string;
  asset: string;
  network: string;
  wallet: string;
  amount: string;
  usd_value: number | null;
  freeze_capability: string;
  freeze_capability_notes: string;
  review_required: boolean;
}

export interface ClaimSnapshot {
  claim_id: string;
  subject: string;
  predicate: string;
  object: string;
  source_type: string;
  evidence_tier: string;
  confidence: number;
  label: string;
}

export interface AuthoritySnapshot {
  authority_id: string;
  basis: string;
  status: string;
  granted_by: string;
  scope: string[];
  effective_at: string;
  expires_at: string | null;
}

export interface ChannelSnapshot {
  relationship_id: string;
  counterparty_id: string;
  counterparty_name: string;
  counterparty_type: string;
  channel_type: string;
  authorized_submitter_required: boolean;
  packet_types_supported: string[];
  /** Whether the relationship lists this packet's kind among its packet_types_supported. */
  lists_this_kind: boolean;
}

export interface SanctionsSnapshot {
  screen_id: string;
  screen_status: string;
  list_issue_date: string;
  match_count: number;
  review_id: string;
  blocked_property_analysis: string;
}

export interface PacketContent {
  schema_version: 1;
  kind: PacketKind;
  packet_type: string;
  title: string;
  prepared_at: string;
  sender: {
    authorized_sender: string;
    organization_id: string;
    organization_name: string;
    statement: string;
  };
  matter: { matter_id: string; name: string };
  judgment: JudgmentSnapshot | null;
  debtors: DebtorSnapshot[];
  wallets: WalletSnapshot[];
  exchange_hypotheses: HypothesisSnapshot[];
  stablecoin_exposure: ExposureSnapshot[];
  attribution_claims: ClaimSnapshot[];
  authority: AuthoritySnapshot;
  channel: ChannelSnapshot | null;
  sanctions: SanctionsSnapshot | null;
  notes: string | null;
  /** Lists longer than the snapshot keeps: how many items were left out of each. */
  omitted: Record<string, number>;
}

/** One source of the manifest, with the parts of the packet that cite it. */
export interface ManifestItem {
  source_id: string;
  source_type: string;
  title: string;
  uri: string | null;
  hash: string | null;
  chain_of_custody_id: string | null;
  admissibility_notes: string | null;
  cited_by: string[];
}

/** A source ref and where in the packet it comes from (e.g. `judgment jdg_…`, `request`). */
export interface Citation {
  ref: SourceRefShape;
  citedBy: string;
}

/**
 * Every source the packet rests on, once each: refs with a `source_id` merge by it, others by
 * their content, which also names them (`src_…`, the same for the same ref).
 */
export function sourceManifest(citations: readonly Citation[]): ManifestItem[] {
  const byId = new Map<string, ManifestItem>();
  for (const { ref, citedBy } of citations) {
    const id = ref.sourceId?.trim() || derivedId("sourceRef", canonicalRef(ref));
    const item = byId.get(id);
    if (item) {
      if (!item.cited_by.includes(citedBy)) item.cited_by.push(citedBy);
      item.hash ??= ref.hash ?? null;
      item.chain_of_custody_id ??= ref.chainOfCustodyId ?? null;
      continue;
    }
    byId.set(id, {
      source_id: id,
      source_type: ref.sourceType ?? "unspecified",
      title: ref.title ?? ref.sourceType ?? "Untitled source",
      uri: ref.uri ?? null,
      hash: ref.hash ?? null,
      chain_of_custody_id: ref.chainOfCustodyId ?? null,
      admissibility_notes: ref.admissibilityNotes ?? null,
      cited_by: [citedBy],
    });
  }
  return [...byId.values()];
}

const canonicalRef = (ref: SourceRefShape) =>
  createHash("sha256")
    .update(
      JSON.stringify([
        ref.sourceType ?? null,
        ref.title ?? null,
        ref.uri ?? null,
        ref.hash ?? null,
        ref.chainOfCustodyId ?? null,
      ]),
    )
    .digest("hex");

const VALIDATED = ["validated", "satisfied", "partially_satisfied"];
const BELOW_STRONG = ["moderate", "weak_signal"];

/**
 * Why counsel must review the packet before it is approved; empty when nothing needs it. Each
 * reason names what to check, so the review can be done from the list.
 */
export function reviewReasons(content: PacketContent, manifest: readonly ManifestItem[]): string[] {
  const reasons: string[] = [];
  if (KINDS[content.kind].counselReviewed)
    reasons.push(`Counsel reviews every ${content.kind} packet before it is sent.`);
  const j = content.judgment;
  if (!j) reasons.push("No judgment is named: the packet rests on the authority grant alone.");
  else {
    if (!VALIDATED.includes(j.status))
      reasons.push(`Judgment ${j.judgment_id} is ${j.status}, not validated.`);
    if (j.balance.review_required)
      reasons.push(`The balance of judgment ${j.judgment_id} needs review (interest rule).`);
  }
  for (const w of content.wallets)
    if (!w.known_to_matter) reasons.push(`Wallet ${w.address} is not among the matter's wallets.`);
  for (const c of content.attribution_claims)
    if (BELOW_STRONG.includes(c.label))
      reasons.push(`Attribution claim ${c.claim_id} is only ${c.label}.`);
  for (const h of content.exchange_hypotheses)
    if (!h.packet_ready)
      reasons.push(
        `Exchange hypothesis ${h.hypothesis_id} (${h.exchange}) is missing: ${h.missing.join(", ")}.`,
      );
  for (const e of content.stablecoin_exposure)
    if (e.review_required)
      reasons.push(
        `Freeze capability of ${e.asset} on ${e.network} (${e.exposure_id}) is unconfirmed.`,
      );
  if (content.channel?.authorized_submitter_required)
    reasons.push(
      `The channel ${content.channel.relationship_id} requires an authorized submitter: confirm ${content.sender.authorized_sender} is one.`,
    );
  // Documents need their hash and custody; label and chain-data sources of hypotheses are
  // reference material, already judged through the hypothesis' own readiness.
  for (const m of manifest) {
    if (m.cited_by.every((c) => c.startsWith("exchange_hypothesis "))) continue;
    const gaps = [!m.hash && "hash", !m.chain_of_custody_id && "chain_of_custody_id"].filter(
      Boolean,
    );
    if (gaps.length)
      reasons.push(`Source ${m.source_id} (${m.title}) has no ${gaps.join(" or ")}.`);
  }
  return reasons;
}

/**
 * Who sends the packet, in words on its face (CONTRACT.md §13): the named sender on behalf of
 * the organization, which prepares packets and is not a law-enforcement agency.
 */
export function senderStatement(kind: PacketKind, sender: string, organization: string): string {
  const base = `Prepared and sent by ${sender} on behalf of ${organization}. ${organization} prepares this packet as a private party; it is not a law-enforcement agency, does not act for one, and does not itself freeze, seize, transfer or redeem assets.`;
  if (kind !== "law_enforcement_referral") return base;
  return `${base} This is a referral for the consideration of the receiving agency, made through a channel open to the sender; it is not a request or order of law enforcement.`;
}
