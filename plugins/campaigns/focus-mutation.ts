/** focusCampaign (POST /v1/claw/campaigns/{campaign_id}/focus). */
import type { RequestContext } from "../../src/context.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable } from "../matters/service.js";
import { checkFocusSettings, rankTargets } from "./focus.js";
import { FocusCampaignInput } from "./inputs.js";
import {
  assertCampaignOpen,
  changedConcurrently,
  findCampaign,
  memoByInput,
  refuseNulls,
} from "./service.js";
import { FocusResultRef } from "./types.js";
import type { FocusCriterion } from "./values.js";
import { campaignView } from "./view.js";

type Focus = typeof FocusCampaignInput.$inferInput;

const prepare = (ctx: RequestContext, id: string, input: Focus) =>
  memoByInput(ctx, "campaigns.focus", input, async () => {
    refuseNulls(input as Record<string, unknown>);
    refuseNulls((input.weights ?? {}) as Record<string, unknown>, "weights.");
    const settings = checkFocusSettings(
      input.criteria as FocusCriterion[] | undefined,
      (input.weights ?? undefined) as Partial<Record<FocusCriterion, number>> | undefined,
    );
    return { settings, campaign: await findCampaign(ctx, id) };
  });

async function focusCampaign(ctx: RequestContext, id: string, input: Focus) {
  const { settings, campaign: current } = await prepare(ctx, id, input);
  await assertMatterWritable(ctx, current.matterId);
  assertCampaignOpen(current);
  const view = await campaignView(ctx, current);
  const ranked = rankTargets(view.ranked, settings);
  return write(ctx, async ({ tx, audit }) => {
    const moved = await tx.campaign.updateMany({
      where: { id, updatedAt: current.updatedAt },
      data: {
        focusCriteria: [...settings.criteria],
        focusWeights: settings.weights,
        updatedAt: new Date(),
      },
    });
    if (moved.count !== 1) throw changedConcurrently(id);
    await audit({
      eventType: "campaign.focused",
      objectType: "campaign",
      objectId: id,
      matterId: current.matterId,
      details: {
        campaign_id: id,
        criteria: settings.criteria,
        weights: settings.weights,
        targets: ranked.length,
        top: ranked.slice(0, 5).map((r) => ({
          target_type: r.targetType,
          target_id: r.targetId,
          focus_score: r.focusScore,
        })),
      },
    });
    const campaign = await tx.campaign.findUniqueOrThrow({ where: { id } });
    return { campaign, settings, ranked };
  });
}

export function registerFocusMutation() {
  builder.mutationField("focusCampaign", (t) => {
    const matterOf = async (args: { id: string; input: Focus }, ctx: RequestContext) =>
      (await prepare(ctx, args.id, args.input)).campaign.matterId;
    return t.field({
      type: FocusResultRef,
      description:
        "Ranks the campaign's wallets, exchanges, issuers and operator tasks (packets and actions once their modules register) by actionability (POST /v1/claw/campaigns/{campaign_id}/focus): score = Σ weight × signal / Σ weight over the selected criteria, ties by target id. The criteria and weights become the campaign's focus settings, which the board and operator_state use.",
      gate: { scope: "claw:operate", authority: matterOf, sanctions: matterOf },
      extensions: { errors: ["matter_closed", "invalid_state_transition"] },
      args: {
        id: t.arg.id({ required: true, description: "Campaign id (cmp_…)." }),
        input: t.arg({
          type: FocusCampaignInput,
          required: true,
          description: "Criteria and weights.",
        }),
      },
      resolve: (_root, { id, input }, ctx) => focusCampaign(ctx, id, input),
    });
  });
}
