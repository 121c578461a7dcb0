import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../src/ids.js";
import { printSdl } from "../../src/schema/index.js";
import { verifySignature } from "../../src/webhooks/signature.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type ApiResponse, type Client, errorOf } from "../helpers/http.js";
import { Seed, type SeededOrg } from "../helpers/seed.js";

let app: TestApp;
let seed: Seed;
let org: SeededOrg;
let api: Client;

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  org = await seed.org({ features: ["live_access"] });
  api = org.admin;
});
afterAll(() => app?.dispose());

// ---- dates (UTC calendar days, as the service computes them) ----

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
/** Same month and day `n` years later (Feb 29 → Feb 28 in a common year). */
function plusYears(date: string, n: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const ty = y + n;
  const leap = (ty % 4 === 0 && ty % 100 !== 0) || ty % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return `${ty}-${String(m).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY);
/** Simple interest in cents, rounded half-even: principal × rate% × days / 365. */
function simpleInterestCents(principalCents: number, ratePercent: number, days: number): number {
  const num = BigInt(principalCents) * BigInt(ratePercent) * BigInt(days);
  const den = 36_500n;
  const q = num / den;
  const twice = (num % den) * 2n;
  return Number(twice > den || (twice === den && q % 2n === 1n) ? q + 1n : q);
}

// ---- seeding through the public API ----

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CERTIFIED = {
  source_type: "certified_judgment",
  title: "Certified copy of judgment",
  uri: "s3://evidence/judgment.pdf",
};

async function grant(matterId: string, extra: Record<string, unknown> = {}, client = api) {
  const res = await client.post(`/v1/matters/${matterId}/authority`, {
    basis: "engagement_letter",
    granted_by: "Acme Corp",
    source_refs: [{ source_type: "engagement_letter", title: "Engagement letter" }],
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.authority_id as string;
}

/** A matter, by default with a live authority grant. */
async function matter(options: { authority?: boolean; client?: Client; name?: string } = {}) {
  const client = options.client ?? api;
  const res = await client.post("/v1/matters", { name: options.name ?? "Acme v. Doe" });
  expect(res.status, res.text).toBe(201);
  const id = res.body.matter_id as string;
  const authorityId = options.authority === false ? null : await grant(id, {}, client);
  return { id, authorityId };
}

function intakeBody(matterId: string, overrides: Record<string, unknown> = {}) {
  return {
    matter_id: matterId,
    court: "Superior Court of California, County of Los Angeles",
    case_number: "BC-123456",
    jurisdiction: "CA",
    creditor: "Acme Corp",
    debtor: "John Doe",
    amount: { amount: 10000, currency: "USD" },
    date_entered: daysAgo(365),
    source_refs: [CERTIFIED],
    consumer_debt: false,
    ...overrides,
  };
}

async function intake(matterId: string, overrides: Record<string, unknown> = {}, client = api) {
  const res = await client.post("/v1/judgments/intake", intakeBody(matterId, overrides));
  expect(res.status, res.text).toBe(201);
  return res.body as Record<string, any>;
}

async function validate(judgmentId: string, body: Record<string, unknown> = {}, client = api) {
  const res = await client.post(`/v1/judgments/${judgmentId}/validate`, body);
  expect(res.status, res.text).toBe(200);
  return res.body as Record<string, any>;
}

const gateOf = (result: Record<string, any>, name: string) =>
  result.gates.find((g: any) => g.gate === name);
const auditOf = (res: ApiResponse) =>
  app.db.root.auditEvent.findMany({
    where: { requestId: res.body.audit_ref ?? res.body.error?.request_id },
  });

function expectError(res: ApiResponse, status: number, code: string, param?: string) {
  expect(res.status, res.text).toBe(status);
  expect(errorOf(res)).toMatchObject({ code, ...(param !== undefined ? { param } : {}) });
}

describe("judgment intake", () => {
  it("takes in a California judgment and answers 201 with the whole Judgment", async () => {
    const m = await matter({ name: "Intake matter" });
    const entered = daysAgo(365);
    const res = await api.post(
      "/v1/judgments/intake",
      intakeBody(m.id, { amount: { amount: 1234.56, currency: "USD" }, date_entered: entered }),
    );
    expect(res.status, res.text).toBe(201);
    const j = res.body;
    expect(j).toMatchObject({
      judgment_id: expect.stringMatching(/^jdg_[0-9a-z]{26}$/),
      matter_id: m.id,
      court: "Superior Court of California, County of Los Angeles",
      case_number: "BC-123456",
      jurisdiction: "CA",
      creditor: "Acme Corp",
      debtor: "John Doe",
      date_entered: entered,
      amount: { amount: 1234.56, currency: "USD", valuation_time: expect.stringMatching(ISO) },
      status: "entered",
      appeal_stay_status: "none",
      bankruptcy_status: "none",
      consumer_debt: false,
      renewal_deadline: plusYears(entered, 10),
      enforcement_profile: null,
      pressure_level: null,
      review_state: {
        review_required: false,
        review_status: "not_required",
        review_owner: null,
        review_notes: null,
      },
      missing_items: [],
      source_refs: [
        {
          source_id: null,
          source_type: "certified_judgment",
          title: "Certified copy of judgment",
          uri: "s3://evidence/judgment.pdf",
          hash: null,
          chain_of_custody_id: null,
          admissibility_notes: null,
        },
      ],
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
      validation: null,
      matter: { matter_id: m.id, name: "Intake matter", status: "open" },
      audit_ref: res.headers.get("md-request-id"),
    });
    expect(j).not.toHaveProperty("id");
    expect(j.deadlines).toEqual([
      {
        deadline_id: expect.stringMatching(/^ddl_[0-9a-z]{26}$/),
        judgment_id: j.judgment_id,
        matter_id: m.id,
        type: "renewal",
        date: plusYears(entered, 10),
        owner: "counsel",
        status: "open",
        basis: expect.stringContaining("California: judgment life 10 years"),
        created_at: expect.stringMatching(ISO),
      },
    ]);
    const audit = await auditOf(res);
    expect(audit.map((a) => [a.eventType, a.objectType, a.objectId, a.matterId])).toEqual([
      ["judgment.created", "judgment", j.judgment_id, m.id],
    ]);
  });

  it("names each missing required field, nested ones by their path", async () => {
    const m = await matter();
    const full = intakeBody(m.id);
    for (const field of [
      "matter_id",
      "court",
      "case_number",
      "jurisdiction",
      "creditor",
      "debtor",
      "amount",
      "date_entered",
    ]) {
      const body: Record<string, unknown> = { ...full };
      delete body[field];
      expectError(await api.post("/v1/judgments/intake", body), 400, "parameter_missing", field);
    }
    for (const field of ["amount", "currency"]) {
      const amount: Record<string, unknown> = { amount: 100, currency: "USD" };
      delete amount[field];
      expectError(
        await api.post("/v1/judgments/intake", { ...full, amount }),
        400,
        "parameter_missing",
        `amount.${field}`,
      );
    }
    expect(await app.db.root.judgment.count({ where: { matterId: m.id } })).toBe(0);
  });

  it("refuses wrong types, bad values and unknown fields with the parameter named", async () => {
    const m = await matter();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ court: 42 }, "parameter_invalid", "court"],
      [{ court: null }, "parameter_invalid", "court"],
      [{ court: "   " }, "parameter_invalid", "court"],
      [{ matter_id: 7 }, "parameter_invalid", "matter_id"],
      [{ amount: 10000 }, "parameter_invalid", "amount"],
      [{ amount: { amount: "100.00", currency: "USD" } }, "parameter_invalid", "amount.amount"],
      [{ amount: { amount: 0, currency: "USD" } }, "parameter_invalid", "amount.amount"],
      [{ amount: { amount: -5, currency: "USD" } }, "parameter_invalid", "amount.amount"],
      [{ amount: { amount: 10.001, currency: "USD" } }, "parameter_invalid", "amount.amount"],
      [{ amount: { amount: 100.5, currency: "JPY" } }, "parameter_invalid", "amount.amount"],
      [{ amount: { amount: 1e13, currency: "USD" } }, "parameter_invalid", "amount.amount"],
      [{ amount: { amount: 100, currency: "usd" } }, "parameter_invalid", "amount.currency"],
      [{ amount: { amount: 100, currency: "DOLLARS" } }, "parameter_invalid", "amount.currency"],
      [
        { amount: { amount: 100, currency: "USD", valuation_time: "yesterday" } },
        "parameter_invalid",
        "amount.valuation_time",
      ],
      [{ date_entered: "2025-02-30" }, "parameter_invalid", "date_entered"],
      [{ date_entered: "01/02/2025" }, "parameter_invalid", "date_entered"],
      [
        { date_entered: new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10) },
        "parameter_invalid",
        "date_entered",
      ],
      [{ source_refs: "certified" }, "parameter_invalid", "source_refs"],
      [
        { source_refs: [CERTIFIED, { source_type: 5 }] },
        "parameter_invalid",
        "source_refs[1].source_type",
      ],
      [{ consumer_debt: "yes" }, "parameter_invalid", "consumer_debt"],
      [{ status: "validated" }, "unknown_parameter", "status"],
      [{ caseNumber: "camel" }, "unknown_parameter", "caseNumber"],
      [{ amount: { amount: 100, currency: "USD", cents: 1 } }, "unknown_parameter", "amount.cents"],
      [{ source_refs: [{ kind: "x" }] }, "unknown_parameter", "source_refs[0].kind"],
    ];
    for (const [override, code, param] of cases) {
      const res = await api.post("/v1/judgments/intake", intakeBody(m.id, override));
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(errorOf(res), JSON.stringify(override)).toMatchObject({ code, param });
    }
    expect(await app.db.root.judgment.count({ where: { matterId: m.id } })).toBe(0);
  });

  it("keeps amounts exact in the currency's minor unit", async () => {
    const m = await matter();
    const usd = await intake(m.id, { amount: { amount: 0.1, currency: "USD" } });
    expect(usd.amount).toMatchObject({ amount: 0.1, currency: "USD" });
    const yen = await intake(m.id, { amount: { amount: 1500000, currency: "JPY" } });
    expect(yen.amount).toMatchObject({ amount: 1500000, currency: "JPY" });
    const dinar = await intake(m.id, {
      amount: { amount: 12.345, currency: "KWD", valuation_time: "2026-01-01T00:00:00.000Z" },
    });
    expect(dinar.amount).toEqual({
      amount: 12.345,
      currency: "KWD",
      valuation_time: "2026-01-01T00:00:00.000Z",
    });
    const row = await app.db.root.judgment.findUniqueOrThrow({ where: { id: usd.judgment_id } });
    expect(row.amount.toString()).toBe("0.1");
  });

  it("takes in an unknown jurisdiction flagged for review, with no invented deadline", async () => {
    const m = await matter();
    const j = await intake(m.id, { jurisdiction: "Atlantis" });
    expect(j).toMatchObject({
      jurisdiction: "Atlantis",
      renewal_deadline: null,
      deadlines: [],
      review_state: {
        review_required: true,
        review_status: "pending",
        review_notes: expect.stringContaining("jurisdiction_unknown"),
      },
      missing_items: ["jurisdiction_unknown"],
      balance: {
        interest_rate: null,
        review_required: true,
        missing_items: ["jurisdiction_unknown"],
      },
    });
  });

  it("stores a known jurisdiction name as its code", async () => {
    const m = await matter();
    expect((await intake(m.id, { jurisdiction: "new york" })).jurisdiction).toBe("NY");
  });

  it("checks the body first, then the matter (404), then authority (403), then a closed matter (409)", async () => {
    const ghost = newId("matter");
    // Bad body and unknown matter: the body wins.
    expectError(
      await api.post(
        "/v1/judgments/intake",
        intakeBody(ghost, { amount: { amount: -1, currency: "USD" } }),
      ),
      400,
      "parameter_invalid",
      "amount.amount",
    );
    expectError(
      await api.post("/v1/judgments/intake", intakeBody(ghost)),
      404,
      "resource_missing",
      "matter_id",
    );
    const bare = await matter({ authority: false });
    const refused = await api.post("/v1/judgments/intake", intakeBody(bare.id));
    expectError(refused, 403, "authority_required");
    expect(await auditOf(refused)).toEqual([]);
    const closed = await matter();
    const close = await api.post(`/v1/matters/${closed.id}/close`, { reason: "paid" });
    expect(close.status, close.text).toBe(200);
    expectError(
      await api.post("/v1/judgments/intake", intakeBody(closed.id)),
      409,
      "matter_closed",
    );
    expect(
      await app.db.root.judgment.count({ where: { matterId: { in: [bare.id, closed.id] } } }),
    ).toBe(0);
  });

  it("needs judgments:write", async () => {
    const m = await matter();
    const reader = await org.key({ scopes: ["judgments:read"] });
    const res = await reader.post("/v1/judgments/intake", intakeBody(m.id));
    expectError(res, 403, "insufficient_scope");
    expect(errorOf(res).details).toEqual({ required_scope: "judgments:write" });
  });

  it("replays an idempotent intake without a second judgment or audit event", async () => {
    const m = await matter();
    const headers = { "Idempotency-Key": `intake-${newId("request")}` };
    const first = await api.post("/v1/judgments/intake", intakeBody(m.id), { headers });
    const again = await api.post("/v1/judgments/intake", intakeBody(m.id), { headers });
    expect(first.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expect(await app.db.root.judgment.count({ where: { matterId: m.id } })).toBe(1);
    expect(await app.db.root.deadline.count({ where: { matterId: m.id } })).toBe(1);
    const changed = await api.post(
      "/v1/judgments/intake",
      intakeBody(m.id, { debtor: "Jane Roe" }),
      { headers },
    );
    expectError(changed, 422, "idempotency_key_reused");
  });
});

describe("deadlines and interest through GET", () => {
  async function fetchJudgment(id: string, client = api) {
    const res = await client.get(`/v1/judgments/${id}`);
    expect(res.status, res.text).toBe(200);
    return res.body as Record<string, any>;
  }
  const deadlineDates = (j: Record<string, any>) => j.deadlines.map((d: any) => d.date);

  it("California: 10-year renewal (lien lapses with it) and 10% simple interest", async () => {
    const m = await matter();
    const entered = daysAgo(365);
    const j = await fetchJudgment((await intake(m.id, { date_entered: entered })).judgment_id);
    expect(deadlineDates(j)).toEqual([plusYears(entered, 10)]);
    // $10,000.00 × 10% × 365/365 = $1,000.00
    expect(j.balance).toMatchObject({
      principal: { amount: 10000, currency: "USD" },
      interest_accrued: { amount: 1000, currency: "USD" },
      payments: { amount: 0, currency: "USD" },
      outstanding: { amount: 11000, currency: "USD" },
      as_of: today(),
      interest_rate: 10,
      compounding: "simple",
      review_required: false,
      missing_items: [],
    });
  });

  it("California consumer debt entered after 2023 accrues 5%", async () => {
    const m = await matter();
    const j = await fetchJudgment((await intake(m.id, { consumer_debt: true })).judgment_id);
    // $10,000.00 × 5% × 365/365 = $500.00
    expect(j.balance).toMatchObject({
      interest_accrued: { amount: 500 },
      outstanding: { amount: 10500 },
      interest_rate: 5,
    });
  });

  it("New York: a 10-year lien renewal, a 20-year judgment renewal and 9% simple interest", async () => {
    const m = await matter();
    const entered = daysAgo(100);
    const j = await fetchJudgment(
      (
        await intake(m.id, {
          jurisdiction: "NY",
          date_entered: entered,
          amount: { amount: 10000, currency: "USD" },
        })
      ).judgment_id,
    );
    expect(j.renewal_deadline).toBe(plusYears(entered, 20));
    expect(j.deadlines.map((d: any) => [d.date, d.type])).toEqual([
      [plusYears(entered, 10), "renewal"],
      [plusYears(entered, 20), "renewal"],
    ]);
    expect(j.deadlines[0].basis).toMatch(/real-property judgment lien lasts 10 years/);
    // $10,000.00 × 9% × 100/365 = $246.5753… → $246.58
    expect(j.balance).toMatchObject({
      interest_accrued: { amount: 246.58 },
      outstanding: { amount: 10246.58 },
      interest_rate: 9,
      review_required: false,
    });
  });

  it("New York entered on Feb 29: anniversaries fall on Feb 28 in common years", async () => {
    const m = await matter();
    const j = await fetchJudgment(
      (
        await intake(m.id, {
          jurisdiction: "NY",
          date_entered: "2024-02-29",
          amount: { amount: 2500.5, currency: "USD" },
        })
      ).judgment_id,
    );
    expect(deadlineDates(j)).toEqual(["2034-02-28", "2044-02-29"]);
    const days = daysBetween("2024-02-29", today());
    const interest = simpleInterestCents(250_050, 9, days);
    expect(j.balance.interest_accrued.amount).toBe(interest / 100);
    expect(j.balance.outstanding.amount).toBe((250_050 + interest) / 100);
  });

  it("Texas: one 10-year deadline and no invented rate (variable, needs review)", async () => {
    const m = await matter();
    const entered = daysAgo(30);
    const created = await intake(m.id, { jurisdiction: "TX", date_entered: entered });
    expect(created).toMatchObject({
      review_state: { review_required: true },
      missing_items: ["interest_rate_requires_review"],
    });
    const j = await fetchJudgment(created.judgment_id);
    expect(deadlineDates(j)).toEqual([plusYears(entered, 10)]);
    expect(j.balance).toMatchObject({
      interest_accrued: { amount: 0 },
      outstanding: { amount: 10000 },
      interest_rate: null,
      compounding: null,
      review_required: true,
      missing_items: ["interest_rate_requires_review"],
    });
  });

  it("Florida: a 10-year lien and a 20-year judgment deadline, variable rate under review", async () => {
    const m = await matter();
    const entered = daysAgo(45);
    const j = await fetchJudgment(
      (await intake(m.id, { jurisdiction: "FL", date_entered: entered })).judgment_id,
    );
    expect(deadlineDates(j)).toEqual([plusYears(entered, 10), plusYears(entered, 20)]);
    expect(j.renewal_deadline).toBe(plusYears(entered, 20));
    expect(j.balance).toMatchObject({
      interest_accrued: { amount: 0 },
      interest_rate: null,
      review_required: true,
      missing_items: ["interest_rate_requires_review"],
    });
  });

  it("Federal: no deadline and no interest without the forum state and the H.15 week, both flagged", async () => {
    const m = await matter();
    const created = await intake(m.id, {
      jurisdiction: "FED",
      court: "U.S. District Court, S.D.N.Y.",
      date_entered: daysAgo(60),
    });
    expect(created).toMatchObject({
      renewal_deadline: null,
      deadlines: [],
      review_state: { review_required: true, review_status: "pending" },
      missing_items: ["enforceability_period_unknown", "federal_post_judgment_rate_unavailable"],
    });
    const j = await fetchJudgment(created.judgment_id);
    expect(j.balance).toMatchObject({
      interest_accrued: { amount: 0 },
      outstanding: { amount: 10000 },
      interest_rate: null,
      compounding: "annual",
      review_required: true,
      missing_items: ["federal_post_judgment_rate_unavailable"],
    });
    expect(j.balance.rate_basis).toMatch(/28 U\.S\.C\. 1961/);
  });

  it("lists deadlines in the list envelope, newest first, with keyset pages and filters", async () => {
    const m = await matter();
    const entered = daysAgo(10);
    const j = await intake(m.id, { jurisdiction: "NY", date_entered: entered });
    const res = await api.get(`/v1/judgments/${j.judgment_id}/deadlines`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      has_more: false,
      next_cursor: null,
      audit_ref: res.headers.get("md-request-id"),
    });
    const ids = res.body.items.map((d: any) => d.deadline_id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(res.body.items.map((d: any) => d.date).sort()).toEqual([
      plusYears(entered, 10),
      plusYears(entered, 20),
    ]);
    for (const item of res.body.items) {
      expect(Object.keys(item).sort()).toEqual([
        "basis",
        "created_at",
        "date",
        "deadline_id",
        "judgment_id",
        "matter_id",
        "owner",
        "status",
        "type",
      ]);
    }
    const page1 = await api.get(`/v1/judgments/${j.judgment_id}/deadlines?limit=1`);
    expect(page1.body).toMatchObject({ has_more: true, next_cursor: expect.any(String) });
    const page2 = await api.get(
      `/v1/judgments/${j.judgment_id}/deadlines?limit=1&cursor=${page1.body.next_cursor}`,
    );
    expect(page2.body).toMatchObject({ has_more: false, next_cursor: null });
    expect([page1.body.items[0].deadline_id, page2.body.items[0].deadline_id]).toEqual(ids);
    expect(
      (await api.get(`/v1/judgments/${j.judgment_id}/deadlines?type=hearing`)).body.items,
    ).toEqual([]);
    expect(
      (await api.get(`/v1/judgments/${j.judgment_id}/deadlines?status=open`)).body.items,
    ).toHaveLength(2);
    expectError(
      await api.get(`/v1/judgments/${j.judgment_id}/deadlines?limit=0`),
      400,
      "parameter_invalid",
      "limit",
    );
    expectError(
      await api.get(`/v1/judgments/${j.judgment_id}/deadlines?owner=me`),
      400,
      "unknown_parameter",
      "owner",
    );
    expectError(
      await api.get(`/v1/judgments/${newId("judgment")}/deadlines`),
      404,
      "resource_missing",
      "judgment_id",
    );
  });
});

describe("updating a judgment", () => {
  it("changes statuses, merges the review state and moves the renewal deadline", async () => {
    const m = await matter();
    const entered = daysAgo(20);
    const j = await intake(m.id, { date_entered: entered });
    const res = await api.patch(`/v1/judgments/${j.judgment_id}`, {
      appeal_stay_status: "appeal_pending",
      renewal_deadline: plusYears(entered, 20),
      review_state: { review_owner: "counsel@example.com", review_notes: "Check the bond" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      appeal_stay_status: "appeal_pending",
      bankruptcy_status: "none",
      status: "entered",
      renewal_deadline: plusYears(entered, 20),
      review_state: {
        review_required: false,
        review_status: "not_required",
        review_owner: "counsel@example.com",
        review_notes: "Check the bond",
      },
    });
    expect(res.body.deadlines).toHaveLength(1);
    expect(res.body.deadlines[0]).toMatchObject({
      deadline_id: j.deadlines[0].deadline_id,
      date: plusYears(entered, 20),
      basis: expect.stringContaining("set to"),
    });
    const audit = await auditOf(res);
    expect(audit.map((a) => [a.eventType, a.objectId, a.matterId])).toEqual([
      ["judgment.updated", j.judgment_id, m.id],
    ]);
    expect(audit[0]!.details).toMatchObject({
      changed: ["appealStayStatus", "reviewState", "renewalDeadline"],
    });
  });

  it("gives an unknown jurisdiction the renewal deadline counsel supplies", async () => {
    const m = await matter();
    const j = await intake(m.id, { jurisdiction: "Atlantis" });
    const res = await api.patch(`/v1/judgments/${j.judgment_id}`, {
      renewal_deadline: "2040-06-30",
    });
    expect(res.body.deadlines).toEqual([
      expect.objectContaining({
        type: "renewal",
        date: "2040-06-30",
        owner: "counsel",
        status: "open",
      }),
    ]);
  });

  it("refuses unknown fields, nulls, bad enums and an unearned `validated`", async () => {
    const m = await matter();
    const j = await intake(m.id);
    const path = `/v1/judgments/${j.judgment_id}`;
    expectError(await api.patch(path, { court: "Other" }), 400, "unknown_parameter", "court");
    expectError(await api.patch(path, { status: null }), 400, "parameter_invalid", "status");
    expectError(
      await api.patch(path, { renewal_deadline: null }),
      400,
      "parameter_invalid",
      "renewal_deadline",
    );
    const bad = await api.patch(path, { bankruptcy_status: "chapter_11" });
    expectError(bad, 400, "parameter_invalid", "bankruptcy_status");
    expect(errorOf(bad).details.allowed).toEqual(["none", "filed", "discharged", "dismissed"]);
    expectError(
      await api.patch(path, { review_state: { review_required: "yes" } }),
      400,
      "parameter_invalid",
      "review_state.review_required",
    );
    expectError(await api.patch(path, { status: "validated" }), 409, "validation_required");
    expectError(
      await api.patch(`/v1/judgments/${newId("judgment")}`, { status: "stayed" }),
      404,
      "resource_missing",
      "judgment_id",
    );
    const after = await api.get(path);
    expect(after.body.updated_at).toBe(j.updated_at);
  });
});

describe("validation gates through the API", () => {
  it("passes a clean judgment, stores the result, sets `validated` and shows it on GET", async () => {
    const m = await matter();
    const j = await intake(m.id);
    const res = await api.post(`/v1/judgments/${j.judgment_id}/validate`, {});
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      validation_id: expect.stringMatching(/^jvl_[0-9a-z]{26}$/),
      judgment_id: j.judgment_id,
      enforcement_ready: true,
      review_required: false,
      missing_items: [],
      checks: [],
      validated_at: expect.stringMatching(ISO),
    });
    expect(res.body.gates.map((g: any) => [g.gate, g.status])).toEqual([
      ["authority", "pass"],
      ["stay_appeal", "pass"],
      ["bankruptcy", "pass"],
      ["consumer_commercial", "pass"],
      ["required_documents", "pass"],
      ["enforceability_period", "pass"],
    ]);
    for (const g of res.body.gates)
      expect(Object.keys(g).sort()).toEqual(["gate", "reasons", "required_actions", "status"]);
    const got = await api.get(`/v1/judgments/${j.judgment_id}`);
    expect(got.body.status).toBe("validated");
    const { audit_ref: _ref, ...result } = res.body;
    expect(got.body.validation).toEqual(result);
    expect(
      await app.db.root.judgmentValidation.count({ where: { judgmentId: j.judgment_id } }),
    ).toBe(1);
    const audit = await auditOf(res);
    expect(audit.map((a) => a.eventType)).toEqual(["judgment.validation_recorded"]);
    const events = await app.db.root.event.findMany({ where: { requestId: res.body.audit_ref } });
    expect(events.map((e) => [e.type, e.data])).toEqual([
      [
        "judgment.validated",
        {
          judgment_id: j.judgment_id,
          matter_id: m.id,
          enforcement_ready: true,
          validation_id: res.body.validation_id,
        },
      ],
    ]);
  });

  it("fails the bankruptcy gate once a filing is recorded, and withdraws `validated`", async () => {
    const m = await matter();
    const j = await intake(m.id);
    await validate(j.judgment_id);
    const patched = await api.patch(`/v1/judgments/${j.judgment_id}`, {
      bankruptcy_status: "filed",
    });
    expect(patched.body).toMatchObject({ bankruptcy_status: "filed", status: "entered" });
    const v = await validate(j.judgment_id);
    expect(v).toMatchObject({ enforcement_ready: false, missing_items: ["bankruptcy"] });
    expect(gateOf(v, "bankruptcy")).toMatchObject({
      status: "fail",
      required_actions: expect.arrayContaining([expect.stringMatching(/362\(d\)/)]),
    });
    const events = await app.db.root.event.findMany({ where: { requestId: v.audit_ref } });
    expect(events).toEqual([]);
  });

  it("fails the enforceability gate for a judgment recorded as vacated", async () => {
    const m = await matter();
    const j = await intake(m.id);
    expect((await api.patch(`/v1/judgments/${j.judgment_id}`, { status: "vacated" })).status).toBe(
      200,
    );
    const v = await validate(j.judgment_id);
    expect(v.enforcement_ready).toBe(false);
    expect(gateOf(v, "enforceability_period")).toMatchObject({
      status: "fail",
      reasons: ["The judgment is recorded as vacated."],
    });
  });

  it("treats bankruptcy_known as a filing for the run", async () => {
    const m = await matter();
    const v = await validate((await intake(m.id)).judgment_id, { bankruptcy_known: true });
    expect(gateOf(v, "bankruptcy").status).toBe("fail");
  });

  it("asks for review of a pending appeal without failing", async () => {
    const m = await matter();
    const j = await intake(m.id);
    await api.patch(`/v1/judgments/${j.judgment_id}`, { appeal_stay_status: "appeal_pending" });
    const v = await validate(j.judgment_id);
    expect(v).toMatchObject({ enforcement_ready: true, review_required: true, missing_items: [] });
    expect(gateOf(v, "stay_appeal").status).toBe("review");
    await api.patch(`/v1/judgments/${j.judgment_id}`, { appeal_stay_status: "stayed" });
    const stayed = await validate(j.judgment_id);
    expect(stayed).toMatchObject({ enforcement_ready: false, missing_items: ["stay_appeal"] });
  });

  it("asks for review of consumer debt, and of a debt never classified", async () => {
    const m = await matter();
    const consumer = await validate((await intake(m.id)).judgment_id, { consumer_debt: true });
    expect(consumer).toMatchObject({ enforcement_ready: true, review_required: true });
    expect(gateOf(consumer, "consumer_commercial").status).toBe("review");
    const unknown = await validate((await intake(m.id, { consumer_debt: undefined })).judgment_id);
    expect(gateOf(unknown, "consumer_commercial").status).toBe("review");
    expect(unknown.missing_items).toEqual(["consumer_debt_classification"]);
  });

  it("fails without a certified_judgment source ref", async () => {
    const m = await matter();
    const v = await validate(
      (await intake(m.id, { source_refs: [{ source_type: "docket_sheet" }] })).judgment_id,
    );
    expect(v).toMatchObject({
      enforcement_ready: false,
      missing_items: ["required_documents", "certified_judgment"],
    });
    expect(gateOf(v, "required_documents").status).toBe("fail");
  });

  it("fails a California judgment entered 30 years ago (past its 10-year life)", async () => {
    const m = await matter();
    const entered = plusYears(today(), -30);
    const v = await validate((await intake(m.id, { date_entered: entered })).judgment_id);
    expect(v).toMatchObject({ enforcement_ready: false, missing_items: ["enforceability_period"] });
    expect(gateOf(v, "enforceability_period")).toMatchObject({
      status: "fail",
      reasons: [expect.stringContaining(`ran on ${plusYears(entered, 10)}`)],
    });
  });

  it("asks for review of an unknown jurisdiction's enforceability period", async () => {
    const m = await matter();
    const v = await validate((await intake(m.id, { jurisdiction: "Atlantis" })).judgment_id);
    expect(v).toMatchObject({
      enforcement_ready: true,
      review_required: true,
      missing_items: ["jurisdiction_unknown"],
    });
    expect(gateOf(v, "enforceability_period").status).toBe("review");
  });

  it("runs only the checks asked for, plus authority, and refuses unknown check names", async () => {
    const m = await matter();
    const j = await intake(m.id, { source_refs: [] });
    const v = await validate(j.judgment_id, { checks: ["bankruptcy"] });
    expect(v.gates.map((g: any) => g.gate)).toEqual(["authority", "bankruptcy"]);
    expect(v).toMatchObject({ checks: ["bankruptcy"], enforcement_ready: true });
    const bad = await api.post(`/v1/judgments/${j.judgment_id}/validate`, {
      checks: ["bankruptcy", "vibes"],
    });
    expectError(bad, 400, "parameter_invalid", "checks[1]");
    expect(errorOf(bad).details.allowed).toContain("required_documents");
    expectError(
      await api.post(`/v1/judgments/${j.judgment_id}/validate`, { consumerDebt: true }),
      400,
      "unknown_parameter",
      "consumerDebt",
    );
    expectError(
      await api.post(`/v1/judgments/${j.judgment_id}/validate`, { appeal_stay_known: "no" }),
      400,
      "parameter_invalid",
      "appeal_stay_known",
    );
    expect(
      await app.db.root.judgmentValidation.count({ where: { judgmentId: j.judgment_id } }),
    ).toBe(1);
  });
});

describe("enforcement profile and plan", () => {
  it("refuses both with 409 validation_required before a passing validation", async () => {
    const m = await matter();
    const j = await intake(m.id, { source_refs: [] });
    const profilePath = `/v1/judgments/${j.judgment_id}/enforcement-profile`;
    const planPath = `/v1/judgments/${j.judgment_id}/enforcement-plan`;
    expectError(await api.post(profilePath, { profile: "measured" }), 409, "validation_required");
    expectError(await api.post(planPath, {}), 409, "validation_required");
    await validate(j.judgment_id); // fails: no certified judgment
    const refused = await api.post(profilePath, { profile: "measured" });
    expectError(refused, 409, "validation_required");
    expect(errorOf(refused).details).toMatchObject({ enforcement_ready: false });
    expect(await auditOf(refused)).toEqual([]);
    expect(await app.db.root.enforcementPlan.count({ where: { judgmentId: j.judgment_id } })).toBe(
      0,
    );
  });

  it("sets a profile after a passing validation and stores it on the judgment", async () => {
    const m = await matter();
    const j = await intake(m.id);
    expectError(
      await api.post(`/v1/judgments/${j.judgment_id}/enforcement-profile`, {}),
      400,
      "parameter_missing",
      "profile",
    );
    expectError(
      await api.post(`/v1/judgments/${j.judgment_id}/enforcement-profile`, { profile: "nuclear" }),
      400,
      "parameter_invalid",
      "profile",
    );
    await validate(j.judgment_id, { consumer_debt: true });
    const res = await api.post(`/v1/judgments/${j.judgment_id}/enforcement-profile`, {
      profile: "assertive",
      notes: "Client wants speed",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      judgment_id: j.judgment_id,
      profile: "assertive",
      pressure_level: 2,
      pressure_name: "preserve",
      pressure_cap: 5,
      review_state: {
        review_required: true,
        review_status: "pending",
        review_owner: null,
        review_notes: "Client wants speed",
      },
      audit_ref: res.headers.get("md-request-id"),
    });
    const got = await api.get(`/v1/judgments/${j.judgment_id}`);
    expect(got.body).toMatchObject({
      enforcement_profile: "assertive",
      pressure_level: 2,
      pressure_name: "preserve",
    });
    expect((await auditOf(res)).map((a) => a.eventType)).toEqual([
      "judgment.enforcement_profile_set",
    ]);
  });

  it("plans from the matter's debtor wallets, known wallets and exchanges, deadlines and gates", async () => {
    const m = await matter();
    const j = await intake(m.id);
    await app.db.root.debtor.create({
      data: {
        id: newId("debtor"),
        organizationId: org.id,
        environment: "sandbox",
        matterId: m.id,
        type: "individual",
        legalName: "John Doe",
        wallets: ["0xDebtorWallet1"],
      },
    });
    const v = await validate(j.judgment_id);
    await api.post(`/v1/judgments/${j.judgment_id}/enforcement-profile`, { profile: "assertive" });
    const res = await api.post(`/v1/judgments/${j.judgment_id}/enforcement-plan`, {
      known_wallets: ["bc1qknownwallet", "0xDebtorWallet1"],
      known_exchanges: ["Kraken"],
    });
    expect(res.status, res.text).toBe(200);
    const p = res.body;
    expect(p).toMatchObject({
      plan_id: expect.stringMatching(/^pln_[0-9a-z]{26}$/),
      judgment_id: j.judgment_id,
      profile: "assertive",
      pressure_level: 2,
      pressure_cap: 5,
      effective_cap: 5,
      review_required: false,
      blocked_actions: [],
      known_wallets: ["0xDebtorWallet1", "bc1qknownwallet"],
      known_exchanges: ["Kraken"],
      validation_id: v.validation_id,
      constraints: {
        consumer_debt: false,
        bankruptcy_known: false,
        appeal_stay_known: false,
        sanctions_review_required: false,
      },
    });
    expect(p.deadlines.map((d: any) => d.deadline_id)).toEqual(
      j.deadlines.map((d: any) => d.deadline_id),
    );
    expect(p.gates).toEqual(v.gates);
    const targets = p.priority_actions.map((a: any) => [a.type, a.target ?? null]);
    expect(targets).toEqual(
      expect.arrayContaining([
        ["watch", "0xDebtorWallet1"],
        ["watch", "bc1qknownwallet"],
        ["exchange", "Kraken"],
        ["legal_process", "Kraken"],
        ["discovery", null],
      ]),
    );
    for (const a of p.priority_actions) {
      expect(a.pressure_level).toBeLessThanOrEqual(5);
      expect(Object.keys(a).sort()).toEqual([
        "pressure_level",
        "pressure_name",
        "priority",
        "reason",
        "target",
        "title",
        "type",
      ]);
    }
    expect(p.priority_actions.some((a: any) => a.pressure_level === 6)).toBe(false);
    expect(await app.db.root.enforcementPlan.count({ where: { judgmentId: j.judgment_id } })).toBe(
      1,
    );
    expect((await auditOf(res)).map((a) => [a.eventType, a.objectId])).toEqual([
      ["judgment.enforcement_plan_generated", p.plan_id],
    ]);
  });

  it("holds actions back under constraints, defaulting to the measured profile", async () => {
    const m = await matter();
    const j = await intake(m.id);
    await validate(j.judgment_id);
    const res = await api.post(`/v1/judgments/${j.judgment_id}/enforcement-plan`, {
      constraints: { sanctions_review_required: true, bankruptcy_known: true },
      known_exchanges: ["Binance"],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      profile: "measured",
      pressure_cap: 3,
      effective_cap: 1,
      pressure_level: 1,
      review_required: true,
    });
    expect(res.body.priority_actions.every((a: any) => a.pressure_level <= 1)).toBe(true);
    expect(res.body.blocked_actions.map((b: any) => b.type)).toEqual(
      expect.arrayContaining(["enforcement", "freeze_block", "exchange", "discovery"]),
    );
    expectError(
      await api.post(`/v1/judgments/${j.judgment_id}/enforcement-plan`, {
        known_wallets: ["ok", " "],
      }),
      400,
      "parameter_invalid",
      "known_wallets[1]",
    );
    expectError(
      await api.post(`/v1/judgments/${j.judgment_id}/enforcement-plan`, {
        constraints: { ofac: true },
      }),
      400,
      "unknown_parameter",
      "constraints.ofac",
    );
  });

  it("needs a new validation after the stay or bankruptcy changes", async () => {
    const m = await matter();
    const j = await intake(m.id);
    await validate(j.judgment_id);
    expectError(
      await api.patch(`/v1/judgments/${j.judgment_id}`, {
        status: "validated",
        bankruptcy_status: "filed",
      }),
      409,
      "validation_required",
    );
    expect(
      (await api.patch(`/v1/judgments/${j.judgment_id}`, { status: "validated" })).body.status,
    ).toBe("validated");
    await api.patch(`/v1/judgments/${j.judgment_id}`, { appeal_stay_status: "appeal_pending" });
    expectError(
      await api.post(`/v1/judgments/${j.judgment_id}/enforcement-profile`, { profile: "measured" }),
      409,
      "validation_required",
    );
    await validate(j.judgment_id);
    const ok = await api.post(`/v1/judgments/${j.judgment_id}/enforcement-plan`, {});
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.review_required).toBe(true);
  });
});

/** Every authority-gated judgment endpoint, with a body that would otherwise succeed or fail later. */
const GATED = (
  judgmentId: string,
  matterId: string,
): Array<[string, string, Record<string, unknown>]> => [
  ["POST", "/v1/judgments/intake", intakeBody(matterId)],
  ["PATCH", `/v1/judgments/${judgmentId}`, { status: "stayed" }],
  ["POST", `/v1/judgments/${judgmentId}/validate`, {}],
  ["POST", `/v1/judgments/${judgmentId}/enforcement-profile`, { profile: "measured" }],
  ["POST", `/v1/judgments/${judgmentId}/enforcement-plan`, {}],
];

async function expectAllGated(judgmentId: string, matterId: string, authorityStatus: string) {
  const before = await app.db.root.auditEvent.count();
  for (const [method, path, body] of GATED(judgmentId, matterId)) {
    const res = await api.call(method, path, body);
    expect(res.status, `${method} ${path}: ${res.text}`).toBe(403);
    expect(errorOf(res), `${method} ${path}`).toMatchObject({
      code: "authority_required",
      type: "permission_error",
      details: { authority_status: authorityStatus },
    });
  }
  expect(await app.db.root.auditEvent.count()).toBe(before);
  // Reads are not gated.
  expect((await api.get(`/v1/judgments/${judgmentId}`)).status).toBe(200);
  expect((await api.get(`/v1/judgments/${judgmentId}/deadlines`)).status).toBe(200);
}

describe("the authority gate on every flagged endpoint", () => {
  it("refuses intake under a matter that never had a grant", async () => {
    const bare = await matter({ authority: false });
    const res = await api.post("/v1/judgments/intake", intakeBody(bare.id));
    expectError(res, 403, "authority_required", "matter_id");
    expect(errorOf(res).details).toMatchObject({ authority_status: "none" });
  });

  it("refuses every flagged endpoint once the grant is revoked", async () => {
    const m = await matter();
    const j = await intake(m.id);
    await validate(j.judgment_id);
    const revoke = await api.post(`/v1/matters/${m.id}/authority/${m.authorityId}/revoke`, {
      reason: "Engagement ended",
    });
    expect(revoke.status, revoke.text).toBe(200);
    await expectAllGated(j.judgment_id, m.id, "revoked");
    // A new grant opens the gate again.
    await grant(m.id);
    expect(
      (
        await api.post(`/v1/judgments/${j.judgment_id}/enforcement-profile`, {
          profile: "measured",
        })
      ).status,
    ).toBe(200);
  });

  it("refuses every flagged endpoint once the grant has expired", async () => {
    const m = await matter({ authority: false });
    await grant(m.id, { expires_at: new Date(Date.now() + 1500).toISOString() });
    const j = await intake(m.id);
    await validate(j.judgment_id);
    await new Promise((r) => setTimeout(r, 1600));
    await expectAllGated(j.judgment_id, m.id, "expired");
  });

  it("refuses intake under a grant that expired before it was recorded", async () => {
    const m = await matter({ authority: false });
    await grant(m.id, {
      effective_at: new Date(Date.now() - 2 * DAY).toISOString(),
      expires_at: new Date(Date.now() - DAY).toISOString(),
    });
    expectError(
      await api.post("/v1/judgments/intake", intakeBody(m.id)),
      403,
      "authority_required",
    );
  });

  it("looks the judgment up (404) before the gate (403)", async () => {
    for (const [method, path, body] of GATED(newId("judgment"), newId("matter")).slice(1)) {
      expectError(await api.call(method, path, body), 404, "resource_missing", "judgment_id");
    }
  });

  it("checks the scope before anything else", async () => {
    const m = await matter();
    const j = await intake(m.id);
    const reader = await org.key({ scopes: ["judgments:read"] });
    const wanted = [
      "judgments:write",
      "judgments:write",
      "judgments:validate",
      "judgments:plan",
      "judgments:plan",
    ];
    for (const [i, [method, path]] of GATED(j.judgment_id, m.id).entries()) {
      const res = await reader.call(method, path, { not: "even valid" });
      expectError(res, 403, "insufficient_scope");
      expect(errorOf(res).details).toEqual({ required_scope: wanted[i] });
    }
  });
});

describe("a closed matter", () => {
  it("refuses every write under it with 409 matter_closed and still reads", async () => {
    const m = await matter();
    const j = await intake(m.id);
    await validate(j.judgment_id);
    expect((await api.post(`/v1/matters/${m.id}/close`, { reason: "settled" })).status).toBe(200);
    for (const [method, path, body] of GATED(j.judgment_id, m.id)) {
      const res = await api.call(method, path, body);
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(409);
      expect(errorOf(res)).toMatchObject({
        code: "matter_closed",
        details: { close_reason: "settled" },
      });
    }
    const got = await api.get(`/v1/judgments/${j.judgment_id}`);
    expect(got.body).toMatchObject({ status: "validated", matter: { status: "closed" } });
  });
});

describe("isolation", () => {
  let m: { id: string };
  let j: Record<string, any>;
  beforeAll(async () => {
    m = await matter();
    j = await intake(m.id);
    await validate(j.judgment_id);
  });

  it("hides a judgment from another organization as if absent", async () => {
    const other = await seed.org();
    const theirs = other.admin;
    for (const path of [
      `/v1/judgments/${j.judgment_id}`,
      `/v1/judgments/${j.judgment_id}/deadlines`,
    ]) {
      expectError(await theirs.get(path), 404, "resource_missing", "judgment_id");
    }
    for (const [method, path, body] of GATED(j.judgment_id, m.id)) {
      const res = await theirs.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(errorOf(res).param).toBe(path.endsWith("intake") ? "matter_id" : "judgment_id");
    }
    const node = await theirs.graphql(`query($id: ID!) { node(id: $id) { id } }`, {
      id: j.judgment_id,
    });
    expect(node.body.data.node).toBeNull();
  });

  it("hides a sandbox judgment from a live key of the same organization", async () => {
    const live = await org.key({ environment: "live" });
    expectError(await live.get(`/v1/judgments/${j.judgment_id}`), 404, "resource_missing");
    expectError(
      await live.post("/v1/judgments/intake", intakeBody(m.id)),
      404,
      "resource_missing",
      "matter_id",
    );
    expectError(
      await live.post(`/v1/judgments/${j.judgment_id}/validate`, {}),
      404,
      "resource_missing",
    );
  });

  it("hides other matters' judgments from a key limited to one matter", async () => {
    const mine = await matter();
    const limited = await org.key({ matter_ids: [mine.id] });
    expectError(await limited.get(`/v1/judgments/${j.judgment_id}`), 404, "resource_missing");
    expectError(
      await limited.get(`/v1/judgments/${j.judgment_id}/deadlines`),
      404,
      "resource_missing",
    );
    expectError(
      await limited.patch(`/v1/judgments/${j.judgment_id}`, { status: "stayed" }),
      404,
      "resource_missing",
    );
    expectError(
      await limited.post(`/v1/judgments/${j.judgment_id}/enforcement-plan`, {}),
      404,
      "resource_missing",
    );
    expectError(
      await limited.post("/v1/judgments/intake", intakeBody(m.id)),
      404,
      "resource_missing",
      "matter_id",
    );
    const own = await intake(mine.id, {}, limited);
    expect((await limited.get(`/v1/judgments/${own.judgment_id}`)).status).toBe(200);
    const nodes = await limited.graphql(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, {
      ids: [j.judgment_id, own.judgment_id, j.deadlines[0].deadline_id],
    });
    expect(nodes.body.data.nodes).toEqual([null, { id: own.judgment_id }, null]);
  });
});

describe("GraphQL", () => {
  const JUDGMENT_FIELDS = `id judgmentId matterId jurisdiction status dateEntered renewalDeadline
    amount { amount currency } reviewState { reviewRequired reviewStatus } missingItems
    deadlines { id type date owner status basis }
    matter { matterId name status }
    validation { validationId enforcementReady }
    balance { principal { amount } interestAccrued { amount } outstanding { amount } asOf interestRate reviewRequired missingItems }`;

  it("runs the whole judgment flow with the same rules as REST", async () => {
    const m = await matter({ name: "GraphQL matter" });
    const entered = daysAgo(365);
    const intakeRes = await api.graphql(
      `mutation($input: IntakeJudgmentInput!) { intakeJudgment(input: $input) { ${JUDGMENT_FIELDS} } }`,
      {
        input: {
          matterId: m.id,
          court: "Superior Court",
          caseNumber: "GQL-1",
          jurisdiction: "CA",
          creditor: "Acme",
          debtor: "Doe",
          amount: { amount: 10000, currency: "USD" },
          dateEntered: entered,
          sourceRefs: [{ sourceType: "certified_judgment" }],
          consumerDebt: false,
        },
      },
    );
    expect(intakeRes.body.errors, intakeRes.text).toBeUndefined();
    const j = intakeRes.body.data.intakeJudgment;
    expect(j).toMatchObject({
      id: j.judgmentId,
      matterId: m.id,
      status: "entered",
      dateEntered: entered,
      renewalDeadline: plusYears(entered, 10),
      amount: { amount: 10000, currency: "USD" },
      deadlines: [
        { type: "renewal", date: plusYears(entered, 10), owner: "counsel", status: "open" },
      ],
      matter: { matterId: m.id, name: "GraphQL matter", status: "open" },
      validation: null,
      balance: {
        principal: { amount: 10000 },
        interestAccrued: { amount: 1000 },
        outstanding: { amount: 11000 },
        asOf: today(),
        interestRate: 10,
      },
    });

    const v = await api.graphql(
      `mutation($id: ID!) { validateJudgment(id: $id, input: { checks: [required_documents] }) { id validationId enforcementReady reviewRequired checks gates { gate status reasons requiredActions } } }`,
      { id: j.id },
    );
    expect(v.body.errors, v.text).toBeUndefined();
    expect(v.body.data.validateJudgment).toMatchObject({
      enforcementReady: true,
      checks: ["required_documents"],
    });
    expect(v.body.data.validateJudgment.gates.map((g: any) => g.gate)).toEqual([
      "authority",
      "required_documents",
    ]);

    const profile = await api.graphql(
      `mutation($id: ID!) { setEnforcementProfile(id: $id, input: { profile: maximum_lawful }) { judgmentId profile pressureLevel pressureName pressureCap } }`,
      { id: j.id },
    );
    expect(profile.body.data.setEnforcementProfile).toEqual({
      judgmentId: j.id,
      profile: "maximum_lawful",
      pressureLevel: 3,
      pressureName: "discover",
      pressureCap: 6,
    });

    const planRes = await api.graphql(
      `mutation($id: ID!) { generateEnforcementPlan(id: $id, input: { knownExchanges: ["Coinbase"], knownWallets: ["0xabc"] }) {
         id planId profile effectiveCap priorityActions { type pressureLevel pressureName priority target } blockedActions { type } deadlines { id } gates { gate } } }`,
      { id: j.id },
    );
    expect(planRes.body.errors, planRes.text).toBeUndefined();
    const p = planRes.body.data.generateEnforcementPlan;
    expect(p).toMatchObject({
      id: p.planId,
      profile: "maximum_lawful",
      effectiveCap: 6,
      blockedActions: [],
      deadlines: [{ id: j.deadlines[0].id }],
    });
    expect(p.priorityActions).toContainEqual({
      type: "ledger",
      pressureLevel: 6,
      pressureName: "recover_distribute",
      priority: "low",
      target: null,
    });

    const read = await api.graphql(
      `query($id: ID!, $m: ID!) {
         judgment(id: $id) { status enforcementProfile pressureLevel validation { validationId } }
         judgmentDeadlines(judgmentId: $id, first: 5) { edges { node { id deadlineId } } pageInfo { hasNextPage } }
         matter(id: $m) { judgments(first: 10) { edges { node { judgmentId status balance { outstanding { amount } } } } } }
       }`,
      { id: j.id, m: m.id },
    );
    expect(read.body.errors, read.text).toBeUndefined();
    expect(read.body.data.judgment).toEqual({
      status: "validated",
      enforcementProfile: "maximum_lawful",
      pressureLevel: 3,
      validation: { validationId: v.body.data.validateJudgment.validationId },
    });
    expect(read.body.data.judgmentDeadlines.edges).toEqual([
      { node: { id: j.deadlines[0].id, deadlineId: j.deadlines[0].id } },
    ]);
    expect(read.body.data.matter.judgments.edges).toEqual([
      {
        node: {
          judgmentId: j.id,
          status: "validated",
          balance: { outstanding: { amount: 11000 } },
        },
      },
    ]);

    const ids = [j.id, j.deadlines[0].id, v.body.data.validateJudgment.id, p.id];
    const nodes = await api.graphql(`query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`, {
      ids,
    });
    expect(nodes.body.data.nodes.map((n: any) => n.__typename)).toEqual([
      "Judgment",
      "Deadline",
      "JudgmentValidation",
      "EnforcementPlan",
    ]);
  });

  it("loads a matter's judgments with their relations in a bounded number of SQL statements", async () => {
    const m = await matter();
    const query = `query($m: ID!) { matter(id: $m) { judgments(first: 50) { edges { node {
      judgmentId validation { validationId } deadlines { date } matter { name } balance { outstanding { amount } } } } } } }`;
    const countQueries = async (n: number) => {
      while ((await app.db.root.judgment.count({ where: { matterId: m.id } })) < n)
        await validate((await intake(m.id)).judgment_id);
      // Fewest of three runs: the webhook worker's polls share the counter.
      const runs: number[] = [];
      for (let i = 0; i < 3; i++) {
        const before = app.db.queries.count;
        const res = await api.graphql(query, { m: m.id });
        runs.push(app.db.queries.count - before);
        expect(res.body.data.matter.judgments.edges).toHaveLength(n);
      }
      return Math.min(...runs);
    };
    const one = await countQueries(1);
    expect(await countQueries(6)).toBe(one);
  });

  it("reports the contract's error codes in extensions", async () => {
    const bare = await matter({ authority: false });
    const input = {
      matterId: bare.id,
      court: "C",
      caseNumber: "1",
      jurisdiction: "CA",
      creditor: "A",
      debtor: "D",
      amount: { amount: 5, currency: "USD" },
      dateEntered: daysAgo(3),
    };
    const mutation = `mutation($input: IntakeJudgmentInput!) { intakeJudgment(input: $input) { id } }`;
    const refused = await api.graphql(mutation, { input });
    expect(refused.body.errors[0].extensions).toMatchObject({
      code: "authority_required",
      status: 403,
    });
    const invalidAmount = await api.graphql(mutation, {
      input: { ...input, amount: { amount: 5.555, currency: "USD" } },
    });
    expect(invalidAmount.body.errors[0].extensions).toMatchObject({
      code: "parameter_invalid",
      param: "input.amount.amount",
    });

    const m = await matter();
    const j = await intake(m.id);
    const early = await api.graphql(
      `mutation($id: ID!) { generateEnforcementPlan(id: $id) { id } }`,
      { id: j.judgment_id },
    );
    expect(early.body.errors[0].extensions).toMatchObject({
      code: "validation_required",
      status: 409,
    });
    const reader = await org.key({ scopes: ["judgments:read", "matters:read"] });
    const denied = await reader.graphql(`mutation($id: ID!) { validateJudgment(id: $id) { id } }`, {
      id: j.judgment_id,
    });
    expect(denied.body.errors[0].extensions).toMatchObject({
      code: "insufficient_scope",
      details: { required_scope: "judgments:validate" },
    });
  });

  it("shows the scope and authority directives on the judgment fields in the SDL", () => {
    const sdl = printSdl();
    const expectations: Array<[string, string, boolean]> = [
      ["intakeJudgment", "judgments:write", true],
      ["updateJudgment", "judgments:write", true],
      ["validateJudgment", "judgments:validate", true],
      ["setEnforcementProfile", "judgments:plan", true],
      ["generateEnforcementPlan", "judgments:plan", true],
      ["judgment", "judgments:read", false],
      ["judgmentDeadlines", "judgments:read", false],
    ];
    for (const [field, scope, authority] of expectations) {
      const line = new RegExp(`\\n  ${field}\\([\\s\\S]*?\\): [^\\n]*`).exec(sdl)?.[0] ?? "";
      expect(line, field).toContain(`@scope(name: "${scope}")`);
      expect(line.includes("@authority"), field).toBe(authority);
    }
  });
});

describe("the judgment.validated webhook", () => {
  interface Received {
    headers: IncomingHttpHeaders;
    body: string;
  }

  it("is delivered, signed, to a real receiver when a validation passes, and not when it fails", async () => {
    const received: Received[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const endpoint = await api.post("/v1/webhook-endpoints", {
        url: `http://127.0.0.1:${port}/hooks`,
        events: ["judgment.validated"],
      });
      expect(endpoint.status, endpoint.text).toBe(201);

      const m = await matter();
      const failing = await intake(m.id, { source_refs: [] });
      await validate(failing.judgment_id);
      const j = await intake(m.id);
      const v = await validate(j.judgment_id);

      const deadline = Date.now() + 10_000;
      while (received.length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300)); // nothing else may arrive
      expect(received).toHaveLength(1);
      const hit = received[0]!;
      expect(
        verifySignature(endpoint.body.secret_once, hit.body, String(hit.headers["md-signature"])),
      ).toBe(true);
      expect(verifySignature("whsec_wrong", hit.body, String(hit.headers["md-signature"]))).toBe(
        false,
      );
      expect(hit.headers["md-event-type"]).toBe("judgment.validated");
      const event = JSON.parse(hit.body);
      expect(event).toMatchObject({
        event_id: hit.headers["md-event-id"],
        type: "judgment.validated",
        organization_id: org.id,
        environment: "sandbox",
        data: {
          judgment_id: j.judgment_id,
          matter_id: m.id,
          enforcement_ready: true,
          validation_id: v.validation_id,
        },
      });
      const listed = await api.get(`/v1/events?type=judgment.validated`);
      expect(listed.body.items.map((e: any) => e.data.judgment_id)).toContain(j.judgment_id);
      expect(listed.body.items.map((e: any) => e.data.judgment_id)).not.toContain(
        failing.judgment_id,
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
