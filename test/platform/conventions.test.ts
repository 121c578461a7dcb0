import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, BOOTSTRAP_SECRET } from "../helpers/app.js";
import { Client, errorOf } from "../helpers/http.js";

let app: TestApp;
let api: Client;

beforeAll(async () => {
  app = await startTestApp();
  api = new Client(app, BOOTSTRAP_SECRET);
});
afterAll(() => app.dispose());

const newOperation = { type: "asset_recovery", intent: "recover funds", posture: "monitoring" };

describe("wire conventions", () => {
  it("puts a req_ request id on every response and the same id in audit_ref", async () => {
    const ok = await api.get("/v1/health");
    const rid = ok.headers.get("md-request-id");
    expect(rid).toMatch(/^req_[0-9a-z]{26}$/);
    expect(ok.body.audit_ref).toBe(rid);
    const missing = await api.get("/v1/nowhere");
    expect(missing.headers.get("md-request-id")).toMatch(/^req_/);
    expect(missing.body.audit_ref).toBe(missing.headers.get("md-request-id"));
    expect(errorOf(missing).request_id).toBe(missing.headers.get("md-request-id"));
  });

  it("answers an unknown path with 404 route_not_found and a wrong method with 405", async () => {
    const res = await api.get("/v1/nowhere");
    expect(res.status).toBe(404);
    expect(errorOf(res)).toMatchObject({ type: "invalid_request_error", code: "route_not_found" });
    const wrong = await api.call("DELETE", "/v1/operations");
    expect(wrong.status).toBe(405);
    expect(errorOf(wrong).code).toBe("method_not_allowed");
    expect(wrong.headers.get("allow")).toContain("POST");
  });

  it("lets a literal path segment beat a parameter: a wrong method there is 405, not a lookup", async () => {
    for (const [path, allow] of [
      ["/v1/sanctions/screen", "POST"],
      ["/v1/judgments/intake", "POST"],
    ] as const) {
      const res = await api.get(path);
      expect(res.status, `${path}: ${res.text}`).toBe(405);
      expect(errorOf(res).code).toBe("method_not_allowed");
      expect(res.headers.get("allow")).toBe(allow);
    }
    const review = await api.get("/v1/sanctions/srv_01jzzzzzzzzzzzzzzzzzzzzzzz");
    expect(review.status, review.text).toBe(404);
    expect(errorOf(review).code).toBe("resource_missing");
  });

  it("echoes the version, defaults to the pinned one, and refuses unsupported versions", async () => {
    const pinned = await api.get("/v1/health");
    expect(pinned.headers.get("md-version")).toBe("2026-06-11");
    const sent = await api.get("/v1/health", { headers: { "MD-Version": "2026-06-11" } });
    expect(sent.headers.get("md-version")).toBe("2026-06-11");
    for (const bad of ["2025-01-01", "yesterday", ""]) {
      const res = await api.get("/v1/health", { headers: { "MD-Version": bad } });
      expect(res.status).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: "unsupported_version",
        type: "invalid_request_error",
      });
    }
  });

  it("refuses a body that is not application/json with 415", async () => {
    const res = await api.post("/v1/operations", undefined, {
      raw: JSON.stringify(newOperation),
      headers: { "Content-Type": "text/plain" },
    });
    expect(res.status).toBe(415);
    expect(errorOf(res).code).toBe("unsupported_media_type");
  });

  it("refuses malformed JSON with 400 invalid_json", async () => {
    const res = await api.post("/v1/operations", undefined, {
      raw: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe("invalid_json");
  });

  it("refuses a body over 1 MiB with 413", async () => {
    const big = JSON.stringify({ ...newOperation, title: "x".repeat(1024 * 1024) });
    const res = await api.post("/v1/operations", undefined, {
      raw: big,
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(errorOf(res).code).toBe("payload_too_large");
  });

  it("names the missing, invalid and unknown parameters", async () => {
    const missingField = await api.post("/v1/operations", {
      type: "asset_recovery",
      posture: "monitoring",
    });
    expect(missingField.status).toBe(400);
    expect(errorOf(missingField)).toMatchObject({ code: "parameter_missing", param: "intent" });
    const wrongType = await api.post("/v1/operations", { ...newOperation, intent: 42 });
    expect(errorOf(wrongType)).toMatchObject({ code: "parameter_invalid", param: "intent" });
    const badEnum = await api.post("/v1/operations", { ...newOperation, posture: "relaxed" });
    expect(errorOf(badEnum)).toMatchObject({ code: "parameter_invalid", param: "posture" });
    expect(errorOf(badEnum).details.allowed).toContain("emergency");
    const unknown = await api.post("/v1/operations", { ...newOperation, state: "active" });
    expect(errorOf(unknown)).toMatchObject({ code: "unknown_parameter", param: "state" });
    const tooLong = await api.post("/v1/operations", {
      ...newOperation,
      title: "x".repeat(10_001),
    });
    expect(errorOf(tooLong)).toMatchObject({ code: "parameter_invalid", param: "title" });
  });

  it("writes nothing when a request is refused", async () => {
    const before = await api.get("/v1/operations?limit=100");
    await api.post("/v1/operations", { ...newOperation, posture: "relaxed" });
    await api.post("/v1/operations", { ...newOperation, bogus: true });
    const after = await api.get("/v1/operations?limit=100");
    expect(after.body.items.length).toBe(before.body.items.length);
  });

  it("formats times as ISO 8601 UTC with milliseconds", async () => {
    const res = await api.post("/v1/operations", newOperation);
    expect(res.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("carries rate-limit headers on every authenticated response", async () => {
    const res = await api.get("/v1/health");
    expect(Number(res.headers.get("md-ratelimit-limit"))).toBeGreaterThan(0);
    expect(res.headers.get("md-ratelimit-remaining")).toMatch(/^\d+$/);
  });
});

describe("rate limiting", () => {
  it("answers 429 rate_limited with Retry-After once a key's bucket is empty", async () => {
    const limited = await startTestApp({ rateLimit: { ratePerSecond: 1, burst: 3 } });
    try {
      const c = new Client(limited, BOOTSTRAP_SECRET);
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 5; i++) {
        last = await c.get("/v1/health");
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.at(-1)).toBe(429);
      expect(errorOf(last!)).toMatchObject({ code: "rate_limited", type: "rate_limit_error" });
      expect(Number(last!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(last!.headers.get("md-ratelimit-remaining")).toBe("0");
    } finally {
      await limited.dispose();
    }
  });
});

describe("GraphQL face conventions", () => {
  it("refuses a GraphQL body over 1 MiB with 413 payload_too_large", async () => {
    const res = await api.graphql(`{ health { status } }`, { pad: "x".repeat(1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.errors[0].extensions.code).toBe("payload_too_large");
  });

  it("puts the request id in GraphQL responses as audit_ref in extensions, not at the top", async () => {
    const res = await api.graphql(`{ health { status } }`);
    expect(res.body.data.health.status).toBe("ok");
    expect(res.body.extensions.audit_ref).toBe(res.headers.get("md-request-id"));
    expect(res.body).not.toHaveProperty("audit_ref");
    const refused = await new Client(app, null).graphql(`{ health { status } }`);
    expect(refused.body.extensions.audit_ref).toBe(refused.headers.get("md-request-id"));
    expect(refused.body).not.toHaveProperty("audit_ref");
  });
});

describe("internal errors", () => {
  it("answers 500 internal_error with the request id and no stack trace when the database is gone", async () => {
    const broken = await startTestApp();
    const c = new Client(broken, BOOTSTRAP_SECRET);
    expect((await c.get("/v1/health")).status).toBe(200);
    await broken.db.root.$disconnect();
    await broken.db.adapter.close();
    const res = await c.get("/v1/operations");
    expect(res.status).toBe(500);
    expect(errorOf(res)).toMatchObject({
      type: "api_error",
      code: "internal_error",
      request_id: res.headers.get("md-request-id"),
    });
    expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/);
    // Closing twice fails; what matters is that the per-file database is dropped.
    await broken.dispose().catch(() => {});
  });
});

describe("GraphiQL", () => {
  it("serves GraphiQL to a browser without a key and without any CDN asset", async () => {
    const res = await new Client(app, null).get("/graphql", { headers: { Accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.text).toMatch(/graphiql/i);
    expect(res.text).not.toMatch(
      /https?:\/\/(unpkg\.com|cdn\.jsdelivr\.net|cdnjs\.cloudflare\.com)/,
    );
  });
});

describe("CORS for browser front ends", () => {
  it("answers a preflight without a key and exposes the MD headers on responses", async () => {
    const pre = await new Client(app, null).call("OPTIONS", "/graphql", undefined, {
      headers: {
        Origin: "https://dash.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization,content-type",
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("*");
    expect(pre.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
    expect(pre.headers.get("access-control-allow-headers")).toMatch(/Idempotency-Key/);
    const res = await api.get("/v1/health", { headers: { Origin: "https://dash.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-expose-headers")).toMatch(/MD-Request-Id/);
    const gql = await api.call(
      "POST",
      "/graphql",
      { query: "{ health { status } }" },
      { headers: { Origin: "https://dash.example" } },
    );
    expect(gql.headers.get("access-control-allow-origin")).toBe("*");
    expect(gql.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("allows the headers common clients ask for in a preflight (tracing, Apollo client names)", async () => {
    const requested =
      "authorization, content-type, traceparent, tracestate, baggage, apollographql-client-name, apollographql-client-version, x-apollo-operation-name, apollo-require-preflight, sentry-trace, x-request-id";
    for (const path of ["/graphql", "/v1/operations"]) {
      const pre = await new Client(app, null).call("OPTIONS", path, undefined, {
        headers: {
          Origin: "https://dash.example",
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": requested,
        },
      });
      expect(pre.status).toBe(204);
      const allowed = (pre.headers.get("access-control-allow-headers") ?? "")
        .split(",")
        .map((h) => h.trim().toLowerCase());
      for (const h of requested.split(", ")) expect(allowed, `${path} ${h}`).toContain(h);
      expect(allowed).toContain("idempotency-key");
      expect(pre.headers.get("vary")).toMatch(/Access-Control-Request-Headers/);
    }
    const junk = await new Client(app, null).call("OPTIONS", "/graphql", undefined, {
      headers: {
        Origin: "https://dash.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "x-ok, bad header\u007f",
      },
    });
    expect(junk.headers.get("access-control-allow-headers")).not.toMatch(/x-ok|bad/);
  });

  it("allows only the configured origins when MD_CORS_ORIGINS lists some", async () => {
    const strict = await startTestApp({ corsOrigins: ["https://dash.example"] });
    try {
      const c = new Client(strict, BOOTSTRAP_SECRET);
      const ok = await c.get("/v1/health", { headers: { Origin: "https://dash.example" } });
      expect(ok.headers.get("access-control-allow-origin")).toBe("https://dash.example");
      const other = await c.get("/v1/health", { headers: { Origin: "https://evil.example" } });
      expect(other.headers.get("access-control-allow-origin")).toBeNull();
      const pre = await new Client(strict, null).call("OPTIONS", "/v1/operations", undefined, {
        headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get("access-control-allow-origin")).toBeNull();
    } finally {
      await strict.dispose();
    }
  });
});
