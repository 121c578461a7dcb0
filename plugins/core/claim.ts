import { builder } from "../../src/schema/builder.js";
import { type SourceRefShape, SourceRefRef } from "./shared-types.js";

/** SPEC.md's Claim: a sourced statement with a confidence from its evidence (CONTRACT.md §13). */
export interface ClaimShape {
  claimId: string;
  matterId: string;
  subject: string;
  predicate: string;
  object: string;
  sourceType: string;
  sourceRefs: SourceRefShape[];
  confidence: number;
}

/** The Claim of computed graphs (debtor graphs); stored attribution claims are AttributionClaim. */
export const ClaimRef = builder.objectRef<ClaimShape>("Claim").implement({
  description:
    "A sourced statement (subject, predicate, object) with a confidence from its evidence tiers (CONTRACT.md §13).",
  fields: (t) => ({
    claimId: t.exposeString("claimId", {
      description: "Claim id, stable for the same statement about the same subject.",
    }),
    matterId: t.exposeString("matterId", { description: "The matter the claim belongs to." }),
    subject: t.exposeString("subject", { description: "What the claim is about." }),
    predicate: t.exposeString("predicate", { description: "The relation asserted." }),
    object: t.exposeString("object", { description: "What the subject is related to." }),
    sourceType: t.exposeString("sourceType", {
      description:
        "Type of the strongest supporting source; `self_reported` when none was supplied.",
    }),
    sourceRefs: t.field({
      type: [SourceRefRef],
      description: "The supporting sources.",
      resolve: (c) => c.sourceRefs,
    }),
    confidence: t.exposeFloat("confidence", {
      description: "0–1: noisy-OR of the sources' tier bases; 0.45 when unsupported.",
    }),
  }),
});
