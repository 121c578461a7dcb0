import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable } from "../matters/service.js";
import { checkConfidence, checkText, checkTexts } from "./checks.js";
import { scoreNewClaim } from "./claim-scoring.js";
import { AttributionClaimRef } from "./claim-types.js";
import { CreateAttributionClaimInput } from "./inputs.js";

export function registerClaimMutations() {
  builder.mutationField("createAttributionClaim", (t) =>
    t.field({
      type: AttributionClaimRef,
      description:
        "Records a sourced attribution claim under an open matter. Its confidence is computed from the evidence (CONTRACT.md §13): `source_type` is the primary evidence, each other distinct source ref corroborates. A given `confidence` may lower that score, never raise it.",
      gate: { scope: "attribution:write" },
      args: {
        input: t.arg({
          type: CreateAttributionClaimInput,
          required: true,
          description: "The claim.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        for (const p of ["subject", "predicate", "object"] as const) checkText(p, input[p]);
        checkText("source_type", input.sourceType);
        checkTexts("basis", input.basis ?? []);
        checkConfidence("confidence", input.confidence);
        const refs = input.sourceRefs ?? [];
        const scored = scoreNewClaim(input.sourceType, refs, input.confidence);
        await assertMatterWritable(ctx, input.matterId);
        return write(ctx, async ({ tx, audit }) => {
          const now = new Date();
          const claim = await tx.attributionClaim.create({
            data: {
              id: newId("attributionClaim"),
              matterId: input.matterId,
              subject: input.subject,
              predicate: input.predicate,
              object: input.object,
              sourceType: input.sourceType,
              evidenceTier: scored.evidence[0]!.tier,
              sourceRefs: refs as object[],
              basis: input.basis ?? [],
              corroboration: scored.evidence.slice(1).map((e) => e.source),
              contradictions: [],
              confidence: scored.score,
              label: scored.label,
              scoreBasis: scored.basis,
              createdAt: now,
              updatedAt: now,
            } as never,
          });
          await audit({
            eventType: "attribution_claim.created",
            objectType: "attribution_claim",
            objectId: claim.id,
            matterId: claim.matterId,
            details: { confidence: claim.confidence, label: claim.label },
          });
          return claim;
        });
      },
    }),
  );
}
