/**
 * Expansion leads, pure: what the campaign does not target yet, found in the matter's evidence
 * around the campaign's wallets (its targeted wallets and the wallets of its targeted debtors;
 * a campaign without wallets expands from every wallet the matter's evidence names).
 * - timeline_counterparties: addresses that sent to or received from those wallets in the
 *   matter's transaction timelines. Confidence: the tier-4 base 0.45 (that funds moved there
 *   suggests, not proves, a link), noisy-OR over distinct transactions, at most the tier-2
 *   base 0.80. A counterparty that is an attribution wallet of the matter is a `wallet` lead.
 * - exchange_hypotheses: exchanges the matter's hypotheses link to those wallets; confidence
 *   of the best hypothesis.
 * - attribution_neighbours: nodes one edge away from those wallets (or from a targeted debtor's
 *   name) in the matter's attribution graphs; confidence of the edge's claim.
 * - stablecoin_issuers: issuers of stablecoins those wallets hold; the tier-2 base 0.80 (an
 *   on-chain balance is a deterministic read).
 * One lead per target (its basis and sources merged, its best confidence); highest confidence
 * first, ties by target id, then type.
 */
import { normalizeAddress } from "../attribution/service.js";
import { TIER_BASE } from "../core/confidence.js";
import type { CampaignFacts } from "./registry.js";
import { EXPANSION_TYPES, type ExpansionType, type LeadType } from "./values.js";

export interface Lead {
  targetType: LeadType;
  targetId: string;
  label: string;
  network: string | null;
  expansionTypes: ExpansionType[];
  basis: string[];
  confidence: number;
  sourceIds: string[];
}

const lc = (s: string) => s.trim().toLowerCase();
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** Counterparty confidence from the number of distinct transactions seen. */
export const counterpartyConfidence = (transactions: number): number =>
  round4(Math.min(TIER_BASE.tier_2, 1 - (1 - TIER_BASE.tier_4) ** Math.max(1, transactions)));

class Leads {
  private readonly byKey = new Map<string, Lead>();

  add(lead: Omit<Lead, "expansionTypes"> & { expansionType: ExpansionType }) {
    const key = `${lead.targetType}\u0000${
      lead.targetType === "address" || lead.targetType === "wallet"
        ? lead.targetId
        : lc(lead.targetId)
    }`;
    const existing = this.byKey.get(key);
    if (!existing) {
      const { expansionType, ...rest } = lead;
      this.byKey.set(key, { ...rest, expansionTypes: [expansionType] });
      return;
    }
    if (!existing.expansionTypes.includes(lead.expansionType))
      existing.expansionTypes.push(lead.expansionType);
    for (const b of lead.basis) if (!existing.basis.includes(b)) existing.basis.push(b);
    for (const id of lead.sourceIds)
      if (!existing.sourceIds.includes(id)) existing.sourceIds.push(id);
    existing.confidence = Math.max(existing.confidence, lead.confidence);
    existing.network ??= lead.network;
  }

  sorted(): Lead[] {
    return [...this.byKey.values()]
      .map((l) => ({
        ...l,
        expansionTypes: EXPANSION_TYPES.filter((t) => l.expansionTypes.includes(t)),
      }))
      .sort(
        (a, b) =>
          b.confidence - a.confidence ||
          (a.targetId < b.targetId ? -1 : a.targetId > b.targetId ? 1 : 0) ||
          (a.targetType < b.targetType ? -1 : a.targetType > b.targetType ? 1 : 0),
      );
  }
}

/** Every lead of the campaign for these expansion types, best first. */
export function buildLeads(facts: CampaignFacts, types: readonly ExpansionType[]): Lead[] {
  const e = facts.evidence;
  const walletById = new Map(e.wallets.map((w) => [w.id, w]));
  const walletByAddress = new Map(e.wallets.map((w) => [w.normalizedAddress, w]));
  const targetedWallets = new Set(facts.targetSet.wallets);
  const targetedDebtors = e.debtors.filter((d) => facts.targetSet.debtors.includes(d.id));
  // The campaign's own wallets: never leads.
  const own = new Set<string>();
  for (const id of facts.targetSet.wallets) {
    const w = walletById.get(id);
    if (w) own.add(w.normalizedAddress);
  }
  for (const d of targetedDebtors) for (const a of d.wallets) own.add(normalizeAddress(a));
  const seeds = new Set(own);
  if (!seeds.size) {
    for (const w of e.wallets) seeds.add(w.normalizedAddress);
    for (const t of e.timelines) for (const a of t.wallets) seeds.add(normalizeAddress(a));
    for (const h of e.hypotheses) seeds.add(normalizeAddress(h.wallet));
    for (const x of e.exposures) seeds.add(normalizeAddress(x.wallet));
  }
  const exchangesTargeted = new Set(facts.targetSet.exchanges.map(lc));
  const issuersTargeted = new Set(facts.targetSet.issuers.map(lc));
  const leads = new Leads();

  if (types.includes("timeline_counterparties")) {
    const seen = new Map<
      string,
      {
        address: string;
        network: string;
        label: string | null;
        txs: Set<string>;
        timelines: Set<string>;
      }
    >();
    for (const t of e.timelines) {
      for (const ev of t.events ?? []) {
        const from = normalizeAddress(ev.fromAddress);
        const to = normalizeAddress(ev.toAddress);
        const sides: Array<[string, string, string, string | null]> = [
          [from, to, ev.toAddress, ev.toLabel],
          [to, from, ev.fromAddress, ev.fromLabel],
        ];
        for (const [seed, other, raw, label] of sides) {
          if (!seeds.has(seed) || other === seed || own.has(other)) continue;
          const entry = seen.get(other) ?? {
            address: raw,
            network: ev.network,
            label,
            txs: new Set<string>(),
            timelines: new Set<string>(),
          };
          entry.txs.add(`${ev.network}:${ev.transactionHash}`);
          entry.timelines.add(t.id);
          seen.set(other, entry);
        }
      }
    }
    for (const [key, c] of seen) {
      const wallet = walletByAddress.get(key);
      if (wallet && targetedWallets.has(wallet.id)) continue;
      leads.add({
        targetType: wallet ? "wallet" : "address",
        targetId: wallet ? wallet.id : c.address,
        label: c.label ? `${c.address} (${c.label})` : c.address,
        network: c.network,
        expansionType: "timeline_counterparties",
        basis: [
          `${c.txs.size} transfer(s) with the campaign's wallets in timeline(s) ${[...c.timelines].join(", ")}${c.label ? `; labelled ${c.label}` : ""}.`,
        ],
        confidence: counterpartyConfidence(c.txs.size),
        sourceIds: [...c.timelines],
      });
    }
  }

  if (types.includes("exchange_hypotheses")) {
    for (const h of e.hypotheses) {
      if (!seeds.has(normalizeAddress(h.wallet)) || exchangesTargeted.has(lc(h.exchange))) continue;
      leads.add({
        targetType: "exchange",
        targetId: h.exchange,
        label: h.exchange,
        network: h.network,
        expansionType: "exchange_hypotheses",
        basis: [
          `Hypothesis ${h.id}: ${h.wallet} ${h.hop === "direct" ? "dealt directly with" : "is one hop from"} ${h.exchange} on ${h.network} (${h.label}).`,
        ],
        confidence: h.confidence,
        sourceIds: [h.id],
      });
    }
  }

  if (types.includes("attribution_neighbours")) {
    const debtorNames = new Set(
      targetedDebtors.flatMap((d) => [d.legalName, ...d.aliases]).map(lc),
    );
    for (const g of e.graphs) {
      const nodes = new Map((g.nodes ?? []).map((n) => [n.nodeId, n]));
      const isSeed = (id: string) => {
        const n = nodes.get(id);
        if (!n) return false;
        if (n.kind === "wallet") {
          const w = walletById.get(n.nodeId);
          return !!w && seeds.has(w.normalizedAddress);
        }
        return debtorNames.has(lc(n.label));
      };
      for (const edge of g.edges ?? []) {
        for (const [from, to] of [
          [edge.source, edge.target],
          [edge.target, edge.source],
        ] as const) {
          const other = nodes.get(to);
          if (!isSeed(from) || !other || isSeed(to)) continue;
          if (other.kind === "wallet" && targetedWallets.has(other.nodeId)) continue;
          const subject = nodes.get(edge.source)?.label ?? edge.source;
          const object = nodes.get(edge.target)?.label ?? edge.target;
          leads.add({
            targetType: other.kind === "wallet" ? "wallet" : "entity",
            targetId: other.kind === "wallet" ? other.nodeId : other.label,
            label: other.label,
            network: other.network ?? null,
            expansionType: "attribution_neighbours",
            basis: [
              `Claim ${edge.claimId}: ${subject} ${edge.predicate} ${object} (${edge.label}).`,
            ],
            confidence: edge.confidence,
            sourceIds: [edge.claimId],
          });
        }
      }
    }
  }

  if (types.includes("stablecoin_issuers")) {
    for (const x of e.exposures) {
      if (!seeds.has(normalizeAddress(x.wallet)) || issuersTargeted.has(lc(x.issuer))) continue;
      const freeze =
        x.freezeCapability === "issuer_can_freeze"
          ? "the issuer can freeze it"
          : x.freezeCapability === "unconfirmed"
            ? "freeze capability unconfirmed"
            : "no issuer freeze control";
      leads.add({
        targetType: "issuer",
        targetId: x.issuer,
        label: x.issuer,
        network: x.network,
        expansionType: "stablecoin_issuers",
        basis: [`${x.wallet} holds ${String(x.amount)} ${x.asset} on ${x.network}; ${freeze}.`],
        confidence: TIER_BASE.tier_2,
        sourceIds: [x.id],
      });
    }
  }
  return leads.sorted();
}
