import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { contextOf } from "../helpers/context.js";
import { errorOf, type Client } from "../helpers/http.js";
import { Seed } from "../helpers/seed.js";

let app: TestApp;
let api: Client;

beforeAll(async () => {
  app = await startTestApp();
  api = (await new Seed(app).org()).admin;
});
afterAll(() => app.dispose());

const body = { type: "asset_recovery", intent: "recover", posture: "monitoring" };
const withKey = (key: string) => ({ headers: { "Idempotency-Key": key } });
const auditCount = (requestId: string) => app.db.root.auditEvent.count({ where: { requestId } });

describe("Idempotency-Key", () => {
  it("replays the stored response byte for byte with a new request id and writes nothing twice", async () => {
    const first = await api.post("/v1/operations", body, withKey("k-replay-1"));
    expect(first.status).toBe(201);
    const again = await api.post("/v1/operations", body, withKey("k-replay-1"));
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("md-request-id")).not.toBe(first.headers.get("md-request-id"));
    const list = await api.get("/v1/operations?limit=100");
    expect(list.body.items.filter((o: any) => o.id === first.body.id)).toHaveLength(1);
    expect(await auditCount(again.headers.get("md-request-id")!)).toBe(0);
    expect(await auditCount(first.headers.get("md-request-id")!)).toBe(1);
  });

  it("treats a reordered but equal body as the same request", async () => {
    const first = await api.post(
      "/v1/operations",
      { type: "asset_recovery", intent: "same", posture: "monitoring" },
      withKey("k-order"),
    );
    const again = await api.post(
      "/v1/operations",
      { posture: "monitoring", intent: "same", type: "asset_recovery" },
      withKey("k-order"),
    );
    expect(again.text).toBe(first.text);
  });

  it("refuses the same key with a different body, path or method with 422 idempotency_key_reused", async () => {
    await api.post("/v1/operations", body, withKey("k-reuse"));
    const otherBody = await api.post(
      "/v1/operations",
      { ...body, intent: "other" },
      withKey("k-reuse"),
    );
    expect(otherBody.status).toBe(422);
    expect(errorOf(otherBody).code).toBe("idempotency_key_reused");
    const op = (await api.post("/v1/operations", body)).body;
    const otherPath = await api.patch(`/v1/operations/${op.id}`, body, withKey("k-reuse"));
    expect(errorOf(otherPath).code).toBe("idempotency_key_reused");
  });

  it("answers 409 idempotency_key_in_use while the first request is in flight, and only one write happens", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.post("/v1/operations", { ...body, intent: "concurrent" }, withKey("k-concurrent")),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((r) => r.status !== 201))
      expect(errorOf(r).code).toBe("idempotency_key_in_use");
    const created = new Set(results.filter((r) => r.status === 201).map((r) => r.body.id));
    expect(created.size).toBe(1);
    const list = await api.get("/v1/operations?limit=100");
    expect(list.body.items.filter((o: any) => o.intent === "concurrent")).toHaveLength(1);
  });

  it("stores client errors too, and replays them", async () => {
    const first = await api.post("/v1/operations", { ...body, posture: "bad" }, withKey("k-400"));
    expect(first.status).toBe(400);
    const again = await api.post("/v1/operations", { ...body, posture: "bad" }, withKey("k-400"));
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("scopes keys per organization: another tenant may use the same key string", async () => {
    const other = (await new Seed(app).org()).admin;
    const mine = await api.post("/v1/operations", body, withKey("k-shared"));
    const theirs = await other.post("/v1/operations", body, withKey("k-shared"));
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it("refuses an over-long or non-printable key", async () => {
    const long = await api.post("/v1/operations", body, withKey("k".repeat(256)));
    expect(errorOf(long)).toMatchObject({ code: "parameter_invalid", param: "Idempotency-Key" });
  });
});

describe("Idempotency-Key retention", () => {
  it("forgets keys after 24 hours: the sweep removes them and the key can be used afresh", async () => {
    const first = await api.post("/v1/operations", body, withKey("k-expiring"));
    await app.db.root.idempotencyRecord.updateMany({
      where: { key: "k-expiring" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const reused = await api.post(
      "/v1/operations",
      { ...body, intent: "new meaning" },
      withKey("k-expiring"),
    );
    expect(reused.status).toBe(201);
    expect(reused.body.id).not.toBe(first.body.id);
    await app.db.root.idempotencyRecord.updateMany({
      where: { key: "k-expiring" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const { IdempotencyStore } = await import("../../src/http/idempotency.js");
    expect(await new IdempotencyStore(app.db.root).purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await app.db.root.idempotencyRecord.count({ where: { key: "k-expiring" } })).toBe(0);
  });
});

describe("Idempotency-Key after a process died mid-request", () => {
  /** What a process that died after claiming `key` left behind, its lease already lapsed. */
  async function orphan(
    key: string,
    state: "in_flight" | "committed",
    lockedUntil = new Date(Date.now() - 120_000),
  ) {
    const { fingerprint } = await import("../../src/http/idempotency.js");
    const principal = await app.db.root.apiKey.findFirstOrThrow({
      where: { secretHash: (await import("../../src/auth/secrets.js")).hashSecret(api.secret!) },
    });
    const past = new Date(Date.now() - 120_000);
    return app.db.root.idempotencyRecord.create({
      data: {
        organizationId: principal.organizationId,
        environment: principal.environment,
        key,
        fingerprint: fingerprint("POST", "/v1/operations", body),
        state,
        lockedUntil,
        createdAt: past,
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
  }
  const countIntent = async (intent: string) =>
    (await api.get("/v1/operations?limit=100")).body.items.filter((o: any) => o.intent === intent)
      .length;

  it("carries the request out when the dead one never wrote (its claim still in flight)", async () => {
    await orphan("k-orphan-in-flight", "in_flight");
    const before = await countIntent(body.intent);
    const res = await api.post("/v1/operations", body, withKey("k-orphan-in-flight"));
    expect(res.status, res.text).toBe(201);
    expect(await countIntent(body.intent)).toBe(before + 1);
    const replay = await api.post("/v1/operations", body, withKey("k-orphan-in-flight"));
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });

  it("never carries it out again when the dead one's write committed (its response lost)", async () => {
    await orphan("k-orphan-committed", "committed");
    const before = await countIntent(body.intent);
    const res = await api.post("/v1/operations", body, withKey("k-orphan-committed"));
    expect(res.status).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: "idempotency_key_in_use" });
    expect(errorOf(res).message).toContain("carried out");
    expect(await countIntent(body.intent)).toBe(before);
  });

  it("waits for the response another process is storing after its write committed, then replays it", async () => {
    // Another process's write committed; it sends its response while storing it.
    const record = await orphan("k-storing", "committed", new Date(Date.now() + 60_000));
    const stored = JSON.stringify({ id: "op_stored_elsewhere", audit_ref: "req_elsewhere" });
    const before = await countIntent(body.intent);
    const storeSoon = new Promise((r) => setTimeout(r, 300)).then(() =>
      app.db.root.idempotencyRecord.update({
        where: {
          organizationId_environment_key: {
            organizationId: record.organizationId,
            environment: record.environment,
            key: "k-storing",
          },
        },
        data: { state: "done", status: 201, body: stored },
      }),
    );
    const retry = await api.post("/v1/operations", body, withKey("k-storing"));
    await storeSoon;
    expect(retry.status).toBe(201);
    expect(retry.text).toBe(stored);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await countIntent(body.intent)).toBe(before);
  });

  it("answers 409 when a committed request's response does not arrive within the wait", async () => {
    await orphan("k-storing-stuck", "committed", new Date(Date.now() + 60_000));
    const started = Date.now();
    const retry = await api.post("/v1/operations", body, withKey("k-storing-stuck"));
    expect(retry.status).toBe(409);
    expect(errorOf(retry).code).toBe("idempotency_key_in_use");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  });

  it("marks the key committed in the write's own transaction", async () => {
    const { write } = await import("../../src/write.js");
    await orphan("k-mark-direct", "in_flight");
    const base = await contextOf(app, api);
    const claim = {
      organizationId: base.principal.organizationId,
      environment: base.principal.environment,
      key: "k-mark-direct",
      committed: false,
    };
    const ctx = { ...base, idempotency: claim };
    await expect(
      write(ctx, async () => {
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const state = async () =>
      (await app.db.root.idempotencyRecord.findFirstOrThrow({ where: { key: "k-mark-direct" } }))
        .state;
    expect(await state()).toBe("in_flight");
    expect(claim.committed).toBe(false);
    await write(ctx, (rec) => rec.audit({ eventType: "test.idempotency_marked" }));
    expect(await state()).toBe("committed");
    expect(claim.committed).toBe(true);
  });
});
