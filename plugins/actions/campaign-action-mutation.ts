/** createCampaignAction (POST /v1/claw/campaigns/{campaign_id}/actions). */
import type { RequestContext } from "../../src/context.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertCampaignOpen, findCampaign, memoByInput } from "../campaigns/service.js";
import { assertMatterWritable } from "../matters/service.js";
import { CreateCampaignActionInput } from "./inputs.js";
import { checkActionFields, checkNewAction, createAction, type NewAction } from "./service.js";
import { ActionRef } from "./types.js";

type Input = typeof CreateCampaignActionInput.$inferInput;

/**
 * Body checks (400), the campaign (404), then the linked packet and the owner within the
 * campaign's matter (404/400): all before the gates, once per field.
 */
const prepare = (ctx: RequestContext, id: string, input: Input) =>
  memoByInput(ctx, "actions.campaignAction", input, async () => {
    checkActionFields(input);
    // A path id of another kind names no campaign: 404, as an absent one.
    const campaign = await findCampaign(ctx, id, "campaign_id");
    const action: NewAction = { ...input, campaignId: campaign.id, matterId: campaign.matterId };
    await checkNewAction(ctx, action);
    return { campaign, action };
  });

export function registerCampaignActionMutation() {
  builder.mutationField("createCampaignAction", (t) => {
    const matterOf = async (args: { id: string; input: Input }, ctx: RequestContext) =>
      (await prepare(ctx, args.id, args.input)).campaign.matterId;
    return t.field({
      type: ActionRef,
      description:
        "Creates an `open` action in a campaign (POST /v1/claw/campaigns/{campaign_id}/actions), under the campaign's matter and through the one action service (createAction), so it shows in GET /v1/actions and the campaign's focus. The campaign's gates apply: authority and sanctions (403 authority_required, sanctions_screen_required, sanctions_hold). A closed matter is 409 matter_closed; a closed campaign takes no actions (409 invalid_state_transition). `linked_packet_id` must be a packet of the campaign's matter and `owner_id` a user who may access it.",
      gate: { scope: "claw:operate", authority: matterOf, sanctions: matterOf },
      extensions: { errors: ["matter_closed", "invalid_state_transition"] },
      args: {
        id: t.arg.id({ required: true, description: "Campaign id (cmp_…)." }),
        input: t.arg({
          type: CreateCampaignActionInput,
          required: true,
          description: "The action.",
        }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        const { campaign, action } = await prepare(ctx, id, input);
        await assertMatterWritable(ctx, campaign.matterId);
        assertCampaignOpen(campaign);
        return write(ctx, (rec) => createAction(ctx, rec, action));
      },
    });
  });
}
