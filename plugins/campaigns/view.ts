/**
 * What a campaign shows at read time, computed from the real state (never stored): its gates,
 * focus ranking, leads, operator state and board. Everything a page of campaigns needs is
 * loaded per request in batches (evidence.ts, each registered source's `load`, the pressure
 * history), so a board or a list costs a fixed number of SQL statements whatever its sizes.
 */
import type { RequestContext } from "../../src/context.js";
import type { Campaign, CampaignPressureChange } from "../../src/generated/prisma/client.js";
import { requestLoader } from "../../src/schema/request-loader.js";
import { normalizeName } from "../core/names.js";
import type { GateShape } from "../core/shared-types.js";
import { withAmounts } from "./amount.js";
import { evidenceOf, type MatterEvidence } from "./evidence.js";
import { buildLeads, type Lead } from "./expand.js";
import { type FocusSettings, type RankedTarget, rankTargets } from "./focus.js";
import { type NextAction, nextClawAction } from "./next-action.js";
import { capOf } from "./pressure.js";
import {
  type CampaignFacts,
  candidateSources,
  channelSourceList,
  type TargetSet,
} from "./registry.js";
import {
  type CampaignMode,
  type ExpansionType,
  type FocusCriterion,
  MAX_LEADS,
  pressureName,
} from "./values.js";

export interface OperatorState {
  focusScore: number;
  expandQueue: number;
  nextClawAction: string;
  nextClawActionKind: NextAction["kind"];
}

export interface CampaignView {
  facts: CampaignFacts;
  ranked: RankedTarget[];
  leads: Lead[];
  gates: GateShape[];
  blockers: GateShape[];
  operatorState: OperatorState;
}

export const targetSetOf = (json: unknown): TargetSet => {
  const t = (json ?? {}) as Partial<TargetSet>;
  return {
    wallets: t.wallets ?? [],
    exchanges: t.exchanges ?? [],
    issuers: t.issuers ?? [],
    debtors: t.debtors ?? [],
  };
};

export const focusSettingsOf = (c: Campaign): FocusSettings => ({
  criteria: c.focusCriteria as FocusCriterion[],
  weights: (c.focusWeights ?? {}) as FocusSettings["weights"],
});

export const expansionTypesOf = (c: Campaign) => c.expansionTypes as ExpansionType[];

/** The campaign's gates (CONTRACT.md §7 and the profile cap of §8), from the matter's records. */
export function gatesOf(c: Campaign, evidence: MatterEvidence): GateShape[] {
  const authority: GateShape =
    evidence.authority === "granted"
      ? {
          gate: "authority",
          status: "pass",
          reasons: ["Live authority grant."],
          required_actions: [],
        }
      : {
          gate: "authority",
          status: "fail",
          reasons: [`The matter's authority status is '${evidence.authority}'.`],
          required_actions: [`Grant authority: POST /v1/matters/${c.matterId}/authority.`],
        };
  const s = evidence.sanctions;
  const sanctions: GateShape = s.pass
    ? {
        gate: "sanctions",
        status: "pass",
        reasons: ["Screened; every match has a cleared review and no review is blocked."],
        required_actions: [],
      }
    : s.code === "sanctions_screen_required"
      ? {
          gate: "sanctions",
          status: "fail",
          reasons: ["The matter has no sanctions screen (sanctions_screen_required)."],
          required_actions: ["Screen the matter's wallets and parties: POST /v1/sanctions/screen."],
        }
      : {
          gate: "sanctions",
          status: "fail",
          reasons: [
            ...s.unclearedScreenIds.map(
              (id) => `Screen ${id} has matches without a cleared review.`,
            ),
            ...s.blockedReviewIds.map((id) => `Sanctions review ${id} is blocked.`),
          ],
          required_actions: s.blockedReviewIds.length
            ? ["Blocked property may not move: file the OFAC report and wait for a licence."]
            : ["Open and decide a sanctions review of each matching screen."],
        };
  const cap = capOf(c.mode as CampaignMode);
  const within = c.pressureLevel <= cap;
  const pressure: GateShape = {
    gate: "pressure_cap",
    status: within ? "pass" : "fail",
    reasons: [
      `Pressure ${c.pressureLevel} (${pressureName(c.pressureLevel)}) ${within ? "is within" : "exceeds"} the ${c.mode} cap ${cap} (${pressureName(cap)}).`,
    ],
    required_actions: within ? [] : [`Lower the pressure to ${cap} or change the mode.`],
  };
  return [authority, sanctions, pressure];
}

async function channelLookup(ctx: RequestContext, matterId: string) {
  const sources = channelSourceList();
  if (!sources.length) return () => false;
  const sets = await Promise.all(
    sources.map(([name, load]) =>
      requestLoader<string, ReadonlySet<string>>(ctx, `campaigns.channels:${name}`, async (ids) => {
        const byMatter = await load(ctx, ids);
        return ids.map((id) => byMatter.get(id) ?? new Set<string>());
      }).load(matterId),
    ),
  );
  return (name: string) => {
    const key = normalizeName(name);
    return sets.some((s) => s.has(key));
  };
}

async function build(ctx: RequestContext, c: Campaign): Promise<CampaignView> {
  const [evidence, hasChannel] = await Promise.all([
    evidenceOf(ctx, c.matterId),
    channelLookup(ctx, c.matterId),
  ]);
  const facts: CampaignFacts = {
    campaignId: c.id,
    matterId: c.matterId,
    judgmentId: c.judgmentId,
    pressureLevel: c.pressureLevel,
    targetSet: targetSetOf(c.targetSet),
    evidence,
    hasChannel,
    today: new Date().toISOString().slice(0, 10),
  };
  const sources = candidateSources();
  const own = await Promise.all(
    sources.map((s) =>
      s.load
        ? requestLoader<string, unknown>(ctx, `campaigns.source:${s.targetType}`, async (ids) => {
            const byMatter = await s.load!(ctx, ids);
            return ids.map((id) => byMatter.get(id));
          }).load(c.matterId)
        : undefined,
    ),
  );
  const raw = sources.flatMap((s, i) => s.gather(facts, own[i]));
  const judgment = evidence.judgments.find((j) => j.id === c.judgmentId);
  const ranked = rankTargets(withAmounts(raw, judgment), focusSettingsOf(c));
  const leads = buildLeads(facts, expansionTypesOf(c));
  const gates = gatesOf(c, evidence);
  const blockers = gates.filter((g) => g.status === "fail");
  const next = nextClawAction({
    status: c.status,
    pressureLevel: c.pressureLevel,
    blockers,
    top: ranked[0],
    evidence,
  });
  return {
    facts,
    ranked,
    leads,
    gates,
    blockers,
    operatorState: {
      focusScore: ranked[0]?.focusScore ?? 0,
      expandQueue: Math.min(leads.length, c.maxLeads ?? MAX_LEADS.default),
      nextClawAction: next.text,
      nextClawActionKind: next.kind,
    },
  };
}

/** The view of a campaign row, once per request and version of the row. */
export function campaignView(ctx: RequestContext, c: Campaign): Promise<CampaignView> {
  const key = `campaigns.view:${c.id}:${c.updatedAt.getTime()}`;
  let view = ctx.memo.get(key) as Promise<CampaignView> | undefined;
  if (!view) {
    view = build(ctx, c);
    ctx.memo.set(key, view);
  }
  return view;
}

const HISTORY_LOADER = "campaigns.pressureHistory";

/**
 * Drops a campaign's cached history after a change, so a later field of the same request (two
 * mutations in one GraphQL document) reads the new entry.
 */
export function forgetPressureHistory(ctx: RequestContext, campaignId: string): void {
  (ctx.memo.get(HISTORY_LOADER) as { clear(key: string): unknown } | undefined)?.clear(campaignId);
}

/** Each campaign's pressure history, oldest first, one statement per request. */
export function pressureHistoryOf(
  ctx: RequestContext,
  campaignId: string,
): Promise<CampaignPressureChange[]> {
  return requestLoader<string, CampaignPressureChange[]>(ctx, HISTORY_LOADER, async (ids) => {
    const rows = await ctx.db.campaignPressureChange.findMany({
      where: { campaignId: { in: [...ids] } },
      orderBy: { id: "asc" },
    });
    return ids.map((id) => rows.filter((r) => r.campaignId === id));
  }).load(campaignId);
}
