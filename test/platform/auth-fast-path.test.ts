import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { errorOf } from "../helpers/http.js";
import { Seed, type SeededOrg } from "../helpers/seed.js";

// The hot path costs at most one SQL statement beyond the handler's own (issue 11): principals
// are cached for at most 1 s, and only PostgreSQL keeps rate-limit buckets in the database.

let app: TestApp;
let org: SeededOrg;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  app = await startTestApp();
  org = await new Seed(app).org();
});
afterAll(() => app.dispose());

async function statementsOf(run: () => Promise<unknown>): Promise<number> {
  const before = app.db.queries.count;
  await run();
  return app.db.queries.count - before;
}

describe("authentication and rate limit on the hot path", () => {
  it("add at most one statement to a GET by id once the key is warm", async () => {
    const created = await org.admin.post("/v1/operations", {
      type: "asset_recovery",
      intent: "trace",
      posture: "monitoring",
    });
    expect(created.status, created.text).toBe(201);
    const path = `/v1/operations/${created.body.id}`;
    await org.admin.get(path);
    const total = await statementsOf(() => org.admin.get(path));
    const handler = await statementsOf(() =>
      app.db.root.operation.findUnique({ where: { id: created.body.id } }),
    );
    expect(total - handler).toBeLessThanOrEqual(onPostgres ? 1 : 0);
  });

  it("refuses a key revoked on this process at once", async () => {
    const key = await org.key({ scopes: ["operations:read"] });
    expect((await key.get("/v1/operations")).status).toBe(200);
    const revoke = await org.admin.post(
      `/v1/organizations/${org.id}/api-keys/${key.keyId}/revoke`,
      {},
    );
    expect(revoke.status, revoke.text).toBe(200);
    const res = await key.get("/v1/operations");
    expect(res.status).toBe(401);
    expect(errorOf(res).code).toBe("api_key_revoked");
  });

  it("refuses a key revoked behind its back (another process) within one second", async () => {
    const key = await org.key({ scopes: ["operations:read"] });
    expect((await key.get("/v1/operations")).status).toBe(200);
    // What another process's revocation looks like to this one: the row changes, no cache clear.
    await app.db.root.apiKey.update({ where: { id: key.keyId }, data: { revokedAt: new Date() } });
    const revokedAt = Date.now();
    let lastAcceptedSentAt = -Infinity;
    let status = 200;
    while (status === 200 && Date.now() - revokedAt < 5000) {
      const sentAt = Date.now();
      status = (await key.get("/v1/operations")).status;
      if (status === 200) {
        lastAcceptedSentAt = sentAt;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    expect(status).toBe(401);
    // No request sent a second or more after the revocation was accepted.
    expect(lastAcceptedSentAt - revokedAt).toBeLessThan(1000);
  });

  it("refuses a cached key the moment it expires", async () => {
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const key = await org.key({ scopes: ["operations:read"], expires_at: expiresAt });
    expect((await key.get("/v1/operations")).status).toBe(200);
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(expiresAt) - Date.now() + 20)));
    const res = await key.get("/v1/operations");
    expect(res.status).toBe(401);
    expect(errorOf(res).code).toBe("api_key_expired");
  });

  it("keeps limiting per key in memory on the embedded database", async () => {
    const limited = await startTestApp({ rateLimit: { ratePerSecond: 0.5, burst: 3 } });
    try {
      const key = await (await new Seed(limited).org()).key({ scopes: ["operations:read"] });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await key.get("/v1/operations")).status);
      // The seed's own calls used the bootstrap key's bucket, not this one's.
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.slice(3)).toEqual([429, 429]);
      const res = await key.get("/v1/operations");
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(res.headers.get("md-ratelimit-remaining")).toBe("0");
    } finally {
      await limited.dispose();
    }
  });
});
