import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withAmounts } from "../../plugins/campaigns/amount.js";
import type { MatterEvidence } from "../../plugins/campaigns/evidence.js";
import { buildLeads, counterpartyConfidence } from "../../plugins/campaigns/expand.js";
import {
  type Candidate,
  checkFocusSettings,
  type FocusSettings,
  rankTargets,
  scoreOf,
} from "../../plugins/campaigns/focus.js";
import { deadlineUrgency } from "../../plugins/campaigns/gatherers.js";
import { nextClawAction } from "../../plugins/campaigns/next-action.js";
import { applyPressure, capOf, type PressureState } from "../../plugins/campaigns/pressure.js";
import type { CampaignFacts } from "../../plugins/campaigns/registry.js";
import {
  CAMPAIGN_MODES,
  EXPANSION_TYPES,
  FOCUS_CRITERIA,
  type FocusCriterion,
} from "../../plugins/campaigns/values.js";

const unit = fc.double({ min: 0, max: 1, noNaN: true });
const signals = fc.record(
  Object.fromEntries(FOCUS_CRITERIA.map((c) => [c, unit])) as never,
) as fc.Arbitrary<Candidate["signals"]>;
const candidate = fc.record({
  targetType: fc.constantFrom("wallet", "exchange", "issuer", "operator_task") as fc.Arbitrary<
    Candidate["targetType"]
  >,
  targetId: fc.stringMatching(/^[a-z]{1,6}$/),
  label: fc.constant("x"),
  signals,
});
/** Candidates with distinct (type, id). */
const candidates = fc.uniqueArray(candidate, {
  maxLength: 25,
  selector: (c) => `${c.targetType}:${c.targetId}`,
});
const settings: fc.Arbitrary<FocusSettings> = fc
  .subarray([...FOCUS_CRITERIA], { minLength: 1 })
  .chain((criteria) =>
    fc.tuple(...criteria.map(() => fc.double({ min: 0.01, max: 100, noNaN: true }))).map((ws) => ({
      criteria,
      weights: Object.fromEntries(criteria.map((c, i) => [c, ws[i]])) as FocusSettings["weights"],
    })),
  );

describe("focus ranking", () => {
  it("is deterministic and independent of the input order", () => {
    fc.assert(
      fc.property(candidates, settings, (cs, s) => {
        const once = rankTargets(cs, s);
        expect(rankTargets(cs, s)).toEqual(once);
        expect(rankTargets([...cs].reverse(), s)).toEqual(once);
      }),
    );
  });

  it("keeps every score in [0, 1] and sorts by score, ties by id", () => {
    fc.assert(
      fc.property(candidates, settings, (cs, s) => {
        const ranked = rankTargets(cs, s);
        for (const r of ranked) {
          expect(r.focusScore).toBeGreaterThanOrEqual(0);
          expect(r.focusScore).toBeLessThanOrEqual(1);
        }
        for (let i = 1; i < ranked.length; i++) {
          const [a, b] = [ranked[i - 1]!, ranked[i]!];
          expect(a.focusScore >= b.focusScore).toBe(true);
          if (a.focusScore === b.focusScore) expect(a.targetId <= b.targetId).toBe(true);
        }
      }),
    );
  });

  it("breaks an exact tie by target id", () => {
    const same = {
      confidence: 0.5,
      amount: 0.5,
      freezability: 0,
      channel: 0,
      urgency: 0,
      readiness: 1,
    };
    const ranked = rankTargets([
      { targetType: "wallet", targetId: "wal_b", label: "b", signals: same },
      { targetType: "exchange", targetId: "Alpha", label: "a", signals: same },
      { targetType: "wallet", targetId: "wal_a", label: "a", signals: same },
    ]);
    expect(ranked.map((r) => r.targetId)).toEqual(["Alpha", "wal_a", "wal_b"]);
  });

  it("never lowers a target's rank when one of its signals rises", () => {
    fc.assert(
      fc.property(
        candidates.filter((cs) => cs.length > 0),
        settings,
        fc.nat(),
        fc.constantFrom(...FOCUS_CRITERIA),
        unit,
        (cs, s, pick, criterion, raise) => {
          const i = pick % cs.length;
          const target = cs[i]!;
          const rankOf = (list: Candidate[]) =>
            rankTargets(list, s).findIndex(
              (r) => r.targetType === target.targetType && r.targetId === target.targetId,
            );
          const before = rankOf(cs);
          const raised = cs.map((c, j) =>
            j === i
              ? {
                  ...c,
                  signals: {
                    ...c.signals,
                    [criterion]: Math.min(1, c.signals[criterion] + raise),
                  },
                }
              : c,
          );
          expect(rankOf(raised)).toBeLessThanOrEqual(before);
        },
      ),
    );
  });

  it("names the criterion that contributed most in the reason", () => {
    fc.assert(
      fc.property(signals, settings, (sig, s) => {
        const [top] = rankTargets(
          [{ targetType: "wallet", targetId: "w", label: "w", signals: sig }],
          s,
        );
        const contributions = s.criteria.map((c) => [c, (s.weights[c] ?? 1) * sig[c]] as const);
        const best = contributions.reduce((a, b) => (b[1] > a[1] ? b : a));
        if (best[1] > 0) expect(top!.reason).toContain(best[0]);
        else expect(top!.reason).toBe("No selected criterion scored above 0.");
      }),
    );
  });

  it("scores the weighted mean of the selected criteria", () => {
    const sig = {
      confidence: 1,
      amount: 0.5,
      freezability: 0,
      channel: 0,
      urgency: 0,
      readiness: 0,
    };
    expect(scoreOf(sig, { criteria: ["confidence", "amount"], weights: {} })).toBe(0.75);
    expect(scoreOf(sig, { criteria: ["confidence", "amount"], weights: { amount: 3 } })).toBe(
      0.625,
    );
    expect(scoreOf(sig, { criteria: [...FOCUS_CRITERIA], weights: {} })).toBe(0.25);
  });

  it("refuses repeated criteria, weights out of range or of unselected criteria, and all-zero weights", () => {
    const bad: Array<[FocusCriterion[] | undefined, Record<string, number>, string]> = [
      [[], {}, "criteria"],
      [["amount", "amount"], {}, "criteria[1]"],
      [undefined, { amount: -0.5 }, "weights.amount"],
      [undefined, { amount: 100.5 }, "weights.amount"],
      [["amount"], { urgency: 1 }, "weights.urgency"],
      [["amount", "urgency"], { amount: 0, urgency: 0 }, "weights"],
    ];
    for (const [criteria, weights, param] of bad)
      expect(() => checkFocusSettings(criteria, weights)).toThrowError(
        expect.objectContaining({ code: "parameter_invalid", param }),
      );
    expect(checkFocusSettings(undefined, { amount: 0 })).toEqual({
      criteria: [...FOCUS_CRITERIA],
      weights: { amount: 0 },
    });
  });
});

describe("pressure rules", () => {
  const request = fc.record(
    {
      mode: fc.constantFrom(...CAMPAIGN_MODES),
      level: fc.integer({ min: 0, max: 6 }),
      counselApprovalId: fc.option(fc.constantFrom("memo-1", "  ", ""), { nil: undefined }),
    },
    { requiredKeys: [] },
  );

  it("never lets pressure exceed the mode's cap, nor reach 4+ without approval, in any sequence", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CAMPAIGN_MODES),
        fc.array(request, { maxLength: 30 }),
        (mode, reqs) => {
          let state: PressureState = {
            mode,
            level: { measured: 1, assertive: 2, maximum_lawful: 3 }[mode],
          };
          for (const r of reqs) {
            const out = applyPressure(state, r);
            if (!out.ok) {
              if (out.code === "counsel_approval_required") {
                expect(r.level).toBeGreaterThanOrEqual(4);
                expect(r.counselApprovalId?.trim() ?? "").toBe("");
              } else expect(out.state.level).toBeGreaterThan(capOf(out.state.mode));
              continue;
            }
            if (r.level !== undefined && r.level >= 4)
              expect(r.counselApprovalId?.trim()).toBeTruthy();
            state = out.state;
            expect(state.level).toBeLessThanOrEqual(capOf(state.mode));
          }
        },
      ),
    );
  });

  it("has the caps of CONTRACT.md §8 and asks for approval before checking the cap", () => {
    expect(CAMPAIGN_MODES.map(capOf)).toEqual([3, 5, 6]);
    const measured = { mode: "measured", level: 3 } as const;
    expect(applyPressure(measured, { level: 4 })).toMatchObject({
      ok: false,
      code: "counsel_approval_required",
    });
    expect(applyPressure(measured, { level: 4, counselApprovalId: "memo" })).toMatchObject({
      ok: false,
      code: "pressure_exceeds_profile",
      cap: 3,
    });
    // Keeping an approved level while changing only the mode needs no new approval.
    expect(applyPressure({ mode: "assertive", level: 4 }, { mode: "maximum_lawful" })).toEqual({
      ok: true,
      state: { mode: "maximum_lawful", level: 4 },
    });
    expect(applyPressure({ mode: "assertive", level: 4 }, { mode: "measured" })).toMatchObject({
      ok: false,
      code: "pressure_exceeds_profile",
    });
  });
});

describe("amounts, urgency and the next action", () => {
  const raw = (id: string, amountUsd: number) => ({
    targetType: "wallet" as const,
    targetId: id,
    label: id,
    amountUsd,
    signals: { confidence: 0, freezability: 0, channel: 0, urgency: 0, readiness: 0 },
  });

  it("measures amounts against a USD judgment, else against the largest candidate", () => {
    const usd = { id: "j", status: "validated", amount: 1000, currency: "USD" };
    expect(withAmounts([raw("a", 250), raw("b", 5000)], usd).map((c) => c.signals.amount)).toEqual([
      0.25, 1,
    ]);
    const eur = { ...usd, currency: "EUR" };
    expect(withAmounts([raw("a", 250), raw("b", 500)], eur).map((c) => c.signals.amount)).toEqual([
      0.5, 1,
    ]);
    expect(withAmounts([raw("a", 0)], eur)[0]!.signals.amount).toBe(0);
  });

  it("makes a nearer deadline at least as urgent, 1 when due", () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), fc.nat(200), (days, sooner) => {
        const u = deadlineUrgency(days);
        expect(u).toBeGreaterThanOrEqual(0);
        expect(u).toBeLessThanOrEqual(1);
        expect(deadlineUrgency(days - sooner)).toBeGreaterThanOrEqual(u);
      }),
    );
    expect(deadlineUrgency(0)).toBe(1);
    expect(deadlineUrgency(90)).toBe(0);
  });

  it("derives the next claw action from blockers first, then the top target and the level", () => {
    const evidence = { deadlines: [], alerts: [] } as unknown as MatterEvidence;
    const top = {
      targetType: "exchange" as const,
      targetId: "Binance",
      label: "Binance",
      focusScore: 0.8,
      reason: "",
      signals: { confidence: 1, amount: 1, freezability: 1, channel: 0, urgency: 0, readiness: 1 },
    };
    const at = (pressureLevel: number) =>
      nextClawAction({ status: "active", pressureLevel, blockers: [], top, evidence });
    expect(at(2)).toEqual({ kind: "exchange", text: "Send a preservation request to Binance" });
    expect(at(4).kind).toBe("legal_process");
    expect(at(6).kind).toBe("ledger");
    const blocked = nextClawAction({
      status: "active",
      pressureLevel: 4,
      top,
      evidence,
      blockers: [
        { gate: "sanctions", status: "fail", reasons: ["held"], required_actions: ["Clear it."] },
      ],
    });
    expect(blocked).toEqual({ kind: "sanctions", text: "Clear the sanctions gate: Clear it." });
    expect(
      nextClawAction({ status: "active", pressureLevel: 0, blockers: [], top: undefined, evidence })
        .kind,
    ).toBe("discovery");
  });
});

describe("expansion leads", () => {
  const evidence = (over: Partial<MatterEvidence>): MatterEvidence => ({
    matterId: "mat_x",
    authority: "granted",
    sanctions: { pass: true },
    judgments: [],
    wallets: [],
    hypotheses: [],
    exposures: [],
    deadlines: [],
    alerts: [],
    timelines: [],
    graphs: [],
    debtors: [],
    ...over,
  });
  const facts = (e: MatterEvidence, wallets: string[] = []): CampaignFacts => ({
    campaignId: "cmp_x",
    matterId: "mat_x",
    judgmentId: "jdg_x",
    pressureLevel: 1,
    targetSet: { wallets, exchanges: [], issuers: [], debtors: [] },
    evidence: e,
    hasChannel: () => false,
    today: "2026-11-22",
  });
  const wallet = (id: string, address: string) =>
    ({
      id,
      address,
      normalizedAddress: address.toLowerCase(),
      network: "ethereum",
      confidence: 0.9,
    }) as never;
  const transfer = (hash: string, from: string, to: string) => ({
    transactionHash: hash,
    network: "ethereum",
    timestamp: "2026-01-01T00:00:00.000Z",
    fromAddress: from,
    toAddress: to,
    asset: "USDT",
    amount: "10",
    fromLabel: null,
    toLabel: null,
  });

  it("raises counterparty confidence with distinct transactions, capped at the tier-2 base", () => {
    expect([1, 2, 3, 10].map(counterpartyConfidence)).toEqual([0.45, 0.6975, 0.8, 0.8]);
  });

  it("finds counterparties of the campaign's wallets, not the wallets themselves, best first", () => {
    const e = evidence({
      wallets: [wallet("wal_a", "0xaaa"), wallet("wal_b", "0xbbb")],
      timelines: [
        {
          id: "ttl_1",
          wallets: ["0xaaa"],
          events: [
            transfer("t1", "0xaaa", "0xccc"),
            transfer("t2", "0xddd", "0xaaa"),
            transfer("t3", "0xaaa", "0xddd"),
            transfer("t4", "0xaaa", "0xbbb"),
            transfer("t5", "0xeee", "0xfff"),
          ],
        },
      ],
    });
    const leads = buildLeads(facts(e, ["wal_a"]), EXPANSION_TYPES);
    expect(leads.map((l) => [l.targetType, l.targetId, l.confidence])).toEqual([
      ["address", "0xddd", 0.6975],
      ["address", "0xccc", 0.45],
      ["wallet", "wal_b", 0.45],
    ]);
    // Targeting wal_b removes it; the result never depends on the order of the records.
    expect(
      buildLeads(facts(e, ["wal_a", "wal_b"]), EXPANSION_TYPES).map((l) => l.targetId),
    ).toEqual(["0xddd", "0xccc"]);
    const shuffled = evidence({
      ...e,
      timelines: [{ ...e.timelines[0]!, events: [...e.timelines[0]!.events].reverse() }],
    });
    expect(buildLeads(facts(shuffled, ["wal_a"]), EXPANSION_TYPES)).toEqual(leads);
  });

  it("merges one target found by several expansion types into one lead", () => {
    const e = evidence({
      wallets: [wallet("wal_a", `0x${"a".repeat(40)}`)],
      hypotheses: [
        {
          id: "exh_1",
          exchange: "Binance",
          wallet: `0x${"A".repeat(40)}`,
          network: "ethereum",
          hop: "direct",
          label: "moderate",
          confidence: 0.65,
        },
        {
          id: "exh_2",
          exchange: "binance",
          wallet: `0x${"a".repeat(40)}`,
          network: "bsc",
          hop: "one_hop",
          label: "weak_signal",
          confidence: 0.45,
        },
      ] as never,
    });
    const [lead, ...rest] = buildLeads(facts(e, ["wal_a"]), ["exchange_hypotheses"]);
    expect(rest).toEqual([]);
    expect(lead).toMatchObject({
      targetType: "exchange",
      targetId: "Binance",
      confidence: 0.65,
      sourceIds: ["exh_1", "exh_2"],
    });
    expect(lead!.basis).toHaveLength(2);
  });
});
