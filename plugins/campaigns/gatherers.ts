/**
 * The candidate sources this module registers (registry.ts), pure over a campaign's facts.
 * Signals, each in [0, 1] (CONTRACT.md §13):
 * - confidence: a wallet's attribution confidence; an exchange's best hypothesis; an issuer's
 *   best holding wallet (a holder not imported into attribution counts at the tier-4 base, 0.45);
 *   operator tasks 1 (a deadline or alert is a fact, not an inference).
 * - amount: USD held or moved (stablecoins at par; nothing else is valued), as a share of the
 *   campaign judgment when it is in USD, else of the largest candidate (amount.ts).
 * - freezability: a wallet's or issuer's best stablecoin freeze capability (issuer_can_freeze 1,
 *   unconfirmed 0.5, none 0, from data/stablecoins.json as stored on the exposure); an exchange
 *   1 when funds reached its own labelled wallet directly (a custodial account it can freeze on
 *   legal process), 0.5 through one hop; tasks 0.
 * - channel: 1 when a registered channel source knows a usable relationship with the exchange or
 *   issuer (for a wallet: with an exchange or issuer it deals with); 0 otherwise.
 * - urgency: the most severe live alert about the target (low .25, medium .5, high .75,
 *   critical 1); for a deadline, its proximity (due or overdue 1, falling to 0 at 90 days).
 * - readiness: the share of packet prerequisites present: authority grant, an enforceable
 *   campaign judgment, and per type wallet source refs / the exchange hypothesis' own checks
 *   (packetReadiness of the crypto module, on today's facts) / an issuer that can freeze;
 *   operator tasks 1 (they can be done now).
 * Operator tasks: the matter's open deadlines due within 90 days (overdue included) and its
 * alerts still `open` or `actionable` (they need triage or action).
 * Packets and actions are registered by their own modules, with their signals documented there
 * (plugins/packets/focus-source.ts, plugins/actions/focus-source.ts).
 */
import { daysBetween } from "../judgments/domain/deadlines.js";
import { ENFORCEABLE_STATUSES } from "../judgments/values.js";
import { normalizeAddress } from "../attribution/service.js";
import { TIER_BASE } from "../core/confidence.js";
import { parValue } from "../crypto/exposures.js";
import { packetReadiness, type MatterFacts } from "../crypto/readiness.js";
import { referenceData } from "../crypto/reference.js";
import type { Hop } from "../crypto/hypotheses.js";
import type { MatterEvidence } from "./evidence.js";
import type { CampaignFacts, CandidateSource, RawCandidate } from "./registry.js";

export const URGENCY_HORIZON_DAYS = 90;
const FREEZE: Record<string, number> = { issuer_can_freeze: 1, unconfirmed: 0.5 };
const SEVERITY: Record<string, number> = { low: 0.25, medium: 0.5, high: 0.75, critical: 1 };

/** The freezability signal of a stored stablecoin exposure's freeze capability. */
export const freezeSignal = (capability: string): number => FREEZE[capability] ?? 0;
/** Alerts still in play; `open` and `actionable` ones are also operator tasks. */
const LIVE_ALERTS = new Set(["open", "actionable", "monitoring"]);
const TASK_ALERTS = new Set(["open", "actionable"]);

const lc = (s: string) => s.trim().toLowerCase();
const mean = (xs: readonly boolean[]) => xs.filter(Boolean).length / xs.length;
const max = (xs: readonly number[]) => xs.reduce((a, b) => Math.max(a, b), 0);

export const usdOf = (e: { asset: string; amount: unknown }): number =>
  parValue(e.asset, String(e.amount)) ?? 0;

/** Alert urgency by what it is about: an address, `exchange:<name>` or `issuer:<name>`. */
export function alertUrgency(evidence: MatterEvidence): Map<string, number> {
  const out = new Map<string, number>();
  const bump = (key: string, value: number) => out.set(key, Math.max(out.get(key) ?? 0, value));
  for (const a of evidence.alerts) {
    if (!LIVE_ALERTS.has(a.status)) continue;
    const value = SEVERITY[a.severity] ?? 0;
    bump(normalizeAddress(a.target), value);
    const last = a.target.split(":").at(-1);
    if (last && last !== a.target) bump(normalizeAddress(last), value);
    const details = (a.details ?? {}) as Record<string, unknown>;
    if (typeof details.issuer === "string") bump(`issuer:${lc(details.issuer)}`, value);
    if (typeof details.exchange === "string") bump(`exchange:${lc(details.exchange)}`, value);
  }
  return out;
}

/** Facts shared by every source of one campaign, computed once per campaign. */
interface Shared {
  urgency: Map<string, number>;
  authority: boolean;
  judgmentReady: boolean;
  cryptoFacts: MatterFacts;
  exposuresByWallet: Map<string, MatterEvidence["exposures"]>;
  hypothesesByWallet: Map<string, MatterEvidence["hypotheses"]>;
  walletByAddress: Map<string, MatterEvidence["wallets"][number]>;
}

const sharedCache = new WeakMap<CampaignFacts, Shared>();

function index<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

function shared(facts: CampaignFacts): Shared {
  let s = sharedCache.get(facts);
  if (s) return s;
  const e = facts.evidence;
  const judgment = e.judgments.find((j) => j.id === facts.judgmentId);
  const validated = e.judgments.some((j) => ENFORCEABLE_STATUSES.includes(j.status));
  s = {
    urgency: alertUrgency(e),
    authority: e.authority === "granted",
    judgmentReady: !!judgment && ENFORCEABLE_STATUSES.includes(judgment.status),
    cryptoFacts: {
      authority: e.authority,
      judgment: validated ? "validated" : e.judgments.length ? "entered" : "none",
    },
    exposuresByWallet: index(e.exposures, (x) => normalizeAddress(x.wallet)),
    hypothesesByWallet: index(e.hypotheses, (h) => normalizeAddress(h.wallet)),
    walletByAddress: new Map(e.wallets.map((w) => [w.normalizedAddress, w])),
  };
  sharedCache.set(facts, s);
  return s;
}

export const walletSource: CandidateSource = {
  targetType: "wallet",
  gather(facts) {
    const s = shared(facts);
    const byId = new Map(facts.evidence.wallets.map((w) => [w.id, w]));
    const out: RawCandidate[] = [];
    for (const id of facts.targetSet.wallets) {
      const w = byId.get(id);
      if (!w) continue;
      const exposures = s.exposuresByWallet.get(w.normalizedAddress) ?? [];
      const counterparties = [
        ...(s.hypothesesByWallet.get(w.normalizedAddress) ?? []).map((h) => h.exchange),
        ...exposures.map((x) => x.issuer),
      ];
      const refs = Array.isArray(w.sourceRefs) ? w.sourceRefs.length : 0;
      out.push({
        targetType: "wallet",
        targetId: w.id,
        label: `${w.address} (${w.network})`,
        amountUsd: exposures.reduce((sum, x) => sum + usdOf(x), 0),
        signals: {
          confidence: w.confidence,
          freezability: max(exposures.map((x) => FREEZE[x.freezeCapability] ?? 0)),
          channel: counterparties.some((c) => facts.hasChannel(c)) ? 1 : 0,
          urgency: s.urgency.get(w.normalizedAddress) ?? 0,
          readiness: mean([s.authority, s.judgmentReady, refs > 0]),
        },
      });
    }
    return out;
  },
};

/** Share of an exchange hypothesis' packet checks present today (review items do not count). */
function hypothesisReadiness(
  facts: MatterFacts,
  h: { hop: string; packetReadiness: unknown },
): number {
  const stored = (h.packetReadiness ?? {}) as { checks?: Array<{ item: string; status: string }> };
  const hadRefs = stored.checks?.some((c) => c.item === "source_refs" && c.status === "present");
  const checks = packetReadiness(facts, h.hop as Hop, !!hadRefs).checks.filter(
    (c) => c.status !== "review",
  );
  return checks.filter((c) => c.status === "present").length / checks.length;
}

export const exchangeSource: CandidateSource = {
  targetType: "exchange",
  gather(facts) {
    const s = shared(facts);
    const stablecoins = referenceData().symbols();
    const byExchange = index(facts.evidence.hypotheses, (h) => lc(h.exchange));
    return facts.targetSet.exchanges.map((name) => {
      const hyps = byExchange.get(lc(name)) ?? [];
      let amountUsd = 0;
      for (const h of hyps)
        for (const b of (Array.isArray(h.basis) ? h.basis : []) as Array<Record<string, string>>)
          if (b.direction === "sent_to_exchange" && stablecoins.has(b.asset ?? ""))
            amountUsd += parValue(b.asset!, b.amount ?? "0") ?? 0;
      return {
        targetType: "exchange" as const,
        targetId: name,
        label: name,
        amountUsd,
        signals: {
          confidence: max(hyps.map((h) => h.confidence)),
          freezability: hyps.some((h) => h.hop === "direct") ? 1 : hyps.length ? 0.5 : 0,
          channel: facts.hasChannel(name) ? 1 : 0,
          urgency: s.urgency.get(`exchange:${lc(name)}`) ?? 0,
          readiness: max(hyps.map((h) => hypothesisReadiness(s.cryptoFacts, h))),
        },
      };
    });
  },
};

export const issuerSource: CandidateSource = {
  targetType: "issuer",
  gather(facts) {
    const s = shared(facts);
    const byIssuer = index(facts.evidence.exposures, (x) => lc(x.issuer));
    return facts.targetSet.issuers.map((name) => {
      const exposures = byIssuer.get(lc(name)) ?? [];
      const canFreeze = exposures.some((x) => x.freezeCapability === "issuer_can_freeze");
      return {
        targetType: "issuer" as const,
        targetId: name,
        label: name,
        amountUsd: exposures.reduce((sum, x) => sum + usdOf(x), 0),
        signals: {
          confidence: max(
            exposures.map(
              (x) =>
                s.walletByAddress.get(normalizeAddress(x.wallet))?.confidence ?? TIER_BASE.tier_4,
            ),
          ),
          freezability: max(exposures.map((x) => FREEZE[x.freezeCapability] ?? 0)),
          channel: facts.hasChannel(name) ? 1 : 0,
          urgency: s.urgency.get(`issuer:${lc(name)}`) ?? 0,
          readiness: mean([s.authority, s.judgmentReady, canFreeze]),
        },
      };
    });
  },
};

/** A deadline's urgency: 1 when due or overdue, falling linearly to 0 at the horizon. */
export const deadlineUrgency = (days: number): number =>
  days <= 0 ? 1 : Math.max(0, 1 - days / URGENCY_HORIZON_DAYS);

export const operatorTaskSource: CandidateSource = {
  targetType: "operator_task",
  gather(facts) {
    const task = { confidence: 1, freezability: 0, channel: 0, readiness: 1 };
    const out: RawCandidate[] = [];
    for (const d of facts.evidence.deadlines) {
      const date = d.date.toISOString().slice(0, 10);
      const days = daysBetween(facts.today, date);
      if (days > URGENCY_HORIZON_DAYS) continue;
      out.push({
        targetType: "operator_task",
        targetId: d.id,
        label: `${d.type} deadline ${date}`,
        amountUsd: 0,
        signals: { ...task, urgency: deadlineUrgency(days) },
      });
    }
    for (const a of facts.evidence.alerts) {
      if (!TASK_ALERTS.has(a.status)) continue;
      out.push({
        targetType: "operator_task",
        targetId: a.id,
        label: `${a.type} alert: ${a.target}`,
        amountUsd: 0,
        signals: { ...task, urgency: SEVERITY[a.severity] ?? 0 },
      });
    }
    return out;
  },
};

export const BUILT_IN_SOURCES = [walletSource, exchangeSource, issuerSource, operatorTaskSource];
