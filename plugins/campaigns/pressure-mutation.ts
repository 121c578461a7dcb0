/** setCampaignPressure (POST /v1/claw/campaigns/{campaign_id}/pressure). */
import type { RequestContext } from "../../src/context.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable } from "../matters/service.js";
import { SetCampaignPressureInput } from "./inputs.js";
import { applyPressure } from "./pressure.js";
import {
  assertCampaignOpen,
  changedConcurrently,
  checkApproval,
  checkPressureLevel,
  findCampaign,
  memoByInput,
  pressureRefusal,
  recordPressureChange,
} from "./service.js";
import { CampaignRef } from "./types.js";
import { type CampaignMode, pressureName } from "./values.js";

type Pressure = typeof SetCampaignPressureInput.$inferInput;

const prepare = (ctx: RequestContext, id: string, input: Pressure) =>
  memoByInput(ctx, "campaigns.pressure", input, async () => {
    checkPressureLevel(input.pressureLevel);
    checkApproval(input.counselApprovalId);
    return findCampaign(ctx, id);
  });

async function setPressure(ctx: RequestContext, id: string, input: Pressure) {
  const current = await prepare(ctx, id, input);
  const outcome = applyPressure(
    { mode: current.mode as CampaignMode, level: current.pressureLevel },
    { level: input.pressureLevel, counselApprovalId: input.counselApprovalId },
  );
  if (!outcome.ok && outcome.code === "counsel_approval_required") throw pressureRefusal(outcome);
  await assertMatterWritable(ctx, current.matterId);
  assertCampaignOpen(current);
  if (!outcome.ok) throw pressureRefusal(outcome);
  return write(ctx, async ({ tx, audit }) => {
    const moved = await tx.campaign.updateMany({
      where: { id, updatedAt: current.updatedAt },
      data: { pressureLevel: outcome.state.level, updatedAt: new Date() },
    });
    if (moved.count !== 1) throw changedConcurrently(id);
    const change = await recordPressureChange(tx, ctx, current, {
      fromLevel: current.pressureLevel,
      toLevel: outcome.state.level,
      mode: current.mode,
      source: "pressure",
      reason: input.reason ?? null,
      counselApprovalId: input.counselApprovalId ?? null,
    });
    await audit({
      eventType: "campaign.pressure_changed",
      objectType: "campaign",
      objectId: id,
      matterId: current.matterId,
      details: {
        campaign_id: id,
        change_id: change.id,
        from_level: current.pressureLevel,
        to_level: outcome.state.level,
        pressure_name: pressureName(outcome.state.level),
        reason: input.reason ?? null,
        counsel_approval_id: input.counselApprovalId ?? null,
      },
    });
    return tx.campaign.findUniqueOrThrow({ where: { id } });
  });
}

export function registerPressureMutation() {
  builder.mutationField("setCampaignPressure", (t) => {
    const matterOf = async (args: { id: string; input: Pressure }, ctx: RequestContext) =>
      (await prepare(ctx, args.id, args.input)).matterId;
    return t.field({
      type: CampaignRef,
      description:
        "Sets a campaign's pressure level (POST /v1/claw/campaigns/{campaign_id}/pressure). Levels 4–6 need counsel_approval_id (403 counsel_approval_required, checked before the cap); a level above the mode's cap is 422 pressure_exceeds_profile. Every change is recorded in pressure_history with who made it, why and the approval reference.",
      gate: { scope: "claw:pressure", authority: matterOf, sanctions: matterOf },
      extensions: {
        errors: [
          "counsel_approval_required",
          "matter_closed",
          "invalid_state_transition",
          "pressure_exceeds_profile",
        ],
      },
      args: {
        id: t.arg.id({ required: true, description: "Campaign id (cmp_…)." }),
        input: t.arg({
          type: SetCampaignPressureInput,
          required: true,
          description: "The new level.",
        }),
      },
      resolve: (_root, { id, input }, ctx) => setPressure(ctx, id, input),
    });
  });
}
