/**
 * Reads what the matter really holds for a packet (judgment and balance, debtors, wallets with
 * their holdings, exchange hypotheses, stablecoin exposure, attribution claims, the authority
 * grant, the channel) and returns it as the content snapshot with its source citations. Every
 * read goes through the caller's scoped client.
 */
import type { RequestContext } from "../../src/context.js";
import { ApiError } from "../../src/errors.js";
import type {
  AuthorityGrant,
  Counterparty,
  Relationship,
  Wallet,
} from "../../src/generated/prisma/client.js";
import { idPrefix } from "../../src/ids.js";
import { normalizeAddress } from "../attribution/service.js";
import { type MoneyShape, sourceRefsOf, type SourceRefShape } from "../core/shared-types.js";
import { parValue } from "../crypto/exposures.js";
import { checkWalletAddress } from "../debtors/addresses.js";
import { balanceOf, isoDate } from "../judgments/service.js";
import { grantStatus, isLiveGrant } from "../matters/service.js";
import type {
  Citation,
  ClaimSnapshot,
  ExposureSnapshot,
  Holding,
  HypothesisSnapshot,
  PacketContent,
  SanctionsSnapshot,
  WalletSnapshot,
} from "./content.js";
import { senderStatement } from "./content.js";
import { KINDS, type PacketKind } from "./values.js";

/** At most this many items of each list go into a snapshot; `omitted` counts the rest. */
export const SNAPSHOT_LIMIT = 200;
/** Rows read to find the newest item per key before the snapshot limit applies. */
const READ_LIMIT = 1000;
/** Asset maps read for wallet holdings, newest first. */
const ASSET_MAPS_READ = 20;

export interface PacketRequest {
  kind: PacketKind;
  packetType: string;
  matter: { id: string; name: string };
  organization: { id: string; name: string };
  authorizedSender: string;
  judgmentId: string | null;
  legalAuthorityId: string | null;
  wallets: string[];
  sourceRefs: SourceRefShape[];
  notes: string | null;
  channel: { relationship: Relationship; counterparty: Counterparty } | null;
  sanctions: SanctionsSnapshot | null;
}

const wire = (m: MoneyShape) => ({
  amount: m.amount,
  currency: m.currency,
  valuation_time: new Date(m.valuationTime).toISOString(),
});

const missingIn = (what: string, id: string, param: string) =>
  new ApiError("resource_missing", { param, message: `No such ${what} in this matter: '${id}'.` });

/** The grant named, which must be live; or, when none is named, the matter's newest live one. */
async function authorityFor(ctx: RequestContext, matterId: string, id: string | null) {
  const now = new Date();
  if (id) {
    const grant = await ctx.db.authorityGrant.findFirst({ where: { id, matterId } });
    if (!grant) throw missingIn("authority grant", id, "legal_authority_id");
    if (!isLiveGrant(grant, now))
      throw new ApiError("authority_required", {
        param: "legal_authority_id",
        message: `Authority grant '${id}' is not in effect; name a live grant of the matter.`,
        details: { authority_id: id, authority_status: grantStatus(grant, now) },
      });
    return grant;
  }
  const grants = await ctx.db.authorityGrant.findMany({
    where: { matterId },
    orderBy: { id: "desc" },
  });
  const live = grants.find((g) => isLiveGrant(g, now));
  // The authority gate ran before this, so a live grant exists unless it lapsed in between.
  if (!live) throw new ApiError("authority_required", { param: "matter_id" });
  return live;
}

/** Named wallets: `wal_` ids of the matter (404 naming the item) or addresses, checked already. */
async function namedWallets(ctx: RequestContext, matterId: string, items: readonly string[]) {
  const ids = items.filter((w) => idPrefix(w) === "wal");
  const addresses = items.filter((w) => idPrefix(w) !== "wal");
  const [byId, byAddress] = await Promise.all([
    ids.length ? ctx.db.wallet.findMany({ where: { id: { in: ids }, matterId } }) : [],
    addresses.length
      ? ctx.db.wallet.findMany({
          where: { matterId, normalizedAddress: { in: addresses.map(normalizeAddress) } },
          orderBy: { id: "asc" },
        })
      : [],
  ]);
  const known = new Map<string, Wallet>(byId.map((w) => [w.id, w]));
  const knownAddress = new Map<string, Wallet>();
  for (const w of byAddress)
    if (!knownAddress.has(w.normalizedAddress)) knownAddress.set(w.normalizedAddress, w);
  return items.map((item, i) => {
    if (idPrefix(item) === "wal") {
      const wallet = known.get(item);
      if (!wallet) throw missingIn("wallet", item, `wallets[${i}]`);
      return { address: wallet.address, wallet };
    }
    return { address: item, wallet: knownAddress.get(normalizeAddress(item)) ?? null };
  });
}

function walletSnapshot(
  address: string,
  wallet: Wallet | null,
  holdings: Holding[],
): WalletSnapshot {
  const check = checkWalletAddress(address);
  return {
    address,
    network: wallet?.network ?? (check.ok ? check.network : null),
    wallet_id: wallet?.id ?? null,
    role: wallet?.role ?? null,
    confidence: wallet?.confidence ?? null,
    known_to_matter: wallet !== null,
    holdings,
  };
}

/** Newest first, one per key, at most SNAPSHOT_LIMIT; the count of the rest. */
function newestPerKey<T>(
  rows: readonly T[],
  key: (row: T) => string,
): { kept: T[]; omitted: number } {
  const seen = new Set<string>();
  const unique = rows.filter((r) => {
    const k = key(r);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return {
    kept: unique.slice(0, SNAPSHOT_LIMIT),
    omitted: Math.max(0, unique.length - SNAPSHOT_LIMIT),
  };
}

interface StoredHolding {
  asset: string;
  network: string;
  wallet: string;
  amount: string;
  usdValue: number | null;
}

interface StoredBasis {
  hop: string;
  transactionHash: string;
  direction: string;
  counterparty: string;
  asset: string;
  amount: string;
  timestamp: string;
}

const jsonRows = <T>(json: unknown): T[] => (Array.isArray(json) ? (json as T[]) : []);

export async function gatherContent(
  ctx: RequestContext,
  req: PacketRequest,
): Promise<{ content: PacketContent; citations: Citation[]; authority: AuthorityGrant }> {
  const matterId = req.matter.id;
  const judgment = req.judgmentId
    ? await ctx.db.judgment.findFirst({ where: { id: req.judgmentId, matterId } })
    : null;
  if (req.judgmentId && !judgment) throw missingIn("judgment", req.judgmentId, "judgment_id");
  const authority = await authorityFor(ctx, matterId, req.legalAuthorityId);
  const named = await namedWallets(ctx, matterId, req.wallets);

  const [debtorRows, matterWallets, hypothesisRows, exposureRows, claimRows, maps] =
    await Promise.all([
      ctx.db.debtor.findMany({ where: { matterId }, orderBy: { id: "desc" }, take: READ_LIMIT }),
      named.length
        ? Promise.resolve([] as Wallet[])
        : ctx.db.wallet.findMany({
            where: { matterId },
            orderBy: { id: "desc" },
            take: READ_LIMIT,
          }),
      ctx.db.exchangeHypothesis.findMany({
        where: { matterId },
        orderBy: { id: "desc" },
        take: READ_LIMIT,
      }),
      ctx.db.stablecoinExposure.findMany({
        where: { matterId },
        orderBy: { id: "desc" },
        take: READ_LIMIT,
      }),
      ctx.db.attributionClaim.findMany({
        where: { matterId },
        orderBy: { id: "desc" },
        take: READ_LIMIT,
      }),
      ctx.db.cryptoAssetMap.findMany({
        where: { matterId },
        orderBy: { id: "desc" },
        take: ASSET_MAPS_READ,
        select: { tokenExposures: true },
      }),
    ]);

  // Named wallets limit the crypto evidence to them; with none named the matter's all count.
  const walletList = named.length
    ? named
    : matterWallets.map((w) => ({ address: w.address, wallet: w as Wallet | null }));
  const addressSet = new Set(walletList.map((w) => normalizeAddress(w.address)));
  const idSet = new Set(walletList.flatMap((w) => (w.wallet ? [w.wallet.id] : [])));
  const concerns = (address: string) => !named.length || addressSet.has(normalizeAddress(address));

  // Holdings of each wallet from the newest asset map that has it.
  const holdings = new Map<string, Holding[]>();
  for (const map of maps) {
    const byWallet = new Map<string, Holding[]>();
    for (const h of jsonRows<StoredHolding>(map.tokenExposures)) {
      const key = normalizeAddress(h.wallet);
      if (holdings.has(key)) continue;
      byWallet.set(key, [
        ...(byWallet.get(key) ?? []),
        { asset: h.asset, network: h.network, amount: String(h.amount), usd_value: h.usdValue },
      ]);
    }
    for (const [k, v] of byWallet) holdings.set(k, v);
  }

  const wallets = newestPerKey(walletList, (w) => normalizeAddress(w.address));
  const debtors = newestPerKey(debtorRows, (d) => d.id);
  const hypotheses = newestPerKey(
    hypothesisRows.filter((h) => concerns(h.wallet)),
    (h) => `${h.exchange}|${normalizeAddress(h.wallet)}|${h.network}`,
  );
  const exposures = newestPerKey(
    exposureRows.filter((e) => concerns(e.wallet)),
    (e) => `${normalizeAddress(e.wallet)}|${e.network}|${e.contract.toLowerCase()}`,
  );
  const claims = newestPerKey(
    claimRows.filter(
      (c) => !named.length || idSet.has(c.subject) || addressSet.has(normalizeAddress(c.subject)),
    ),
    (c) => c.id,
  );

  const citations: Citation[] = [
    ...req.sourceRefs.map((ref) => ({ ref, citedBy: "request" })),
    ...sourceRefsOf(authority.sourceRefs).map((ref) => ({
      ref,
      citedBy: `authority ${authority.id}`,
    })),
    ...(judgment
      ? sourceRefsOf(judgment.sourceRefs).map((ref) => ({
          ref,
          citedBy: `judgment ${judgment.id}`,
        }))
      : []),
    ...wallets.kept.flatMap((w) =>
      w.wallet
        ? sourceRefsOf(w.wallet.sourceRefs).map((ref) => ({
            ref,
            citedBy: `wallet ${w.wallet!.id}`,
          }))
        : [],
    ),
    ...claims.kept.flatMap((c) =>
      sourceRefsOf(c.sourceRefs).map((ref) => ({ ref, citedBy: `attribution_claim ${c.id}` })),
    ),
    ...hypotheses.kept.flatMap((h) =>
      sourceRefsOf(h.sourceRefs).map((ref) => ({ ref, citedBy: `exchange_hypothesis ${h.id}` })),
    ),
  ];

  const balance = judgment ? balanceOf(judgment) : null;
  const channel = req.channel;
  const content: PacketContent = {
    schema_version: 1,
    kind: req.kind,
    packet_type: req.packetType,
    title: KINDS[req.kind].title,
    prepared_at: new Date().toISOString(),
    sender: {
      authorized_sender: req.authorizedSender,
      organization_id: req.organization.id,
      organization_name: req.organization.name,
      statement: senderStatement(req.kind, req.authorizedSender, req.organization.name),
    },
    matter: { matter_id: matterId, name: req.matter.name },
    judgment:
      judgment && balance
        ? {
            judgment_id: judgment.id,
            court: judgment.court,
            case_number: judgment.caseNumber,
            jurisdiction: judgment.jurisdiction,
            creditor: judgment.creditor,
            debtor: judgment.debtor,
            amount: wire(balance.principal),
            date_entered: isoDate(judgment.dateEntered),
            status: judgment.status,
            balance: {
              principal: wire(balance.principal),
              interest_accrued: wire(balance.interestAccrued),
              payments: wire(balance.payments),
              outstanding: wire(balance.outstanding),
              as_of: balance.asOf,
              interest_rate: balance.interestRate,
              rate_basis: balance.rateBasis,
              review_required: balance.reviewRequired,
            },
          }
        : null,
    debtors: debtors.kept.map((d) => ({
      debtor_id: d.id,
      type: d.type,
      legal_name: d.legalName,
      aliases: d.aliases,
      identifiers: (d.identifiers ?? {}) as Record<string, unknown>,
    })),
    wallets: wallets.kept.map((w) =>
      walletSnapshot(w.address, w.wallet, holdings.get(normalizeAddress(w.address)) ?? []),
    ),
    exchange_hypotheses: hypotheses.kept.map((h): HypothesisSnapshot => {
      const readiness = h.packetReadiness as { ready?: boolean; missing?: string[] };
      return {
        hypothesis_id: h.id,
        exchange: h.exchange,
        wallet: h.wallet,
        network: h.network,
        hop: h.hop,
        confidence: h.confidence,
        label: h.label,
        evidence_tier: h.evidenceTier,
        packet_ready: readiness.ready === true,
        missing: readiness.missing ?? [],
        basis: jsonRows<StoredBasis>(h.basis).map((b) => ({
          hop: b.hop,
          transaction_hash: b.transactionHash,
          direction: b.direction,
          counterparty: b.counterparty,
          asset: b.asset,
          amount: String(b.amount),
          timestamp: b.timestamp,
        })),
      };
    }),
    stablecoin_exposure: exposures.kept.map(
      (e): ExposureSnapshot => ({
        exposure_id: e.id,
        issuer: e.issuer,
        asset: e.asset,
        network: e.network,
        wallet: e.wallet,
        amount: e.amount.toString(),
        usd_value: parValue(e.asset, e.amount.toString()),
        freeze_capability: e.freezeCapability,
        freeze_capability_notes: e.freezeCapabilityNotes,
        review_required: e.reviewRequired,
      }),
    ),
    attribution_claims: claims.kept.map(
      (c): ClaimSnapshot => ({
        claim_id: c.id,
        subject: c.subject,
        predicate: c.predicate,
        object: c.object,
        source_type: c.sourceType,
        evidence_tier: c.evidenceTier,
        confidence: c.confidence,
        label: c.label,
      }),
    ),
    authority: {
      authority_id: authority.id,
      basis: authority.basis,
      status: grantStatus(authority, new Date()),
      granted_by: authority.grantedBy,
      scope: authority.scope,
      effective_at: authority.effectiveAt.toISOString(),
      expires_at: authority.expiresAt?.toISOString() ?? null,
    },
    channel: channel
      ? {
          relationship_id: channel.relationship.id,
          counterparty_id: channel.counterparty.id,
          counterparty_name: channel.counterparty.name,
          counterparty_type: channel.counterparty.type,
          channel_type: channel.relationship.channelType,
          authorized_submitter_required: channel.relationship.authorizedSubmitterRequired,
          packet_types_supported: channel.relationship.packetTypesSupported,
          lists_this_kind: channel.relationship.packetTypesSupported.some(
            (t) => t.replace(/-/g, "_") === req.kind,
          ),
        }
      : null,
    sanctions: req.sanctions,
    notes: req.notes,
    omitted: Object.fromEntries(
      Object.entries({
        wallets: wallets.omitted,
        debtors: debtors.omitted,
        exchange_hypotheses: hypotheses.omitted,
        stablecoin_exposure: exposures.omitted,
        attribution_claims: claims.omitted,
      }).filter(([, n]) => n > 0),
    ),
  };
  return { content, citations, authority };
}
