import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { errorOf } from "../helpers/http.js";
import { Seed, type SeededOrg } from "../helpers/seed.js";

/**
 * Several server processes on one PostgreSQL must agree on idempotency keys, rate limits and
 * the webhook outbox. Two app instances with their own connection pools stand in for two
 * processes. PGlite is single-process by design, so without TEST_DATABASE_URL both "processes"
 * are the same app and the test still checks the single-process behaviour.
 */
const shared = Boolean(process.env.TEST_DATABASE_URL);
let a: TestApp;
let b: TestApp;
let org: SeededOrg;

beforeAll(async () => {
  a = await startTestApp({
    webhooks: {
      retryBaseMs: 200,
      maxAttempts: 6,
      pollMs: 50,
      timeoutMs: 3000,
      workerEnabled: true,
    },
  });
  b = shared
    ? await startTestApp(
        {
          webhooks: {
            retryBaseMs: 200,
            maxAttempts: 6,
            pollMs: 50,
            timeoutMs: 3000,
            workerEnabled: true,
          },
        },
        { sameDatabaseAs: a },
      )
    : a;
  org = await new Seed(a).org();
});
afterAll(async () => {
  if (b !== a) await b.close();
  await a.dispose();
});

describe("several server processes on one database", () => {
  it("lets exactly one of two processes execute the same Idempotency-Key", async () => {
    const onB = org.admin.as(org.admin.secret);
    const viaB = Object.assign(Object.create(Object.getPrototypeOf(onB)), onB, { app: b });
    const body = { type: "asset_recovery", intent: "shared-key", posture: "monitoring" };
    const headers = { headers: { "Idempotency-Key": "multi-process-1" } };
    const results = await Promise.all([
      org.admin.post("/v1/operations", body, headers),
      viaB.post("/v1/operations", body, headers),
      org.admin.post("/v1/operations", body, headers),
      viaB.post("/v1/operations", body, headers),
    ]);
    for (const r of results) {
      if (r.status !== 201) expect(errorOf(r).code).toBe("idempotency_key_in_use");
    }
    const ids = new Set(results.filter((r) => r.status === 201).map((r) => r.body.id));
    expect(ids.size).toBe(1);
    const replay = await viaB.post("/v1/operations", body, headers);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const list = await org.admin.get("/v1/operations?limit=100");
    expect(list.body.items.filter((o: any) => o.intent === "shared-key")).toHaveLength(1);
  });

  it("delivers each webhook event once although both processes run a delivery worker", async () => {
    const received: string[] = [];
    const server: Server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        received.push(String(req.headers["md-event-id"]));
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    try {
      const endpoint = await org.admin.post("/v1/webhook-endpoints", {
        url: `http://127.0.0.1:${port}/hook`,
        events: ["*"],
      });
      expect(endpoint.status).toBe(201);
      const sent: string[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await org.admin.post(
          `/v1/webhook-endpoints/${endpoint.body.webhook_endpoint_id}/test`,
          {},
        );
        expect(res.status).toBe(201);
        sent.push(res.body.event_id);
      }
      const deadline = Date.now() + 15_000;
      while (received.length < sent.length && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 500));
      expect([...received].sort()).toEqual([...sent].sort());
    } finally {
      server.close();
    }
  });

  it("shares one rate-limit bucket per key across processes", async () => {
    const limited = await startTestApp({ rateLimit: { ratePerSecond: 0.5, burst: 4 } });
    const twin = shared
      ? await startTestApp(
          { rateLimit: { ratePerSecond: 0.5, burst: 4 } },
          { sameDatabaseAs: limited },
        )
      : limited;
    try {
      const key = (await new Seed(limited).org()).admin;
      const onTwin = Object.assign(Object.create(Object.getPrototypeOf(key)), key, { app: twin });
      const statuses: number[] = [];
      // The seed used the org admin key once (to issue itself); 6 more calls alternate between processes.
      for (let i = 0; i < 6; i++)
        statuses.push((await (i % 2 ? onTwin : key).get("/v1/health")).status);
      expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(4);
      expect(statuses).toContain(429);
    } finally {
      if (twin !== limited) await twin.close();
      await limited.dispose();
    }
  });
});
