import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../src/ids.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { errorOf } from "../helpers/http.js";
import { Seed, type SeededOrg } from "../helpers/seed.js";

let app: TestApp;
let org: SeededOrg;

async function matter(o: SeededOrg, environment = "sandbox") {
  const id = newId("matter");
  await app.db.root.matter.create({
    data: { id, organizationId: o.id, environment, name: "M", status: "open" },
  });
  return id;
}

beforeAll(async () => {
  app = await startTestApp();
  org = await new Seed(app).org();
});
afterAll(() => app.dispose());

describe("audit writer", () => {
  it("records every successful write with the request id given back as audit_ref", async () => {
    const res = await org.admin.post("/v1/operations", {
      type: "asset_recovery",
      intent: "i",
      posture: "monitoring",
    });
    const events = await app.db.root.auditEvent.findMany({
      where: { requestId: res.body.audit_ref },
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      eventType: "operation.created",
      objectId: res.body.id,
      actorId: expect.stringMatching(/^key_/),
    });
  });

  it("has the database refuse UPDATE, DELETE and TRUNCATE on the audit table", async () => {
    const any = await app.db.root.auditEvent.findFirstOrThrow();
    await expect(
      app.db.root.$executeRawUnsafe(
        `UPDATE audit_events SET event_type = 'x' WHERE id = '${any.id}'`,
      ),
    ).rejects.toThrow(/append-only/);
    await expect(
      app.db.root.$executeRawUnsafe(`DELETE FROM audit_events WHERE id = '${any.id}'`),
    ).rejects.toThrow(/append-only/);
    await expect(app.db.root.$executeRawUnsafe(`TRUNCATE audit_events`)).rejects.toThrow(
      /append-only/,
    );
    expect(await app.db.root.auditEvent.findUnique({ where: { id: any.id } })).toMatchObject({
      eventType: any.eventType,
    });
  });
});

describe("audit endpoints", () => {
  it("records a manual event marked source manual and reads it back", async () => {
    const matterId = await matter(org);
    const res = await org.admin.post("/v1/audit/events", {
      matter_id: matterId,
      event_type: "call.logged",
      object_type: "matter",
      object_id: matterId,
      details: { note: "spoke to exchange" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      matter_id: matterId,
      event_type: "call.logged",
      details: { note: "spoke to exchange", source: "manual" },
    });
    expect(res.body.event_id).toMatch(/^aud_/);
    expect(res.body.request_id).toBe(res.body.audit_ref);
    const got = await org.admin.get(`/v1/audit/events/${res.body.event_id}`);
    expect(got.body.hash).toBe(res.body.hash);
    expect(errorOf(await org.admin.post("/v1/audit/events", { event_type: "x" }))).toMatchObject({
      code: "parameter_missing",
      param: "matter_id",
    });
    expect(
      (await org.admin.post("/v1/audit/events", { matter_id: newId("matter"), event_type: "x" }))
        .status,
    ).toBe(404);
  });

  it("lists a matter's events newest first with filters", async () => {
    const matterId = await matter(org);
    for (const type of ["a.one", "b.two", "a.one"]) {
      await org.admin.post("/v1/audit/events", { matter_id: matterId, event_type: type });
    }
    const all = await org.admin.get(`/v1/audit/matters/${matterId}`);
    expect(all.body.items.map((e: any) => e.event_type)).toEqual(["a.one", "b.two", "a.one"]);
    const filtered = await org.admin.get(`/v1/audit/matters/${matterId}?event_type=a.one&limit=1`);
    expect(filtered.body.items).toHaveLength(1);
    expect(filtered.body.has_more).toBe(true);
    const byRequest = await org.admin.get(
      `/v1/audit/matters/${matterId}?request_id=${all.body.items[1].request_id}`,
    );
    expect(byRequest.body.items.map((e: any) => e.event_type)).toEqual(["b.two"]);
    const future = await org.admin.get(
      `/v1/audit/matters/${matterId}?from=2999-01-01T00:00:00.000Z`,
    );
    expect(future.body.items).toEqual([]);
    expect(errorOf(await org.admin.get(`/v1/audit/matters/${matterId}?colour=red`)).code).toBe(
      "unknown_parameter",
    );
  });

  it("hides other tenants' and other matters' audit events", async () => {
    const mine = await matter(org);
    const event = (
      await org.admin.post("/v1/audit/events", { matter_id: mine, event_type: "secret" })
    ).body;
    const other = await new Seed(app).org();
    expect((await other.admin.get(`/v1/audit/events/${event.event_id}`)).status).toBe(404);
    expect((await other.admin.get(`/v1/audit/matters/${mine}`)).status).toBe(404);
    const elsewhere = await matter(org);
    const limited = await org.key({
      scopes: ["audit:read", "audit:write"],
      matter_ids: [elsewhere],
    });
    expect((await limited.get(`/v1/audit/events/${event.event_id}`)).status).toBe(404);
    expect((await limited.get(`/v1/audit/matters/${mine}`)).status).toBe(404);
    expect(
      (await limited.post("/v1/audit/events", { matter_id: mine, event_type: "x" })).status,
    ).toBe(404);
    expect(errorOf(await limited.get("/v1/audit/verify"))).toMatchObject({
      code: "parameter_missing",
      param: "matter_id",
    });
    expect((await limited.get(`/v1/audit/verify?matter_id=${elsewhere}`)).body.valid).toBe(true);
  });

  it("verifies the hash chain and pinpoints a tampered event", async () => {
    const fresh = await new Seed(app).org();
    const matterId = await matter(fresh);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(
        (await fresh.admin.post("/v1/audit/events", { matter_id: matterId, event_type: `e${i}` }))
          .body.event_id,
      );
    const ok = await fresh.admin.get("/v1/audit/verify");
    expect(ok.body).toMatchObject({ valid: true, first_invalid_event_id: null });
    expect(ok.body.events_checked).toBeGreaterThanOrEqual(4);
    expect(ok.body.head_hash).toMatch(/^[0-9a-f]{64}$/);
    const scoped = await fresh.admin.get(`/v1/audit/verify?matter_id=${matterId}`);
    expect(scoped.body).toMatchObject({
      valid: true,
      events_checked: 4,
      head_hash: ok.body.head_hash,
    });

    // Tampering needs the trigger off, which only a database superuser can do.
    await app.db.root.$executeRawUnsafe(
      "ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only",
    );
    await app.db.root.$executeRawUnsafe(
      `UPDATE audit_events SET details = '{"forged":true}' WHERE id = '${ids[2]}'`,
    );
    await app.db.root.$executeRawUnsafe(
      "ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only",
    );
    const bad = await fresh.admin.get("/v1/audit/verify");
    expect(bad.body).toMatchObject({ valid: false, first_invalid_event_id: ids[2] });
  });
});

describe("audit chain under matter-limited keys", () => {
  it("keeps one chain when a matter-limited key writes after events of a matter it cannot see", async () => {
    const fresh = await new Seed(app).org();
    const visible = await matter(fresh);
    const hidden = await matter(fresh);
    const limited = await fresh.key({
      scopes: ["audit:write", "audit:read"],
      matter_ids: [visible],
    });
    expect(
      (
        await fresh.admin.post("/v1/audit/events", {
          matter_id: hidden,
          event_type: "other.matter",
        })
      ).status,
    ).toBe(201);
    const res = await limited.post("/v1/audit/events", { matter_id: visible, event_type: "mine" });
    expect(res.status, res.text).toBe(201);
    expect((await fresh.admin.get("/v1/audit/verify")).body).toMatchObject({ valid: true });
  });
});
