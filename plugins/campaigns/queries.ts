import { createdRange, paginate } from "../../src/pagination.js";
import { builder } from "../../src/schema/builder.js";
import { childPage, matterChildList } from "../../src/schema/child-pages.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import { CampaignModeEnum, CampaignStatusEnum } from "./enums.js";
import { findCampaign } from "./service.js";
import { CampaignRef, ClawBoardRef } from "./types.js";
import { campaignView } from "./view.js";

export function registerCampaignQueries() {
  builder.queryField("campaign", (t) =>
    t.field({
      type: CampaignRef,
      description: "One campaign (GET /v1/claw/campaigns/{campaign_id}).",
      gate: { scope: "claw:read" },
      args: { id: t.arg.id({ required: true, description: "Campaign id (cmp_…)." }) },
      resolve: (_root, { id }, ctx) => findCampaign(ctx, id),
    }),
  );

  builder.queryField("campaigns", (t) =>
    t.field({
      type: connectionOf(CampaignRef, "Campaign"),
      description:
        "Campaigns of the matters the caller can see, newest first, optionally filtered.",
      gate: { scope: "claw:read" },
      args: {
        ...pageArgs(t),
        matterId: t.arg.id({ description: "Only campaigns of this matter." }),
        judgmentId: t.arg.id({ description: "Only campaigns enforcing this judgment." }),
        status: t.arg({ type: CampaignStatusEnum, description: "Only campaigns in this status." }),
        mode: t.arg({ type: CampaignModeEnum, description: "Only campaigns in this mode." }),
        createdAfter: t.arg({ type: "DateTime", description: "Created strictly after this time." }),
        createdBefore: t.arg({
          type: "DateTime",
          description: "Created strictly before this time.",
        }),
      },
      resolve: (_root, args, ctx) =>
        paginate((q) => ctx.db.campaign.findMany(q), args, {
          ...(args.matterId ? { matterId: args.matterId } : {}),
          ...(args.judgmentId ? { judgmentId: args.judgmentId } : {}),
          ...(args.status ? { status: args.status } : {}),
          ...(args.mode ? { mode: args.mode } : {}),
          ...createdRange(args.createdAfter, args.createdBefore),
        }),
    }),
  );

  builder.queryField("campaignBoard", (t) =>
    t.field({
      type: ClawBoardRef,
      description:
        "A campaign's operator board (GET /v1/claw/campaigns/{campaign_id}/board): focus, expand and packet queues, live alerts of the matter and failing gates, computed at read time.",
      gate: { scope: "claw:read" },
      args: { id: t.arg.id({ required: true, description: "Campaign id (cmp_…)." }) },
      resolve: async (_root, { id }, ctx) => {
        const campaign = await findCampaign(ctx, id);
        return { campaign, view: await campaignView(ctx, campaign) };
      },
    }),
  );

  // A field this module adds to the matters module's type, named by its Prisma model.
  builder.prismaObjectField("Matter", "campaigns", (t) =>
    t.field({
      type: connectionOf(CampaignRef, "Campaign"),
      description: "The matter's campaigns, newest first.",
      gate: { scope: "claw:read" },
      args: {
        ...pageArgs(t),
        status: t.arg({ type: CampaignStatusEnum, description: "Only campaigns in this status." }),
      },
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList("campaigns", "Campaign", "campaigns", (q) => ctx.db.campaign.findMany(q)),
          m.id,
          args,
          args.status ? { status: args.status } : {},
        ),
    }),
  );
}
