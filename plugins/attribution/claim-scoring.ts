import {
  distinctRefs,
  type Evidence,
  type EvidenceScore,
  evidenceTierOf,
  labelOf,
  scoreEvidence,
} from "../core/confidence.js";
import type { SourceRefShape } from "../core/shared-types.js";

const describe = (ref: SourceRefShape) =>
  [ref.sourceType ?? "unspecified", ref.sourceId ?? ref.title ?? ref.uri].filter(Boolean).join(" ");

/**
 * A new claim's evidence: its `source_type` is the primary evidence, and the first source ref
 * of that type is the document behind it; every other distinct ref is independent corroboration.
 */
export function claimEvidence(sourceType: string, refs: readonly SourceRefShape[]): Evidence[] {
  const distinct = distinctRefs(refs);
  const primaryDoc = distinct.findIndex((r) => r.sourceType === sourceType);
  return [
    { tier: evidenceTierOf(sourceType), source: sourceType },
    ...distinct
      .filter((_, i) => i !== primaryDoc)
      .map((r) => ({ tier: evidenceTierOf(r.sourceType ?? ""), source: describe(r) })),
  ];
}

/** The analyst's figure may lower the evidence's score, never raise it. */
export function withGivenConfidence(
  scored: EvidenceScore,
  evidence: readonly Evidence[],
  given: number | null | undefined,
): EvidenceScore {
  if (given == null || given >= scored.score) return scored;
  const label = labelOf(
    given,
    evidence.map((e) => e.tier),
  );
  return {
    score: given,
    label,
    basis: [
      ...scored.basis.slice(0, -1),
      `analyst's confidence ${given} is below the evidence's ${scored.score} and is kept`,
      `label: ${label}`,
    ],
  };
}

export const scoreNewClaim = (
  sourceType: string,
  refs: readonly SourceRefShape[],
  given?: number | null,
) => {
  const evidence = claimEvidence(sourceType, refs);
  return { evidence, ...withGivenConfidence(scoreEvidence(evidence, []), evidence, given) };
};
