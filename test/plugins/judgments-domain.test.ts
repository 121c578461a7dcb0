import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addYears,
  computeIntakeDeadlines,
  fromDayNumber,
  toDayNumber,
} from "../../plugins/judgments/domain/deadlines.js";
import { computeBalance, federalRateFor } from "../../plugins/judgments/domain/interest.js";
import { mergeRates, parseH15Csv } from "../../plugins/judgments/domain/h15.js";
import {
  type FederalRateRow,
  type JurisdictionRule,
  federalRateTable,
  listJurisdictions,
  lookup,
} from "../../plugins/judgments/domain/jurisdictions.js";
import {
  PRESSURE_NAMES,
  PROFILES,
  plan,
  profileFor,
} from "../../plugins/judgments/domain/profile.js";
import {
  GATE_NAMES,
  type ValidationInput,
  validateJudgment,
} from "../../plugins/judgments/domain/validation.js";

function rule(code: string): JurisdictionRule {
  const r = lookup(code);
  if (!r) throw new Error(`no rule ${code}`);
  return r;
}

/** Test fixture only, not a real H.15 value: 5% for the week ending Friday 2025-01-03. */
const FIXTURE_RATES: FederalRateRow[] = [{ week_ending: "2025-01-03", rate_percent: 5 }];

const USD_10K = 1_000_000; // $10,000.00 in cents

describe("jurisdiction reference data", () => {
  it("holds 50 states, DC and FED with a version and per-row sources", () => {
    const rows = listJurisdictions();
    expect(rows).toHaveLength(52);
    expect(new Set(rows.map((r) => r.code)).size).toBe(52);
    for (const r of rows) expect(r.sources.length).toBeGreaterThan(0);
  });

  it("looks codes and names up case-insensitively and returns null for unknown ones", () => {
    expect(lookup("ca")?.code).toBe("CA");
    expect(lookup(" NY ")?.code).toBe("NY");
    expect(lookup("FED")?.code).toBe("FED");
    expect(lookup("federal")?.code).toBe("FED");
    expect(lookup("New York")?.code).toBe("NY");
    expect(lookup("ZZ")).toBeNull();
    expect(lookup("")).toBeNull();
  });

  it("keeps the headline rules and leaves unknown values null", () => {
    expect(rule("CA")).toMatchObject({
      judgment_life_years: 10,
      lien_on_real_property_years: 10,
      automatic_stay_days_after_entry: 0,
      interest: {
        kind: "fixed",
        rate_percent: 10,
        consumer_rate_percent: 5,
        compounding: "simple",
      },
    });
    expect(rule("NY")).toMatchObject({
      judgment_life_years: 20,
      lien_on_real_property_years: 10,
      interest: { kind: "fixed", rate_percent: 9, consumer_rate_percent: 2 },
    });
    expect(rule("IL").interest).toMatchObject({
      kind: "fixed",
      rate_percent: 9,
      consumer_rate_percent: 5,
    });
    expect(rule("TX").interest?.kind).toBe("variable");
    expect(rule("FL").interest?.kind).toBe("variable");
    expect(rule("FED")).toMatchObject({
      judgment_life_years: null,
      automatic_stay_days_after_entry: 30,
      interest: { kind: "federal_1961", compounding: "annual" },
    });
    expect(rule("WI").judgment_life_years).toBeNull();
    expect(rule("WI").interest).toBeNull();
  });

  it("ships an empty federal rate table that says rows must come from H.15", () => {
    const table = federalRateTable();
    expect(table.rows).toEqual([]);
    expect(table.note).toMatch(/H\.15/);
  });
});

describe("intake deadlines", () => {
  it("gives a California judgment one renewal deadline ten years out", () => {
    const r = computeIntakeDeadlines("CA", "2025-01-01");
    expect(r.deadlines.map((d) => [d.date, d.scope])).toEqual([["2035-01-01", "judgment"]]);
    expect(r.deadlines[0]).toMatchObject({ type: "renewal", owner: "counsel", status: "open" });
    expect(r.review_required).toBe(false);
  });

  it("gives a New York judgment a 20-year renewal and a 10-year lien renewal", () => {
    const r = computeIntakeDeadlines("ny", "2025-01-01");
    expect(r.deadlines.map((d) => [d.date, d.scope])).toEqual([
      ["2035-01-01", "real_property_lien"],
      ["2045-01-01", "judgment"],
    ]);
  });

  it("moves a Feb 29 entry to Feb 28 in a common year and keeps it in a leap year", () => {
    expect(computeIntakeDeadlines("CA", "2024-02-29").deadlines.map((d) => d.date)).toEqual([
      "2034-02-28",
    ]);
    expect(computeIntakeDeadlines("NY", "2024-02-29").deadlines.map((d) => d.date)).toEqual([
      "2034-02-28",
      "2044-02-29",
    ]);
    expect(addYears("2024-02-29", 4)).toBe("2028-02-29");
    expect(addYears("2024-02-29", 1)).toBe("2025-02-28");
  });

  it("gives Texas one ten-year deadline and Florida a 20-year one plus the 10-year lien", () => {
    expect(computeIntakeDeadlines("TX", "2025-03-15").deadlines.map((d) => d.date)).toEqual([
      "2035-03-15",
    ]);
    expect(computeIntakeDeadlines("FL", "2025-03-15").deadlines.map((d) => d.date)).toEqual([
      "2035-03-15",
      "2045-03-15",
    ]);
  });

  it("invents no federal deadline without a forum state", () => {
    expect(computeIntakeDeadlines("FED", "2025-01-06")).toEqual({
      deadlines: [],
      missing_items: ["enforceability_period_unknown"],
      review_required: true,
    });
  });

  it("applies the forum state's periods to a federal judgment", () => {
    const r = computeIntakeDeadlines("FED", "2025-01-06", { forumState: "NY" });
    expect(r.deadlines.map((d) => d.date)).toEqual(["2035-01-06", "2045-01-06"]);
    expect(r.deadlines[1]?.basis).toMatch(/FRCP 69\(a\)/);
  });

  it("returns no deadline and a missing item for an unknown jurisdiction", () => {
    expect(computeIntakeDeadlines("ZZ", "2025-01-01")).toEqual({
      deadlines: [],
      missing_items: ["jurisdiction_unknown"],
      review_required: true,
    });
  });

  it("lists a known lien even where the judgment life is unknown (Delaware)", () => {
    const r = computeIntakeDeadlines("DE", "2025-01-01");
    expect(r.deadlines.map((d) => [d.date, d.scope])).toEqual([
      ["2035-01-01", "real_property_lien"],
    ]);
    expect(r.missing_items).toEqual(["enforceability_period_unknown"]);
  });

  it("rejects an impossible date", () => {
    expect(() => computeIntakeDeadlines("CA", "2025-02-29")).toThrow(RangeError);
    expect(() => computeIntakeDeadlines("CA", "2025-1-1")).toThrow(RangeError);
  });
});

describe("post-judgment interest", () => {
  const base = { currency: "USD", principalMinor: USD_10K };

  it("charges a California judgment $1,000.00 over one year at 10% simple", () => {
    const b = computeBalance({
      ...base,
      dateEntered: "2025-01-01",
      asOf: "2026-01-01",
      rule: rule("CA"),
    });
    expect(b).toMatchObject({
      principal: 1_000_000,
      interest_accrued: 100_000,
      payments: 0,
      outstanding: 1_100_000,
      interest_rate: 10,
      as_of: "2026-01-01",
      review_required: false,
      missing_items: [],
    });
  });

  it("counts 366 days across Feb 29 (CA: 1,000,000 × 10% × 366/365 = 100,273.97 → 100,274)", () => {
    const b = computeBalance({
      ...base,
      dateEntered: "2024-01-01",
      asOf: "2025-01-01",
      rule: rule("CA"),
    });
    expect(b.interest_accrued).toBe(100_274);
  });

  it("applies 9% in New York and 2% for consumer debt", () => {
    // 1,000,000 × 9% × 366/365 = 90,246.58 → 90,247
    expect(
      computeBalance({ ...base, dateEntered: "2024-01-01", asOf: "2025-01-01", rule: rule("NY") })
        .interest_accrued,
    ).toBe(90_247);
    // 1,000,000 × 2% × 366/365 = 20,054.79 → 20,055
    const c = computeBalance({
      ...base,
      dateEntered: "2023-06-01",
      asOf: "2024-06-01",
      rule: rule("NY"),
      consumerDebt: true,
    });
    expect(c).toMatchObject({ interest_accrued: 20_055, interest_rate: 2, review_required: false });
  });

  it("applies the 5% consumer rate in California and Illinois", () => {
    for (const code of ["CA", "IL"]) {
      const b = computeBalance({
        ...base,
        dateEntered: "2025-01-01",
        asOf: "2026-01-01",
        rule: rule(code),
        consumerDebt: true,
      });
      expect(b).toMatchObject({ interest_accrued: 50_000, interest_rate: 5 });
    }
  });

  it("sends a consumer judgment entered before the consumer rate began to review", () => {
    const b = computeBalance({
      ...base,
      dateEntered: "2021-01-01",
      asOf: "2023-01-01",
      rule: rule("NY"),
      consumerDebt: true,
    });
    expect(b).toMatchObject({
      interest_accrued: 0,
      interest_rate: null,
      review_required: true,
      missing_items: ["consumer_rate_transition_requires_review"],
      outstanding: 1_000_000,
    });
  });

  it("invents no rate for Texas or Florida", () => {
    for (const code of ["TX", "FL"]) {
      const b = computeBalance({
        ...base,
        dateEntered: "2025-01-01",
        asOf: "2026-01-01",
        rule: rule(code),
        payments: [{ date: "2025-06-01", amountMinor: 10_000 }],
      });
      expect(b).toMatchObject({
        interest_accrued: 0,
        interest_rate: null,
        review_required: true,
        missing_items: ["interest_rate_requires_review"],
        payments: 10_000,
        outstanding: 990_000,
      });
    }
  });

  it("reports an unknown rule and an unknown jurisdiction for review", () => {
    expect(
      computeBalance({ ...base, dateEntered: "2025-01-01", asOf: "2026-01-01", rule: rule("WI") })
        .missing_items,
    ).toEqual(["interest_rate_unknown"]);
    expect(
      computeBalance({ ...base, dateEntered: "2025-01-01", asOf: "2026-01-01", rule: null })
        .missing_items,
    ).toEqual(["jurisdiction_unknown"]);
  });

  it("compounds a federal judgment annually at the rate of the week before entry", () => {
    // Entered Monday 2025-01-06; the week before is 2024-12-29..2025-01-04 (Friday 2025-01-03).
    // Year 1: 1,000,000 × 5% = 50,000, added to principal on 2026-01-06.
    // Year 2: 1,050,000 × 5% = 52,500, added on 2027-01-06.
    // 90 days more: 1,102,500 × 5% × 90/365 = 13,592.47 → 13,592. Total 116,092.
    const b = computeBalance({
      ...base,
      dateEntered: "2025-01-06",
      asOf: "2027-04-06",
      rule: rule("FED"),
      federalRates: FIXTURE_RATES,
    });
    expect(b).toMatchObject({
      interest_accrued: 116_092,
      outstanding: 1_116_092,
      interest_rate: 5,
      compounding: "annual",
      review_required: false,
    });
    expect(
      computeBalance({
        ...base,
        dateEntered: "2025-01-06",
        asOf: "2026-01-06",
        rule: rule("FED"),
        federalRates: FIXTURE_RATES,
      }).interest_accrued,
    ).toBe(50_000);
  });

  it("applies an anniversary payment to capitalised interest, then principal (federal)", () => {
    // 2026-01-06: 50,000 interest; payment 60,000 → principal 990,000. Year 2: 49,500.
    const b = computeBalance({
      ...base,
      dateEntered: "2025-01-06",
      asOf: "2027-01-06",
      rule: rule("FED"),
      federalRates: FIXTURE_RATES,
      payments: [{ date: "2026-01-06", amountMinor: 60_000n }],
    });
    expect(b).toMatchObject({ interest_accrued: 99_500, payments: 60_000, outstanding: 1_039_500 });
  });

  it("needs review, not a guessed rate, when no federal row covers the week", () => {
    const b = computeBalance({
      ...base,
      dateEntered: "2025-01-06",
      asOf: "2026-01-06",
      rule: rule("FED"),
    });
    expect(b).toMatchObject({
      interest_accrued: 0,
      interest_rate: null,
      review_required: true,
      missing_items: ["federal_post_judgment_rate_unavailable"],
    });
    // A row two weeks back does not cover a judgment entered the following week.
    expect(federalRateFor("2025-01-11", FIXTURE_RATES).ok).toBe(true); // Saturday of the week after
    expect(federalRateFor("2025-01-12", FIXTURE_RATES).ok).toBe(false); // next Sunday: two weeks on
    expect(federalRateFor("2025-01-04", FIXTURE_RATES).ok).toBe(false); // same week as the row
  });

  it("compounds Colorado's 8% annually as its row says", () => {
    // 80,000 in year 1, then 1,080,000 × 8% = 86,400 in year 2.
    expect(
      computeBalance({ ...base, dateEntered: "2025-01-01", asOf: "2027-01-01", rule: rule("CO") })
        .interest_accrued,
    ).toBe(166_400);
  });

  it("applies a payment to accrued interest first, then principal", () => {
    // Day 73 (2025-03-15): 1,000,000 × 10% × 73/365 = 20,000 accrued. Pay 30,000:
    // 20,000 interest, 10,000 principal → 990,000. 292 more days: 990,000 × 10% × 292/365 = 79,200.
    const b = computeBalance({
      ...base,
      dateEntered: "2025-01-01",
      asOf: "2026-01-01",
      rule: rule("CA"),
      payments: [{ date: "2025-03-15", amountMinor: 30_000 }],
    });
    expect(b).toMatchObject({
      interest_accrued: 99_200,
      payments: 30_000,
      outstanding: 1_069_200,
      overpayment: 0,
    });
  });

  it("leaves principal untouched by a payment smaller than accrued interest", () => {
    const b = computeBalance({
      ...base,
      dateEntered: "2025-01-01",
      asOf: "2026-01-01",
      rule: rule("CA"),
      payments: [{ date: "2025-03-15", amountMinor: 10_000 }],
    });
    expect(b).toMatchObject({
      interest_accrued: 100_000,
      payments: 10_000,
      outstanding: 1_090_000,
    });
  });

  it("floors an overpaid balance at zero and reports the excess", () => {
    const b = computeBalance({
      ...base,
      dateEntered: "2025-01-01",
      asOf: "2026-01-01",
      rule: rule("CA"),
      payments: [{ date: "2025-03-15", amountMinor: 2_000_000 }],
    });
    expect(b).toMatchObject({ interest_accrued: 20_000, outstanding: 0, overpayment: 980_000 });
  });

  it("ignores payments after as_of and flags payments before entry", () => {
    const later = computeBalance({
      ...base,
      dateEntered: "2025-01-01",
      asOf: "2026-01-01",
      rule: rule("CA"),
      payments: [{ date: "2026-01-02", amountMinor: 500 }],
    });
    expect(later).toMatchObject({ payments: 0, interest_accrued: 100_000 });
    const early = computeBalance({
      ...base,
      dateEntered: "2025-01-01",
      asOf: "2026-01-01",
      rule: rule("CA"),
      payments: [{ date: "2024-12-01", amountMinor: 100_000 }],
    });
    // Applied at entry: principal 900,000 → 90,000 for the year; 1,000,000 + 90,000 − 100,000.
    expect(early).toMatchObject({
      payments: 100_000,
      interest_accrued: 90_000,
      outstanding: 990_000,
      review_required: true,
      missing_items: ["payment_before_date_entered"],
    });
  });

  it("rounds half to even only at the end", () => {
    // One day at 10%: P × 10 / 36,500.
    const oneDay = (p: number) =>
      computeBalance({
        currency: "USD",
        principalMinor: p,
        dateEntered: "2025-01-01",
        asOf: "2025-01-02",
        rule: rule("CA"),
      }).interest_accrued;
    expect(oneDay(1825)).toBe(0); // 0.5 → 0
    expect(oneDay(5475)).toBe(2); // 1.5 → 2
    expect(oneDay(9125)).toBe(2); // 2.5 → 2
    expect(oneDay(1826)).toBe(1); // 0.5003 → 1
    // 365 one-day steps of 0.5 are not rounded one by one: 1825 × 10% × 365/365 = 182.5 → 182.
    const year = computeBalance({
      currency: "USD",
      principalMinor: 1825,
      dateEntered: "2025-01-01",
      asOf: "2026-01-01",
      rule: rule("CA"),
    });
    expect(year.interest_accrued).toBe(182);
  });

  it("accepts bigint principal and rejects negative amounts", () => {
    expect(
      computeBalance({
        ...base,
        principalMinor: 1_000_000n,
        dateEntered: "2025-01-01",
        asOf: "2026-01-01",
        rule: rule("CA"),
      }).interest_accrued,
    ).toBe(100_000);
    expect(() =>
      computeBalance({
        ...base,
        principalMinor: -1,
        dateEntered: "2025-01-01",
        asOf: "2026-01-01",
        rule: rule("CA"),
      }),
    ).toThrow(RangeError);
    expect(() =>
      computeBalance({
        ...base,
        principalMinor: 1.5,
        dateEntered: "2025-01-01",
        asOf: "2026-01-01",
        rule: rule("CA"),
      }),
    ).toThrow(RangeError);
  });
});

function validInput(over: Partial<ValidationInput> = {}): ValidationInput {
  return {
    authorityLive: true,
    appealStayStatus: "none",
    bankruptcyStatus: "none",
    consumerDebt: false,
    sourceRefTypes: ["certified_judgment", "docket"],
    dateEntered: "2025-01-01",
    jurisdictionRule: rule("CA"),
    today: "2025-06-01",
    ...over,
  };
}

function gateOf(input: ValidationInput, gate: string) {
  const g = validateJudgment(input).gates.find((x) => x.gate === gate);
  if (!g) throw new Error(`gate ${gate} not run`);
  return g;
}

describe("validation gates", () => {
  it("passes a clean California judgment on all six gates", () => {
    const r = validateJudgment(validInput());
    expect(r.gates.map((g) => [g.gate, g.status])).toEqual(GATE_NAMES.map((g) => [g, "pass"]));
    expect(r).toMatchObject({ enforcement_ready: true, review_required: false, missing_items: [] });
  });

  it("authority: fails without a live grant and always runs", () => {
    const r = validateJudgment(validInput({ authorityLive: false }), ["required_documents"]);
    expect(r.gates.map((g) => g.gate)).toEqual(["authority", "required_documents"]);
    expect(r.gates[0]?.status).toBe("fail");
    expect(r.enforcement_ready).toBe(false);
    expect(r.missing_items).toEqual(["authority", "authority_grant"]);
  });

  it("stay_appeal: stayed fails, appeal pending needs review, a known stay fails", () => {
    expect(gateOf(validInput({ appealStayStatus: "stayed" }), "stay_appeal").status).toBe("fail");
    expect(gateOf(validInput({ appealStayStatus: "appeal_pending" }), "stay_appeal").status).toBe(
      "review",
    );
    expect(gateOf(validInput({ appealStayKnown: true }), "stay_appeal").status).toBe("fail");
    expect(gateOf(validInput({ appealStayKnown: false }), "stay_appeal").status).toBe("pass");
    const r = validateJudgment(validInput({ appealStayStatus: "appeal_pending" }));
    expect(r).toMatchObject({ enforcement_ready: true, review_required: true });
  });

  it("enforceability: a vacated, satisfied or expired judgment fails whatever its dates", () => {
    for (const status of ["vacated", "satisfied", "expired"]) {
      const gate = gateOf(validInput({ judgmentStatus: status }), "enforceability_period");
      expect(gate.status, status).toBe("fail");
      expect(validateJudgment(validInput({ judgmentStatus: status })).missing_items).toContain(
        `judgment_${status}`,
      );
    }
    for (const status of ["entered", "validated", "partially_satisfied"]) {
      expect(
        gateOf(validInput({ judgmentStatus: status }), "enforceability_period").status,
        status,
      ).toBe("pass");
    }
  });

  it("bankruptcy: filed and discharged fail, dismissed passes with a reason", () => {
    const filed = gateOf(validInput({ bankruptcyStatus: "filed" }), "bankruptcy");
    expect(filed.status).toBe("fail");
    expect(filed.reasons.join(" ")).toMatch(/362/);
    expect(gateOf(validInput({ bankruptcyStatus: "discharged" }), "bankruptcy").status).toBe(
      "fail",
    );
    const dismissed = gateOf(validInput({ bankruptcyStatus: "dismissed" }), "bankruptcy");
    expect(dismissed.status).toBe("pass");
    expect(dismissed.reasons[0]).toMatch(/dismissed/);
    expect(gateOf(validInput({ bankruptcyKnown: true }), "bankruptcy").status).toBe("fail");
    expect(
      gateOf(validInput({ bankruptcyKnown: true, bankruptcyStatus: "dismissed" }), "bankruptcy")
        .status,
    ).toBe("pass");
  });

  it("consumer_commercial: consumer debt and an unstated one need review", () => {
    const consumer = gateOf(
      validInput({ consumerDebt: true, jurisdictionRule: rule("NY") }),
      "consumer_commercial",
    );
    expect(consumer.status).toBe("review");
    expect(consumer.reasons.join(" ")).toMatch(/FDCPA/);
    expect(consumer.reasons.join(" ")).toMatch(/2% per annum/);
    const unknown = validateJudgment(validInput({ consumerDebt: undefined }));
    expect(unknown.missing_items).toEqual(["consumer_debt_classification"]);
    expect(unknown).toMatchObject({ enforcement_ready: true, review_required: true });
  });

  it("required_documents: fails without a certified_judgment source ref", () => {
    const r = validateJudgment(validInput({ sourceRefTypes: ["docket", "complaint"] }));
    expect(r.gates.find((g) => g.gate === "required_documents")?.status).toBe("fail");
    expect(r.missing_items).toEqual(["required_documents", "certified_judgment"]);
    expect(
      gateOf(validInput({ sourceRefTypes: [" Certified_Judgment "] }), "required_documents").status,
    ).toBe("pass");
  });

  it("enforceability_period: fails once the judgment life has run", () => {
    const g = gateOf(
      validInput({ dateEntered: "2014-05-01", today: "2024-05-02" }),
      "enforceability_period",
    );
    expect(g.status).toBe("fail");
    expect(g.reasons[0]).toMatch(/2024-05-01/);
    expect(
      gateOf(
        validInput({ dateEntered: "2014-05-01", today: "2024-05-01" }),
        "enforceability_period",
      ).status,
    ).toBe("pass");
  });

  it("enforceability_period: asks for renewal near the end of the life", () => {
    const g = gateOf(
      validInput({ dateEntered: "2015-06-01", today: "2025-03-01" }),
      "enforceability_period",
    );
    expect(g.status).toBe("pass");
    expect(g.required_actions).toEqual(["Renew the judgment before 2025-06-01."]);
  });

  it("enforceability_period: unknown jurisdiction or life needs review", () => {
    const unknown = validateJudgment(validInput({ jurisdictionRule: null }));
    expect(unknown.gates.find((g) => g.gate === "enforceability_period")?.status).toBe("review");
    expect(unknown.missing_items).toEqual(["jurisdiction_unknown"]);
    expect(
      gateOf(validInput({ jurisdictionRule: rule("WI") }), "enforceability_period").status,
    ).toBe("review");
  });

  it("enforceability_period: fails inside the FRCP 62(a) 30-day stay with a wait-until date", () => {
    // Entered Monday 2025-01-06: stayed through Wednesday 2025-02-05.
    const fed = {
      jurisdictionRule: rule("FED"),
      forumStateRule: rule("NY"),
      dateEntered: "2025-01-06",
    };
    const inside = gateOf(validInput({ ...fed, today: "2025-02-05" }), "enforceability_period");
    expect(inside.status).toBe("fail");
    expect(inside.required_actions).toEqual(["wait until 2025-02-06"]);
    expect(
      gateOf(validInput({ ...fed, today: "2025-02-06" }), "enforceability_period").status,
    ).toBe("pass");
    // Entered Friday 2025-01-03: day 30 is Sunday 2025-02-02, so the stay runs through Monday.
    const weekend = gateOf(
      validInput({ ...fed, dateEntered: "2025-01-03", today: "2025-02-03" }),
      "enforceability_period",
    );
    expect(weekend.required_actions).toEqual(["wait until 2025-02-04"]);
  });

  it("enforceability_period: a federal judgment with no forum state needs review after the stay", () => {
    const g = validateJudgment(
      validInput({ jurisdictionRule: rule("FED"), dateEntered: "2025-01-06", today: "2025-06-01" }),
    );
    expect(g.gates.find((x) => x.gate === "enforceability_period")?.status).toBe("review");
    expect(g.missing_items).toEqual(["enforceability_period_unknown"]);
  });

  it("enforceability_period: California has no post-entry stay; an explicit stay overrides the data", () => {
    expect(gateOf(validInput({ today: "2025-01-01" }), "enforceability_period").status).toBe(
      "pass",
    );
    const g = gateOf(
      validInput({ today: "2025-01-05", automaticStayDays: 10 }),
      "enforceability_period",
    );
    expect(g.required_actions).toEqual(["wait until 2025-01-12"]);
  });

  it("rejects an unknown check name", () => {
    expect(() => validateJudgment(validInput(), ["authority", "vibes"])).toThrow(RangeError);
  });
});

describe("enforcement profile and plan", () => {
  it("maps profiles to starting pressure and cap", () => {
    expect(profileFor("measured")).toEqual({
      profile: "measured",
      pressure_level: 1,
      pressure_name: "prepare",
      pressure_cap: 3,
    });
    expect(profileFor("Assertive")).toMatchObject({ pressure_level: 2, pressure_cap: 5 });
    expect(profileFor("Maximum Lawful")).toMatchObject({
      profile: "maximum_lawful",
      pressure_level: 3,
      pressure_name: "discover",
      pressure_cap: 6,
    });
    expect(() => profileFor("reckless")).toThrow(RangeError);
  });

  it("builds a measured plan from the wallets and exchanges given", () => {
    const p = plan({
      profile: "measured",
      knownWallets: ["0xabc", "0xabc", "bc1qxyz"],
      knownExchanges: ["Kraken"],
    });
    expect(p.priority_actions.map((a) => [a.type, a.pressure_level])).toEqual([
      ["exchange", 2],
      ["discovery", 3],
      ["watch", 0],
      ["watch", 0],
    ]);
    expect(p.blocked_actions).toEqual([]);
    expect(p.review_required).toBe(false);
  });

  it("adds freeze, turnover and ledger steps up to the profile cap", () => {
    const assertive = plan({ profile: "assertive", knownExchanges: ["Kraken"] });
    expect(Math.max(...assertive.priority_actions.map((a) => a.pressure_level))).toBe(5);
    const max = plan({ profile: "maximum_lawful", knownExchanges: ["Kraken"] });
    expect(max.priority_actions.some((a) => a.pressure_name === "recover_distribute")).toBe(true);
    const none = plan({ profile: "maximum_lawful" });
    expect(none.priority_actions.map((a) => a.type)).toEqual(["discovery"]);
  });

  it("blocks enforcement under bankruptcy and an appeal stay, keeping watch and prep", () => {
    const p = plan({
      profile: "assertive",
      constraints: { bankruptcy_known: true, appeal_stay_known: true },
      knownWallets: ["0xabc"],
      knownExchanges: ["Kraken"],
    });
    expect(p.effective_cap).toBe(1);
    expect(p.priority_actions.map((a) => a.type)).toEqual(["watch"]);
    expect(p.blocked_actions.map((b) => b.type)).toEqual([
      "enforcement",
      "execution",
      "exchange",
      "discovery",
      "legal_process",
      "legal_process",
    ]);
    expect(p.blocked_actions[0]?.reason).toMatch(/362/);
    expect(p.review_required).toBe(true);
  });

  it("holds freezes for consumer debt and sanctions review but allows discovery", () => {
    const p = plan({
      profile: "assertive",
      constraints: { consumer_debt: true, sanctions_review_required: true },
      knownExchanges: ["Binance"],
    });
    expect(p.effective_cap).toBe(3);
    expect(p.priority_actions.map((a) => a.type)).toEqual(["exchange", "discovery"]);
    expect(p.blocked_actions.map((b) => b.reason).join(" ")).toMatch(/FDCPA/);
    expect(p.blocked_actions.map((b) => b.reason).join(" ")).toMatch(/OFAC/);
  });

  it("turns open renewal deadlines into prepare actions and failed gates into blocks", () => {
    const { deadlines } = computeIntakeDeadlines("NY", "2015-08-01");
    const gates = validateJudgment(validInput({ sourceRefTypes: [] })).gates;
    const p = plan({ profile: "measured", deadlines, gates, today: "2025-06-01" });
    expect(p.priority_actions.map((a) => [a.title, a.priority])).toEqual([
      ["Renew the real-property lien before 2025-08-01", "high"],
      ["Renew the judgment before 2035-08-01", "normal"],
    ]);
    expect(p.blocked_actions.map((b) => b.type)).toEqual(["enforcement", "discovery"]);
  });
});

// ---- properties ----

const DAY_2000 = toDayNumber("2000-01-01");
const dateArb = fc.integer({ min: 0, max: 365 * 50 }).map((n) => fromDayNumber(DAY_2000 + n));
const fixedRuleArb = fc.constantFrom("CA", "NY", "IL", "CO", "KY", "NM", "PA", "FED").map(rule);
const paymentArb = fc.record({
  offset: fc.integer({ min: -30, max: 365 * 12 }),
  amount: fc.integer({ min: 0, max: 2_000_000 }),
});
const balanceCaseArb = fc.record({
  rule: fixedRuleArb,
  principal: fc.integer({ min: 0, max: 10_000_000_000 }),
  entry: fc.integer({ min: 0, max: 365 * 30 }).map((n) => fromDayNumber(DAY_2000 + n)),
  span1: fc.integer({ min: 0, max: 365 * 12 }),
  span2: fc.integer({ min: 0, max: 365 * 12 }),
  payments: fc.array(paymentArb, { maxLength: 6 }),
  consumer: fc.boolean(),
});

type BalanceCase = typeof balanceCaseArb extends fc.Arbitrary<infer T> ? T : never;

function balanceFor(c: BalanceCase, asOfOffset: number, payments = c.payments) {
  const entryDay = toDayNumber(c.entry);
  // Every week gets a fixture federal rate so FED cases compute instead of asking for review.
  const rates: FederalRateRow[] = [
    { week_ending: fromDayNumber(entryDay - ((entryDay + 4) % 7) - 2), rate_percent: 4.37 },
  ];
  return computeBalance({
    currency: "USD",
    principalMinor: c.principal,
    dateEntered: c.entry,
    asOf: fromDayNumber(entryDay + asOfOffset),
    rule: c.rule,
    consumerDebt: c.consumer,
    federalRates: rates,
    payments: payments.map((p) => ({
      date: fromDayNumber(entryDay + p.offset),
      amountMinor: p.amount,
    })),
  });
}

describe("interest properties", () => {
  it("the fixture federal row always covers the week before entry", () => {
    fc.assert(
      fc.property(dateArb, (entry) => {
        const c = {
          rule: rule("FED"),
          principal: 100,
          entry,
          span1: 0,
          span2: 0,
          payments: [],
          consumer: false,
        };
        expect(balanceFor(c, 1).review_required).toBe(false);
      }),
    );
  });

  it("accrued interest never decreases as as_of moves later", () => {
    fc.assert(
      fc.property(balanceCaseArb, (c) => {
        const a = balanceFor(c, c.span1);
        const b = balanceFor(c, c.span1 + c.span2);
        expect(b.interest_accrued).toBeGreaterThanOrEqual(a.interest_accrued);
      }),
    );
  });

  it("interest and outstanding are never negative and outstanding = principal + interest − payments, floored", () => {
    fc.assert(
      fc.property(balanceCaseArb, (c) => {
        const b = balanceFor(c, c.span1);
        expect(b.interest_accrued).toBeGreaterThanOrEqual(0);
        expect(b.outstanding).toBeGreaterThanOrEqual(0);
        const net = b.principal + b.interest_accrued - b.payments;
        expect(b.outstanding).toBe(Math.max(0, net));
        expect(b.overpayment).toBe(Math.max(0, -net));
      }),
    );
  });

  it("is deterministic and ignores the order payments are listed in", () => {
    fc.assert(
      fc.property(balanceCaseArb, (c) => {
        const a = balanceFor(c, c.span1);
        expect(balanceFor(c, c.span1)).toEqual(a);
        expect(balanceFor(c, c.span1, [...c.payments].reverse())).toEqual(a);
      }),
    );
  });

  it("matches P × r × days / 36,500 rounded half-even for simple interest without payments", () => {
    fc.assert(
      fc.property(balanceCaseArb, (c) => {
        fc.pre(c.rule.interest?.kind === "fixed" && c.rule.interest.compounding === "simple");
        const b = balanceFor(c, c.span1, []);
        if (b.interest_rate === null) return; // consumer judgment before the consumer rate: review
        const [num, den] = b.interest_rate === 8.75 ? [875n, 100n] : [BigInt(b.interest_rate), 1n];
        const n = BigInt(c.principal) * num * BigInt(c.span1);
        const d = den * 36_500n;
        const q = n / d;
        const twice = (n % d) * 2n;
        const expected = twice > d || (twice === d && q % 2n === 1n) ? q + 1n : q;
        expect(BigInt(b.interest_accrued)).toBe(expected);
      }),
    );
  });
});

describe("plan properties", () => {
  const gateArb = fc.record({
    gate: fc.constantFrom(...GATE_NAMES),
    status: fc.constantFrom("pass" as const, "fail" as const, "review" as const),
    reasons: fc.array(fc.string(), { maxLength: 2 }),
    required_actions: fc.constant([] as string[]),
  });
  const planArb = fc.record({
    profile: fc.constantFrom(...(Object.keys(PROFILES) as (keyof typeof PROFILES)[])),
    constraints: fc.record(
      {
        consumer_debt: fc.boolean(),
        bankruptcy_known: fc.boolean(),
        appeal_stay_known: fc.boolean(),
        sanctions_review_required: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
    knownWallets: fc.array(fc.stringMatching(/^[0-9a-f]{1,8}$/), { maxLength: 5 }),
    knownExchanges: fc.array(fc.constantFrom("Kraken", "Binance", "Coinbase", "OKX"), {
      maxLength: 4,
    }),
    gates: fc.array(gateArb, { maxLength: 6 }),
  });

  it("never proposes an action above the profile cap or a constraint", () => {
    fc.assert(
      fc.property(planArb, (input) => {
        const p = plan(input);
        const cap = PROFILES[input.profile].cap;
        for (const a of p.priority_actions) {
          expect(a.pressure_level).toBeLessThanOrEqual(cap);
          expect(a.pressure_level).toBeLessThanOrEqual(p.effective_cap);
          expect(a.pressure_name).toBe(PRESSURE_NAMES[a.pressure_level]);
        }
        const c = input.constraints;
        if (
          c.bankruptcy_known ||
          c.appeal_stay_known ||
          input.gates.some((g) => g.status === "fail")
        ) {
          expect(p.effective_cap).toBeLessThanOrEqual(1);
        }
        // Discovery is always either proposed or listed as blocked.
        expect(
          p.priority_actions.some((a) => a.type === "discovery") ||
            p.blocked_actions.some((b) => b.type === "discovery"),
        ).toBe(true);
        expect(plan(input)).toEqual(p);
      }),
    );
  });
});

describe("H.15 rate import", () => {
  // Synthetic figures in the export's shape; real rows come from the Federal Reserve.
  const csv = [
    '"Series Description","Market yield on U.S. Treasury securities at 1-year constant maturity, quoted on investment basis"',
    '"Unit:","Percent:_Per_Year"',
    '"Unique Identifier:","H15/H15/RIFLGFCY01_N.WF"',
    '"Time Period","RIFLGFCY01_N.WF"',
    "2025-01-03,4.17",
    "2025-01-10,ND",
    "2025-01-11,4.20",
    "2025-01-17,4.21",
  ].join("\n");

  it("keeps Friday weeks with a number and says why other lines were skipped", () => {
    const { rows, skipped } = parseH15Csv(csv, "https://example.test/h15");
    expect(rows).toEqual([
      { week_ending: "2025-01-03", rate_percent: 4.17, source: "https://example.test/h15" },
      { week_ending: "2025-01-17", rate_percent: 4.21, source: "https://example.test/h15" },
    ]);
    expect(skipped.map((s) => s.why)).toEqual(["no data", "not a week ending Friday"]);
  });

  it("merges into a table, replacing re-imported weeks, sorted by week", () => {
    const merged = mergeRates(
      [
        { week_ending: "2025-01-17", rate_percent: 9 },
        { week_ending: "2024-12-27", rate_percent: 4.1 },
      ],
      parseH15Csv(csv).rows,
    );
    expect(merged.map((r) => [r.week_ending, r.rate_percent])).toEqual([
      ["2024-12-27", 4.1],
      ["2025-01-03", 4.17],
      ["2025-01-17", 4.21],
    ]);
  });

  it("feeds the federal computation: the week before entry sets the rate", () => {
    const rows = parseH15Csv(csv).rows;
    const found = federalRateFor("2025-01-08", rows);
    expect(found).toMatchObject({
      ok: true,
      row: { week_ending: "2025-01-03", rate_percent: 4.17 },
    });
  });
});
