/** updateCampaign (PATCH /v1/claw/campaigns/{campaign_id}). */
import { requireScope } from "../../src/auth/principal.js";
import type { RequestContext } from "../../src/context.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable } from "../matters/service.js";
import { UpdateCampaignInput } from "./inputs.js";
import { applyPressure } from "./pressure.js";
import {
  assertCampaignOpen,
  changedConcurrently,
  checkApproval,
  checkPressureLevel,
  checkStatusMove,
  checkTargetSet,
  findCampaign,
  memoByInput,
  pressureRefusal,
  recordPressureChange,
  refuseNulls,
  resolveTargetSet,
} from "./service.js";
import { CampaignRef } from "./types.js";
import { type CampaignMode, type CampaignStatus } from "./values.js";
import { targetSetOf } from "./view.js";

type Update = typeof UpdateCampaignInput.$inferInput;

/** Scope for a pressure change, 400s, then the campaign and its new targets (404s). */
const prepare = (ctx: RequestContext, id: string, input: Update) =>
  memoByInput(ctx, "campaigns.update", input, async () => {
    // Changing pressure through PATCH needs what POST …/pressure needs.
    if (input.pressureLevel !== undefined) requireScope(ctx.principal, "claw:pressure");
    refuseNulls(input as Record<string, unknown>);
    checkTargetSet(input.targetSet);
    checkPressureLevel(input.pressureLevel);
    checkApproval(input.counselApprovalId);
    const campaign = await findCampaign(ctx, id);
    const targets = await resolveTargetSet(ctx, campaign.matterId, input.targetSet ?? {});
    return { campaign, targets };
  });

async function updateCampaign(ctx: RequestContext, id: string, input: Update) {
  const { campaign: current, targets } = await prepare(ctx, id, input);
  const mode = (input.mode ?? undefined) as CampaignMode | undefined;
  const level = input.pressureLevel ?? undefined;
  const outcome = applyPressure(
    { mode: current.mode as CampaignMode, level: current.pressureLevel },
    { mode, level, counselApprovalId: input.counselApprovalId },
  );
  if (!outcome.ok && outcome.code === "counsel_approval_required") throw pressureRefusal(outcome);
  await assertMatterWritable(ctx, current.matterId);
  assertCampaignOpen(current);
  if (input.status) checkStatusMove(current, input.status as CampaignStatus);
  if (!outcome.ok) throw pressureRefusal(outcome);

  const targetSet = { ...targetSetOf(current.targetSet), ...targets };
  const changed = [
    ...(mode && mode !== current.mode ? ["mode"] : []),
    ...(level !== undefined && level !== current.pressureLevel ? ["pressure_level"] : []),
    ...(input.status && input.status !== current.status ? ["status"] : []),
    ...Object.keys(targets).map((k) => `target_set.${k}`),
  ];
  return write(ctx, async ({ tx, audit }) => {
    const now = new Date();
    const moved = await tx.campaign.updateMany({
      where: { id, updatedAt: current.updatedAt },
      data: {
        mode: outcome.state.mode,
        pressureLevel: outcome.state.level,
        status: input.status ?? current.status,
        targetSet: targetSet as object,
        updatedAt: now,
      },
    });
    if (moved.count !== 1) throw changedConcurrently(id);
    if (level !== undefined || outcome.state.mode !== current.mode)
      await recordPressureChange(tx, ctx, current, {
        fromLevel: current.pressureLevel,
        toLevel: outcome.state.level,
        mode: outcome.state.mode,
        source: "update",
        reason: input.reason ?? null,
        counselApprovalId: input.counselApprovalId ?? null,
      });
    await audit({
      eventType: "campaign.updated",
      objectType: "campaign",
      objectId: id,
      matterId: current.matterId,
      details: {
        campaign_id: id,
        changed,
        mode: outcome.state.mode,
        pressure_level: outcome.state.level,
        status: input.status ?? current.status,
        reason: input.reason ?? null,
        counsel_approval_id: input.counselApprovalId ?? null,
      },
    });
    return tx.campaign.findUniqueOrThrow({ where: { id } });
  });
}

export function registerUpdateMutation() {
  builder.mutationField("updateCampaign", (t) => {
    const matterOf = async (args: { id: string; input: Update }, ctx: RequestContext) =>
      (await prepare(ctx, args.id, args.input)).campaign.matterId;
    return t.field({
      type: CampaignRef,
      description:
        "Changes a campaign's mode, targets, status or pressure (PATCH /v1/claw/campaigns/{campaign_id}); pressure follows the rules of setCampaignPressure and is recorded in pressure_history.",
      gate: { scope: "claw:write", authority: matterOf, sanctions: matterOf },
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
        input: t.arg({ type: UpdateCampaignInput, required: true, description: "The changes." }),
      },
      resolve: (_root, { id, input }, ctx) => updateCampaign(ctx, id, input),
    });
  });
}
