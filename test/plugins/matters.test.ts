import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../src/ids.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type ApiResponse, type Client, errorOf } from "../helpers/http.js";
import { Seed, type SeededOrg } from "../helpers/seed.js";
import { statementsOf } from "../helpers/statements.js";

let app: TestApp;
let org: SeededOrg;
let api: Client;

beforeAll(async () => {
  app = await startTestApp();
  org = await new Seed(app).org();
  api = org.admin;
});
afterAll(() => app.dispose());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function createMatter(client: Client = api, body: Record<string, unknown> = {}) {
  const res = await client.post("/v1/matters", { name: "Acme v. Doe", ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const auditOf = (res: ApiResponse) =>
  app.db.root.auditEvent.findMany({ where: { requestId: res.body.audit_ref } });

async function viewerKey(target: SeededOrg) {
  const user = await target.admin.post(`/v1/organizations/${target.id}/users`, {
    email: `viewer-${newId("request")}@example.com`,
    roles: ["viewer"],
  });
  expect(user.status, user.text).toBe(201);
  return target.key({ scopes: ["*"], user_id: user.body.user_id });
}

async function addJudgment(
  matter: { matter_id: string; organization_id: string },
  amount: string,
  environment = "sandbox",
  currency = "USD",
) {
  await app.db.root.judgment.create({
    data: {
      id: newId("judgment"),
      organizationId: matter.organization_id,
      environment,
      matterId: matter.matter_id,
      court: "Superior Court",
      caseNumber: `CV-${amount}`,
      jurisdiction: "CA",
      creditor: "Acme",
      debtor: "Doe",
      amount,
      currency,
      dateEntered: new Date("2025-01-15"),
      status: "entered",
    },
  });
}

describe("creating matters", () => {
  it("creates an open matter and answers 201 with the whole Matter", async () => {
    const res = await api.post("/v1/matters", {
      name: "Acme v. Doe",
      mode: "small_judgment",
      lead_counsel: "J. Counsel",
      economics: {
        holdback_percentage: 10,
        counsel_fee_percentage: 33.3,
        provider_percentage: 15,
      },
      notes: "Referred by client",
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      matter_id: expect.stringMatching(/^mat_[0-9a-z]{26}$/),
      name: "Acme v. Doe",
      mode: "small_judgment",
      status: "open",
      organization_id: org.id,
      lead_counsel: "J. Counsel",
      economics: {
        holdback_percentage: 10,
        counsel_fee_percentage: 33.3,
        provider_percentage: 15,
      },
      notes: "Referred by client",
      retention_policy: null,
      authority_status: "none",
      close_reason: null,
      close_notes: null,
      closed_at: null,
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
      audit_ref: res.headers.get("md-request-id"),
    });
    const keyId = (await api.get("/v1/capabilities")).body.access_posture.key_id;
    const audit = await auditOf(res);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      eventType: "matter.created",
      objectType: "matter",
      objectId: res.body.matter_id,
      matterId: res.body.matter_id,
      actorId: keyId,
    });
  });

  it("defaults optional fields to null and economics to an empty object", async () => {
    const matter = await createMatter(api, { name: "Bare" });
    expect(matter).toMatchObject({ mode: null, lead_counsel: null, notes: null, economics: {} });
  });

  it("refuses a missing name, wrong types, unknown fields and bad percentages", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{}, "parameter_missing", "name"],
      [{ name: null }, "parameter_invalid", "name"],
      [{ name: 42 }, "parameter_invalid", "name"],
      [{ name: "  " }, "parameter_invalid", "name"],
      [{ name: "x", economics: "lots" }, "parameter_invalid", "economics"],
      [{ name: "x", economics: [1] }, "parameter_invalid", "economics"],
      [
        { name: "x", economics: { holdback_percentage: 101 } },
        "parameter_invalid",
        "economics.holdback_percentage",
      ],
      [
        { name: "x", economics: { provider_percentage: "5" } },
        "parameter_invalid",
        "economics.provider_percentage",
      ],
      [
        { name: "x", economics: { holdback_percentage: null } },
        "parameter_invalid",
        "economics.holdback_percentage",
      ],
      [
        { name: "x", economics: { counsel_fee_percentage: 60, provider_percentage: 41 } },
        "parameter_invalid",
        "economics.provider_percentage",
      ],
      [
        { name: "x", economics: { additionalProp1: {} } },
        "unknown_parameter",
        "economics.additionalProp1",
      ],
      [{ name: "x", lead_counsel: ["a"] }, "parameter_invalid", "lead_counsel"],
      [{ name: "x", status: "active" }, "unknown_parameter", "status"],
      [{ name: "x", leadCounsel: "camel" }, "unknown_parameter", "leadCounsel"],
    ];
    for (const [body, code, param] of cases) {
      const res = await api.post("/v1/matters", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res), JSON.stringify(body)).toMatchObject({ code, param });
    }
  });

  it("replays an idempotent create without writing twice", async () => {
    const headers = { "Idempotency-Key": `create-${newId("request")}` };
    const first = await api.post("/v1/matters", { name: "Once" }, { headers });
    const again = await api.post("/v1/matters", { name: "Once" }, { headers });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expect(await app.db.root.matter.count({ where: { name: "Once" } })).toBe(1);
  });
});

describe("reading matters", () => {
  it("gets a matter and answers 404 resource_missing naming matter_id for an unknown one", async () => {
    const matter = await createMatter();
    const res = await api.get(`/v1/matters/${matter.matter_id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...matter, audit_ref: res.body.audit_ref });
    const missing = await api.get(`/v1/matters/${newId("matter")}`);
    expect(missing.status).toBe(404);
    expect(errorOf(missing)).toMatchObject({ code: "resource_missing", param: "matter_id" });
  });

  it("lists newest first with status and created_after filters and the list envelope", async () => {
    const fresh = await new Seed(app).org();
    const a = await createMatter(fresh.admin, { name: "A" });
    const b = await createMatter(fresh.admin, { name: "B" });
    await fresh.admin.post(`/v1/matters/${b.matter_id}/close`, { reason: "paid" });
    const all = await fresh.admin.get("/v1/matters");
    expect(all.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(all.body.items.map((m: any) => m.matter_id)).toEqual([b.matter_id, a.matter_id]);
    expect(
      (await fresh.admin.get("/v1/matters?status=closed")).body.items.map((m: any) => m.matter_id),
    ).toEqual([b.matter_id]);
    expect(
      (await fresh.admin.get("/v1/matters?status=open")).body.items.map((m: any) => m.matter_id),
    ).toEqual([a.matter_id]);
    const after = await fresh.admin.get(
      `/v1/matters?created_after=${encodeURIComponent(a.created_at)}`,
    );
    expect(after.body.items.every((m: any) => m.created_at > a.created_at)).toBe(true);
    const page = await fresh.admin.get("/v1/matters?limit=1");
    expect(page.body).toMatchObject({ has_more: true, next_cursor: expect.any(String) });
    expect(errorOf(await fresh.admin.get("/v1/matters?status=limbo"))).toMatchObject({
      code: "parameter_invalid",
      param: "status",
    });
    expect(errorOf(await fresh.admin.get("/v1/matters?colour=red"))).toMatchObject({
      code: "unknown_parameter",
      param: "colour",
    });
  });
});

describe("updating matters", () => {
  it("patches name, status, lead counsel, economics and retention policy", async () => {
    const matter = await createMatter(api, { lead_counsel: "Old" });
    const res = await api.patch(`/v1/matters/${matter.matter_id}`, {
      name: "Renamed",
      status: "on_hold",
      lead_counsel: null,
      economics: { provider_percentage: 12.5 },
      retention_policy: "7y",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      name: "Renamed",
      status: "on_hold",
      lead_counsel: null,
      economics: { provider_percentage: 12.5 },
      retention_policy: "7y",
    });
    expect(res.body.updated_at >= matter.updated_at).toBe(true);
    const audit = await auditOf(res);
    expect(audit[0]).toMatchObject({ eventType: "matter.updated", matterId: matter.matter_id });
    expect((audit[0]!.details as any).changed.sort()).toEqual([
      "economics",
      "leadCounsel",
      "name",
      "retentionPolicy",
      "status",
    ]);
  });

  it("refuses status closed, nulls, unknown fields and a missing matter", async () => {
    const matter = await createMatter();
    const path = `/v1/matters/${matter.matter_id}`;
    expect(errorOf(await api.patch(path, { status: "closed" }))).toMatchObject({
      code: "parameter_invalid",
      param: "status",
    });
    expect(errorOf(await api.patch(path, { name: null }))).toMatchObject({
      code: "parameter_invalid",
      param: "name",
    });
    expect(errorOf(await api.patch(path, { economics: null }))).toMatchObject({
      code: "parameter_invalid",
      param: "economics",
    });
    expect(
      errorOf(await api.patch(path, { economics: { counsel_fee_percentage: -1 } })),
    ).toMatchObject({ param: "economics.counsel_fee_percentage" });
    const missing = await api.patch(`/v1/matters/${newId("matter")}`, { name: "x" });
    expect(missing.status).toBe(404);
    expect(errorOf(missing).param).toBe("matter_id");
  });
});

describe("notes and economics on update", () => {
  it("patches notes like create takes them, and null clears them", async () => {
    const matter = await createMatter(api, { notes: "First call" });
    const path = `/v1/matters/${matter.matter_id}`;
    const res = await api.patch(path, { notes: "Debtor asked for a payment plan" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.notes).toBe("Debtor asked for a payment plan");
    expect((await auditOf(res))[0]).toMatchObject({ details: { changed: ["notes"] } });
    expect((await api.patch(path, { notes: null })).body.notes).toBeNull();
    const gql = await api.graphql(
      `mutation($id: ID!) { updateMatter(id: $id, input: { notes: "Set over GraphQL" }) { notes } }`,
      { id: matter.matter_id },
    );
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.updateMatter).toEqual({ notes: "Set over GraphQL" });
  });

  it("refuses economics keys outside the documented set on create and update, over both faces", async () => {
    const before = await app.db.root.matter.count();
    const junk = { additionalProp1: {} };
    const created = await api.post("/v1/matters", { name: "Swagger default", economics: junk });
    expect(errorOf(created)).toMatchObject({
      code: "unknown_parameter",
      param: "economics.additionalProp1",
      details: {
        accepted: ["holdback_percentage", "counsel_fee_percentage", "provider_percentage"],
      },
    });
    const gql = await api.graphql(
      `mutation($input: CreateMatterInput!) { createMatter(input: $input) { id } }`,
      { input: { name: "Swagger default", economics: junk } },
    );
    expect(gql.body.errors[0].extensions.code).toBe("unknown_parameter");
    expect(await app.db.root.matter.count()).toBe(before);
    const matter = await createMatter(api, { economics: { provider_percentage: 20 } });
    const patched = await api.patch(`/v1/matters/${matter.matter_id}`, { economics: junk });
    expect(errorOf(patched)).toMatchObject({
      code: "unknown_parameter",
      param: "economics.additionalProp1",
    });
    expect((await api.get(`/v1/matters/${matter.matter_id}`)).body.economics).toEqual({
      provider_percentage: 20,
    });
  });
});

describe("closing matters", () => {
  it("closes with a reason, emits matter.closed and audits it", async () => {
    const matter = await createMatter();
    const res = await api.post(`/v1/matters/${matter.matter_id}/close`, {
      reason: "settled",
      notes: "Paid in full",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      status: "closed",
      close_reason: "settled",
      close_notes: "Paid in full",
      closed_at: expect.stringMatching(ISO),
    });
    const audit = await auditOf(res);
    expect(audit.map((a) => a.eventType)).toEqual(["matter.closed"]);
    const events = await api.get("/v1/events?type=matter.closed");
    const event = events.body.items.find((e: any) => e.data.matter_id === matter.matter_id);
    expect(event).toMatchObject({
      type: "matter.closed",
      organization_id: org.id,
      environment: "sandbox",
      data: { matter_id: matter.matter_id, reason: "settled" },
    });
  });

  it("refuses closing a closed matter (409 invalid_state_transition) and any PATCH of it (409 matter_closed)", async () => {
    const matter = await createMatter();
    await api.post(`/v1/matters/${matter.matter_id}/close`, { reason: "paid" });
    const again = await api.post(`/v1/matters/${matter.matter_id}/close`, { reason: "exhausted" });
    expect(again.status).toBe(409);
    expect(errorOf(again)).toMatchObject({
      type: "conflict_error",
      code: "invalid_state_transition",
      details: { allowed: [] },
    });
    const patch = await api.patch(`/v1/matters/${matter.matter_id}`, { name: "Too late" });
    expect(patch.status).toBe(409);
    expect(errorOf(patch)).toMatchObject({ code: "matter_closed", param: "matter_id" });
    const refusedAudit = await app.db.root.auditEvent.count({
      where: { requestId: { in: [again.body.audit_ref, patch.body.audit_ref] } },
    });
    expect(refusedAudit).toBe(0);
    expect((await api.get(`/v1/matters/${matter.matter_id}`)).body).toMatchObject({
      name: "Acme v. Doe",
      close_reason: "paid",
    });
  });

  it("requires a known close reason", async () => {
    const matter = await createMatter();
    expect(errorOf(await api.post(`/v1/matters/${matter.matter_id}/close`, {}))).toMatchObject({
      code: "parameter_missing",
      param: "reason",
    });
    const bad = await api.post(`/v1/matters/${matter.matter_id}/close`, { reason: "bored" });
    expect(errorOf(bad)).toMatchObject({ code: "parameter_invalid", param: "reason" });
    expect(errorOf(bad).details.allowed).toEqual([
      "paid",
      "settled",
      "exhausted",
      "stayed",
      "administratively_closed",
    ]);
    expect(
      errorOf(
        await api.post(`/v1/matters/${matter.matter_id}/close`, { reason: "paid", why: "x" }),
      ),
    ).toMatchObject({ code: "unknown_parameter", param: "why" });
  });
});

describe("matter dashboard", () => {
  it("shows zero figures for a new matter", async () => {
    const matter = await createMatter();
    const res = await api.get(`/v1/matters/${matter.matter_id}/dashboard`);
    expect(res.status).toBe(200);
    const zero = { amount: 0, currency: "USD", valuation_time: expect.stringMatching(ISO) };
    expect(res.body).toEqual({
      matter_id: matter.matter_id,
      judgment_value: zero,
      known_crypto_exposure: zero,
      open_actions: 0,
      open_packets: 0,
      alerts: 0,
      recovery_events: 0,
      provider_economics: zero,
      audit_ref: res.body.audit_ref,
    });
  });

  it("sums the matter's judgments exactly and rounds half-even to cents", async () => {
    const matter = await createMatter();
    const other = await createMatter();
    await addJudgment(matter, "1000000000000.10000001");
    await addJudgment(matter, "0.20000001");
    await addJudgment(matter, "0.02499998");
    await addJudgment(other, "999");
    const res = await api.get(`/v1/matters/${matter.matter_id}/dashboard`);
    // 1000000000000.325 exactly: half-even keeps .32 (binary floats would not get here).
    expect(res.body.judgment_value).toMatchObject({ amount: 1000000000000.32, currency: "USD" });
    expect(
      (await api.get(`/v1/matters/${other.matter_id}/dashboard`)).body.judgment_value.amount,
    ).toBe(999);
  });

  it("never adds judgments in another currency into the USD judgment value", async () => {
    const matter = await createMatter();
    await addJudgment(matter, "100.50");
    await addJudgment(matter, "5000000", "sandbox", "JPY");
    const res = await api.get(`/v1/matters/${matter.matter_id}/dashboard`);
    expect(res.body.judgment_value).toMatchObject({ amount: 100.5, currency: "USD" });
  });

  it("answers 404 for a dashboard out of reach and needs matters:read", async () => {
    const matter = await createMatter();
    const stranger = await new Seed(app).org();
    expect((await stranger.admin.get(`/v1/matters/${matter.matter_id}/dashboard`)).status).toBe(
      404,
    );
    const noScope = await org.key({ scopes: ["claimants:read"] });
    const res = await noScope.get(`/v1/matters/${matter.matter_id}/dashboard`);
    expect(res.status).toBe(403);
    expect(errorOf(res)).toMatchObject({
      code: "insufficient_scope",
      details: { required_scope: "matters:read" },
    });
  });
});

describe("matter isolation", () => {
  it("hides another organization's matters as 404 on every route and from lists", async () => {
    const matter = await createMatter();
    const other = (await new Seed(app).org()).admin;
    const id = matter.matter_id;
    const attempts = [
      other.get(`/v1/matters/${id}`),
      other.patch(`/v1/matters/${id}`, { name: "x" }),
      other.post(`/v1/matters/${id}/close`, { reason: "paid" }),
      other.get(`/v1/matters/${id}/dashboard`),
      other.get(`/v1/matters/${id}/claimants`),
      other.post(`/v1/matters/${id}/claimants`, { name: "x", role: "creditor" }),
      other.get(`/v1/matters/${id}/authority`),
      other.post(`/v1/matters/${id}/authority`, {
        basis: "court_order",
        granted_by: "Court",
        source_refs: [{ title: "Order" }],
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, res.text).toBe(404);
      expect(errorOf(res)).toMatchObject({ code: "resource_missing", param: "matter_id" });
    }
    expect((await other.get("/v1/matters")).body.items).toEqual([]);
    expect((await api.get(`/v1/matters/${id}`)).body.status).toBe("open");
  });

  it("separates sandbox and live matters of one organization", async () => {
    const tenant = await new Seed(app).org({ features: ["live_access"] });
    const live = await tenant.key({ environment: "live" });
    const sandboxMatter = await createMatter(tenant.admin, { name: "Sandbox" });
    const liveMatter = await createMatter(live, { name: "Live" });
    expect((await live.get(`/v1/matters/${sandboxMatter.matter_id}`)).status).toBe(404);
    expect((await tenant.admin.get(`/v1/matters/${liveMatter.matter_id}`)).status).toBe(404);
    expect(
      (await live.post(`/v1/matters/${sandboxMatter.matter_id}/close`, { reason: "paid" })).status,
    ).toBe(404);
    expect((await live.get("/v1/matters")).body.items.map((m: any) => m.matter_id)).toEqual([
      liveMatter.matter_id,
    ]);
    expect((await tenant.admin.get("/v1/matters")).body.items.map((m: any) => m.matter_id)).toEqual(
      [sandboxMatter.matter_id],
    );
    await addJudgment(liveMatter, "50", "live");
    expect(
      (await live.get(`/v1/matters/${liveMatter.matter_id}/dashboard`)).body.judgment_value.amount,
    ).toBe(50);
  });

  it("limits a matter-limited key to its matters: others are 404, lists are filtered, it cannot create matters", async () => {
    const tenant = await new Seed(app).org();
    const mine = await createMatter(tenant.admin, { name: "Mine" });
    const theirs = await createMatter(tenant.admin, { name: "Theirs" });
    const limited = await tenant.key({ scopes: ["*"], matter_ids: [mine.matter_id] });
    expect((await limited.get(`/v1/matters/${mine.matter_id}`)).status).toBe(200);
    for (const res of [
      await limited.get(`/v1/matters/${theirs.matter_id}`),
      await limited.patch(`/v1/matters/${theirs.matter_id}`, { name: "x" }),
      await limited.post(`/v1/matters/${theirs.matter_id}/close`, { reason: "paid" }),
      await limited.get(`/v1/matters/${theirs.matter_id}/dashboard`),
      await limited.get(`/v1/matters/${theirs.matter_id}/claimants`),
      await limited.get(`/v1/matters/${theirs.matter_id}/authority`),
    ]) {
      expect(res.status, res.text).toBe(404);
    }
    expect((await limited.get("/v1/matters")).body.items.map((m: any) => m.matter_id)).toEqual([
      mine.matter_id,
    ]);
    const create = await limited.post("/v1/matters", { name: "New" });
    expect(create.status).toBe(403);
    expect(errorOf(create)).toMatchObject({
      code: "insufficient_scope",
      details: { matter_limited: true },
    });
  });

  it("lets a matter-limited key write under its own matter after events of matters it cannot see", async () => {
    const tenant = await new Seed(app).org();
    const mine = await createMatter(tenant.admin, { name: "Mine" });
    await createMatter(tenant.admin, { name: "Theirs" });
    const limited = await tenant.key({ scopes: ["*"], matter_ids: [mine.matter_id] });
    const own = await limited.patch(`/v1/matters/${mine.matter_id}`, { status: "active" });
    expect(own.body.status, own.text).toBe("active");
    const claimant = await limited.post(`/v1/matters/${mine.matter_id}/claimants`, {
      name: "C",
      role: "creditor",
    });
    expect(claimant.status, claimant.text).toBe(201);
    const grant = await limited.post(`/v1/matters/${mine.matter_id}/authority`, {
      basis: "statutory",
      granted_by: "Statute",
      source_refs: [{ title: "Code" }],
    });
    expect(grant.status, grant.text).toBe(201);
    expect((await tenant.admin.get("/v1/audit/verify")).body).toMatchObject({ valid: true });
  });

  it("lets a viewer-bound key read matters but not write them", async () => {
    const matter = await createMatter();
    const viewer = await viewerKey(org);
    expect((await viewer.get(`/v1/matters/${matter.matter_id}`)).status).toBe(200);
    for (const res of [
      await viewer.post("/v1/matters", { name: "x" }),
      await viewer.patch(`/v1/matters/${matter.matter_id}`, { name: "x" }),
      await viewer.post(`/v1/matters/${matter.matter_id}/close`, { reason: "paid" }),
    ]) {
      expect(res.status).toBe(403);
      expect(errorOf(res)).toMatchObject({
        code: "insufficient_scope",
        details: { required_scope: "matters:write" },
      });
    }
  });
});

describe("matters over GraphQL", () => {
  it("creates, updates, reads and closes a matter with the same rules", async () => {
    const created = await api.graphql(
      `mutation($input: CreateMatterInput!) { createMatter(input: $input) { id matterId status authorityStatus economics } }`,
      { input: { name: "GQL matter", economics: { holdbackPercentage: 5 } } },
    );
    expect(created.body.errors).toBeUndefined();
    const m = created.body.data.createMatter;
    expect(m).toEqual({
      id: m.matterId,
      matterId: expect.stringMatching(/^mat_/),
      status: "open",
      authorityStatus: "none",
      economics: { holdback_percentage: 5 },
    });
    const updated = await api.graphql(
      `mutation($id: ID!) { updateMatter(id: $id, input: { status: active, leadCounsel: "LC" }) { status leadCounsel } }`,
      { id: m.id },
    );
    expect(updated.body.data.updateMatter).toEqual({ status: "active", leadCounsel: "LC" });
    const read = await api.graphql(
      `query($id: ID!) {
        matter(id: $id) { name dashboard { openActions judgmentValue { amount currency } }
          claimants { edges { node { id } } } authorityGrants { edges { node { id } } } }
        matterDashboard(matterId: $id) { matterId alerts }
        matters(status: active, first: 5) { edges { node { id } } }
        node(id: $id) { __typename id }
      }`,
      { id: m.id },
    );
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.matter).toEqual({
      name: "GQL matter",
      dashboard: { openActions: 0, judgmentValue: { amount: 0, currency: "USD" } },
      claimants: { edges: [] },
      authorityGrants: { edges: [] },
    });
    expect(read.body.data.matterDashboard).toEqual({ matterId: m.id, alerts: 0 });
    expect(read.body.data.matters.edges.map((e: any) => e.node.id)).toContain(m.id);
    expect(read.body.data.node).toEqual({ __typename: "Matter", id: m.id });
    const closed = await api.graphql(
      `mutation($id: ID!) { closeMatter(id: $id, input: { reason: stayed }) { status closeReason closedAt } }`,
      { id: m.id },
    );
    expect(closed.body.data.closeMatter).toMatchObject({
      status: "closed",
      closeReason: "stayed",
      closedAt: expect.stringMatching(ISO),
    });
    const twice = await api.graphql(
      `mutation($id: ID!) { closeMatter(id: $id, input: { reason: paid }) { status } }`,
      { id: m.id },
    );
    expect(twice.body.errors[0].extensions.code).toBe("invalid_state_transition");
    const patch = await api.graphql(
      `mutation($id: ID!) { updateMatter(id: $id, input: { name: "x" }) { status } }`,
      { id: m.id },
    );
    expect(patch.body.errors[0].extensions).toMatchObject({
      code: "matter_closed",
      param: "matter_id",
    });
  });

  it("keeps other tenants' matters out of matter(), node() and matters, and checks scopes", async () => {
    const matter = await createMatter();
    const other = (await new Seed(app).org()).admin;
    const res = await other.graphql(
      `query($id: ID!) { node(id: $id) { id } matters { edges { node { id } } } }`,
      { id: matter.matter_id },
    );
    expect(res.body.data).toEqual({ node: null, matters: { edges: [] } });
    const direct = await other.graphql(`query($id: ID!) { matter(id: $id) { id } }`, {
      id: matter.matter_id,
    });
    expect(direct.body.errors[0].extensions.code).toBe("resource_missing");
    const reader = await org.key({ scopes: ["matters:read"] });
    const write = await reader.graphql(`mutation { createMatter(input: { name: "x" }) { id } }`);
    expect(write.body.errors[0].extensions).toMatchObject({
      code: "insufficient_scope",
      details: { required_scope: "matters:write" },
    });
    const nested = await reader.graphql(
      `query($id: ID!) { matter(id: $id) { claimants { edges { node { id } } } } }`,
      { id: matter.matter_id },
    );
    expect(nested.body.errors[0].extensions).toMatchObject({
      code: "insufficient_scope",
      details: { required_scope: "claimants:read" },
    });
  });

  it("refuses a mutation without its required input fields", async () => {
    const res = await api.graphql(`mutation { createMatter(input: { mode: "x" }) { id } }`);
    expect(res.body.errors[0].extensions.code).toBe("parameter_invalid");
    expect(res.body.errors[0].message).toMatch(/name/);
  });
});

describe("matter list cost", () => {
  it("reads authority status and dashboards of a page of matters in the same number of SQL statements whatever its size", async () => {
    const tenant = await new Seed(app).org();
    for (let i = 0; i < 6; i++) {
      const m = await createMatter(tenant.admin, { name: `M${i}` });
      await tenant.admin.post(`/v1/matters/${m.matter_id}/authority`, {
        basis: "court_order",
        granted_by: "Court",
        source_refs: [{ title: "Order" }],
      });
      await addJudgment(m, "10");
    }
    const statements = (run: () => Promise<ApiResponse>) =>
      statementsOf(app, async () => {
        const res = await run();
        expect(res.status, res.text).toBe(200);
      });
    const query = `query($n: Int) { matters(first: $n) { edges { node { id authorityStatus dashboard { judgmentValue { amount } openActions } } } } }`;
    const small = await statements(() => tenant.admin.graphql(query, { n: 2 }));
    const large = await statements(() => tenant.admin.graphql(query, { n: 6 }));
    expect(large).toBe(small);
    const page = await tenant.admin.graphql(query, { n: 6 });
    expect(
      page.body.data.matters.edges.every(
        (e: any) =>
          e.node.authorityStatus === "granted" && e.node.dashboard.judgmentValue.amount === 10,
      ),
    ).toBe(true);
    expect(await statements(() => tenant.admin.get("/v1/matters?limit=6"))).toBe(
      await statements(() => tenant.admin.get("/v1/matters?limit=2")),
    );
  });
});
