import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import type { Client } from "../helpers/http.js";
import { Seed } from "../helpers/seed.js";
import { statementsOf } from "../helpers/statements.js";

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

function statementsFor(id: string): Promise<number> {
  return statementsOf(app, async () => {
    const res = await api.graphql(PAGE, { id });
    expect(res.body.errors).toBeUndefined();
  });
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

  it("costs the same for a list of 2 or of 6 matters with every nested list, and pages each matter correctly", async () => {
    const LIST = `query($first: Int) {
      matters(first: $first) { edges { node {
        matterId authorityStatus
        authorityGrants(first: 3) { edges { node { authorityId } } pageInfo { hasNextPage } }
        claimants(first: 3) { edges { node { claimantId name } } pageInfo { hasNextPage } }
        judgments(first: 3) { edges { node { judgmentId amount { amount } } } pageInfo { hasNextPage } }
        debtors(first: 3) { edges { node { debtorId } } pageInfo { hasNextPage } }
        operations(first: 3) { edges { node { id } } pageInfo { hasNextPage } }
      } } }
    }`;
    const fresh = (await new Seed(app).org()).admin;
    const previous = api;
    api = fresh;
    try {
      const counts: number[] = [];
      // Every matter has children, so both pages run the same statements (an empty batch skips one).
      for (const n of [1, 5, 1, 1, 1, 1]) await matterWith(n);
      for (const first of [2, 6]) {
        counts.push(
          await statementsOf(app, async () => {
            const res = await api.graphql(LIST, { first });
            expect(res.body.errors).toBeUndefined();
            expect(res.body.data.matters.edges).toHaveLength(first);
          }),
        );
      }
      expect(counts[1]).toBe(counts[0]);
      const res = await api.graphql(LIST, { first: 6 });
      const busy = res.body.data.matters.edges.find(
        (e: any) => e.node.claimants.edges.length > 1,
      ).node;
      expect(busy.claimants.edges).toHaveLength(3);
      expect(busy.claimants.pageInfo.hasNextPage).toBe(true);
      expect(busy.judgments.edges).toHaveLength(3);
      const names = busy.claimants.edges.map((e: any) => e.node.name);
      expect(names).toEqual(["C4", "C3", "C2"]);
      const lone = res.body.data.matters.edges.find(
        (e: any) => e.node.claimants.edges.length === 1,
      ).node;
      expect(lone.claimants.pageInfo.hasNextPage).toBe(false);
    } finally {
      api = previous;
    }
  });
});
