import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client, errorOf } from "../helpers/http.js";
import { Seed } from "../helpers/seed.js";

// Operators' probes and metrics (CONTRACT.md §12): no key, nothing revealed beyond status.

let app: TestApp;
let anonymous: Client;

beforeAll(async () => {
  app = await startTestApp();
  anonymous = new Client(app, null);
});
afterAll(() => app.dispose());

describe("GET /livez and /readyz", () => {
  it("answer without a key and reveal nothing but their status", async () => {
    const live = await anonymous.get("/livez");
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: "ok" });
    const ready = await anonymous.get("/readyz");
    expect(ready.status, ready.text).toBe(200);
    expect(ready.body).toEqual({ status: "ready" });
    expect(ready.headers.get("md-ratelimit-limit")).toBeNull();
  });
});

describe("GET /metrics", () => {
  it("counts requests by route pattern, never by raw path, and reports the webhook outbox", async () => {
    const admin = (await new Seed(app).org()).admin;
    await admin.get("/v1/matters/mat_01jzzzzzzzzzzzzzzzzzzzzzzz");
    const res = await anonymous.get("/metrics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.text).toMatch(
      /md_http_requests_total\{method="GET",route="\/v1\/matters\/\{matter_id\}",status="404"\} 1/,
    );
    expect(res.text).not.toContain("mat_01jzzzzzzzzzzzzzzzzzzzzzzz");
    expect(res.text).toMatch(/md_http_request_duration_seconds_bucket\{/);
    expect(res.text).toMatch(/md_webhook_outbox_depth \d+/);
    expect(res.text).toMatch(/md_webhook_outbox_lag_seconds \d/);
  });

  it("sits behind MD_METRICS_TOKEN when one is set, and is absent when turned off", async () => {
    const guarded = await startTestApp({ metrics: { enabled: true, token: "scrape-secret" } });
    try {
      const refused = await new Client(guarded, null).get("/metrics");
      expect(refused.status).toBe(401);
      expect(errorOf(refused).code).toBe("authentication_required");
      const wrong = await new Client(guarded, null).get("/metrics", {
        headers: { Authorization: "Bearer other" },
      });
      expect(wrong.status).toBe(401);
      const allowed = await new Client(guarded, null).get("/metrics", {
        headers: { Authorization: "Bearer scrape-secret" },
      });
      expect(allowed.status).toBe(200);
    } finally {
      await guarded.dispose();
    }
    const off = await startTestApp({ metrics: { enabled: false, token: undefined } });
    try {
      const res = await new Client(off, null).get("/metrics");
      expect(res.status).toBe(404);
      expect(errorOf(res).code).toBe("route_not_found");
    } finally {
      await off.dispose();
    }
  }, 90_000); // starts two apps; the default 30 s is short on a loaded machine
});

describe("readiness", () => {
  it("answers 503 while a committed migration is not applied", async () => {
    const [last] = await app.db.root.$queryRaw<Array<{ migration_name: string }>>`
      SELECT migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1`;
    await app.db.root.$executeRaw`
      DELETE FROM _prisma_migrations WHERE migration_name = ${last!.migration_name}`;
    const res = await anonymous.get("/readyz");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: "unavailable" });
  });
});
