import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { errorOf, type Client } from "../helpers/http.js";
import { Seed } from "../helpers/seed.js";
import { statementsOf } from "../helpers/statements.js";

let app: TestApp;
let api: Client;
const ids: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  api = (await new Seed(app).org()).admin;
  for (let i = 0; i < 25; i++) {
    const res = await api.post("/v1/operations", {
      type: "asset_recovery",
      intent: `n${i}`,
      posture: "monitoring",
    });
    ids.unshift(res.body.id);
  }
});
afterAll(() => app.dispose());

describe("list pagination", () => {
  it("defaults to 20 items, newest first, with has_more and next_cursor", async () => {
    const page = await api.get("/v1/operations");
    expect(page.body.items).toHaveLength(20);
    expect(page.body.items.map((o: any) => o.id)).toEqual(ids.slice(0, 20));
    expect(page.body.has_more).toBe(true);
    expect(typeof page.body.next_cursor).toBe("string");
  });

  it("walks every item exactly once and ends with has_more false and a null cursor", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: any = await api.get(`/v1/operations?limit=7${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...res.body.items.map((o: any) => o.id));
      cursor = res.body.next_cursor;
      if (!res.body.has_more) expect(cursor).toBeNull();
    } while (cursor);
    expect(seen).toEqual(ids);
  });

  it("returns exactly limit items on a page boundary without a phantom next page", async () => {
    const first = await api.get("/v1/operations?limit=25");
    expect(first.body.items).toHaveLength(25);
    expect(first.body.has_more).toBe(false);
    expect(first.body.next_cursor).toBeNull();
  });

  it("accepts limit 1 and 100 and refuses 0, 101 and non-numbers", async () => {
    expect((await api.get("/v1/operations?limit=1")).body.items).toHaveLength(1);
    expect((await api.get("/v1/operations?limit=100")).status).toBe(200);
    for (const bad of ["0", "101", "ten", "1.5", "-1"]) {
      const res = await api.get(`/v1/operations?limit=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: "parameter_invalid", param: "limit" });
    }
  });

  it("refuses a malformed cursor with 400", async () => {
    for (const bad of ["garbage", "Zm9v", "%%%"]) {
      const res = await api.get(`/v1/operations?cursor=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: "parameter_invalid", param: "cursor" });
    }
  });

  it("filters by creation time", async () => {
    const all = (await api.get("/v1/operations?limit=100")).body.items;
    const pivot = all[10].created_at;
    const after = (
      await api.get(`/v1/operations?limit=100&created_after=${encodeURIComponent(pivot)}`)
    ).body.items;
    expect(after.every((o: any) => o.created_at > pivot)).toBe(true);
    const bad = await api.get("/v1/operations?created_after=yesterday");
    expect(errorOf(bad)).toMatchObject({ code: "parameter_invalid", param: "created_after" });
  });

  it("pages GraphQL connections with first/after the same way", async () => {
    const first = await api.graphql(
      `{ operations(first: 10) { edges { node { id } } pageInfo { hasNextPage endCursor } } }`,
    );
    const after = first.body.data.operations.pageInfo.endCursor;
    const second = await api.graphql(
      `query($after: String) { operations(first: 10, after: $after) { edges { node { id } } } }`,
      { after },
    );
    expect(second.body.data.operations.edges.map((e: any) => e.node.id)).toEqual(ids.slice(10, 20));
  });

  it("costs the same number of SQL statements whatever the page size (no N+1)", async () => {
    const statements = (path: string) =>
      statementsOf(app, async () => expect((await api.get(path)).status).toBe(200));
    const small = await statements("/v1/operations?limit=2");
    const large = await statements("/v1/operations?limit=25");
    expect(large).toBe(small);
    const gql = await statementsOf(app, () =>
      api.graphql(`{ operations(first: 25) { edges { node { id state } } } }`),
    );
    expect(gql).toBe(small);
  });
});
