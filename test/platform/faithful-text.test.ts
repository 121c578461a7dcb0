import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { errorOf, type Client } from "../helpers/http.js";
import { Seed } from "../helpers/seed.js";

// CONTRACT.md §1: text is stored exactly as sent or refused with parameter_invalid naming the
// field; a refused request writes nothing and the audit chain stays valid.

let app: TestApp;
let admin: Client;
let matterId: string;

const auditCount = () => app.db.root.auditEvent.count();

async function expectChainValid() {
  const res = await admin.get("/v1/audit/verify");
  expect(res.status, res.text).toBe(200);
  expect(res.body).toMatchObject({ valid: true, first_invalid_event_id: null });
}

/** Sends raw JSON text (so keys such as __proto__ reach the server as written). */
const postRaw = (path: string, json: string) =>
  admin.call("POST", path, undefined, {
    raw: json,
    headers: { "Content-Type": "application/json" },
  });

beforeAll(async () => {
  app = await startTestApp();
  admin = (await new Seed(app).org()).admin;
  matterId = await new Seed(app).matter(admin);
});
afterAll(() => app.dispose());

describe("REST bodies", () => {
  it.each([
    [
      "__proto__ key in free-form details",
      `{"details":{"__proto__":{"p":1}}}`,
      "details.__proto__",
    ],
    ["nested __proto__ key", `{"details":{"a":[{"__proto__":1}]}}`, "details.a[0].__proto__"],
    ["lone surrogate in event_type", `{"event_type":"\\ud800x"}`, "event_type"],
    ["lone surrogate in object_type", `{"object_type":"\\udc00"}`, "object_type"],
    ["NUL in object_id", `{"object_id":"a\\u0000b"}`, "object_id"],
    ["NUL in a details key", `{"details":{"a\\u0000":1}}`, "details"],
    ["lone surrogate in a nested value", `{"details":{"x":{"y":"\\ud83d"}}}`, "details.x.y"],
  ])("refuses %s on POST /v1/audit/events and keeps the chain", async (_what, extra, param) => {
    const before = await auditCount();
    // A later duplicate key wins in JSON.parse, so `extra` may override event_type.
    const json = `{"matter_id":"${matterId}","event_type":"call.logged",${extra.slice(1, -1)}}`;
    const res = await postRaw("/v1/audit/events", json);
    expect(res.status, res.text).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: "parameter_invalid", param });
    expect(await auditCount()).toBe(before);
    await expectChainValid();
  });

  it("refuses a matter name with a lone surrogate or NUL instead of storing U+FFFD", async () => {
    for (const name of ["a\ud800", "a\u0000b", "\udfff"]) {
      const res = await admin.post("/v1/matters", { name });
      expect(res.status, res.text).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: "parameter_invalid", param: "name" });
    }
    const ok = await admin.post("/v1/matters", { name: "emoji \ud83d\ude00 stays" });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.name).toBe("emoji \ud83d\ude00 stays");
  });

  it("names array items, e.g. source_refs[0].title", async () => {
    const res = await admin.post(`/v1/matters/${matterId}/authority`, {
      basis: "engagement_letter",
      granted_by: "Client",
      source_refs: [{ source_id: "doc-1", title: "x\udc00", type: "engagement_letter" }],
    });
    expect(res.status, res.text).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: "parameter_invalid",
      param: "source_refs[0].title",
    });
  });

  it("records an accepted manual event with nested details that verify afterwards", async () => {
    const res = await admin.post("/v1/audit/events", {
      matter_id: matterId,
      event_type: "call.logged",
      details: { n: 1.5, big: 1e21, nested: { list: [1, "two", null, true] }, "é ключ": "ü" },
    });
    expect(res.status, res.text).toBe(201);
    await expectChainValid();
  });
});

describe("REST paths and query strings", () => {
  it("answers 400 for a NUL in a path id or a query filter", async () => {
    const path = await admin.get("/v1/matters/a%00b");
    expect(path.status, path.text).toBe(400);
    expect(errorOf(path)).toMatchObject({ code: "parameter_invalid", param: "matter_id" });
    for (const list of ["/v1/debtors", "/v1/operations"]) {
      const query = await admin.get(`${list}?matter_id=a%00b`);
      expect(query.status, query.text).toBe(400);
      expect(errorOf(query)).toMatchObject({ code: "parameter_invalid", param: "matter_id" });
    }
    const ops = await admin.get("/v1/operations?status=a%00b");
    expect(ops.status, ops.text).toBe(400);
    expect(errorOf(ops).code).toMatch(/parameter_invalid|unknown_parameter/);
  });

  it("answers 400 for malformed percent-encoding in a path", async () => {
    for (const bad of ["%E0%A4%A", "%ZZ", "%C3%28", "abc%"]) {
      const res = await admin.get(`/v1/matters/${bad}`);
      expect(res.status, res.text).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: "parameter_invalid", param: "matter_id" });
    }
  });

  it("answers 400 for a lone surrogate reaching a path id percent-encoded", async () => {
    const res = await admin.get("/v1/matters/%ED%A0%80");
    expect(res.status, res.text).toBe(400);
  });
});

describe("GraphQL inputs", () => {
  it("refuses NUL and lone surrogates inline and in variables, naming the argument path", async () => {
    const before = await auditCount();
    const inline = await admin.graphql(
      `mutation { createMatter(input: {name: "a\\u0000b"}) { id } }`,
    );
    expect(inline.body.errors?.[0]?.extensions).toMatchObject({
      code: "parameter_invalid",
      param: "input.name",
    });
    const viaVariables = await admin.graphql(
      "mutation($input: CreateMatterInput!) { createMatter(input: $input) { id } }",
      { input: { name: "a\ud800" } },
    );
    expect(viaVariables.body.errors?.[0]?.extensions).toMatchObject({
      code: "parameter_invalid",
      param: "input.name",
    });
    expect(await auditCount()).toBe(before);
  });

  it("refuses a __proto__ key in a JSONObject variable and keeps the chain", async () => {
    const before = await auditCount();
    const res = await admin.call("POST", "/graphql", undefined, {
      raw: `{"query":"mutation($i: CreateAuditEventInput!) { createAuditEvent(input: $i) { id } }","variables":{"i":{"matterId":"${matterId}","eventType":"x","details":{"__proto__":{"p":1}}}}}`,
      headers: { "Content-Type": "application/json" },
    });
    expect(res.body.errors?.[0]?.extensions).toMatchObject({
      code: "parameter_invalid",
      param: "i.details.__proto__",
    });
    expect(res.body.data ?? null).toBeNull();
    expect(await auditCount()).toBe(before);
    await expectChainValid();
  });
});
