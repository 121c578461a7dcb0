/** setEnforcementProfile (POST /v1/judgments/{judgment_id}/enforcement-profile). */
import type { RequestContext } from "../../src/context.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable, matterOf } from "../matters/service.js";
import { profileFor } from "./domain/profile.js";
import { SetEnforcementProfileInput } from "./inputs.js";
import { findJudgment, requirePassingValidation } from "./service.js";
import { EnforcementProfileResultRef, type ProfileResultShape } from "./types.js";

type ProfileInput = typeof SetEnforcementProfileInput.$inferInput;

async function setProfile(
  ctx: RequestContext,
  id: string,
  input: ProfileInput,
): Promise<ProfileResultShape> {
  const judgment = await findJudgment(ctx, id);
  await assertMatterWritable(ctx, judgment.matterId);
  const validation = await requirePassingValidation(ctx, judgment);
  const profile = profileFor(input.profile);
  // Review carries over from the validation the profile rests on (e.g. consumer debt, appeal pending).
  const reviewState = {
    reviewRequired: validation.reviewRequired,
    reviewStatus: validation.reviewRequired ? "pending" : "not_required",
    reviewOwner: null,
    reviewNotes: input.notes ?? null,
  };
  return write(ctx, async ({ tx, audit }) => {
    await tx.judgment.update({
      where: { id },
      data: {
        enforcementProfile: profile.profile,
        pressureLevel: profile.pressure_level,
        updatedAt: new Date(),
      },
    });
    await audit({
      eventType: "judgment.enforcement_profile_set",
      objectType: "judgment",
      objectId: id,
      matterId: judgment.matterId,
      details: {
        profile: profile.profile,
        previous_profile: judgment.enforcementProfile,
        pressure_level: profile.pressure_level,
        validation_id: validation.id,
        notes: input.notes ?? null,
      },
    });
    return {
      judgmentId: id,
      profile: profile.profile,
      pressureLevel: profile.pressure_level,
      pressureName: profile.pressure_name,
      pressureCap: profile.pressure_cap,
      reviewState,
    };
  });
}

export function registerSetProfileMutation() {
  builder.mutationField("setEnforcementProfile", (t) =>
    t.field({
      type: EnforcementProfileResultRef,
      description:
        "Sets the judgment's enforcement profile and starting pressure; needs a passing validation (409 validation_required).",
      gate: {
        scope: "judgments:plan",
        authority: matterOf.record((a: { id: string }, c) => findJudgment(c, a.id)),
      },
      args: {
        id: t.arg.id({ required: true, description: "Judgment id (jdg_…)." }),
        input: t.arg({
          type: SetEnforcementProfileInput,
          required: true,
          description: "The profile.",
        }),
      },
      resolve: (_root, { id, input }, ctx) => setProfile(ctx, id, input),
    }),
  );
}
