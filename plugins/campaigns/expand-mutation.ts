/** expandCampaign (POST /v1/claw/campaigns/{campaign_id}/expand). */
import type { RequestContext } from "../../src/context.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable } from "../matters/service.js";
import { buildLeads } from "./expand.js";
import { ExpandCampaignInput } from "./inputs.js";
import {
  assertCampaignOpen,
  changedConcurrently,
  checkMaxLeads,
  checkNoRepeats,
  findCampaign,
  memoByInput,
  refuseNulls,
} from "./service.js";
import { ExpandResultRef } from "./types.js";
import { EXPANSION_TYPES, type ExpansionType, MAX_LEADS } from "./values.js";
import { campaignView } from "./view.js";
import { invalid } from "../../src/errors.js";

type Expand = typeof ExpandCampaignInput.$inferInput;

const prepare = (ctx: RequestContext, id: string, input: Expand) =>
  memoByInput(ctx, "campaigns.expand", input, async () => {
    refuseNulls(input as Record<string, unknown>);
    checkMaxLeads(input.maxLeads);
    const types = (input.expansionTypes ?? [...EXPANSION_TYPES]) as ExpansionType[];
    if (!types.length)
      throw invalid("expansion_types", "expansion_types must name at least one type.");
    checkNoRepeats(types, "expansion_types");
    return {
      types,
      maxLeads: input.maxLeads ?? MAX_LEADS.default,
      campaign: await findCampaign(ctx, id),
    };
  });

async function expandCampaign(ctx: RequestContext, id: string, input: Expand) {
  const { types, maxLeads, campaign: current } = await prepare(ctx, id, input);
  await assertMatterWritable(ctx, current.matterId);
  assertCampaignOpen(current);
  const view = await campaignView(ctx, current);
  const leads = buildLeads(view.facts, types);
  return write(ctx, async ({ tx, audit }) => {
    const moved = await tx.campaign.updateMany({
      where: { id, updatedAt: current.updatedAt },
      data: { expansionTypes: types, maxLeads, updatedAt: new Date() },
    });
    if (moved.count !== 1) throw changedConcurrently(id);
    await audit({
      eventType: "campaign.expanded",
      objectType: "campaign",
      objectId: id,
      matterId: current.matterId,
      details: {
        campaign_id: id,
        expansion_types: types,
        max_leads: maxLeads,
        leads_available: leads.length,
        leads: leads
          .slice(0, maxLeads)
          .map((l) => ({ target_type: l.targetType, target_id: l.targetId })),
      },
    });
    const campaign = await tx.campaign.findUniqueOrThrow({ where: { id } });
    return { campaign, leads };
  });
}

export function registerExpandMutation() {
  builder.mutationField("expandCampaign", (t) => {
    const matterOf = async (args: { id: string; input: Expand }, ctx: RequestContext) =>
      (await prepare(ctx, args.id, args.input)).campaign.matterId;
    return t.field({
      type: ExpandResultRef,
      description:
        "Finds leads the campaign does not target yet (POST /v1/claw/campaigns/{campaign_id}/expand): counterparties in transaction timelines, exchanges of hypotheses, attribution graph neighbours and stablecoin issuers around the campaign's wallets, each with its basis and confidence, best first, at most max_leads. The types and max_leads become the campaign's expansion settings (the board's expand queue).",
      gate: { scope: "claw:operate", authority: matterOf, sanctions: matterOf },
      extensions: { errors: ["matter_closed", "invalid_state_transition"] },
      args: {
        id: t.arg.id({ required: true, description: "Campaign id (cmp_…)." }),
        input: t.arg({
          type: ExpandCampaignInput,
          required: true,
          description: "Where to look and how many leads.",
        }),
      },
      resolve: (_root, { id, input }, ctx) => expandCampaign(ctx, id, input),
    });
  });
}
