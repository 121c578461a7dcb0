import { builder } from "../../src/schema/builder.js";
import { LABELS, type Label } from "../core/confidence.js";
import { describedValues } from "../core/enum-values.js";
import { SourceRefRef, sourceRefsOf } from "../core/shared-types.js";
import { TierEnum } from "./inputs.js";

export const ConfidenceLabelEnum = builder.enumType("ConfidenceLabel", {
  description: "Confidence labels of CONTRACT.md §13.",
  values: describedValues({
    confirmed: "Score ≥ 0.90 with a tier-1 or tier-2 source.",
    strong: "Score ≥ 0.75.",
    moderate: "Score ≥ 0.50.",
    weak_signal: "Anything lower; always so for a claim resting only on network/IP evidence.",
  } satisfies Record<(typeof LABELS)[number], string>),
});

export const AttributionClaimRef = builder.prismaNode("AttributionClaim", {
  id: { field: "id", description: "Global id, the same as the `acl_` id." },
  description:
    "SPEC.md's Claim as a stored attribution record: a sourced statement with its score, label and how it was reached.",
  fields: (t) => ({
    claimId: t.exposeString("id", { description: "Claim id (prefix `acl_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter the claim belongs to." }),
    subject: t.exposeString("subject", { description: "What the claim is about." }),
    predicate: t.exposeString("predicate", { description: "The relation asserted." }),
    object: t.exposeString("object", { description: "What the subject is related to." }),
    sourceType: t.exposeString("sourceType", { description: "Kind of primary evidence." }),
    evidenceTier: t.field({
      type: TierEnum,
      description: "Tier of the primary evidence as last scored.",
      resolve: (c) => c.evidenceTier as never,
    }),
    sourceRefs: t.field({
      type: [SourceRefRef],
      description: "Supporting sources.",
      resolve: (c) => sourceRefsOf(c.sourceRefs),
    }),
    confidence: t.exposeFloat("confidence", { description: "0–1, as last scored." }),
    label: t.field({
      type: ConfidenceLabelEnum,
      description: "Label of the confidence.",
      resolve: (c) => c.label as Label,
    }),
    basis: t.exposeStringList("basis", { description: "Why the claim is made, as given." }),
    corroboration: t.exposeStringList("corroboration", {
      description: "Corroborating sources counted in the last scoring.",
    }),
    contradictions: t.exposeStringList("contradictions", {
      description: "Contradictions counted in the last scoring (each halves).",
    }),
    scoreBasis: t.exposeStringList("scoreBasis", {
      description: "How the confidence was reached, one line per step.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "Last scoring." }),
  }),
});

export interface ConfidenceScoreShape {
  claimId: string;
  score: number;
  label: Label;
  basis: string[];
}

export const ConfidenceScoreRef = builder
  .objectRef<ConfidenceScoreShape>("ConfidenceScore")
  .implement({
    description: "A claim's score by CONTRACT.md §13: tier base, noisy-OR, contradiction halving.",
    fields: (t) => ({
      claimId: t.exposeString("claimId", { description: "The claim scored." }),
      score: t.exposeFloat("score", { description: "0–1." }),
      label: t.field({
        type: ConfidenceLabelEnum,
        description: "confirmed, strong, moderate or weak_signal.",
        resolve: (s) => s.label,
      }),
      basis: t.exposeStringList("basis", { description: "How the score was reached." }),
    }),
  });
