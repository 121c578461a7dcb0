/**
 * Reads what the matter really holds for a report and returns it as the content snapshot, its
 * source manifest (every record the report rests on, with its REST path) and the reasons it
 * needs review. Every read goes through the caller's scoped client.
 */
import { Decimal } from "decimal.js";
import type { RequestContext } from "../../src/context.js";
import type { Claimant, Matter } from "../../src/generated/prisma/client.js";
import type { MoneyShape } from "../core/shared-types.js";
import { parValue } from "../crypto/exposures.js";
import type { ManifestEntry } from "../exports/document.js";
import { PRESSURE_NAMES } from "../judgments/domain/profile.js";
import { balanceOf, isoDate, paymentsOf } from "../judgments/service.js";
import { fromCents } from "../ledger/amounts.js";
import { ledgerOf } from "../ledger/queries.js";
import type { StoredBreakdown } from "../ledger/waterfall-types.js";
import { authorityStatus } from "../matters/service.js";
import { sanctionsGate } from "../sanctions/gate.js";
import type {
  BriefSections,
  ClaimantView,
  JudgmentSnapshot,
  MatterSnapshot,
  ReportContent,
  SanctionsSnapshot,
  WaterfallSnapshot,
  WireMoney,
} from "./content.js";
import type { Audience, ReportSection, ReportType } from "./values.js";

/** At most this many items of each list go into a report; `omitted` counts the rest. */
export const REPORT_LIST_LIMIT = 200;

const wire = (m: MoneyShape): WireMoney => ({
  amount: m.amount,
  currency: m.currency,
  valuation_time: new Date(m.valuationTime).toISOString(),
});
const usd = (value: Decimal.Value, at: Date): WireMoney => ({
  amount: new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toNumber(),
  currency: "USD",
  valuation_time: at.toISOString(),
});
const cents = (c: string | bigint, at: Date) => usd(fromCents(c), at);

const entry = (id: string, type: string, title: string, uri: string): ManifestEntry => ({
  source_id: id,
  source_type: type,
  title,
  uri,
  hash: null,
  chain_of_custody_id: null,
});

export interface Organization {
  id: string;
  name: string;
}

export interface Gathered {
  content: ReportContent;
  manifest: ManifestEntry[];
  reasons: string[];
}

/** What both kinds of report read: the matter, its judgments with balances, ledger, waterfall, sanctions. */
async function basics(ctx: RequestContext, matter: Matter, now: Date) {
  const matterId = matter.id;
  const [grants, judgments, recoveries, remittances, waterfall, screens, reviews] =
    await Promise.all([
      ctx.db.authorityGrant.findMany({
        where: { matterId },
        select: { status: true, effectiveAt: true, expiresAt: true },
      }),
      ctx.db.judgment.findMany({ where: { matterId }, orderBy: { id: "asc" } }),
      ctx.db.recoveryEvent.findMany({ where: { matterId }, orderBy: { id: "desc" } }),
      ctx.db.remittanceEvent.findMany({ where: { matterId }, orderBy: { id: "desc" } }),
      ctx.db.waterfall.findFirst({ where: { matterId }, orderBy: { id: "desc" } }),
      ctx.db.sanctionsScreen.findMany({ where: { matterId }, select: { id: true, status: true } }),
      ctx.db.sanctionsReview.findMany({
        where: { matterId },
        orderBy: { id: "asc" },
        select: { id: true, screenId: true, status: true, ofacReportRequired: true },
      }),
    ]);
  const snapshot: MatterSnapshot = {
    matter_id: matter.id,
    name: matter.name,
    status: matter.status,
    mode: matter.mode,
    lead_counsel: matter.leadCounsel,
    authority_status: authorityStatus(grants, now),
    close_reason: matter.closeReason,
  };
  const judgmentSnapshots: JudgmentSnapshot[] = [];
  for (const j of judgments) {
    const b = balanceOf(j, await paymentsOf(ctx, j), now);
    judgmentSnapshots.push({
      judgment_id: j.id,
      court: j.court,
      case_number: j.caseNumber,
      jurisdiction: j.jurisdiction,
      creditor: j.creditor,
      debtor: j.debtor,
      date_entered: isoDate(j.dateEntered),
      status: j.status,
      amount: wire({ amount: Number(j.amount), currency: j.currency, valuationTime: now }),
      outstanding: wire(b.outstanding),
      principal: wire(b.principal),
      interest_accrued: wire(b.interestAccrued),
      payments: wire(b.payments),
      as_of: b.asOf,
    });
  }
  const gate = sanctionsGate(screens, reviews);
  const sanctions: SanctionsSnapshot = {
    status: gate.pass ? "clear" : gate.code === "sanctions_hold" ? "hold" : "not_screened",
    screens: screens.length,
    screens_with_hits: screens.filter((s) => s.status !== "clear").length,
    reviews: reviews.map((r) => ({
      review_id: r.id,
      status: r.status,
      ofac_report_required: r.ofacReportRequired,
    })),
  };
  return {
    matter: snapshot,
    judgments: judgmentSnapshots,
    ledger: ledgerOf(matterId, recoveries, remittances, now),
    remittances,
    waterfall,
    sanctions,
  };
}

type Basics = Awaited<ReturnType<typeof basics>>;

function reviewReasonsOf(b: Basics, opts: { needsWaterfall: boolean }): string[] {
  const reasons: string[] = [];
  if (b.sanctions.status === "hold")
    reasons.push(
      "The matter is under a sanctions hold (a screen with matches has no cleared review, or a review is blocked): counsel reviews what the report says about recoveries and distributions.",
    );
  const review = (b.waterfall?.reviewState ?? {}) as {
    reviewRequired?: boolean;
    reviewNotes?: string;
  };
  if (opts.needsWaterfall && !b.waterfall)
    reasons.push(
      "No waterfall has been calculated for the matter: distributions are not known yet.",
    );
  if (opts.needsWaterfall && review.reviewRequired)
    reasons.push(
      `The latest waterfall awaits counsel's review: ${review.reviewNotes ?? "see its review state"}`,
    );
  return reasons;
}

function manifestOf(matter: Matter, b: Basics, extra: ManifestEntry[] = []): ManifestEntry[] {
  return [
    entry(matter.id, "matter", `Matter ${matter.id}`, `/v1/matters/${matter.id}`),
    ...b.judgments.map((j) =>
      entry(
        j.judgment_id,
        "judgment",
        `Judgment ${j.case_number}, ${j.court}`,
        `/v1/judgments/${j.judgment_id}`,
      ),
    ),
    entry(`ledger:${matter.id}`, "ledger", "Matter ledger", `/v1/ledger/matters/${matter.id}`),
    ...(b.waterfall
      ? [
          entry(
            b.waterfall.id,
            "waterfall",
            `Waterfall of ${b.waterfall.createdAt.toISOString().slice(0, 10)}`,
            `/v1/waterfall/matters/${matter.id}`,
          ),
        ]
      : []),
    ...extra,
  ];
}

function waterfallSnapshot(b: Basics, claimants: Claimant[]): WaterfallSnapshot | null {
  const w = b.waterfall;
  if (!w) return null;
  const at = w.createdAt;
  const d = w.breakdown as unknown as StoredBreakdown;
  const sum = (values: string[]) => values.reduce((s, v) => s + BigInt(v), 0n);
  const review = (w.reviewState ?? {}) as { reviewRequired?: boolean; reviewNotes?: string };
  const byId = new Map(claimants.map((c) => [c.id, c]));
  return {
    waterfall_id: w.id,
    calculated_at: at.toISOString(),
    gross_recovered: cents(d.gross, at),
    costs_total: cents(d.costs.total ?? "0", at),
    holdbacks_total: cents(sum(d.holdbacks.map((h) => h.amount)), at),
    counsel_fees: cents(d.counsel_fee, at),
    provider_economics: cents(d.provider_economics, at),
    claimant_pool: cents(d.claimant_pool, at),
    review_required: review.reviewRequired ?? false,
    review_notes: review.reviewNotes ?? null,
    claimant_distributions: d.claimants.map((line) => ({
      claimant_id: line.claimant_id,
      name: byId.get(line.claimant_id)?.name ?? line.claimant_id,
      role: byId.get(line.claimant_id)?.role ?? "claimant",
      share_percentage: line.share_percentage,
      effective_share_percentage: line.effective_share_percentage,
      amount: fromCents(line.amount).toNumber(),
      currency: "USD",
    })),
  };
}

const header = (
  type: ReportType,
  title: string,
  org: Organization,
  b: Basics,
  now: Date,
): Omit<ReportContent, "audience" | "sections" | "claimant_view" | "omitted"> => ({
  schema_version: 1,
  type,
  title,
  prepared_at: now.toISOString(),
  organization: { organization_id: org.id, organization_name: org.name },
  matter: b.matter,
});

/** First REPORT_LIST_LIMIT items, counting what was left out. */
function capped<T>(items: T[], section: ReportSection, omitted: ReportContent["omitted"]): T[] {
  if (items.length > REPORT_LIST_LIMIT) omitted[section] = items.length - REPORT_LIST_LIMIT;
  return items.slice(0, REPORT_LIST_LIMIT);
}

export async function gatherBrief(
  ctx: RequestContext,
  matter: Matter,
  org: Organization,
  audience: Audience,
  sections: ReportSection[],
): Promise<Gathered> {
  const now = new Date();
  const matterId = matter.id;
  const b = await basics(ctx, matter, now);
  const take = READ_LIMIT;
  const [claimants, exposures, wallets, campaigns, packets, actions, alerts] = await Promise.all([
    ctx.db.claimant.findMany({ where: { matterId }, orderBy: { id: "asc" } }),
    ctx.db.stablecoinExposure.findMany({ where: { matterId }, orderBy: { id: "desc" }, take }),
    ctx.db.wallet.count({ where: { matterId } }),
    ctx.db.campaign.findMany({ where: { matterId }, orderBy: { id: "desc" }, take }),
    ctx.db.packet.findMany({
      where: { matterId },
      orderBy: { id: "desc" },
      take,
      select: { id: true, type: true, packetType: true, status: true, createdAt: true },
    }),
    ctx.db.action.findMany({
      where: { matterId, status: { in: ["open", "in_progress", "blocked"] } },
      orderBy: { id: "desc" },
      take,
    }),
    ctx.db.alert.findMany({
      where: { matterId, status: { in: ["open", "actionable", "monitoring"] } },
      orderBy: { id: "desc" },
      take,
    }),
  ]);
  // The newest exposure per wallet, asset and network (each asset map stores its own rows).
  const seen = new Set<string>();
  const latestExposures = exposures.filter((e) => {
    const key = `${e.network}:${e.wallet.toLowerCase()}:${e.asset}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const exposureUsd = latestExposures.reduce(
    (s, e) => s.plus(parValue(e.asset, e.amount.toString()) ?? 0),
    new Decimal(0),
  );
  const omitted: ReportContent["omitted"] = {};
  const out: BriefSections = {};
  const has = (s: ReportSection) => sections.includes(s);
  if (has("summary")) {
    const sumOf = (pick: (j: JudgmentSnapshot) => WireMoney) =>
      usd(
        b.judgments
          .filter((j) => pick(j).currency === "USD")
          .reduce((s, j) => s.plus(pick(j).amount), new Decimal(0)),
        now,
      );
    out.summary = {
      judgment_value: sumOf((j) => j.amount),
      outstanding: sumOf((j) => j.outstanding),
      known_crypto_exposure: usd(exposureUsd, now),
      total_recovered: wire(b.ledger.totalRecovered),
      open_actions: actions.length,
      open_packets: packets.filter((p) => !["sent", "closed"].includes(p.status)).length,
      open_alerts: alerts.length,
      active_campaigns: campaigns.filter((c) => c.status === "active").length,
    };
  }
  if (has("judgment")) out.judgment = b.judgments;
  if (has("assets"))
    out.assets = {
      wallets,
      stablecoin_exposure: capped(
        latestExposures.map((e) => ({
          issuer: e.issuer,
          asset: e.asset,
          network: e.network,
          wallet: e.wallet,
          amount: e.amount.toString(),
          usd_value: parValue(e.asset, e.amount.toString()),
          freeze_capability: e.freezeCapability,
        })),
        "assets",
        omitted,
      ),
    };
  if (has("campaigns"))
    out.campaigns = capped(
      campaigns.map((c) => {
        const t = (c.targetSet ?? {}) as Record<string, unknown[] | undefined>;
        return {
          campaign_id: c.id,
          judgment_id: c.judgmentId,
          mode: c.mode,
          status: c.status,
          pressure_level: c.pressureLevel,
          pressure_name: PRESSURE_NAMES[c.pressureLevel] ?? String(c.pressureLevel),
          targets: Object.values(t).reduce((n, v) => n + (Array.isArray(v) ? v.length : 0), 0),
        };
      }),
      "campaigns",
      omitted,
    );
  if (has("packets"))
    out.packets = capped(
      packets.map((p) => ({
        packet_id: p.id,
        type: p.type,
        packet_type: p.packetType,
        status: p.status,
        created_at: p.createdAt.toISOString(),
      })),
      "packets",
      omitted,
    );
  if (has("actions"))
    out.actions = capped(
      actions.map((a) => ({
        action_id: a.id,
        type: a.type,
        title: a.title,
        priority: a.priority,
        status: a.status,
        due_at: a.dueAt?.toISOString() ?? null,
      })),
      "actions",
      omitted,
    );
  if (has("alerts"))
    out.alerts = capped(
      alerts.map((a) => ({
        alert_id: a.id,
        type: a.type,
        severity: a.severity,
        status: a.status,
        reason: a.reason,
      })),
      "alerts",
      omitted,
    );
  if (has("ledger")) {
    const l = b.ledger;
    out.ledger = {
      total_recovered: wire(l.totalRecovered),
      total_secured: wire(l.totalSecured),
      total_blocked: wire(l.totalBlocked),
      total_remitted: wire(l.totalRemitted),
      recovery_events: l.recoveryEvents.length,
      unvalued_recovery_events: l.unvaluedRecoveryEvents,
      events: capped(
        l.recoveryEvents.map((e) => ({
          recovery_event_id: e.id,
          event_type: e.eventType,
          asset: e.asset,
          gross_amount: e.grossAmount.toString(),
          usd_value: e.usdValue === null ? null : Number(e.usdValue.toString()),
          status: e.status,
          occurred_at: e.occurredAt.toISOString(),
        })),
        "ledger",
        omitted,
      ),
    };
  }
  if (has("waterfall")) out.waterfall = waterfallSnapshot(b, claimants);
  if (has("sanctions")) out.sanctions = b.sanctions;
  const content: ReportContent = {
    ...header("campaign_brief", "Campaign brief", org, b, now),
    audience,
    sections: out,
    claimant_view: null,
    omitted,
  };
  const extra = [
    ...(has("campaigns")
      ? (out.campaigns ?? []).map((c) =>
          entry(
            c.campaign_id,
            "campaign",
            `Campaign ${c.campaign_id}`,
            `/v1/claw/campaigns/${c.campaign_id}`,
          ),
        )
      : []),
    ...(has("packets")
      ? (out.packets ?? []).map((p) =>
          entry(
            p.packet_id,
            "packet",
            `Packet ${p.packet_id} (${p.type})`,
            `/v1/packets/${p.packet_id}`,
          ),
        )
      : []),
    ...(has("sanctions")
      ? b.sanctions.reviews.map((r) =>
          entry(
            r.review_id,
            "sanctions_review",
            `Sanctions review ${r.review_id}`,
            `/v1/sanctions/${r.review_id}`,
          ),
        )
      : []),
  ];
  return {
    content,
    manifest: manifestOf(matter, b, extra),
    reasons: reviewReasonsOf(b, { needsWaterfall: has("waterfall") }),
  };
}

/** Rows read per list before the report's own limit applies. */
const READ_LIMIT = REPORT_LIST_LIMIT + 1;

export async function gatherClaimantUpdate(
  ctx: RequestContext,
  matter: Matter,
  org: Organization,
  claimant: Claimant,
): Promise<Gathered> {
  const now = new Date();
  const b = await basics(ctx, matter, now);
  const line = b.waterfall
    ? (b.waterfall.breakdown as unknown as StoredBreakdown).claimants.find(
        (c) => c.claimant_id === claimant.id,
      )
    : undefined;
  const remitted = b.remittances
    .filter(
      (r) => r.claimantId === claimant.id && (!b.waterfall || r.waterfallId === b.waterfall.id),
    )
    .reduce((s, r) => s.plus(r.usdValue?.toString() ?? 0), new Decimal(0));
  const share = (claimant.economics as { share_percentage?: number } | null)?.share_percentage;
  const realised = b.ledger.recoveryEvents.filter((e) =>
    ["turned_over", "remitted", "settled", "recovered"].includes(e.eventType),
  );
  const view: ClaimantView = {
    claimant: {
      claimant_id: claimant.id,
      name: claimant.name,
      role: claimant.role,
      share_percentage: typeof share === "number" ? share : null,
    },
    judgments: b.judgments.map((j) => ({
      judgment_id: j.judgment_id,
      court: j.court,
      case_number: j.case_number,
      debtor: j.debtor,
      status: j.status,
      outstanding: j.outstanding,
    })),
    recoveries: {
      total_recovered: wire(b.ledger.totalRecovered),
      total_secured: wire(b.ledger.totalSecured),
      recovery_events: realised.length,
      last_recovery_at: realised[0]?.occurredAt.toISOString() ?? null,
    },
    distribution:
      b.waterfall && line
        ? {
            waterfall_id: b.waterfall.id,
            calculated_at: b.waterfall.createdAt.toISOString(),
            amount: cents(line.amount, b.waterfall.createdAt),
            effective_share_percentage: line.effective_share_percentage,
            remitted: usd(remitted, now),
          }
        : null,
  };
  const content: ReportContent = {
    ...header("claimant_update", "Claimant update", org, b, now),
    audience: null,
    sections: null,
    claimant_view: view,
    omitted: {},
  };
  const reasons = reviewReasonsOf(b, { needsWaterfall: true });
  if (b.waterfall && !line)
    reasons.push(
      "The latest waterfall has no line for this claimant: their distribution is not known.",
    );
  return {
    content,
    manifest: manifestOf(matter, b, [
      entry(claimant.id, "claimant", `Claimant ${claimant.id}`, `/v1/claimants/${claimant.id}`),
    ]),
    reasons,
  };
}
