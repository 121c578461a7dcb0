import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Evidence,
  evidenceTierOf,
  labelOf,
  scoreEvidence,
  TIERS,
} from "../../plugins/core/confidence.js";

const tierArb = fc.constantFrom(...TIERS);
const evidenceArb = fc.record({ tier: tierArb, source: fc.string({ maxLength: 8 }) });
const evidenceListArb = fc.array(evidenceArb, { minLength: 1, maxLength: 8 });
const contradictionsArb = fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 5 });
const ev = (...tiers: Evidence["tier"][]) => tiers.map((tier, i) => ({ tier, source: `s${i}` }));

describe("claim scoring by CONTRACT.md §13", () => {
  it("uses the tier bases, noisy-OR and contradiction halving", () => {
    expect(scoreEvidence(ev("tier_1"), []).score).toBe(0.95);
    expect(scoreEvidence(ev("tier_2"), []).score).toBe(0.8);
    expect(scoreEvidence(ev("tier_3"), []).score).toBe(0.65);
    expect(scoreEvidence(ev("tier_4"), []).score).toBe(0.45);
    expect(scoreEvidence(ev("tier_5"), []).score).toBe(0.25);
    // 1 - 0.2 × 0.35
    expect(scoreEvidence(ev("tier_2", "tier_3"), []).score).toBe(0.93);
    expect(scoreEvidence(ev("tier_2", "tier_3"), ["a"]).score).toBe(0.465);
    expect(scoreEvidence(ev("tier_2", "tier_3"), ["a", "b"]).score).toBe(0.2325);
  });

  it("labels confirmed only with a tier-1 or tier-2 source", () => {
    expect(scoreEvidence(ev("tier_1"), []).label).toBe("confirmed");
    expect(scoreEvidence(ev("tier_2", "tier_3"), []).label).toBe("confirmed");
    // 1 - 0.35³ ≈ 0.957 from commercial labels alone: strong, not confirmed.
    const labels = scoreEvidence(ev("tier_3", "tier_3", "tier_3"), []);
    expect(labels.score).toBeGreaterThan(0.9);
    expect(labels.label).toBe("strong");
    expect(labelOf(0.75, ["tier_4"])).toBe("strong");
    expect(labelOf(0.5, ["tier_4"])).toBe("moderate");
    expect(labelOf(0.4999, ["tier_1"])).toBe("weak_signal");
  });

  it("explains each step in the basis", () => {
    const s = scoreEvidence(
      [
        { tier: "tier_2", source: "on_chain" },
        { tier: "tier_3", source: "cluster_label" },
      ],
      ["KYC name differs"],
    );
    expect(s.basis).toEqual([
      "evidence: on_chain (tier_2, base 0.80)",
      "corroboration: cluster_label (tier_3, base 0.65)",
      "noisy-OR of 2 independent sources: 0.93",
      "contradiction: KYC name differs (halves the score to 0.47)",
      "label: weak_signal",
    ]);
  });

  it("reads tier names and source types alike", () => {
    expect(evidenceTierOf("tier_2")).toBe("tier_2");
    expect(evidenceTierOf("vasp_response")).toBe("tier_1");
    expect(evidenceTierOf("ip_signal")).toBe("tier_5");
    expect(evidenceTierOf("rumour")).toBe("tier_4");
  });
});

describe("claim scoring invariants (property tests)", () => {
  it("is deterministic and stays within [0, 1]", () => {
    fc.assert(
      fc.property(evidenceListArb, contradictionsArb, (evidence, contradictions) => {
        const a = scoreEvidence(evidence, contradictions);
        expect(scoreEvidence(evidence, contradictions)).toEqual(a);
        expect(a.score).toBeGreaterThanOrEqual(0);
        expect(a.score).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("never lowers a score for more corroboration", () => {
    fc.assert(
      fc.property(evidenceListArb, evidenceArb, contradictionsArb, (evidence, extra, c) => {
        expect(scoreEvidence([...evidence, extra], c).score).toBeGreaterThanOrEqual(
          scoreEvidence(evidence, c).score,
        );
      }),
    );
  });

  it("never raises a score for more contradiction", () => {
    fc.assert(
      fc.property(evidenceListArb, contradictionsArb, fc.string(), (evidence, c, extra) => {
        const before = scoreEvidence(evidence, c).score;
        const after = scoreEvidence(evidence, [...c, extra]).score;
        expect(after).toBeLessThanOrEqual(before);
        if (before > 0.001) expect(after).toBeLessThan(before);
      }),
    );
  });

  it("keeps a claim resting only on network/IP evidence at weak_signal", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), contradictionsArb, (n, c) => {
        const s = scoreEvidence(ev(...Array<"tier_5">(n).fill("tier_5")), c);
        expect(s.label).toBe("weak_signal");
        expect(s.score).toBeLessThanOrEqual(0.25);
      }),
    );
  });

  it("orders labels with the score: a higher score never gets a weaker label", () => {
    const rank = { weak_signal: 0, moderate: 1, strong: 2, confirmed: 3 };
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(tierArb, { minLength: 1, maxLength: 4 }),
        (x, y, tiers) => {
          const [lo, hi] = x <= y ? [x, y] : [y, x];
          expect(rank[labelOf(hi, tiers)]).toBeGreaterThanOrEqual(rank[labelOf(lo, tiers)]);
        },
      ),
    );
  });
});
