/** createCampaign (POST /v1/claw/campaigns). */
import type { RequestContext } from "../../src/context.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertOpen } from "../matters/service.js";
import { DEFAULT_FOCUS } from "./focus.js";
import { CreateCampaignInput } from "./inputs.js";
import { startOf } from "./pressure.js";
import type { TargetSet } from "./registry.js";
import {
  checkTargetSet,
  findJudgmentOfMatter,
  findMatter,
  memoByInput,
  recordPressureChange,
  resolveTargetSet,
} from "./service.js";
import { CampaignRef } from "./types.js";
import { type CampaignMode, EXPANSION_TYPES, MAX_LEADS, pressureName } from "./values.js";

type Create = typeof CreateCampaignInput.$inferInput;

/**
 * Everything the gates and the write need, found once per field: 400s, then the matter, the
 * judgment and the target set within the matter (404s), before the gates run on the matter.
 */
const prepare = (ctx: RequestContext, input: Create) =>
  memoByInput(ctx, "campaigns.create", input, () => load(ctx, input));

async function load(ctx: RequestContext, input: Create) {
  checkTargetSet(input.targetSet);
  const matter = await findMatter(ctx, input.matterId);
  const judgment = await findJudgmentOfMatter(ctx, matter.id, input.judgmentId);
  const targets = await resolveTargetSet(ctx, matter.id, input.targetSet ?? {});
  const targetSet: TargetSet = {
    wallets: targets.wallets ?? [],
    exchanges: targets.exchanges ?? [],
    issuers: targets.issuers ?? [],
    debtors: targets.debtors ?? [],
  };
  return { matter, judgment, targetSet };
}

async function createCampaign(ctx: RequestContext, input: Create) {
  const { matter, judgment, targetSet } = await prepare(ctx, input);
  assertOpen(matter);
  const mode = input.mode as CampaignMode;
  const level = startOf(mode);
  return write(ctx, async ({ tx, audit }) => {
    const now = new Date();
    const campaign = await tx.campaign.create({
      data: {
        id: newId("campaign"),
        matterId: matter.id,
        judgmentId: judgment.id,
        mode,
        status: "active",
        pressureLevel: level,
        targetSet: targetSet as object,
        focusCriteria: [...DEFAULT_FOCUS.criteria],
        focusWeights: {},
        expansionTypes: [...EXPANSION_TYPES],
        maxLeads: MAX_LEADS.default,
        createdAt: now,
        updatedAt: now,
      } as never,
    });
    await recordPressureChange(tx, ctx, campaign, {
      fromLevel: null,
      toLevel: level,
      mode,
      source: "create",
      reason: `Starting level of the ${mode} profile.`,
      counselApprovalId: null,
    });
    await audit({
      eventType: "campaign.created",
      objectType: "campaign",
      objectId: campaign.id,
      matterId: matter.id,
      details: {
        campaign_id: campaign.id,
        judgment_id: judgment.id,
        mode,
        pressure_level: level,
        pressure_name: pressureName(level),
        targets: {
          wallets: targetSet.wallets.length,
          exchanges: targetSet.exchanges.length,
          issuers: targetSet.issuers.length,
          debtors: targetSet.debtors.length,
        },
      },
    });
    return campaign;
  });
}

export function registerCreateMutation() {
  builder.mutationField("createCampaign", (t) => {
    const matterOfInput = async (args: { input: Create }, ctx: RequestContext) =>
      (await prepare(ctx, args.input)).matter.id;
    return t.field({
      type: CampaignRef,
      description:
        "Starts a claw campaign against a judgment of the matter (POST /v1/claw/campaigns): the mode sets the starting pressure and its cap; the target set is checked against the matter.",
      gate: { scope: "claw:write", authority: matterOfInput, sanctions: matterOfInput },
      extensions: { errors: ["matter_closed"] },
      args: {
        input: t.arg({ type: CreateCampaignInput, required: true, description: "The campaign." }),
      },
      resolve: (_root, { input }, ctx) => createCampaign(ctx, input),
    });
  });
}
