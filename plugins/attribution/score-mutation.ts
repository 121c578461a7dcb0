import type { RequestContext } from "../../src/context.js";
import { ApiError, invalid } from "../../src/errors.js";
import { idPrefix } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { type Evidence, evidenceTierOf, isTier, scoreEvidence } from "../core/confidence.js";
import { assertMatterWritable } from "../matters/service.js";
import { checkTexts } from "./checks.js";
import { findClaim } from "./queries.js";
import { ConfidenceScoreRef } from "./claim-types.js";
import { ScoreAttributionClaimInput } from "./inputs.js";

/** A corroboration item: a tier, another claim of the matter (by id), or a source type. */
async function corroborationEvidence(
  ctx: RequestContext,
  claim: { id: string; matterId: string },
  items: readonly string[],
): Promise<Evidence[]> {
  const out: Evidence[] = [];
  for (const [i, item] of items.entries()) {
    if (idPrefix(item) !== "acl") {
      out.push({ tier: evidenceTierOf(item), source: item });
      continue;
    }
    const param = `corroboration[${i}]`;
    if (item === claim.id) throw invalid(param, "A claim cannot corroborate itself.");
    const other = await findClaim(ctx, item, param);
    if (other.matterId !== claim.matterId) throw notFoundAt(param, item);
    out.push({ tier: other.evidenceTier as Evidence["tier"], source: `claim ${item}` });
  }
  return out;
}

const notFoundAt = (param: string, id: string) =>
  new ApiError("resource_missing", { param, message: `No such claim in this matter: '${id}'.` });

export function registerScoreMutation() {
  builder.mutationField("scoreAttributionClaim", (t) =>
    t.field({
      type: ConfidenceScoreRef,
      description:
        "Scores a claim from an evidence tier, independent corroboration (noisy-OR) and contradictions (each halves), and stores the result on the claim (replacing its confidence, label and score basis). Evidence that is all network/IP stays `weak_signal`. A corroborating claim of another matter is 404 naming the item (`corroboration[1]`).",
      gate: { scope: "attribution:score" },
      args: {
        input: t.arg({
          type: ScoreAttributionClaimInput,
          required: true,
          description: "Evidence.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        const corroboration = [...new Set(input.corroboration ?? [])];
        const contradictions = [...new Set(input.contradictions ?? [])];
        checkTexts("corroboration", input.corroboration ?? []);
        checkTexts("contradictions", input.contradictions ?? []);
        if (idPrefix(input.claimId) !== "acl")
          throw invalid("claim_id", "claim_id is not an attribution claim id (acl_…).");
        const claim = await findClaim(ctx, input.claimId);
        const tier = input.evidenceTier ?? claim.evidenceTier;
        const evidence: Evidence[] = [
          { tier: isTier(tier) ? tier : "tier_4", source: `evidence tier ${tier}` },
          ...(await corroborationEvidence(ctx, claim, corroboration)),
        ];
        // After every 404 (the corroborating claims too): the closed matter's 409.
        await assertMatterWritable(ctx, claim.matterId);
        const scored = scoreEvidence(evidence, contradictions);
        return write(ctx, async ({ tx, audit }) => {
          await tx.attributionClaim.update({
            where: { id: claim.id },
            data: {
              evidenceTier: evidence[0]!.tier,
              corroboration,
              contradictions,
              confidence: scored.score,
              label: scored.label,
              scoreBasis: scored.basis,
              updatedAt: new Date(),
            },
          });
          await audit({
            eventType: "attribution_claim.scored",
            objectType: "attribution_claim",
            objectId: claim.id,
            matterId: claim.matterId,
            details: {
              evidence_tier: evidence[0]!.tier,
              corroboration,
              contradictions,
              score: scored.score,
              label: scored.label,
              previous_score: claim.confidence,
            },
          });
          return { claimId: claim.id, ...scored };
        });
      },
    }),
  );
}
