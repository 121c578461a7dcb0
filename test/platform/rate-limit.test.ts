import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseRateLimiter } from "../../src/http/rate-limit.js";
import { BOOTSTRAP_SECRET, startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";

/**
 * The shared (PostgreSQL) rate limiter takes tokens from the bucket in leases: a busy key costs
 * a statement every few requests, and several processes together never get more than the
 * bucket holds. Two limiter instances on one database stand in for two processes. PGlite keeps
 * its buckets in memory (one process), so these run on TEST_DATABASE_URL only.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.dispose());

describe.skipIf(!onPostgres)("shared rate-limit buckets with leases", () => {
  it("never allows more than the bucket holds across two processes", async () => {
    const rate = 20;
    const burst = 30;
    const a = new DatabaseRateLimiter(app.db.root, rate, burst);
    const b = new DatabaseRateLimiter(app.db.root, rate, burst);
    const started = performance.now();
    const verdicts = await Promise.all(
      Array.from({ length: 120 }, (_, i) => (i % 2 ? a : b).take("key_lease_shared")),
    );
    const elapsed = (performance.now() - started) / 1000;
    const allowed = verdicts.filter((v) => v.allowed).length;
    expect(allowed).toBeGreaterThanOrEqual(burst - 2 * 2);
    expect(allowed).toBeLessThanOrEqual(burst + Math.ceil(rate * elapsed));
    const refused = verdicts.find((v) => !v.allowed)!;
    expect(refused.remaining).toBe(0);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it("costs a statement per lease, not per request", async () => {
    const limiter = new DatabaseRateLimiter(app.db.root, 100, 100);
    const before = app.db.queries.count;
    for (let i = 0; i < 40; i++) expect((await limiter.take("key_lease_cost")).allowed).toBe(true);
    // Leases of a tenth of a second's worth (10 tokens): 4 statements for 40 requests.
    expect(app.db.queries.count - before).toBeLessThanOrEqual(5);
  });

  it("gives a lapsed lease's unspent tokens back to the bucket", async () => {
    const a = new DatabaseRateLimiter(app.db.root, 0.001, 10);
    const b = new DatabaseRateLimiter(app.db.root, 0.001, 10);
    // Lease size 1 at this rate: each take asks the bucket, so nothing is held back.
    for (let i = 0; i < 10; i++)
      expect((await (i % 2 ? a : b).take("key_lease_exact")).allowed).toBe(true);
    expect((await a.take("key_lease_exact")).allowed).toBe(false);
    expect((await b.take("key_lease_exact")).allowed).toBe(false);

    const big = new DatabaseRateLimiter(app.db.root, 100, 20);
    const other = new DatabaseRateLimiter(app.db.root, 100, 20);
    await big.take("key_lease_return"); // takes a lease of 10, spends 1
    await new Promise((r) => setTimeout(r, 1100)); // the lease lapses; the bucket refills meanwhile
    await big.take("key_lease_return"); // returns 9, takes a new lease
    const rows = await app.db.root.$queryRaw<Array<{ tokens: number }>>`
      SELECT tokens FROM rate_limit_buckets WHERE key_id = 'key_lease_return'`;
    // Full bucket (20) less the new lease (10): the 9 returned were not lost.
    expect(Number(rows[0]!.tokens)).toBeGreaterThanOrEqual(9);
    expect((await other.take("key_lease_return")).allowed).toBe(true);
  });
});

describe.skipIf(onPostgres)("rate-limit buckets on the embedded database", () => {
  it("are kept in memory (no table writes)", async () => {
    const res = await new Client(app, BOOTSTRAP_SECRET).get("/v1/health");
    expect(res.headers.get("md-ratelimit-remaining")).toMatch(/^\d+$/);
    const rows = await app.db.root.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM rate_limit_buckets`;
    expect(rows[0]!.n).toBe(0);
  });
});
