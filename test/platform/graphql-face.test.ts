import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpServer } from "../../src/http/node-server.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type ApiResponse, type Client, errorOf } from "../helpers/http.js";
import { Seed, type SeededOrg } from "../helpers/seed.js";

/** Error-level log lines the app wrote (a client's mistake must never produce one). */
const errorLogs: Array<Record<string, unknown>> = [];
const logger = pino(
  { level: "error" },
  { write: (line: string) => void errorLogs.push(JSON.parse(line)) },
);

let app: TestApp;
let org: SeededOrg;
let api: Client;

beforeAll(async () => {
  app = await startTestApp({}, { logger });
  org = await new Seed(app).org();
  api = org.admin;
});
afterAll(() => app.dispose());

const firstError = (res: ApiResponse) => res.body.errors?.[0];

/** A GraphQL response's top level: data, errors and extensions only, with the request id. */
function expectGraphqlEnvelope(res: ApiResponse) {
  const requestId = res.headers.get("md-request-id");
  expect(
    Object.keys(res.body).filter((k) => !["data", "errors", "extensions"].includes(k)),
  ).toEqual([]);
  expect(res.body.extensions).toMatchObject({ request_id: requestId, audit_ref: requestId });
}

describe("GraphQL variables of the wrong type or shape", () => {
  it("answers a contract error naming the variable, like the same value inline, and logs nothing", async () => {
    const logged = errorLogs.length;
    const inline = await api.graphql(`{ matters(first: "ten") { edges { node { id } } } }`);
    expect(firstError(inline).extensions.code).toBe("parameter_invalid");

    const res = await api.graphql(
      `query($f: Int) { matters(first: $f) { edges { node { id } } } }`,
      {
        f: "ten",
      },
    );
    expect(res.status).toBe(inline.status);
    expect(firstError(res).extensions).toMatchObject({
      code: "parameter_invalid",
      type: "invalid_request_error",
      param: "f",
    });
    expectGraphqlEnvelope(res);

    const date = await api.graphql(
      `query($t: DateTime) { matters(createdAfter: $t) { edges { node { id } } } }`,
      { t: "yesterday" },
    );
    expect(firstError(date).extensions).toMatchObject({ code: "parameter_invalid", param: "t" });
    expect(errorLogs.length).toBe(logged);
  });

  it("names the field path inside an input-object variable", async () => {
    const logged = errorLogs.length;
    const matterId = await new Seed(app).matter(api);
    const grant = (input: Record<string, unknown>) =>
      api.graphql(
        `mutation($m: ID!, $input: GrantAuthorityInput!) { grantAuthority(matterId: $m, input: $input) { id } }`,
        { m: matterId, input },
      );
    const valid = {
      basis: "engagement_letter",
      grantedBy: "client",
      sourceRefs: [{ title: "Letter" }],
    };
    const badDate = await grant({ ...valid, effectiveAt: "1 June" });
    expect(firstError(badDate).extensions).toMatchObject({
      code: "parameter_invalid",
      param: "input.effectiveAt",
    });
    const wrongType = await grant({ ...valid, sourceRefs: [{ title: 7 }] });
    expect(firstError(wrongType).extensions).toMatchObject({
      code: "parameter_invalid",
      param: "input.sourceRefs[0].title",
    });
    const unknown = await grant({ ...valid, bogus: true });
    expect(firstError(unknown).extensions).toMatchObject({
      code: "unknown_parameter",
      param: "input.bogus",
    });
    expect(errorLogs.length).toBe(logged);
    const grants = await api.get(`/v1/matters/${matterId}/authority`);
    expect(grants.body.items).toEqual([]);
  });

  it("refuses unparsable variables JSON on GET with invalid_json in a GraphQL body", async () => {
    const logged = errorLogs.length;
    const query = encodeURIComponent("{ health { status } }");
    const res = await api.get(`/graphql?query=${query}&variables=%7Bjunk`);
    expect(res.status).toBe(400);
    expect(firstError(res).extensions).toMatchObject({ code: "invalid_json", param: "variables" });
    expectGraphqlEnvelope(res);
    expect(errorLogs.length).toBe(logged);
  });
});

describe("GraphQL request bodies", () => {
  it("refuses a body that is not a JSON object with parameter_invalid, and a batch as yoga does", async () => {
    const logged = errorLogs.length;
    for (const body of [null, "{ health { status } }", 5, true]) {
      const res = await api.post(
        "/graphql",
        {},
        {
          raw: JSON.stringify(body),
          headers: { "Content-Type": "application/json" },
        },
      );
      expect(res.status).toBe(400);
      expect(firstError(res).extensions).toMatchObject({ code: "parameter_invalid" });
      expect(firstError(res).message).toContain("JSON object");
      expectGraphqlEnvelope(res);
    }
    const batch = await api.post("/graphql", [{ query: "{ health { status } }" }]);
    expect(batch.status).toBe(400);
    expect(firstError(batch).extensions).toMatchObject({ code: "parameter_invalid" });
    expectGraphqlEnvelope(batch);
    expect(errorLogs.length).toBe(logged);
  });

  it("executes the body it parsed once, with its variables and operation name", async () => {
    const res = await api.post("/graphql", {
      query:
        "query A { health { status } } query B($first: Int) { matters(first: $first) { edges { cursor } } }",
      operationName: "B",
      variables: { first: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ matters: { edges: expect.any(Array) } });
    expectGraphqlEnvelope(res);
  });
});

describe("Relay paging", () => {
  it("gives the last page its endCursor and never claims a previous page when paging forward", async () => {
    const own = await new Seed(app).org();
    for (let i = 0; i < 3; i++) await new Seed(app).matter(own.admin);
    const page = async (after?: string) =>
      (
        await own.admin.graphql(
          `query($after: String) { matters(first: 2, after: $after) {
             edges { cursor node { id } }
             pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`,
          { after },
        )
      ).body.data.matters;
    const first = await page();
    expect(first.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: first.edges[0].cursor,
      endCursor: first.edges[1].cursor,
    });
    const last = await page(first.pageInfo.endCursor);
    expect(last.edges).toHaveLength(1);
    expect(last.pageInfo).toEqual({
      hasNextPage: false,
      hasPreviousPage: false,
      startCursor: last.edges[0].cursor,
      endCursor: last.edges[0].cursor,
    });

    const rest = await own.admin.get(`/v1/matters?limit=2&cursor=${first.pageInfo.endCursor}`);
    expect(rest.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it("does the same for a child list loaded in a batch", async () => {
    const matterId = await new Seed(app).matter(api);
    expect(
      (await api.post(`/v1/matters/${matterId}/claimants`, { name: "A", role: "victim" })).status,
    ).toBe(201);
    const res = await api.graphql(
      `query($id: ID!) { matter(id: $id) { claimants(first: 5) {
         edges { cursor } pageInfo { hasPreviousPage endCursor } } } }`,
      { id: matterId },
    );
    const claimants = res.body.data.matter.claimants;
    expect(claimants.pageInfo).toEqual({
      hasPreviousPage: false,
      endCursor: claimants.edges[0].cursor,
    });
  });
});

describe("the top level of GraphQL responses", () => {
  it("holds only data, errors and extensions, with audit_ref in extensions", async () => {
    const ok = await api.graphql(`{ health { status } }`);
    expect(ok.body.data.health.status).toBe("ok");
    expectGraphqlEnvelope(ok);
    const refused = await api.as(null).graphql(`{ health { status } }`);
    expect(refused.status).toBe(401);
    expectGraphqlEnvelope(refused);
    const invalid = await api.graphql(`{ nope }`);
    expectGraphqlEnvelope(invalid);
  });
});

describe("root fields", () => {
  it("answers the fields a key may read beside null and an error for the one it may not", async () => {
    const reader = await org.key({ scopes: ["operations:read"] });
    const res = await reader.graphql(
      `{ operations(first: 1) { edges { node { id } } } matters(first: 1) { edges { node { id } } } }`,
    );
    expect(res.body.data.operations).toEqual({ edges: expect.any(Array) });
    expect(res.body.data.matters).toBeNull();
    expect(res.body.errors).toHaveLength(1);
    expect(firstError(res)).toMatchObject({
      path: ["matters"],
      extensions: { code: "insufficient_scope" },
    });
  });

  it("lets Judgment.matter return the Matter node itself", async () => {
    const res = await api.graphql(
      `{ __type(name: "Judgment") { fields { name type { kind name ofType { name } } } } }`,
    );
    const matter = res.body.data.__type.fields.find((f: { name: string }) => f.name === "matter");
    expect(matter.type.name ?? matter.type.ofType.name).toBe("Matter");
  });

  it("shows a judgments-only key the matter's summary through Judgment.matter, not its terms", async () => {
    const matterId = await new Seed(app).matter(api);
    const grant = await api.post(`/v1/matters/${matterId}/authority`, {
      basis: "engagement_letter",
      granted_by: "Acme Corp",
      source_refs: [{ source_type: "engagement_letter", title: "Engagement letter" }],
    });
    expect(grant.status, grant.text).toBe(201);
    const judgment = await api.post("/v1/judgments/intake", {
      matter_id: matterId,
      court: "Superior Court of California",
      case_number: "BC-SCOPE-1",
      jurisdiction: "CA",
      creditor: "Acme Corp",
      debtor: "John Doe",
      amount: { amount: 1000, currency: "USD" },
      date_entered: "2025-01-15",
    });
    expect(judgment.status, judgment.text).toBe(201);
    const reader = await org.key({ scopes: ["judgments:read"] });
    const res = await reader.graphql(
      `query ($id: ID!) { judgment(id: $id) { matter { matterId name status economics notes } } }`,
      { id: judgment.body.judgment_id },
    );
    expect(res.body.data.judgment.matter).toMatchObject({
      matterId,
      status: "open",
      economics: null,
      notes: null,
    });
    expect(res.body.errors.map((e: any) => e.extensions.code)).toEqual([
      "insufficient_scope",
      "insufficient_scope",
    ]);
    const rest = await reader.get(`/v1/judgments/${judgment.body.judgment_id}`);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.matter).toEqual({
      matter_id: matterId,
      name: expect.any(String),
      status: "open",
    });
  });
});

describe("requests refused before GraphQL runs", () => {
  it("answers a text/plain body with 415 unsupported_media_type in a GraphQL body", async () => {
    const res = await api.post("/graphql", undefined, {
      raw: JSON.stringify({ query: "{ health { status } }" }),
      headers: { "Content-Type": "text/plain" },
    });
    expect(res.status).toBe(415);
    expect(firstError(res).extensions).toMatchObject({
      code: "unsupported_media_type",
      status: 415,
    });
    expectGraphqlEnvelope(res);
  });

  it("answers JSON to an Accept header naming nothing it can serve, never a bare 406", async () => {
    const res = await api.call(
      "POST",
      "/graphql",
      { query: "{ health { status } }" },
      { headers: { Accept: "application/xml" } },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.health.status).toBe("ok");
    expectGraphqlEnvelope(res);
  });

  it("refuses an over-long URL with a contract error on the face that was called", async () => {
    const long = "a".repeat(20_000);
    const gql = await api.get(`/graphql?query=${long}`);
    expect(gql.status).toBe(400);
    expect(firstError(gql).extensions.code).toBe("parameter_invalid");
    expectGraphqlEnvelope(gql);
    const rest = await api.get(`/v1/matters?name=${long}`);
    expect(rest.status).toBe(400);
    expect(errorOf(rest).code).toBe("parameter_invalid");
  });

  it("bounds nodes(ids:) and names ids beyond the bound", async () => {
    const query = `query($ids: [ID!]!) { nodes(ids: $ids) { id } }`;
    const ids = (n: number) =>
      Array.from({ length: n }, (_, i) => `mat_${String(i).padStart(26, "0")}`);
    const ok = await api.graphql(query, { ids: ids(100) });
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.nodes).toHaveLength(100);
    const tooMany = await api.graphql(query, { ids: ids(101) });
    expect(firstError(tooMany).extensions).toMatchObject({
      code: "parameter_invalid",
      param: "ids",
    });
    expect(tooMany.body.data.nodes).toBeNull();
  });
});

describe("the real HTTP server", () => {
  /** Sends raw bytes and returns the whole answer (every request here asks to close). */
  function rawExchange(port: number, text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk.toString("utf8");
      });
      socket.on("end", () => resolve(answer));
      socket.on("error", reject);
      socket.write(text);
    });
  }

  it("gives a contract body to URLs Node would have refused bare, and to heads over its bound", async () => {
    const server = createHttpServer((request) => app.fetch(request));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const get = (path: string) =>
        rawExchange(
          port,
          `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${api.secret}\r\nConnection: close\r\n\r\n`,
        );
      const withinHead = await get(`/v1/health?pad=${"a".repeat(20_000)}`);
      expect(withinHead).toMatch(/^HTTP\/1\.1 400 /);
      expect(withinHead).toContain('"code":"parameter_invalid"');
      const overHead = await get(`/v1/health?pad=${"a".repeat(70_000)}`);
      expect(overHead).toMatch(/^HTTP\/1\.1 400 /);
      const body = JSON.parse(overHead.split("\r\n\r\n")[1]!);
      expect(body.error).toMatchObject({
        code: "parameter_invalid",
        type: "invalid_request_error",
      });
      expect(body.audit_ref).toMatch(/^req_/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("GraphQL vocabulary on the GraphQL face", () => {
  it("names page arguments as GraphQL does and keeps REST words out of the messages", async () => {
    const size = await api.graphql(`{ matters(first: 0) { edges { node { id } } } }`);
    expect(firstError(size).extensions.param).toBe("first");
    const cursor = await api.graphql(`{ matters(after: "zz") { edges { node { id } } } }`);
    expect(firstError(cursor).extensions.param).toBe("after");
    for (const res of [size, cursor])
      expect(firstError(res).message).not.toMatch(/limit|next_cursor|cursor=|\/v1\//);

    const rest = await api.get("/v1/matters?limit=0");
    expect(errorOf(rest)).toMatchObject({ code: "parameter_invalid", param: "limit" });
    expect(errorOf(rest).message).not.toMatch(/\bfirst\b/);
    const restCursor = await api.get("/v1/matters?cursor=zz");
    expect(errorOf(restCursor)).toMatchObject({ code: "parameter_invalid", param: "cursor" });
    expect(errorOf(restCursor).message).not.toMatch(/\bafter\b|endCursor/);
  });

  it("names input fields by their GraphQL path", async () => {
    const matterId = await new Seed(app).matter(api);
    const res = await api.graphql(
      `mutation($m: ID!) { grantAuthority(matterId: $m, input: {
         basis: engagement_letter, grantedBy: " ", sourceRefs: [{ title: "Letter" }] }) { id } }`,
      { m: matterId },
    );
    expect(firstError(res).extensions).toMatchObject({
      code: "parameter_invalid",
      param: "input.grantedBy",
    });
    expect(firstError(res).message).toMatch(/^input\.grantedBy /);
    const rest = await api.post(`/v1/matters/${matterId}/authority`, {
      basis: "engagement_letter",
      granted_by: " ",
      source_refs: [{ title: "Letter" }],
    });
    expect(errorOf(rest)).toMatchObject({ code: "parameter_invalid", param: "granted_by" });
  });
});

describe("rate-limit headers on unknown routes", () => {
  it("carries them on an authenticated caller's 404 and 405, and keeps 404 for anonymous probes", async () => {
    const missing = await api.get("/v1/nowhere");
    expect(missing.status).toBe(404);
    expect(errorOf(missing).code).toBe("route_not_found");
    expect(Number(missing.headers.get("md-ratelimit-limit"))).toBeGreaterThan(0);
    expect(missing.headers.get("md-ratelimit-remaining")).toMatch(/^\d+$/);
    const wrong = await api.call("DELETE", "/v1/matters");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("md-ratelimit-remaining")).toMatch(/^\d+$/);
    const probe = await api.as(null).get("/v1/nowhere");
    expect(probe.status).toBe(404);
    expect(errorOf(probe).code).toBe("route_not_found");
  });
});
