import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChainHeads } from "../../src/audit/chain-heads.js";
import type { RequestContext } from "../../src/context.js";
import { write } from "../../src/write.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { contextOf } from "../helpers/context.js";
import { Seed, type SeededOrg } from "../helpers/seed.js";
import { statementsOf } from "../helpers/statements.js";

/**
 * A process appends to an audit chain whose head it knows without reading the head first
 * (src/audit/chain-heads.ts); the database checks the head is still that one. These tests make
 * the known head stale every way it can be (another process appended, a transaction of this one
 * rolled back) and check the chain stays one unbroken sequence. Two app instances stand in for
 * two processes on PostgreSQL; on PGlite both are the same app.
 */
const shared = Boolean(process.env.TEST_DATABASE_URL);
let a: TestApp;
let b: TestApp;
let org: SeededOrg;
const OPERATION = {
  type: "asset_recovery",
  intent: "chain",
  posture: "monitoring",
};

beforeAll(async () => {
  a = await startTestApp();
  b = shared ? await startTestApp({}, { sameDatabaseAs: a }) : a;
  org = await new Seed(a).org();
});
afterAll(async () => {
  if (b !== a) await b.close();
  await a.dispose();
});

/** The organization's sandbox chain as stored: each event's sequence and hashes, in order. */
async function chainOf(organizationId: string) {
  return a.db.root.auditEvent.findMany({
    where: { organizationId, environment: "sandbox" },
    orderBy: { sequence: "asc" },
    select: { sequence: true, prevHash: true, hash: true },
  });
}

async function expectUnbroken(organizationId: string) {
  const chain = await chainOf(organizationId);
  chain.forEach((e, i) => {
    expect(e.sequence).toBe(i + 1);
    if (i > 0) expect(e.prevHash).toBe(chain[i - 1]!.hash);
  });
  const verify = await org.admin.get("/v1/audit/verify");
  expect(verify.body).toMatchObject({
    valid: true,
    first_invalid_event_id: null,
  });
  expect(verify.body.events_checked).toBe(chain.length);
  return chain;
}

/** A request context of the org's admin key, with its own view of chain heads. */
async function directContext(heads: ChainHeads): Promise<RequestContext> {
  const ctx = await contextOf(a, org.admin);
  return { ...ctx, services: { ...ctx.services, chainHeads: heads } };
}

/** Statements `run` sent through the request client, the fewest of five runs. */
async function fewestStatements(run: () => Promise<unknown>): Promise<number> {
  const counts: number[] = [];
  for (let i = 0; i < 5; i++) {
    const before = a.db.queries.count;
    await run();
    counts.push(a.db.queries.count - before);
  }
  return Math.min(...counts);
}

describe("appending to an audit chain whose head the process knows", () => {
  it("skips reading the head: an append costs one statement fewer than with the head unknown", async () => {
    const append = (ctx: RequestContext) =>
      write(ctx, (rec) => rec.audit({ eventType: "test.chain_heads.count" }));
    // A chain with events: an empty one is appended to in one statement even by a stranger.
    await org.admin.post("/v1/operations", OPERATION);
    const coldContexts = await Promise.all(
      Array.from({ length: 5 }, () => directContext(new ChainHeads())),
    );
    const cold = await fewestStatements(() => append(coldContexts.pop()!));
    const warmContext = await directContext(new ChainHeads());
    await append(warmContext);
    const warm = await fewestStatements(() => append(warmContext));
    expect(warm).toBe(cold - 1);
    await expectUnbroken(org.id);
  });

  it("keeps one chain when two processes take turns and write at once", async () => {
    const onB = org.admin.as(org.admin.secret);
    const viaB = Object.assign(Object.create(Object.getPrototypeOf(onB)), onB, {
      app: b,
    });
    for (let i = 0; i < 6; i++) {
      const res = await (i % 2 ? viaB : org.admin).post("/v1/operations", OPERATION);
      expect(res.status).toBe(201);
    }
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (i % 2 ? viaB : org.admin).post("/v1/operations", OPERATION),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 201));
    const chain = await expectUnbroken(org.id);
    expect(chain.length).toBeGreaterThanOrEqual(22);
  });

  it("recovers when the head it knows was rolled back", async () => {
    const heads = new ChainHeads();
    const ctx = await directContext(heads);
    const chain = `${ctx.principal.organizationId}:${ctx.principal.environment}`;
    await write(ctx, (rec) => rec.audit({ eventType: "test.chain_heads.before" }));
    const before = heads.get(chain)!;
    await expect(
      write(ctx, async (rec) => {
        await rec.audit({ eventType: "test.chain_heads.rolled_back" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    // The rolled-back append is still this process's idea of the head: a phantom.
    expect(heads.get(chain)!.sequence).toBe(before.sequence + 1);
    await write(ctx, (rec) => rec.audit({ eventType: "test.chain_heads.after" }));
    const stored = await expectUnbroken(org.id);
    expect(stored.at(-1)!.sequence).toBe(before.sequence + 1);
    expect(stored.at(-1)!.hash).toBe(heads.get(chain)!.hash);
  });
});
