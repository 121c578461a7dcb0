import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeName } from "../../plugins/relationships/values.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type ApiResponse, type Client, errorOf, expectError } from "../helpers/http.js";
import { Seed, type SeededOrg } from "../helpers/seed.js";

let app: TestApp;
let seed: Seed;
let org: SeededOrg;
let api: Client;

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  org = await seed.org({ features: ["live_access"] });
  api = org.admin;
});
afterAll(() => app.dispose());

const auditOf = (res: ApiResponse) =>
  app.db.root.auditEvent.findMany({ where: { requestId: res.body.audit_ref } });

async function relationship(body: Record<string, unknown> = {}, client = api) {
  const res = await client.post("/v1/relationships", {
    counterparty_type: "exchange",
    counterparty_name: "Binance",
    channel_type: "law_enforcement_portal",
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** A matter with a live authority grant and a packet, for contact logs that name one. */
async function matterWithPacket(client = api) {
  const matterId = await seed.matter(client);
  const grant = await client.post(`/v1/matters/${matterId}/authority`, {
    basis: "engagement_letter",
    granted_by: "Acme Capital LLC",
    source_refs: [{ source_type: "engagement_letter", title: "Engagement letter" }],
  });
  expect(grant.status, grant.text).toBe(201);
  const packet = await client.post("/v1/packets/exchange-intercept", {
    matter_id: matterId,
    authorized_sender: "Jordan Counsel, Esq.",
  });
  expect(packet.status, packet.text).toBe(201);
  return { matterId, packetId: packet.body.packet_id as string };
}

describe("POST /v1/relationships", () => {
  it("creates a relationship and its counterparty, with defaults, and audits both", async () => {
    const res = await api.post("/v1/relationships", {
      counterparty_type: "issuer",
      counterparty_name: "Circle Internet Financial",
      channel_type: "compliance_email",
      packet_types_supported: ["exchange_freeze"],
      risk_level: "low",
      notes: "Answers within 48 hours.",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      relationship_id: expect.stringMatching(/^rel_[0-9a-z]{26}$/),
      counterparty_id: expect.stringMatching(/^cpt_[0-9a-z]{26}$/),
      counterparty_type: "issuer",
      counterparty_name: "Circle Internet Financial",
      channel_type: "compliance_email",
      usable_by_provider: true,
      usable_by_counsel: true,
      usable_by_law_enforcement: false,
      authorized_submitter_required: false,
      packet_types_supported: ["exchange_freeze"],
      risk_level: "low",
      notes: "Answers within 48 hours.",
      created_at: expect.any(String),
      updated_at: expect.any(String),
      audit_ref: expect.stringMatching(/^req_/),
    });
    const audit = await auditOf(res);
    expect(audit.map((a) => a.eventType).sort()).toEqual([
      "counterparty.created",
      "relationship.created",
    ]);
    expect(audit.every((a) => a.matterId === null)).toBe(true);
  });

  it("finds the counterparty again by type and normalised name, not across types", async () => {
    const first = await relationship({ counterparty_name: "Kraken Exchange" });
    const again = await relationship({
      counterparty_name: "  KRAKEN-exchange. ",
      channel_type: "portal",
    });
    expect(again.counterparty_id).toBe(first.counterparty_id);
    expect(again.counterparty_name).toBe("Kraken Exchange");
    const counsel = await relationship({
      counterparty_type: "counsel",
      counterparty_name: "Kraken Exchange",
    });
    expect(counsel.counterparty_id).not.toBe(first.counterparty_id);
    const other = await seed.org();
    const theirs = await relationship({ counterparty_name: "Kraken Exchange" }, other.admin);
    expect(theirs.counterparty_id).not.toBe(first.counterparty_id);
  });

  it("makes a law_enforcement_only channel unusable by the provider and refuses the opposite", async () => {
    const le = await relationship({
      counterparty_type: "law_enforcement_only",
      counterparty_name: "IC3 portal",
    });
    expect(le).toMatchObject({
      usable_by_provider: false,
      usable_by_counsel: false,
      usable_by_law_enforcement: true,
      authorized_submitter_required: true,
    });
    const before = await app.db.root.relationship.count();
    const res = await api.post("/v1/relationships", {
      counterparty_type: "law_enforcement_only",
      counterparty_name: "IC3 portal",
      channel_type: "portal",
      usable_by_provider: true,
    });
    expectError(res, 400, "parameter_invalid", "usable_by_provider");
    expect(await app.db.root.relationship.count()).toBe(before);
  });

  it("refuses bad bodies with the contract's codes and writes nothing", async () => {
    const before = await app.db.root.counterparty.count();
    const base = { counterparty_type: "exchange", counterparty_name: "X", channel_type: "portal" };
    expectError(
      await api.post("/v1/relationships", { counterparty_name: "X", channel_type: "p" }),
      400,
      "parameter_missing",
      "counterparty_type",
    );
    expectError(
      await api.post("/v1/relationships", { ...base, counterparty_type: "bank" }),
      400,
      "parameter_invalid",
      "counterparty_type",
    );
    expectError(
      await api.post("/v1/relationships", { ...base, counterparty_name: "  " }),
      400,
      "parameter_invalid",
      "counterparty_name",
    );
    expectError(
      await api.post("/v1/relationships", { ...base, counterparty_name: "?!" }),
      400,
      "parameter_invalid",
      "counterparty_name",
    );
    expectError(
      await api.post("/v1/relationships", { ...base, packet_types_supported: ["a", "a"] }),
      400,
      "parameter_invalid",
      "packet_types_supported[1]",
    );
    expectError(
      await api.post("/v1/relationships", { ...base, risk_level: "extreme" }),
      400,
      "parameter_invalid",
      "risk_level",
    );
    expectError(
      await api.post("/v1/relationships", { ...base, organization_id: org.id }),
      400,
      "unknown_parameter",
      "organization_id",
    );
    expect(await app.db.root.counterparty.count()).toBe(before);
  });

  it("needs relationships:write", async () => {
    const reader = await org.key({ scopes: ["relationships:read"] });
    const res = await reader.post("/v1/relationships", {
      counterparty_type: "exchange",
      counterparty_name: "Binance",
      channel_type: "portal",
    });
    expectError(res, 403, "insufficient_scope");
    expect(errorOf(res).details.required_scope).toBe("relationships:write");
  });

  it("replays an idempotent creation without writing twice", async () => {
    const body = {
      counterparty_type: "vendor",
      counterparty_name: "Chain Tracer Ltd",
      channel_type: "email",
    };
    const headers = { "Idempotency-Key": "rel-create-1" };
    const first = await api.post("/v1/relationships", body, { headers });
    const second = await api.post("/v1/relationships", body, { headers });
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.body.relationship_id).toBe(first.body.relationship_id);
    expect(
      await app.db.root.relationship.count({
        where: { counterparty: { is: { name: "Chain Tracer Ltd" } } },
      }),
    ).toBe(1);
    const reused = await api.post("/v1/relationships", { ...body, channel_type: "x" }, { headers });
    expectError(reused, 422, "idempotency_key_reused");
  });
});

describe("GET /v1/relationships and /v1/relationships/{relationship_id}", () => {
  it("lists newest first with filters and keyset pages", async () => {
    const tenant = await seed.org();
    const a = await relationship({ channel_type: "portal" }, tenant.admin);
    const b = await relationship(
      { counterparty_type: "law_enforcement_only", counterparty_name: "FBI IC3" },
      tenant.admin,
    );
    const c = await relationship(
      {
        counterparty_type: "counsel",
        counterparty_name: "Local Counsel LLP",
        channel_type: "email",
      },
      tenant.admin,
    );
    const all = await tenant.admin.get("/v1/relationships");
    expect(all.body.items.map((r: any) => r.relationship_id)).toEqual([
      c.relationship_id,
      b.relationship_id,
      a.relationship_id,
    ]);
    const ids = async (query: string) =>
      (await tenant.admin.get(`/v1/relationships?${query}`)).body.items.map(
        (r: any) => r.relationship_id,
      );
    expect(await ids("counterparty_type=law_enforcement_only")).toEqual([b.relationship_id]);
    expect(await ids("usable_by_provider=false")).toEqual([b.relationship_id]);
    expect(await ids("usable_by_provider=true")).toEqual([c.relationship_id, a.relationship_id]);
    expect(await ids("channel_type=email")).toEqual([c.relationship_id]);
    expect(await ids(`counterparty_id=${a.counterparty_id}`)).toEqual([a.relationship_id]);
    const page = await tenant.admin.get("/v1/relationships?limit=2");
    expect(page.body.has_more).toBe(true);
    const rest = await tenant.admin.get(
      `/v1/relationships?limit=2&cursor=${page.body.next_cursor}`,
    );
    expect(rest.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(rest.body.items.map((r: any) => r.relationship_id)).toEqual([a.relationship_id]);
    expectError(
      await tenant.admin.get("/v1/relationships?usable_by_provider=maybe"),
      400,
      "parameter_invalid",
    );
    expectError(
      await tenant.admin.get("/v1/relationships?counterparty_type=bank"),
      400,
      "parameter_invalid",
    );
    expectError(await tenant.admin.get("/v1/relationships?matter_id=x"), 400, "unknown_parameter");
    expectError(await tenant.admin.get("/v1/relationships?limit=0"), 400, "parameter_invalid");
  });

  it("gets one, and another organization's or environment's is 404", async () => {
    const mine = await relationship();
    const got = await api.get(`/v1/relationships/${mine.relationship_id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      relationship_id: mine.relationship_id,
      counterparty_name: "Binance",
    });
    const stranger = (await seed.org()).admin;
    expectError(
      await stranger.get(`/v1/relationships/${mine.relationship_id}`),
      404,
      "resource_missing",
    );
    const live = await org.key({ environment: "live" });
    expectError(
      await live.get(`/v1/relationships/${mine.relationship_id}`),
      404,
      "resource_missing",
    );
    expect((await stranger.get("/v1/relationships?limit=100")).text).not.toContain(
      mine.relationship_id,
    );
  });
});

describe("PATCH /v1/relationships/{relationship_id}", () => {
  it("changes channel type, packet kinds, risk level and notes, and audits the change", async () => {
    const rel = await relationship({ notes: "old" });
    const res = await api.patch(`/v1/relationships/${rel.relationship_id}`, {
      channel_type: "compliance_email",
      packet_types_supported: ["vasp_legal_process"],
      risk_level: "high",
      notes: null,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      channel_type: "compliance_email",
      packet_types_supported: ["vasp_legal_process"],
      risk_level: "high",
      notes: null,
      usable_by_provider: true,
    });
    const [audit] = await auditOf(res);
    expect(audit).toMatchObject({
      eventType: "relationship.updated",
      objectId: rel.relationship_id,
    });
    expect((audit!.details as any).changed.sort()).toEqual([
      "channel_type",
      "notes",
      "packet_types_supported",
      "risk_level",
    ]);
  });

  it("keeps who may use the channel fixed and refuses bad values", async () => {
    const rel = await relationship();
    const path = `/v1/relationships/${rel.relationship_id}`;
    expectError(await api.patch(path, { usable_by_provider: false }), 400, "unknown_parameter");
    expectError(
      await api.patch(path, { channel_type: null }),
      400,
      "parameter_invalid",
      "channel_type",
    );
    expectError(
      await api.patch(path, { channel_type: " " }),
      400,
      "parameter_invalid",
      "channel_type",
    );
    expectError(await api.patch(path, { risk_level: "extreme" }), 400, "parameter_invalid");
    expect((await api.get(path)).body.channel_type).toBe("law_enforcement_portal");
    const stranger = (await seed.org()).admin;
    expectError(await stranger.patch(path, { notes: "x" }), 404, "resource_missing");
  });
});

describe("POST /v1/relationships/{relationship_id}/contact-log", () => {
  it("logs a contact about a matter naming its packet, audited under the matter", async () => {
    const rel = await relationship();
    const { matterId, packetId } = await matterWithPacket();
    const res = await api.post(`/v1/relationships/${rel.relationship_id}/contact-log`, {
      matter_id: matterId,
      authorized_sender: "Jordan Counsel, Esq.",
      contact_type: "portal_submission",
      packet_id: packetId,
      outcome: "acknowledged",
      notes: "Ticket 88231.",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      contact_log_id: expect.stringMatching(/^ctl_/),
      relationship_id: rel.relationship_id,
      matter_id: matterId,
      authorized_sender: "Jordan Counsel, Esq.",
      contact_type: "portal_submission",
      packet_id: packetId,
      outcome: "acknowledged",
      notes: "Ticket 88231.",
      created_at: expect.any(String),
      audit_ref: res.body.audit_ref,
    });
    const [audit] = await auditOf(res);
    expect(audit).toMatchObject({
      eventType: "relationship.contact_logged",
      matterId,
      objectId: res.body.contact_log_id,
    });
  });

  it("refuses another matter's packet, unknown ids, and a closed matter, writing nothing", async () => {
    const rel = await relationship();
    const one = await matterWithPacket();
    const two = await matterWithPacket();
    const path = `/v1/relationships/${rel.relationship_id}/contact-log`;
    const body = {
      matter_id: one.matterId,
      authorized_sender: "J. Counsel",
      contact_type: "email",
    };
    const before = await app.db.root.contactLog.count();
    expectError(
      await api.post(path, { ...body, packet_id: two.packetId }),
      400,
      "parameter_invalid",
      "packet_id",
    );
    expectError(
      await api.post(path, { ...body, packet_id: "pkt_01h00000000000000000000000" }),
      404,
      "resource_missing",
      "packet_id",
    );
    expectError(
      await api.post(path, { ...body, matter_id: "mat_01h00000000000000000000000" }),
      404,
      "resource_missing",
      "matter_id",
    );
    expectError(
      await api.post("/v1/relationships/rel_01h00000000000000000000000/contact-log", body),
      404,
      "resource_missing",
    );
    expectError(await api.post(path, { ...body, contact_type: "" }), 400, "parameter_invalid");
    expectError(await api.post(path, { matter_id: one.matterId }), 400, "parameter_missing");
    const closed = await api.post(`/v1/matters/${one.matterId}/close`, { reason: "paid" });
    expect(closed.status, closed.text).toBe(200);
    expectError(await api.post(path, body), 409, "matter_closed");
    expect(await app.db.root.contactLog.count()).toBe(before);
  });

  it("keeps a matter-limited key to its own matters", async () => {
    const rel = await relationship();
    const { matterId: mine } = await matterWithPacket();
    const { matterId: theirs } = await matterWithPacket();
    const limited = await org.key({ matter_ids: [mine] });
    const path = `/v1/relationships/${rel.relationship_id}/contact-log`;
    const body = { authorized_sender: "J. Counsel", contact_type: "email" };
    expect((await limited.post(path, { ...body, matter_id: mine })).status).toBe(201);
    expectError(await limited.post(path, { ...body, matter_id: theirs }), 404, "resource_missing");
  });
});

describe("GET /v1/relationships/counterparties/{counterparty_id}", () => {
  it("shows every relationship, the packets sent through them and the contact history", async () => {
    const tenant = await seed.org();
    const first = await relationship({ counterparty_name: "OKX" }, tenant.admin);
    const second = await relationship(
      { counterparty_name: "okx", channel_type: "compliance_email" },
      tenant.admin,
    );
    const { matterId, packetId } = await matterWithPacket(tenant.admin);
    const routed = await tenant.admin.post("/v1/packets/exchange-intercept", {
      matter_id: matterId,
      authorized_sender: "Jordan Counsel, Esq.",
      relationship_id: second.relationship_id,
    });
    expect(routed.status, routed.text).toBe(201);
    const log = await tenant.admin.post(`/v1/relationships/${first.relationship_id}/contact-log`, {
      matter_id: matterId,
      authorized_sender: "J. Counsel",
      contact_type: "phone",
      packet_id: packetId,
    });
    expect(log.status, log.text).toBe(201);
    const res = await tenant.admin.get(`/v1/relationships/counterparties/${first.counterparty_id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.counterparty).toMatchObject({
      counterparty_id: first.counterparty_id,
      type: "exchange",
      name: "OKX",
      normalized_name: "okx",
    });
    expect(res.body.items.map((r: any) => r.relationship_id)).toEqual([
      second.relationship_id,
      first.relationship_id,
    ]);
    expect(res.body.packets.map((p: any) => p.packet_id)).toEqual([routed.body.packet_id]);
    expect(res.body.contact_history.map((c: any) => c.contact_log_id)).toEqual([
      log.body.contact_log_id,
    ]);
    // Packets need packets:read; without it the history shows none.
    const reader = await tenant.key({ scopes: ["relationships:read"] });
    const limitedView = await reader.get(
      `/v1/relationships/counterparties/${first.counterparty_id}`,
    );
    expect(limitedView.body.packets).toEqual([]);
    expect(limitedView.body.items).toHaveLength(2);
    expectError(
      await api.get(`/v1/relationships/counterparties/${first.counterparty_id}`),
      404,
      "resource_missing",
    );
  });
});

describe("GraphQL", () => {
  it("creates, updates and logs through mutations and reads nodes and connections", async () => {
    const created = await api.graphql(
      `mutation { createRelationship(input: { counterpartyType: receiver, counterpartyName: "Jane Receiver", channelType: "email" }) { id relationshipId counterpartyType usableByProvider counterparty { id name } } }`,
    );
    expect(created.body.errors).toBeUndefined();
    const rel = created.body.data.createRelationship;
    expect(rel).toMatchObject({ counterpartyType: "receiver", usableByProvider: true });
    const updated = await api.graphql(
      `mutation ($id: ID!) { updateRelationship(id: $id, input: { riskLevel: medium }) { riskLevel } }`,
      { id: rel.id },
    );
    expect(updated.body.data.updateRelationship.riskLevel).toBe("medium");
    const { matterId } = await matterWithPacket();
    const logged = await api.graphql(
      `mutation ($id: ID!, $m: ID!) { logRelationshipContact(id: $id, input: { matterId: $m, authorizedSender: "J", contactType: "email" }) { id matterId } }`,
      { id: rel.id, m: matterId },
    );
    expect(logged.body.errors).toBeUndefined();
    const read = await api.graphql(
      `query ($id: ID!, $c: ID!, $l: ID!) {
         relationship(id: $id) { contactLogs(first: 5) { edges { node { contactLogId } } } }
         node(id: $c) { ... on Counterparty { name relationships(first: 5) { edges { node { id } } } } }
         log: node(id: $l) { ... on ContactLog { matterId } }
         relationships(first: 1, counterpartyType: receiver) { edges { node { id } } }
       }`,
      { id: rel.id, c: rel.counterparty.id, l: logged.body.data.logRelationshipContact.id },
    );
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.relationship.contactLogs.edges).toHaveLength(1);
    expect(read.body.data.node).toMatchObject({
      name: "Jane Receiver",
      relationships: { edges: [{ node: { id: rel.id } }] },
    });
    expect(read.body.data.log.matterId).toBe(matterId);
    expect(read.body.data.relationships.edges[0].node.id).toBe(rel.id);
    const bad = await api.graphql(
      `mutation { createRelationship(input: { counterpartyType: law_enforcement_only, counterpartyName: "X", channelType: "p", usableByProvider: true }) { id } }`,
    );
    expect(bad.body.errors[0].extensions.code).toBe("parameter_invalid");
  });
});

describe("normalizeName", () => {
  it("is idempotent and ignores case, spacing and punctuation", () => {
    for (const name of ["Binance", " BINANCE. ", "Coinbase, Inc.", "Ünïcode  Exchange"]) {
      expect(normalizeName(normalizeName(name))).toBe(normalizeName(name));
    }
    expect(normalizeName(" BINANCE. ")).toBe("binance");
    expect(normalizeName("Coinbase, Inc.")).toBe("coinbase inc");
    expect(normalizeName("?!")).toBe("");
  });
});
