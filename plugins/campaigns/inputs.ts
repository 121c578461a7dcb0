import { builder } from "../../src/schema/builder.js";
import {
  CampaignModeEnum,
  CampaignStatusEnum,
  ExpansionTypeEnum,
  FocusCriterionEnum,
} from "./enums.js";
import { FOCUS_CRITERIA, MAX_LEADS } from "./values.js";
import { MAX_WEIGHT } from "./focus.js";

const items = { list: false, items: true } as const;

export const TargetSetInput = builder.inputType("CampaignTargetSetInput", {
  description:
    "What a campaign targets; each list at most 1000 items without repeats. On PATCH a list given replaces that list; lists not given are kept.",
  fields: (t) => ({
    wallets: t.idList({
      required: items,
      description:
        "Attribution wallet ids (`wal_…`) of the campaign's matter (import them with POST /v1/attribution/wallets/import); another matter's id is 404.",
    }),
    exchanges: t.stringList({
      required: items,
      description:
        "Exchange names the matter's exchange hypotheses name (any case); others are 400.",
    }),
    issuers: t.stringList({
      required: items,
      description:
        "Stablecoin issuer names the matter's stablecoin exposures name (any case); others are 400.",
    }),
    debtors: t.idList({
      required: items,
      description: "Debtor ids (`dbt_…`) of the campaign's matter; another matter's id is 404.",
    }),
  }),
});

export const CreateCampaignInput = builder.inputType("CreateCampaignInput", {
  description: "A new campaign (POST /v1/claw/campaigns).",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
    judgmentId: t.id({ required: true, description: "A judgment (jdg_…) of that matter." }),
    mode: t.field({
      type: CampaignModeEnum,
      required: true,
      description:
        "Profile: measured starts at 1 and caps at 3, assertive 2 and 5, maximum_lawful 3 and 6.",
    }),
    targetSet: t.field({
      type: TargetSetInput,
      description: "What to target; empty lists when absent.",
    }),
  }),
});

export const UpdateCampaignInput = builder.inputType("UpdateCampaignInput", {
  description:
    "Changes to a campaign (PATCH). `pressure_level` follows the rules of POST …/pressure and also needs the `claw:pressure` scope; a `mode` whose cap is below the resulting level is 422 pressure_exceeds_profile.",
  fields: (t) => ({
    mode: t.field({ type: CampaignModeEnum, description: "A new profile (the level is kept)." }),
    targetSet: t.field({ type: TargetSetInput, description: "Lists to replace." }),
    pressureLevel: t.int({ description: "A new pressure level, 0–6." }),
    reason: t.string({ description: "Why the pressure changes (recorded in pressure_history)." }),
    counselApprovalId: t.string({
      description: "Counsel's approval reference; required for pressure_level 4–6.",
    }),
    status: t.field({
      type: CampaignStatusEnum,
      description: "active ⇄ paused, either → closed (final).",
    }),
  }),
});

export const FocusWeightsInput = builder.inputType("FocusWeightsInput", {
  description: `Weights overriding the default 1, each 0–${MAX_WEIGHT}, only for selected criteria.`,
  fields: (t) =>
    Object.fromEntries(
      FOCUS_CRITERIA.map((c) => [c, t.float({ description: `Weight of ${c}.` })]),
    ) as never,
});

export const FocusCampaignInput = builder.inputType("FocusCampaignInput", {
  description: "How to rank the campaign's targets (POST …/focus); stored as its focus settings.",
  fields: (t) => ({
    criteria: t.field({
      type: [FocusCriterionEnum],
      required: items,
      description: "Criteria to weigh (default all six), without repeats.",
    }),
    weights: t.field({ type: FocusWeightsInput, description: "Weights per criterion." }),
  }),
});

export const ExpandCampaignInput = builder.inputType("ExpandCampaignInput", {
  description: "Where to look for leads (POST …/expand); stored as its expansion settings.",
  fields: (t) => ({
    expansionTypes: t.field({
      type: [ExpansionTypeEnum],
      required: items,
      description: "Where to look (default all four), without repeats.",
    }),
    maxLeads: t.int({
      description: `Most leads to return, ${MAX_LEADS.min}–${MAX_LEADS.max} (default ${MAX_LEADS.default}).`,
    }),
  }),
});

export const SetCampaignPressureInput = builder.inputType("SetCampaignPressureInput", {
  description:
    "A pressure change (POST …/pressure). Levels 4–6 need `counsel_approval_id` (403 counsel_approval_required); a level above the mode's cap is 422 pressure_exceeds_profile.",
  fields: (t) => ({
    pressureLevel: t.int({
      required: true,
      description:
        "0 observe, 1 prepare, 2 preserve, 3 discover, 4 freeze_block, 5 seize_turnover, 6 recover_distribute.",
    }),
    reason: t.string({ description: "Why (recorded in pressure_history)." }),
    counselApprovalId: t.string({
      description:
        "Counsel's approval reference: 1–255 characters, not blank, naming where the approval is kept (e.g. a signed memo or document id). It is recorded with the change, who made it and the request id; the service does not hold the approval itself.",
    }),
  }),
});
