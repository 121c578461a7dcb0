import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import type { Client } from "../helpers/http.js";
import { Seed } from "../helpers/seed.js";

/** CONTRACT.md §14: a matter page query costs a bounded number of SQL statements. */
let app: TestApp;
let api: Client;

const PAGE = `query($id: ID!) {
  matter(id: $id) {
    matterId name status authorityStatus
    dashboard { openActions judgmentValue { amount currency } }
    authorityGrants(first: 20) { edges { node { authorityId status basis } } }
    claimants(first: 20) { edges { node { claimantId name role } } }
    judgments(first: 20) { edges { node { judgmentId caseNumber status amount { amount } } } }
    debtors(first: 20) { edges { node { debtorId legalName wallets } } }
  }
}`;

async function matterWith(n: number): Promise<string> {
  const m = (await api.post("/v1/matters", { name: `page ${n}` })).body.matter_id;
  for (let i = 0; i < n; i++) {
    expect(
      (
        await api.post(`/v1/matters/${m}/authority`, {
          basis: "court_order",
          granted_by: "Court",
          source_refs: [{ source_type: "court_order" }],
        })
      ).status,
    ).toBe(201);
    expect(
      (await api.post(`/v1/matters/${m}/claimants`, { name: `C${i}`, role: "creditor" })).status,
    ).toBe(201);
    expect(
      (await api.post("/v1/debtors", { matter_id: m, type: "individual", legal_name: `D${i}` }))
        .status,
    ).toBe(201);
    const j = await api.post("/v1/judgments/intake", {
      matter_id: m,
      court: "Court",
      case_number: `N${i}`,
      jurisdiction: "CA",
      creditor: "C",
      debtor: "D",
      amount: { amount: 1000 + i, currency: "USD" },
      date_entered: "2025-01-01",
    });
    expect(j.status, j.text).toBe(201);
  }
  return m;
}

async function statementsFor(id: string): Promise<number> {
  const before = app.db.queries.count;
  const res = await api.graphql(PAGE, { id });
  expect(res.body.errors).toBeUndefined();
  return app.db.queries.count - before;
}

beforeAll(async () => {
  app = await startTestApp();
  api = (await new Seed(app).org()).admin;
});
afterAll(() => app.dispose());

describe("matter page query", () => {
  it("costs the same number of SQL statements for 1 and for 6 items in every list", async () => {
    const small = await matterWith(1);
    const large = await matterWith(6);
    const res = await api.graphql(PAGE, { id: large });
    expect(res.body.data.matter.judgments.edges).toHaveLength(6);
    expect(res.body.data.matter.debtors.edges).toHaveLength(6);
    const a = await statementsFor(small);
    const b = await statementsFor(large);
    expect(b).toBe(a);
    expect(a).toBeLessThan(25);
  });
});
