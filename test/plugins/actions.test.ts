import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type ApiResponse, type Client, errorOf, expectError, made } from "../helpers/http.js";
import { SANDBOX_WALLET, Seed, type SeededOrg } from "../helpers/seed.js";
import { statementsOf } from "../helpers/statements.js";

let app: TestApp;
let seed: Seed;
let org: SeededOrg;
let api: Client;

const ACTION_ID = /^act_[0-9a-z]{26}$/;
const CAMPAIGN = "cmp_01jxd4m5q6r7s8t9v0w1x2y3z4";
const PACKET = "pkt_01jxd4m5q6r7s8t9v0w1x2y3z4";
const EVIDENCE = {
  source_id: "doc_exchange_reply_01",
  source_type: "vasp_response",
  title: "Exchange freeze confirmation",
  uri: "https://files.example.com/replies/01.pdf",
};

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  org = await seed.org({ features: ["live_access"] });
  api = org.admin;
});
afterAll(() => app.dispose());

const grant = (matterId: string, client = api, extra: Record<string, unknown> = {}) =>
  client.post(`/v1/matters/${matterId}/authority`, {
    basis: "engagement_letter",
    granted_by: "Acme Corp (client)",
    source_refs: [{ source_type: "engagement_letter", title: "Engagement letter" }],
    ...extra,
  });

/**
 * A matter with a live authority grant, a judgment, a clear screen, a campaign and a packet,
 * for actions that link to them.
 */
async function linkedMatter(client = api) {
  const m = await grantedMatter(client);
  const judgment = await seed.judgment(
    client,
    m.id,
    {
      creditor: "Acme Corp",
      amount: { amount: 50000, currency: "USD" },
      date_entered: new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10),
      source_refs: [{ source_type: "certified_judgment", title: "Certified copy of judgment" }],
    },
    { validate: false },
  );
  await made(
    client.post("/v1/sanctions/screen", { matter_id: m.id, wallets: [SANDBOX_WALLET] }),
    200,
  );
  const campaign = await made(
    client.post("/v1/claw/campaigns", {
      matter_id: m.id,
      judgment_id: judgment.judgment_id,
      mode: "measured",
    }),
  );
  const packet = await made(
    client.post("/v1/packets/exchange-freeze", {
      matter_id: m.id,
      authorized_sender: "Jordan Counsel, Esq.",
    }),
  );
  return { ...m, campaignId: campaign.campaign_id as string, packetId: packet.packet_id as string };
}

/** A matter with a live authority grant; returns its id and the grant's id. */
async function grantedMatter(client = api): Promise<{ id: string; authorityId: string }> {
  const id = await seed.matter(client);
  const g = await grant(id, client);
  expect(g.status, g.text).toBe(201);
  return { id, authorityId: g.body.authority_id };
}

async function invite(
  roles: string[],
  matterIds: string[] = [],
  orgId = org.id,
  client: Client = seed.root,
): Promise<string> {
  const res = await client.post(`/v1/organizations/${orgId}/users`, {
    email: `user${Math.random().toString(36).slice(2)}@example.com`,
    roles,
    matter_ids: matterIds,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.user_id;
}

async function create(matterId: string, body: Record<string, unknown> = {}, client = api) {
  const res = await client.post("/v1/actions", {
    matter_id: matterId,
    type: "exchange",
    title: "Send preservation request to the exchange",
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const auditOf = (res: ApiResponse) =>
  app.db.root.auditEvent.findMany({
    where: { requestId: res.headers.get("MD-Request-Id")! },
    orderBy: { sequence: "asc" },
  });
const eventsOf = (res: ApiResponse) =>
  app.db.root.event.findMany({ where: { requestId: res.headers.get("MD-Request-Id")! } });
const actionCount = () => app.db.root.action.count();

describe("POST /v1/actions", () => {
  it("creates an open action and answers 201 with the whole Action, audited", async () => {
    const m = await linkedMatter();
    const owner = await invite(["operator"], [m.id]);
    const res = await api.post("/v1/actions", {
      matter_id: m.id,
      type: "legal_process",
      title: "File the turnover motion",
      campaign_id: m.campaignId,
      owner_id: owner,
      priority: "urgent",
      due_at: "2026-07-01T12:00:00.000Z",
      linked_packet_id: m.packetId,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      action_id: expect.stringMatching(ACTION_ID),
      matter_id: m.id,
      campaign_id: m.campaignId,
      type: "legal_process",
      title: "File the turnover motion",
      owner_id: owner,
      priority: "urgent",
      status: "open",
      due_at: "2026-07-01T12:00:00.000Z",
      linked_packet_id: m.packetId,
      review_state: {
        review_required: false,
        review_status: "not_required",
        review_owner: null,
        review_notes: null,
      },
      assignment_notes: null,
      assigned_at: expect.stringMatching(/Z$/),
      completion_notes: null,
      evidence_refs: [],
      completed_at: null,
      completed_by: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.any(String),
      audit_ref: res.headers.get("MD-Request-Id"),
    });
    const [audit, ...more] = await auditOf(res);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      eventType: "action.created",
      objectType: "action",
      objectId: res.body.action_id,
      matterId: m.id,
      actorId: org.admin.keyId,
      details: { type: "legal_process", owner_id: owner, campaign_id: m.campaignId },
    });
    const got = await api.get(`/v1/actions/${res.body.action_id}`);
    expect(got.status, got.text).toBe(200);
    expect({ ...got.body, audit_ref: null }).toEqual({ ...res.body, audit_ref: null });
  });

  it("defaults to normal priority, no owner, no due time and no links", async () => {
    const m = await grantedMatter();
    const a = await create(m.id);
    expect(a).toMatchObject({
      priority: "normal",
      status: "open",
      owner_id: null,
      assigned_at: null,
      due_at: null,
      campaign_id: null,
      linked_packet_id: null,
    });
  });

  it("names missing, mistyped, unknown and empty fields, writing nothing", async () => {
    const m = await grantedMatter();
    const before = await actionCount();
    const body = { matter_id: m.id, type: "watch", title: "Watch the wallet" };
    const without = (key: string) =>
      Object.fromEntries(Object.entries(body).filter(([k]) => k !== key));
    for (const key of ["matter_id", "type", "title"])
      expectError(await api.post("/v1/actions", without(key)), 400, "parameter_missing", key);
    const bad: Array<[Record<string, unknown>, string, string]> = [
      [{ type: "freeze_everything" }, "type", "parameter_invalid"],
      [{ type: "legal process" }, "type", "parameter_invalid"],
      [{ priority: "critical" }, "priority", "parameter_invalid"],
      [{ title: "   " }, "title", "parameter_invalid"],
      [{ title: 7 }, "title", "parameter_invalid"],
      [{ due_at: "next tuesday" }, "due_at", "parameter_invalid"],
      [{ campaign_id: "camp-7" }, "campaign_id", "parameter_invalid"],
      [{ campaign_id: PACKET }, "campaign_id", "parameter_invalid"],
      [{ linked_packet_id: CAMPAIGN }, "linked_packet_id", "parameter_invalid"],
      [{ status: "in_progress" }, "status", "unknown_parameter"],
      [{ review_required: true }, "review_required", "unknown_parameter"],
      [{ title: "a\u0000b" }, "title", "parameter_invalid"],
    ];
    for (const [patch, param, code] of bad)
      expectError(await api.post("/v1/actions", { ...body, ...patch }), 400, code, param);
    expect(await actionCount()).toBe(before);
  });

  it("accepts only an owner of the organization who may access the matter", async () => {
    const m = await grantedMatter();
    const other = await seed.matter(api);
    const scoped = await invite(["operator"], [m.id, other]);
    const everywhere = await invite(["viewer"]);
    const adminElsewhere = await invite(["admin"], [other]);
    for (const owner of [scoped, everywhere, adminElsewhere])
      expect((await create(m.id, { owner_id: owner })).owner_id).toBe(owner);

    const before = await actionCount();
    const outsider = await invite(["operator"], [other]);
    const refused = expectError(
      await api.post("/v1/actions", {
        matter_id: m.id,
        type: "watch",
        title: "Watch",
        owner_id: outsider,
      }),
      400,
      "parameter_invalid",
      "owner_id",
    );
    expect(refused.message).toContain(m.id);
    const stranger = await seed.org();
    const foreignUser = await invite(["admin"], [], stranger.id);
    for (const owner of [foreignUser, "usr_01jxd4m5q6r7s8t9v0w1x2y3z4", org.admin.keyId])
      expectError(
        await api.post("/v1/actions", {
          matter_id: m.id,
          type: "watch",
          title: "Watch",
          owner_id: owner,
        }),
        404,
        "resource_missing",
        "owner_id",
      );
    expect(await actionCount()).toBe(before);
  });

  it("checks the body (400), then the matter (404), then authority (403), then a closed matter (409)", async () => {
    const bare = await seed.matter(api);
    const body = { matter_id: bare, type: "watch", title: "Watch" };
    expectError(await api.post("/v1/actions", { ...body, type: "x" }), 400, "parameter_invalid");
    const nowhere = { ...body, matter_id: "mat_01jxd4m5q6r7s8t9v0w1x2y3z4" };
    expectError(
      await api.post("/v1/actions", { ...nowhere, title: " " }),
      400,
      "parameter_invalid",
      "title",
    );
    expectError(
      await api.post("/v1/actions", { ...body, matter_id: "mat_01jxd4m5q6r7s8t9v0w1x2y3z4" }),
      404,
      "resource_missing",
      "matter_id",
    );
    const gated = expectError(await api.post("/v1/actions", body), 403, "authority_required");
    expect(gated.details).toMatchObject({ matter_id: bare, authority_status: "none" });
    const m = await grantedMatter();
    const closed = await api.post(`/v1/matters/${m.id}/close`, { reason: "paid" });
    expect(closed.status, closed.text).toBe(200);
    expectError(await api.post("/v1/actions", { ...body, matter_id: m.id }), 409, "matter_closed");
  });

  it("needs actions:write; actions:read reads", async () => {
    const m = await grantedMatter();
    const a = await create(m.id);
    const reader = await org.key({ scopes: ["actions:read"] });
    const refused = expectError(
      await reader.post("/v1/actions", { matter_id: m.id, type: "watch", title: "W" }),
      403,
      "insufficient_scope",
    );
    expect(refused.details).toEqual({ required_scope: "actions:write" });
    expectError(
      await reader.post(`/v1/actions/${a.action_id}/complete`, {}),
      403,
      "insufficient_scope",
    );
    expect((await reader.get(`/v1/actions/${a.action_id}`)).status).toBe(200);
    const other = await org.key({ scopes: ["matters:read"] });
    expectError(await other.get("/v1/actions"), 403, "insufficient_scope");
  });

  it("replays an idempotent create without a second action or audit event", async () => {
    const m = await grantedMatter();
    const body = { matter_id: m.id, type: "watch", title: "Watch the hot wallet" };
    const headers = { "Idempotency-Key": `create-${m.id}` };
    const first = await api.post("/v1/actions", body, { headers });
    const again = await api.post("/v1/actions", body, { headers });
    expect(first.status, first.text).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expect(await app.db.root.action.count({ where: { matterId: m.id } })).toBe(1);
    expect(await auditOf(again)).toEqual([]);
  });
});

describe("PATCH /v1/actions/{action_id}", () => {
  it("changes title, status, priority, owner and due time, and clears owner and due time", async () => {
    const m = await grantedMatter();
    const owner = await invite(["operator"], [m.id]);
    const a = await create(m.id, { due_at: "2026-08-01T00:00:00.000Z" });
    const res = await api.patch(`/v1/actions/${a.action_id}`, {
      title: "Send the freeze request",
      status: "in_progress",
      priority: "high",
      owner_id: owner,
      due_at: "2026-07-15T09:30:00.000Z",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      title: "Send the freeze request",
      status: "in_progress",
      priority: "high",
      owner_id: owner,
      assigned_at: expect.any(String),
      due_at: "2026-07-15T09:30:00.000Z",
      type: "exchange",
    });
    const [audit] = await auditOf(res);
    expect(audit).toMatchObject({
      eventType: "action.updated",
      objectId: a.action_id,
      details: {
        changed: ["title", "status", "priority", "owner_id", "due_at"],
        from_status: "open",
        to_status: "in_progress",
      },
    });
    const cleared = await api.patch(`/v1/actions/${a.action_id}`, { owner_id: null, due_at: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toMatchObject({ owner_id: null, assigned_at: null, due_at: null });
    const blocked = await api.patch(`/v1/actions/${a.action_id}`, { status: "blocked" });
    expect(blocked.body.status).toBe("blocked");
    const reopened = await api.patch(`/v1/actions/${a.action_id}`, { status: "open" });
    expect(reopened.body.status).toBe("open");
  });

  it("refuses nulls of required fields, unknown fields and unfit owners", async () => {
    const m = await grantedMatter();
    const a = await create(m.id);
    const path = `/v1/actions/${a.action_id}`;
    for (const key of ["title", "status", "priority"])
      expectError(await api.patch(path, { [key]: null }), 400, "parameter_invalid", key);
    expectError(await api.patch(path, { title: "" }), 400, "parameter_invalid", "title");
    expectError(await api.patch(path, { type: "watch" }), 400, "unknown_parameter", "type");
    expectError(await api.patch(path, { matter_id: m.id }), 400, "unknown_parameter");
    expectError(await api.patch(path, { status: "done" }), 400, "parameter_invalid", "status");
    const outsider = await invite(["operator"], [await seed.matter(api)]);
    expectError(
      await api.patch(path, { owner_id: outsider }),
      400,
      "parameter_invalid",
      "owner_id",
    );
    expectError(
      await api.patch(path, { owner_id: "usr_01jxd4m5q6r7s8t9v0w1x2y3z4" }),
      404,
      "resource_missing",
      "owner_id",
    );
    expect((await api.get(path)).body).toMatchObject({ status: "open", owner_id: null });
  });

  it("keeps cancelled final: every later write is 409 invalid_state_transition with no allowed move", async () => {
    const m = await grantedMatter();
    const owner = await invite(["operator"], [m.id]);
    const a = await create(m.id);
    const path = `/v1/actions/${a.action_id}`;
    const cancel = await api.patch(path, { status: "cancelled" });
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.body.status).toBe("cancelled");
    expect(await eventsOf(cancel)).toEqual([]);
    const refusals = [
      await api.patch(path, { status: "open" }),
      await api.patch(path, { status: "cancelled" }),
      await api.patch(path, { title: "Renamed" }),
      await api.post(`${path}/assign`, { owner_id: owner }),
      await api.post(`${path}/complete`, { completion_notes: "late" }),
    ];
    for (const res of refusals) {
      const error = expectError(res, 409, "invalid_state_transition");
      expect(error.details).toMatchObject({ from: "cancelled", allowed: [] });
      expect(await auditOf(res)).toEqual([]);
    }
    expect((await api.get(path)).body).toMatchObject({ status: "cancelled", owner_id: null });
  });

  it("completes through status completed as /complete does, with its audit event and event", async () => {
    const m = await grantedMatter();
    const a = await create(m.id);
    const res = await api.patch(`/v1/actions/${a.action_id}`, {
      status: "completed",
      title: "Preservation request sent",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      status: "completed",
      title: "Preservation request sent",
      completed_at: expect.any(String),
      completed_by: org.admin.keyId,
    });
    const audits = await auditOf(res);
    expect(audits.map((e) => e.eventType)).toEqual(["action.updated", "action.completed"]);
    expect((await eventsOf(res)).map((e) => e.type)).toEqual(["action.completed"]);
    const again = expectError(
      await api.patch(`/v1/actions/${a.action_id}`, { status: "in_progress" }),
      409,
      "invalid_state_transition",
    );
    expect(again.details).toEqual({ from: "completed", to: "in_progress", allowed: [] });
  });
});

describe("POST /v1/actions/{action_id}/assign", () => {
  it("assigns to a user who may access the matter, keeping the status, audited", async () => {
    const m = await grantedMatter();
    const first = await invite(["operator"], [m.id]);
    const second = await invite(["counsel"]);
    const a = await create(m.id, { owner_id: first });
    await api.patch(`/v1/actions/${a.action_id}`, { status: "blocked" });
    const res = await api.post(`/v1/actions/${a.action_id}/assign`, {
      owner_id: second,
      notes: "Counsel takes over the subpoena.",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      owner_id: second,
      assignment_notes: "Counsel takes over the subpoena.",
      assigned_at: expect.any(String),
      status: "blocked",
    });
    const [audit] = await auditOf(res);
    expect(audit).toMatchObject({
      eventType: "action.assigned",
      objectId: a.action_id,
      matterId: m.id,
      details: {
        owner_id: second,
        previous_owner_id: first,
        notes: "Counsel takes over the subpoena.",
      },
    });
  });

  it("refuses a user without access to the matter (400) and an unknown one (404), changing nothing", async () => {
    const m = await grantedMatter();
    const a = await create(m.id);
    const path = `/v1/actions/${a.action_id}/assign`;
    const elsewhere = await invite(["operator"], [await seed.matter(api)]);
    const refused = expectError(
      await api.post(path, { owner_id: elsewhere }),
      400,
      "parameter_invalid",
      "owner_id",
    );
    expect(refused.details).toEqual({ matter_id: m.id });
    expectError(await api.post(path, {}), 400, "parameter_missing", "owner_id");
    expectError(await api.post(path, { owner_id: 5 }), 400, "parameter_invalid", "owner_id");
    expectError(
      await api.post(path, { owner_id: elsewhere, reason: "x" }),
      400,
      "unknown_parameter",
      "reason",
    );
    const foreign = await invite(["operator"], [], (await seed.org()).id);
    expectError(await api.post(path, { owner_id: foreign }), 404, "resource_missing", "owner_id");
    expect((await api.get(`/v1/actions/${a.action_id}`)).body.owner_id).toBeNull();
  });
});

describe("POST /v1/actions/{action_id}/complete", () => {
  it("stores notes and evidence, writes the audit event with the request id and emits action.completed", async () => {
    const m = await linkedMatter();
    const owner = await invite(["operator"], [m.id]);
    const a = await create(m.id, { owner_id: owner, campaign_id: m.campaignId });
    await api.patch(`/v1/actions/${a.action_id}`, { status: "in_progress" });
    const res = await api.post(`/v1/actions/${a.action_id}/complete`, {
      completion_notes: "Exchange confirmed the freeze of 12,400 USDT.",
      evidence_refs: [EVIDENCE],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      action_id: a.action_id,
      status: "completed",
      completion_notes: "Exchange confirmed the freeze of 12,400 USDT.",
      evidence_refs: [
        {
          ...EVIDENCE,
          hash: null,
          chain_of_custody_id: null,
          admissibility_notes: null,
        },
      ],
      completed_at: expect.any(String),
      completed_by: org.admin.keyId,
    });
    const requestId = res.headers.get("MD-Request-Id");
    expect(res.body.audit_ref).toBe(requestId);
    const audits = await auditOf(res);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      eventType: "action.completed",
      objectType: "action",
      objectId: a.action_id,
      matterId: m.id,
      requestId,
      actorId: org.admin.keyId,
      details: {
        from_status: "in_progress",
        completion_notes: "Exchange confirmed the freeze of 12,400 USDT.",
        evidence_refs: [EVIDENCE],
      },
    });
    const [event, ...others] = await eventsOf(res);
    expect(others).toEqual([]);
    expect(event).toMatchObject({ type: "action.completed", matterId: m.id });
    expect(event!.data).toEqual({
      matter_id: m.id,
      action_id: a.action_id,
      campaign_id: m.campaignId,
      type: "exchange",
      title: a.title,
      owner_id: owner,
      completed_by: org.admin.keyId,
      completed_at: res.body.completed_at,
      evidence_count: 1,
    });
    const listed = await api.get(`/v1/events?type=action.completed&matter_id=${m.id}`);
    expect(listed.body.items.map((e: { event_id: string }) => e.event_id)).toEqual([event!.id]);
    const trail = await api.get(`/v1/audit/matters/${m.id}?limit=100`);
    expect(trail.body.items.map((e: { event_type: string }) => e.event_type)).toContain(
      "action.completed",
    );
  });

  it("completes with an empty body and refuses a second completion with 409", async () => {
    const m = await grantedMatter();
    const a = await create(m.id);
    const done = await api.post(`/v1/actions/${a.action_id}/complete`, {});
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({
      status: "completed",
      completion_notes: null,
      evidence_refs: [],
    });
    const again = expectError(
      await api.post(`/v1/actions/${a.action_id}/complete`, {}),
      409,
      "invalid_state_transition",
    );
    expect(again.details).toEqual({ from: "completed", to: "completed", allowed: [] });
    expect(await auditOf(done)).toHaveLength(1);
  });

  it("lets only one of two racing completions land", async () => {
    const m = await grantedMatter();
    const a = await create(m.id);
    const path = `/v1/actions/${a.action_id}/complete`;
    const results = await Promise.all([api.post(path, {}), api.post(path, {})]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const completions = await app.db.root.auditEvent.count({
      where: { objectId: a.action_id, eventType: "action.completed" },
    });
    expect(completions).toBe(1);
  });

  it("replays an idempotent completion without a second audit event or event", async () => {
    const m = await grantedMatter();
    const a = await create(m.id);
    const headers = { "Idempotency-Key": `complete-${a.action_id}` };
    const body = { completion_notes: "Done." };
    const first = await api.post(`/v1/actions/${a.action_id}/complete`, body, { headers });
    const again = await api.post(`/v1/actions/${a.action_id}/complete`, body, { headers });
    expect(first.status, first.text).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    const completions = await app.db.root.auditEvent.count({
      where: { objectId: a.action_id, eventType: "action.completed" },
    });
    expect(completions).toBe(1);
    const events = await app.db.root.event.findMany({ where: { type: "action.completed" } });
    expect(events.filter((e) => (e.data as any).action_id === a.action_id)).toHaveLength(1);
  });

  it("refuses bad evidence naming the item", async () => {
    const m = await grantedMatter();
    const a = await create(m.id);
    const path = `/v1/actions/${a.action_id}/complete`;
    expectError(
      await api.post(path, { evidence_refs: [EVIDENCE, { title: 5 }] }),
      400,
      "parameter_invalid",
      "evidence_refs[1].title",
    );
    expectError(
      await api.post(path, { evidence_refs: [{ page: 3 }] }),
      400,
      "unknown_parameter",
      "evidence_refs[0].page",
    );
    expectError(await api.post(path, { evidence_refs: EVIDENCE }), 400, "parameter_invalid");
    expect((await api.get(`/v1/actions/${a.action_id}`)).body.status).toBe("open");
  });
});

describe("the authority gate on every action write", () => {
  it("refuses create, update, assign and complete once the grant is revoked, and still reads", async () => {
    const m = await grantedMatter();
    const owner = await invite(["operator"], [m.id]);
    const a = await create(m.id);
    const revoke = await api.post(`/v1/matters/${m.id}/authority/${m.authorityId}/revoke`, {
      reason: "Engagement ended.",
    });
    expect(revoke.status, revoke.text).toBe(200);
    const path = `/v1/actions/${a.action_id}`;
    for (const res of [
      await api.post("/v1/actions", { matter_id: m.id, type: "watch", title: "Watch" }),
      await api.patch(path, { title: "Renamed" }),
      await api.post(`${path}/assign`, { owner_id: owner }),
      await api.post(`${path}/complete`, {}),
    ]) {
      const error = expectError(res, 403, "authority_required");
      expect(error.details).toMatchObject({ matter_id: m.id, authority_status: "revoked" });
    }
    const got = await api.get(path);
    expect(got.body).toMatchObject({ status: "open", title: a.title, owner_id: null });
  });

  it("looks the action and the owner up (404) before the gate (403), and the gate before 409", async () => {
    const m = await grantedMatter();
    const a = await create(m.id);
    await api.post(`/v1/actions/${a.action_id}/complete`, {});
    await api.post(`/v1/matters/${m.id}/authority/${m.authorityId}/revoke`, { reason: "ended" });
    const missing = "act_01jxd4m5q6r7s8t9v0w1x2y3z4";
    expectError(await api.post(`/v1/actions/${missing}/complete`, {}), 404, "resource_missing");
    expectError(
      await api.post(`/v1/actions/${a.action_id}/assign`, {
        owner_id: "usr_01jxd4m5q6r7s8t9v0w1x2y3z4",
      }),
      404,
      "resource_missing",
      "owner_id",
    );
    // Completed and ungranted: the gate answers first.
    expectError(
      await api.post(`/v1/actions/${a.action_id}/complete`, {}),
      403,
      "authority_required",
    );
  });

  it("refuses every write under a closed matter with 409 matter_closed and still lists", async () => {
    const m = await grantedMatter();
    const owner = await invite(["operator"], [m.id]);
    const a = await create(m.id);
    expect((await api.post(`/v1/matters/${m.id}/close`, { reason: "settled" })).status).toBe(200);
    const path = `/v1/actions/${a.action_id}`;
    for (const res of [
      await api.patch(path, { status: "in_progress" }),
      await api.post(`${path}/assign`, { owner_id: owner }),
      await api.post(`${path}/complete`, {}),
    ])
      expectError(res, 409, "matter_closed");
    const listed = await api.get(`/v1/actions/matters/${m.id}`);
    expect(listed.body.items.map((x: { action_id: string }) => x.action_id)).toEqual([a.action_id]);
  });
});

describe("listing actions", () => {
  let m: string;
  let other: string;
  let owner: string;
  let campaignId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const linked = await linkedMatter();
    m = linked.id;
    campaignId = linked.campaignId;
    other = (await grantedMatter()).id;
    owner = await invite(["operator"], [m]);
    ids.watch = (await create(m, { type: "watch", due_at: "2026-07-01T00:00:00.000Z" })).action_id;
    ids.packet = (
      await create(m, {
        type: "packet",
        owner_id: owner,
        campaign_id: campaignId,
        priority: "high",
        due_at: "2026-08-01T00:00:00.000Z",
      })
    ).action_id;
    ids.ledger = (await create(m, { type: "ledger", campaign_id: campaignId })).action_id;
    ids.other = (await create(other, { type: "watch" })).action_id;
    await api.patch(`/v1/actions/${ids.ledger}`, { status: "in_progress" });
  });

  const listed = async (query: string, path = "/v1/actions") => {
    const res = await api.get(`${path}?${query}`);
    expect(res.status, res.text).toBe(200);
    return res.body.items.map((a: { action_id: string }) => a.action_id);
  };

  it("filters by matter, status, type, priority, owner, campaign and due and created times", async () => {
    expect(await listed(`matter_id=${m}`)).toEqual([ids.ledger, ids.packet, ids.watch]);
    expect(await listed(`matter_id=${m}&status=open`)).toEqual([ids.packet, ids.watch]);
    expect(await listed(`matter_id=${m}&status=in_progress`)).toEqual([ids.ledger]);
    expect(await listed(`matter_id=${m}&type=watch`)).toEqual([ids.watch]);
    expect(await listed(`matter_id=${m}&priority=high`)).toEqual([ids.packet]);
    expect(await listed(`owner_id=${owner}`)).toEqual([ids.packet]);
    expect(await listed(`campaign_id=${campaignId}&matter_id=${m}`)).toEqual([
      ids.ledger,
      ids.packet,
    ]);
    expect(await listed(`matter_id=${m}&due_before=2026-07-15T00:00:00.000Z`)).toEqual([ids.watch]);
    expect(await listed(`matter_id=${m}&due_after=2026-07-01T00:00:00.000Z`)).toEqual([ids.packet]);
    expect(
      await listed(
        `matter_id=${m}&due_after=2026-06-01T00:00:00.000Z&due_before=2026-09-01T00:00:00.000Z`,
      ),
    ).toEqual([ids.packet, ids.watch]);
    const created = (await api.get(`/v1/actions/${ids.packet}`)).body.created_at;
    expect(await listed(`matter_id=${m}&created_after=${created}`)).toEqual([ids.ledger]);
    expect(await listed(`matter_id=${m}&created_before=${created}`)).toEqual([ids.watch]);
    const everything = await listed("limit=100");
    expect(everything).toEqual(expect.arrayContaining(Object.values(ids)));
  });

  it("lists one matter's actions with the same filters, and 404 for an unknown matter", async () => {
    const path = `/v1/actions/matters/${m}`;
    expect(await listed("", path)).toEqual([ids.ledger, ids.packet, ids.watch]);
    expect(await listed("type=packet&status=open", path)).toEqual([ids.packet]);
    expect(await listed("", `/v1/actions/matters/${other}`)).toEqual([ids.other]);
    expectError(
      await api.get("/v1/actions/matters/mat_01jxd4m5q6r7s8t9v0w1x2y3z4"),
      404,
      "resource_missing",
      "matter_id",
    );
    expectError(await api.get(`${path}?matter_id=${other}`), 400, "unknown_parameter", "matter_id");
  });

  it("pages with limit and cursor in the list envelope, newest first", async () => {
    const first = await api.get(`/v1/actions?matter_id=${m}&limit=2`);
    expect(first.body).toMatchObject({ has_more: true, next_cursor: expect.any(String) });
    expect(first.body.items.map((a: { action_id: string }) => a.action_id)).toEqual([
      ids.ledger,
      ids.packet,
    ]);
    const second = await api.get(
      `/v1/actions?matter_id=${m}&limit=2&cursor=${first.body.next_cursor}`,
    );
    expect(second.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(second.body.items.map((a: { action_id: string }) => a.action_id)).toEqual([ids.watch]);
  });

  it("refuses bad list parameters", async () => {
    expectError(await api.get("/v1/actions?limit=0"), 400, "parameter_invalid", "limit");
    expectError(await api.get("/v1/actions?limit=101"), 400, "parameter_invalid", "limit");
    expectError(await api.get("/v1/actions?cursor=nope"), 400, "parameter_invalid", "cursor");
    expectError(await api.get("/v1/actions?status=done"), 400, "parameter_invalid", "status");
    expectError(
      await api.get("/v1/actions?due_before=soon"),
      400,
      "parameter_invalid",
      "due_before",
    );
    expectError(await api.get("/v1/actions?assignee=x"), 400, "unknown_parameter", "assignee");
  });

  it("counts live actions on the matter's dashboard", async () => {
    const dashboard = await api.get(`/v1/matters/${m}/dashboard`);
    expect(dashboard.body.open_actions).toBe(3);
    const extra = await create(m);
    await api.post(`/v1/actions/${extra.action_id}/complete`, {});
    expect((await api.get(`/v1/matters/${m}/dashboard`)).body.open_actions).toBe(3);
  });
});

describe("isolation across organizations, environments and matter-limited keys", () => {
  it("answers 404 to every outsider for every action endpoint and writes nothing", async () => {
    const stranger = (await seed.org()).admin;
    const foreign = await seed.foreignMatter(stranger);
    const { owner, matterId, outsiders } = foreign;
    expect((await grant(matterId, owner.admin)).status).toBe(201);
    expect((await grant(foreign.elsewhere, owner.admin)).status).toBe(201);
    const user = await invite(["operator"], [], owner.id);
    const a = await create(matterId, { owner_id: user }, owner.admin);
    const path = `/v1/actions/${a.action_id}`;
    const before = await app.db.root.auditEvent.count();
    for (const outsider of outsiders) {
      expectError(await outsider.get(path), 404, "resource_missing", "action_id");
      expectError(await outsider.patch(path, { title: "x" }), 404, "resource_missing");
      expectError(
        await outsider.post(`${path}/assign`, { owner_id: user }),
        404,
        "resource_missing",
      );
      expectError(await outsider.post(`${path}/complete`, {}), 404, "resource_missing");
      expectError(
        await outsider.post("/v1/actions", { matter_id: matterId, type: "watch", title: "W" }),
        404,
        "resource_missing",
        "matter_id",
      );
      expectError(
        await outsider.get(`/v1/actions/matters/${matterId}`),
        404,
        "resource_missing",
        "matter_id",
      );
      const listed = await outsider.get(`/v1/actions?limit=100&matter_id=${matterId}`);
      expect(listed.body.items).toEqual([]);
      expect((await outsider.get("/v1/actions?limit=100")).text).not.toContain(a.action_id);
      const gql = await outsider.graphql(`query($id: ID!) { node(id: $id) { id } }`, {
        id: a.action_id,
      });
      expect(gql.body.data.node).toBeNull();
    }
    expect(await app.db.root.auditEvent.count()).toBe(before);
    // The limited key works in its own matter; its actions cannot be given B's users' work.
    const mine = await create(foreign.elsewhere, {}, foreign.limited);
    expect((await foreign.limited.get(`/v1/actions/${mine.action_id}`)).status).toBe(200);
    expect((await owner.admin.get(path)).body.owner_id).toBe(user);
  });
});

describe("GraphQL face", () => {
  const FIELDS = `id actionId matterId campaignId type title ownerId priority status dueAt
    linkedPacketId assignmentNotes completionNotes completedBy evidenceRefs { sourceId title }
    reviewState { reviewRequired reviewStatus }`;

  it("creates, updates, assigns and completes through mutations with the same codes", async () => {
    const m = await grantedMatter();
    const owner = await invite(["operator"], [m.id]);
    const created = await api.graphql(
      `mutation($input: CreateActionInput!) { createAction(input: $input) { ${FIELDS} } }`,
      {
        input: {
          matterId: m.id,
          type: "ISSUER",
          title: "Ask the issuer to freeze",
        },
      },
    );
    expect(created.body.errors[0].extensions).toMatchObject({
      code: "parameter_invalid",
      param: "input.type",
    });
    const ok = await api.graphql(
      `mutation($input: CreateActionInput!) { createAction(input: $input) { ${FIELDS} } }`,
      { input: { matterId: m.id, type: "issuer", title: "Ask the issuer to freeze" } },
    );
    expect(ok.body.errors).toBeUndefined();
    const action = ok.body.data.createAction;
    expect(action).toMatchObject({
      id: action.actionId,
      type: "issuer",
      status: "open",
      priority: "normal",
      ownerId: null,
      evidenceRefs: [],
      reviewState: { reviewRequired: false, reviewStatus: "not_required" },
    });

    const updated = await api.graphql(
      `mutation($id: ID!, $input: UpdateActionInput!) { updateAction(id: $id, input: $input) { status priority } }`,
      { id: action.id, input: { status: "in_progress", priority: "urgent" } },
    );
    expect(updated.body.data.updateAction).toEqual({ status: "in_progress", priority: "urgent" });

    const outsider = await invite(["operator"], [await seed.matter(api)]);
    const refused = await api.graphql(
      `mutation($id: ID!, $input: AssignActionInput!) { assignAction(id: $id, input: $input) { ownerId } }`,
      { id: action.id, input: { ownerId: outsider } },
    );
    expect(refused.body.data.assignAction).toBeNull();
    expect(refused.body.errors[0].extensions).toMatchObject({
      code: "parameter_invalid",
      param: "input.ownerId",
    });
    const assigned = await api.graphql(
      `mutation($id: ID!, $input: AssignActionInput!) { assignAction(id: $id, input: $input) { ownerId assignmentNotes } }`,
      { id: action.id, input: { ownerId: owner, notes: "Yours." } },
    );
    expect(assigned.body.data.assignAction).toEqual({ ownerId: owner, assignmentNotes: "Yours." });

    const completed = await api.graphql(
      `mutation($id: ID!, $input: CompleteActionInput) { completeAction(id: $id, input: $input) { ${FIELDS} } }`,
      {
        id: action.id,
        input: {
          completionNotes: "Issuer froze it.",
          evidenceRefs: [{ sourceId: "doc_1", title: "Letter" }],
        },
      },
    );
    expect(completed.body.errors).toBeUndefined();
    expect(completed.body.data.completeAction).toMatchObject({
      status: "completed",
      completionNotes: "Issuer froze it.",
      completedBy: org.admin.keyId,
      evidenceRefs: [{ sourceId: "doc_1", title: "Letter" }],
    });
    const requestId = completed.body.extensions.request_id;
    const audit = await app.db.root.auditEvent.findMany({ where: { requestId } });
    expect(audit.map((e) => e.eventType)).toEqual(["action.completed"]);
    expect((await app.db.root.event.findMany({ where: { requestId } })).map((e) => e.type)).toEqual(
      ["action.completed"],
    );

    const again = await api.graphql(`mutation($id: ID!) { completeAction(id: $id) { status } }`, {
      id: action.id,
    });
    expect(again.body.errors[0].extensions).toMatchObject({
      code: "invalid_state_transition",
      details: { from: "completed", allowed: [] },
    });

    const bare = await seed.matter(api);
    const gated = await api.graphql(
      `mutation($input: CreateActionInput!) { createAction(input: $input) { id } }`,
      { input: { matterId: bare, type: "watch", title: "Watch" } },
    );
    expect(gated.body.errors[0].extensions.code).toBe("authority_required");
  });

  it("queries actions with filters, one action, nodes and Matter.actions", async () => {
    const m = await linkedMatter();
    const watch = await create(m.id, { type: "watch" });
    const packet = await create(m.id, { type: "packet", campaign_id: m.campaignId });
    const res = await api.graphql(
      `query($m: ID!, $a: ID!) {
        actions(matterId: $m, type: packet) { edges { node { actionId } } }
        campaign: actions(campaignId: "${m.campaignId}", matterId: $m) { edges { node { actionId } } }
        matterActions(matterId: $m, first: 1) { edges { node { actionId } } pageInfo { hasNextPage } }
        action(id: $a) { title }
        node(id: $a) { ... on Action { type } }
        matter(id: $m) {
          actions(first: 10) { edges { node { actionId } } }
          open: actions(status: open, type: watch) { edges { node { actionId } } }
          dashboard { openActions }
        }
      }`,
      { m: m.id, a: watch.action_id },
    );
    expect(res.body.errors).toBeUndefined();
    const ids = (conn: { edges: Array<{ node: { actionId: string } }> }) =>
      conn.edges.map((e) => e.node.actionId);
    expect(ids(res.body.data.actions)).toEqual([packet.action_id]);
    expect(ids(res.body.data.campaign)).toEqual([packet.action_id]);
    expect(ids(res.body.data.matterActions)).toEqual([packet.action_id]);
    expect(res.body.data.matterActions.pageInfo.hasNextPage).toBe(true);
    expect(res.body.data.action.title).toBe(watch.title);
    expect(res.body.data.node).toEqual({ type: "watch" });
    expect(ids(res.body.data.matter.actions)).toEqual([packet.action_id, watch.action_id]);
    expect(ids(res.body.data.matter.open)).toEqual([watch.action_id]);
    expect(res.body.data.matter.dashboard.openActions).toBe(2);
  });

  it("shows the scope and authority gates on every action mutation in the SDL", async () => {
    const res = await api.graphql(`{ __schema { mutationType { fields { name } } } }`);
    const names = res.body.data.__schema.mutationType.fields.map((f: { name: string }) => f.name);
    expect(names).toEqual(
      expect.arrayContaining(["createAction", "updateAction", "assignAction", "completeAction"]),
    );
    const mutation = app.schema.getMutationType()!.getFields();
    for (const name of ["createAction", "updateAction", "assignAction", "completeAction"]) {
      const directives = (mutation[name]!.extensions as any).directives;
      expect(directives, name).toEqual({ scope: { name: "actions:write" }, authority: {} });
    }
  });

  it("costs the same SQL statements for a matter page with 1 or 6 actions", async () => {
    const PAGE = `query($id: ID!) { matter(id: $id) {
      dashboard { openActions }
      actions(first: 20) { edges { node { actionId title status ownerId evidenceRefs { title } } } }
    } }`;
    const small = await grantedMatter();
    const large = await grantedMatter();
    await create(small.id);
    for (let i = 0; i < 6; i++) await create(large.id, { title: `Step ${i}` });
    const count = (id: string) =>
      statementsOf(app, async () => {
        const res = await api.graphql(PAGE, { id });
        expect(res.body.errors).toBeUndefined();
      });
    const a = await count(small.id);
    const b = await count(large.id);
    expect(b).toBe(a);
    // The dashboard sums every station (exposure, packets, alerts, ledger, waterfall) in a
    // fixed number of statements of its own; the bound is that plus the matter and its actions.
    expect(a).toBeLessThan(16);
  });
});
