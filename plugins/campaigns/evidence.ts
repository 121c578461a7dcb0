/**
 * What a campaign's focus, leads, gates and board read of its matter, loaded for every matter of
 * a request at once: a fixed number of SQL statements (one per table) however many campaigns,
 * targets, alerts or records there are (CONTRACT.md §14: no N+1).
 */
import type { RequestContext } from "../../src/context.js";
import type {
  Alert,
  Deadline,
  ExchangeHypothesis,
  StablecoinExposure,
  Wallet,
} from "../../src/generated/prisma/client.js";
import { requestLoader } from "../../src/schema/request-loader.js";
import { grantsByMatter } from "../matters/loaders.js";
import { authorityStatus, type AuthorityStatus } from "../matters/service.js";
import { sanctionsGate, type SanctionsGateOutcome } from "../sanctions/gate.js";

export interface JudgmentFacts {
  id: string;
  status: string;
  amount: number;
  currency: string;
}

export interface TimelineFacts {
  id: string;
  wallets: string[];
  events: Array<{
    transactionHash: string;
    network: string;
    timestamp: string;
    fromAddress: string;
    toAddress: string;
    asset: string;
    amount: string;
    fromLabel: string | null;
    toLabel: string | null;
  }>;
}

export interface GraphFacts {
  id: string;
  nodes: Array<{ nodeId: string; kind: string; label: string; network: string | null }>;
  edges: Array<{
    source: string;
    target: string;
    predicate: string;
    claimId: string;
    confidence: number;
    label: string;
  }>;
}

export interface DebtorFacts {
  id: string;
  legalName: string;
  aliases: string[];
  wallets: string[];
}

export interface MatterEvidence {
  matterId: string;
  authority: AuthorityStatus;
  sanctions: SanctionsGateOutcome;
  judgments: JudgmentFacts[];
  wallets: Wallet[];
  hypotheses: ExchangeHypothesis[];
  exposures: StablecoinExposure[];
  deadlines: Deadline[];
  /** Newest first. */
  alerts: Alert[];
  timelines: TimelineFacts[];
  graphs: GraphFacts[];
  debtors: DebtorFacts[];
}

function groupBy<T extends { matterId: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.matterId);
    if (list) list.push(row);
    else out.set(row.matterId, [row]);
  }
  return out;
}

async function load(ctx: RequestContext, ids: readonly string[]): Promise<MatterEvidence[]> {
  const inMatters = { matterId: { in: [...ids] } };
  const [
    grants,
    screens,
    reviews,
    judgments,
    wallets,
    hypotheses,
    exposures,
    deadlines,
    alerts,
    timelines,
    graphs,
    debtors,
  ] = await Promise.all([
    grantsByMatter(ctx).loadMany(ids),
    ctx.db.sanctionsScreen.findMany({
      where: inMatters,
      select: { id: true, matterId: true, status: true },
    }),
    ctx.db.sanctionsReview.findMany({
      where: inMatters,
      select: { id: true, matterId: true, screenId: true, status: true },
    }),
    ctx.db.judgment.findMany({
      where: inMatters,
      select: { id: true, matterId: true, status: true, amount: true, currency: true },
    }),
    ctx.db.wallet.findMany({ where: inMatters, orderBy: { id: "asc" } }),
    ctx.db.exchangeHypothesis.findMany({ where: inMatters, orderBy: { id: "asc" } }),
    ctx.db.stablecoinExposure.findMany({ where: inMatters, orderBy: { id: "asc" } }),
    ctx.db.deadline.findMany({ where: { ...inMatters, status: "open" }, orderBy: { id: "asc" } }),
    ctx.db.alert.findMany({ where: inMatters, orderBy: { id: "desc" } }),
    ctx.db.transactionTimeline.findMany({
      where: inMatters,
      select: { id: true, matterId: true, wallets: true, events: true },
      orderBy: { id: "asc" },
    }),
    ctx.db.attributionGraph.findMany({
      where: inMatters,
      select: { id: true, matterId: true, nodes: true, edges: true },
      orderBy: { id: "asc" },
    }),
    ctx.db.debtor.findMany({
      where: inMatters,
      select: { id: true, matterId: true, legalName: true, aliases: true, wallets: true },
      orderBy: { id: "asc" },
    }),
  ]);
  const by = {
    screens: groupBy(screens),
    reviews: groupBy(reviews),
    judgments: groupBy(judgments),
    wallets: groupBy(wallets),
    hypotheses: groupBy(hypotheses),
    exposures: groupBy(exposures),
    deadlines: groupBy(deadlines),
    alerts: groupBy(alerts),
    timelines: groupBy(timelines),
    graphs: groupBy(graphs),
    debtors: groupBy(debtors),
  };
  const now = new Date();
  return ids.map((matterId, i) => {
    const grantsOf = grants[i];
    return {
      matterId,
      authority: authorityStatus(grantsOf instanceof Error ? [] : grantsOf!, now),
      sanctions: sanctionsGate(by.screens.get(matterId) ?? [], by.reviews.get(matterId) ?? []),
      judgments: (by.judgments.get(matterId) ?? []).map((j) => ({
        id: j.id,
        status: j.status,
        amount: Number(j.amount),
        currency: j.currency,
      })),
      wallets: by.wallets.get(matterId) ?? [],
      hypotheses: by.hypotheses.get(matterId) ?? [],
      exposures: by.exposures.get(matterId) ?? [],
      deadlines: by.deadlines.get(matterId) ?? [],
      alerts: by.alerts.get(matterId) ?? [],
      timelines: (by.timelines.get(matterId) ?? []) as unknown as TimelineFacts[],
      graphs: (by.graphs.get(matterId) ?? []) as unknown as GraphFacts[],
      debtors: by.debtors.get(matterId) ?? [],
    };
  });
}

/** The evidence of each matter, batched per request. */
export function evidenceOf(ctx: RequestContext, matterId: string): Promise<MatterEvidence> {
  return requestLoader<string, MatterEvidence>(ctx, "campaigns.evidence", (ids) =>
    load(ctx, ids),
  ).load(matterId);
}
