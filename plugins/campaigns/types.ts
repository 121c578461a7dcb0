/** GraphQL types of claw campaigns: Campaign (cmp_), its pressure history, focus, leads, board. */
import type { Campaign } from "../../src/generated/prisma/client.js";
import { builder } from "../../src/schema/builder.js";
import { AlertRef } from "../alerts/types.js";
import { GateRef } from "../core/shared-types.js";
import {
  CampaignModeEnum,
  CampaignStatusEnum,
  ClawActionKindEnum,
  ExpansionTypeEnum,
  FocusCriterionEnum,
  FocusTargetTypeEnum,
  LeadTypeEnum,
  PressureChangeSourceEnum,
  PressureNameEnum,
} from "./enums.js";
import type { Lead } from "./expand.js";
import { DEFAULT_WEIGHT, type RankedTarget } from "./focus.js";
import { capOf } from "./pressure.js";
import { type CampaignMode, BOARD_QUEUE_SIZE, FOCUS_CRITERIA, pressureName } from "./values.js";
import {
  type CampaignView,
  campaignView,
  expansionTypesOf,
  focusSettingsOf,
  type OperatorState,
  pressureHistoryOf,
  targetSetOf,
} from "./view.js";
import type { TargetSet } from "./registry.js";
import type { FocusSettings } from "./focus.js";

export const TargetSetRef = builder.objectRef<TargetSet>("CampaignTargetSet").implement({
  description: "What a campaign targets, each list checked against the campaign's matter when set.",
  fields: (t) => ({
    wallets: t.exposeStringList("wallets", {
      description: "Attribution wallet ids (`wal_…`) of the matter.",
    }),
    exchanges: t.exposeStringList("exchanges", {
      description: "Exchanges, named as the matter's exchange hypotheses name them.",
    }),
    issuers: t.exposeStringList("issuers", {
      description: "Stablecoin issuers, named as the matter's stablecoin exposures name them.",
    }),
    debtors: t.exposeStringList("debtors", { description: "Debtor ids (`dbt_…`) of the matter." }),
  }),
});

type Signals = RankedTarget["signals"];
export const FocusSignalsRef = builder.objectRef<Signals>("FocusSignals").implement({
  description: "A target's value on each focus criterion, 0–1 (CONTRACT.md §13).",
  fields: (t) =>
    Object.fromEntries(
      FOCUS_CRITERIA.map((c) => [
        c,
        t.float({ description: `The ${c} signal, 0–1.`, resolve: (s) => s[c] }),
      ]),
    ) as never,
});

export const FocusWeightsRef = builder.objectRef<FocusSettings>("FocusWeights").implement({
  description: "Weights of the focus criteria; null for a criterion not selected.",
  fields: (t) =>
    Object.fromEntries(
      FOCUS_CRITERIA.map((c) => [
        c,
        t.float({
          nullable: true,
          description: `Weight of ${c} (default ${DEFAULT_WEIGHT}); null when not selected.`,
          resolve: (s) => (s.criteria.includes(c) ? (s.weights[c] ?? DEFAULT_WEIGHT) : null),
        }),
      ]),
    ) as never,
});

export const FocusTargetRef = builder.objectRef<RankedTarget>("FocusTarget").implement({
  description: "One ranked target of a campaign's focus.",
  fields: (t) => ({
    targetType: t.field({
      type: FocusTargetTypeEnum,
      description: "What the target is.",
      resolve: (r) => r.targetType,
    }),
    targetId: t.exposeString("targetId", {
      description:
        "Its id (`wal_…`, `pkt_…`, `act_…`, `ddl_…`, `alr_…`) or, for exchanges and issuers, its name.",
    }),
    label: t.exposeString("label", { description: "How a person names it." }),
    focusScore: t.exposeFloat("focusScore", {
      description: "Weighted mean of the selected criteria, 0–1, 4 decimal places.",
    }),
    reason: t.exposeString("reason", { description: "The criteria that drove the score." }),
    signals: t.field({
      type: FocusSignalsRef,
      description: "Its value on every criterion.",
      resolve: (r) => r.signals,
    }),
  }),
});

export const ExpansionLeadRef = builder.objectRef<Lead>("ExpansionLead").implement({
  description: "Something the campaign does not target yet, with why it is a lead.",
  fields: (t) => ({
    targetType: t.field({
      type: LeadTypeEnum,
      description: "What the lead is.",
      resolve: (l) => l.targetType,
    }),
    targetId: t.exposeString("targetId", {
      description: "A wallet id, a chain address, or an exchange, issuer or entity name.",
    }),
    label: t.exposeString("label", { description: "How a person names it." }),
    network: t.exposeString("network", { nullable: true, description: "Its network, if any." }),
    expansionTypes: t.field({
      type: [ExpansionTypeEnum],
      description: "Where it was found.",
      resolve: (l) => l.expansionTypes,
    }),
    basis: t.exposeStringList("basis", { description: "The evidence, one sentence per item." }),
    confidence: t.exposeFloat("confidence", { description: "Confidence in the link, 0–1." }),
    sourceIds: t.exposeStringList("sourceIds", {
      description: "Records it rests on (timelines, hypotheses, claims, exposures).",
    }),
  }),
});

export const PressureChangeRef = builder.prismaNode("CampaignPressureChange", {
  id: { field: "id", description: "Global id, the same as the `cpc_` id." },
  description: "One change of a campaign's pressure: who, why, and with which approval.",
  fields: (t) => ({
    changeId: t.exposeString("id", { description: "Change id (prefix `cpc_`)." }),
    fromLevel: t.exposeInt("fromLevel", {
      nullable: true,
      description: "Level before; null at creation.",
    }),
    toLevel: t.exposeInt("toLevel", { description: "Level after." }),
    pressureName: t.field({
      type: PressureNameEnum,
      description: "Name of the level after.",
      resolve: (p) => pressureName(p.toLevel),
    }),
    mode: t.field({
      type: CampaignModeEnum,
      description: "The campaign's mode after the change.",
      resolve: (p) => p.mode as never,
    }),
    source: t.field({
      type: PressureChangeSourceEnum,
      description: "Which call made the change.",
      resolve: (p) => p.source as never,
    }),
    reason: t.exposeString("reason", { nullable: true, description: "Why, as given." }),
    counselApprovalId: t.exposeString("counselApprovalId", {
      nullable: true,
      description: "Counsel's approval reference (required for levels 4–6).",
    }),
    actorId: t.exposeString("actorId", { description: "Who made it (user or key id)." }),
    requestId: t.exposeString("requestId", {
      description: "The request that made it (its audit_ref).",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When." }),
  }),
});

export const OperatorStateRef = builder
  .objectRef<OperatorState>("CampaignOperatorState")
  .implement({
    description: "Where the operator stands, computed from the campaign's records at read time.",
    fields: (t) => ({
      focusScore: t.exposeFloat("focusScore", {
        description: "Score of the top focus target (0 when there is none).",
      }),
      expandQueue: t.exposeInt("expandQueue", {
        description: "Leads waiting, up to the campaign's max_leads.",
      }),
      nextClawAction: t.exposeString("nextClawAction", {
        description:
          "What to do next: clear a failing gate first, else the top target's step at the current pressure.",
      }),
      nextClawActionKind: t.field({
        type: ClawActionKindEnum,
        description: "The claw action kind of next_claw_action.",
        resolve: (s) => s.nextClawActionKind,
      }),
    }),
  });

export interface BoardShape {
  campaign: Campaign;
  view: CampaignView;
}

/**
 * The board. Its `packet_queue` (open Packets ordered by focus) is added by the packets module,
 * which owns Packet (plugins/packets/board.ts).
 */
export const ClawBoardRef = builder.objectRef<BoardShape>("ClawBoard");

const LIVE = new Set(["open", "actionable", "monitoring"]);
const liveAlerts = (b: BoardShape) =>
  b.view.facts.evidence.alerts.filter((a) => LIVE.has(a.status));

export const CampaignRef = builder.prismaNode("Campaign", {
  id: { field: "id", description: "Global id, the same as the `cmp_` id." },
  description:
    "A claw campaign against one judgment of a matter: its mode (profile), pressure, targets, and what the operator should do next.",
  fields: (t) => ({
    campaignId: t.exposeString("id", { description: "Campaign id (prefix `cmp_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter." }),
    judgmentId: t.exposeString("judgmentId", { description: "The judgment enforced." }),
    mode: t.field({
      type: CampaignModeEnum,
      description: "The enforcement profile: sets the starting pressure and the cap.",
      resolve: (c) => c.mode as never,
    }),
    status: t.field({
      type: CampaignStatusEnum,
      description: "active, paused or closed.",
      resolve: (c) => c.status as never,
    }),
    pressureLevel: t.exposeInt("pressureLevel", { description: "Current pressure, 0–6." }),
    pressureName: t.field({
      type: PressureNameEnum,
      description: "Name of the current pressure level.",
      resolve: (c) => pressureName(c.pressureLevel),
    }),
    pressureCap: t.int({
      description: "The mode's cap: measured 3, assertive 5, maximum_lawful 6.",
      resolve: (c) => capOf(c.mode as CampaignMode),
    }),
    targetSet: t.field({
      type: TargetSetRef,
      description: "What the campaign targets.",
      resolve: (c) => targetSetOf(c.targetSet),
    }),
    focusCriteria: t.field({
      type: [FocusCriterionEnum],
      description: "Criteria of the last focus request (all six until one is made).",
      resolve: (c) => focusSettingsOf(c).criteria as never,
    }),
    focusWeights: t.field({
      type: FocusWeightsRef,
      description: "Weights of the last focus request.",
      resolve: (c) => focusSettingsOf(c),
    }),
    expansionTypes: t.field({
      type: [ExpansionTypeEnum],
      description: "Expansion types of the last expand request (all until one is made).",
      resolve: (c) => expansionTypesOf(c),
    }),
    maxLeads: t.exposeInt("maxLeads", {
      description: "max_leads of the last expand request (default 20).",
    }),
    operatorState: t.field({
      type: OperatorStateRef,
      description:
        "Top focus score, leads waiting and the next claw action, computed at read time.",
      resolve: async (c, _a, ctx) => (await campaignView(ctx, c)).operatorState,
    }),
    gates: t.field({
      type: [GateRef],
      description: "authority, sanctions and pressure_cap, evaluated at read time.",
      resolve: async (c, _a, ctx) => (await campaignView(ctx, c)).gates,
    }),
    pressureHistory: t.field({
      type: [PressureChangeRef],
      description: "Every pressure change, oldest first, creation included.",
      resolve: (c, _a, ctx) => pressureHistoryOf(ctx, c.id),
    }),
    board: t.field({
      type: ClawBoardRef,
      description: "The operator board (GET /v1/claw/campaigns/{campaign_id}/board).",
      extensions: { restOmit: true },
      resolve: async (c, _a, ctx) => ({ campaign: c, view: await campaignView(ctx, c) }),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "Last change." }),
  }),
});

ClawBoardRef.implement({
  description: `A campaign's operator board. Queues show their top ${BOARD_QUEUE_SIZE} (the expand queue up to max_leads); totals say how many there are.`,
  fields: (t) => ({
    campaign: t.field({
      type: CampaignRef,
      description: "The campaign.",
      resolve: (b) => b.campaign,
    }),
    focusQueue: t.field({
      type: [FocusTargetRef],
      description: "Focus targets other than packets, best first (the campaign's focus settings).",
      resolve: (b) =>
        b.view.ranked.filter((r) => r.targetType !== "packet").slice(0, BOARD_QUEUE_SIZE),
    }),
    focusTotal: t.int({
      description: "How many focus targets other than packets there are.",
      resolve: (b) => b.view.ranked.filter((r) => r.targetType !== "packet").length,
    }),
    expandQueue: t.field({
      type: [ExpansionLeadRef],
      description: "Leads, best first, up to max_leads (the campaign's expansion settings).",
      resolve: (b) => b.view.leads.slice(0, b.campaign.maxLeads),
    }),
    expandTotal: t.int({
      description: "How many leads there are before max_leads.",
      resolve: (b) => b.view.leads.length,
    }),
    alerts: t.field({
      type: [AlertRef],
      description: `The matter's alerts still in play (open, actionable, monitoring), newest first, at most ${BOARD_QUEUE_SIZE}.`,
      resolve: (b) => liveAlerts(b).slice(0, BOARD_QUEUE_SIZE),
    }),
    alertsTotal: t.int({
      description: "How many of the matter's alerts are still in play.",
      resolve: (b) => liveAlerts(b).length,
    }),
    blockers: t.field({
      type: [GateRef],
      description: "The campaign's failing gates.",
      resolve: (b) => b.view.blockers,
    }),
  }),
});

export const FocusResultRef = builder
  .objectRef<{ campaign: Campaign; settings: FocusSettings; ranked: RankedTarget[] }>("FocusResult")
  .implement({
    description: "A campaign's targets ranked by actionability (POST …/focus).",
    fields: (t) => ({
      campaignId: t.string({ description: "The campaign.", resolve: (r) => r.campaign.id }),
      criteria: t.field({
        type: [FocusCriterionEnum],
        description: "The criteria weighed.",
        resolve: (r) => r.settings.criteria as never,
      }),
      weights: t.field({
        type: FocusWeightsRef,
        description: "Their weights.",
        resolve: (r) => r.settings,
      }),
      rankedTargets: t.field({
        type: [FocusTargetRef],
        description: "Every target, best first; ties by target id.",
        resolve: (r) => r.ranked,
      }),
    }),
  });

export const ExpandResultRef = builder
  .objectRef<{ campaign: Campaign; leads: Lead[] }>("ExpandResult")
  .implement({
    description: "Leads the campaign does not target yet (POST …/expand).",
    fields: (t) => ({
      campaignId: t.string({ description: "The campaign.", resolve: (r) => r.campaign.id }),
      expansionTypes: t.field({
        type: [ExpansionTypeEnum],
        description: "Where leads were looked for.",
        resolve: (r) => expansionTypesOf(r.campaign),
      }),
      maxLeads: t.int({
        description: "The most leads returned.",
        resolve: (r) => r.campaign.maxLeads,
      }),
      leadsAvailable: t.int({
        description: "How many leads were found before max_leads.",
        resolve: (r) => r.leads.length,
      }),
      leads: t.field({
        type: [ExpansionLeadRef],
        description: "Best first, at most max_leads.",
        resolve: (r) => r.leads.slice(0, r.campaign.maxLeads),
      }),
    }),
  });
