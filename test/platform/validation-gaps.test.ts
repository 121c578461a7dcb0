import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type ApiResponse, type Client, errorOf } from "../helpers/http.js";
import { Seed } from "../helpers/seed.js";

/** Issue 6 item 13: currencies from the real ISO 4217 list, bounded free-form objects. */
let app: TestApp;
let api: Client;
let matterId: string;

beforeAll(async () => {
  app = await startTestApp();
  const seed = new Seed(app);
  api = (await seed.org()).admin;
  matterId = await seed.matter(api);
  const grant = await api.post(`/v1/matters/${matterId}/authority`, {
    basis: "engagement_letter",
    granted_by: "Acme Corp",
    source_refs: [{ source_type: "engagement_letter", title: "Engagement letter" }],
  });
  expect(grant.status, grant.text).toBe(201);
});
afterAll(() => app.dispose());

const auditRows = (res: ApiResponse) =>
  app.db.root.auditEvent.count({ where: { requestId: res.headers.get("md-request-id")! } });
const judgments = () => app.db.root.judgment.count({ where: { matterId } });

const intake = (amount: Record<string, unknown>, caseNumber = `CV-${Math.random()}`) => ({
  matter_id: matterId,
  court: "Superior Court",
  case_number: caseNumber,
  jurisdiction: "CA",
  creditor: "Acme",
  debtor: "Doe",
  amount,
  date_entered: "2025-01-15",
});

describe("currencies", () => {
  it("refuses a well-formed code that is not an active ISO 4217 currency, over both faces", async () => {
    const before = await judgments();
    for (const currency of ["XXQ", "ANG", "XTS", "XAU"]) {
      const res = await api.post("/v1/judgments/intake", intake({ amount: 100, currency }));
      expect(res.status, currency).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: "parameter_invalid", param: "amount.currency" });
      expect(await auditRows(res)).toBe(0);
    }
    const gql = await api.graphql(
      `mutation($input: IntakeJudgmentInput!) { intakeJudgment(input: $input) { id } }`,
      {
        input: {
          matterId,
          court: "Superior Court",
          caseNumber: "CV-GQL",
          jurisdiction: "CA",
          creditor: "Acme",
          debtor: "Doe",
          amount: { amount: 100, currency: "XXQ" },
          dateEntered: "2025-01-15",
        },
      },
    );
    expect(gql.body.errors[0].extensions.code).toBe("parameter_invalid");
    expect(gql.body.data?.intakeJudgment ?? null).toBeNull();
    expect(await judgments()).toBe(before);
  });

  it("takes current codes with their own minor units from the list", async () => {
    const guilder = await api.post(
      "/v1/judgments/intake",
      intake({ amount: 10.5, currency: "XCG" }),
    );
    expect(guilder.status, guilder.text).toBe(201);
    const clf = await api.post("/v1/judgments/intake", intake({ amount: 1.2345, currency: "CLF" }));
    expect(clf.status, clf.text).toBe(201);
    expect(clf.body.amount).toMatchObject({ amount: 1.2345, currency: "CLF" });
    const tooFine = await api.post(
      "/v1/judgments/intake",
      intake({ amount: 1.23456, currency: "CLF" }),
    );
    expect(errorOf(tooFine)).toMatchObject({ code: "parameter_invalid", param: "amount.amount" });
  });
});

const wide = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
const deep = { a: { b: { c: { d: { e: { f: 1 } } } } } };
const big = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`k${i}`, "x".repeat(4000)]));

describe("audit event details", () => {
  const event = (details: unknown) => ({ matter_id: matterId, event_type: "call.logged", details });

  it.each<[string, unknown, string]>([
    ["more than 50 keys", wide, "details"],
    ["nesting deeper than 5 levels", deep, "details.a.b.c.d.e"],
    ["more than 16 KiB", big, "details"],
    ["an over-long key", { ["k".repeat(101)]: 1 }, "details"],
    ["a source other than manual", { note: "x", source: "system" }, "details.source"],
  ])("refuses %s with 400 parameter_invalid and writes nothing", async (_what, details, param) => {
    const res = await api.post("/v1/audit/events", event(details));
    expect(res.status, res.text).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: "parameter_invalid", param });
    expect(await auditRows(res)).toBe(0);
  });

  it("accepts nesting up to the bound and keeps a source of manual", async () => {
    const details = { a: { b: { c: { d: { e: 1 } } } }, list: [1, "two"], source: "manual" };
    const res = await api.post("/v1/audit/events", event(details));
    expect(res.status, res.text).toBe(201);
    expect(res.body.details).toEqual(details);
  });
});

describe("operation metadata", () => {
  const op = (metadata: unknown) => ({
    type: "asset_recovery",
    intent: "trace",
    posture: "monitoring",
    metadata,
  });

  it("bounds metadata on create and update, over both faces, writing nothing when refused", async () => {
    const before = await app.db.root.operation.count();
    const created = await api.post("/v1/operations", op(wide));
    expect(errorOf(created)).toMatchObject({ code: "parameter_invalid", param: "metadata" });
    const gql = await api.graphql(
      `mutation($input: CreateOperationInput!) { createOperation(input: $input) { id } }`,
      { input: { ...op(deep), type: "asset_recovery", posture: "monitoring" } },
    );
    expect(gql.body.errors[0].extensions.code).toBe("parameter_invalid");
    expect(await app.db.root.operation.count()).toBe(before);
    const ok = await api.post("/v1/operations", op({ ticket: "T-1", tags: ["a", "b"] }));
    expect(ok.status, ok.text).toBe(201);
    const patched = await api.patch(`/v1/operations/${ok.body.id}`, { metadata: big });
    expect(errorOf(patched)).toMatchObject({ code: "parameter_invalid", param: "metadata" });
    expect((await api.get(`/v1/operations/${ok.body.id}`)).body.metadata).toEqual({
      ticket: "T-1",
      tags: ["a", "b"],
    });
  });
});
