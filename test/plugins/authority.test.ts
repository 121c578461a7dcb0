import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorityStatus, matterOf } from "../../plugins/matters/service.js";
import { ApiError } from "../../src/errors.js";
import { enforceGate, type GateSpec } from "../../src/gates.js";
import { newId } from "../../src/ids.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { contextOf } from "../helpers/context.js";
import { type ApiResponse, type Client, errorOf } from "../helpers/http.js";
import { Seed, type SeededOrg } from "../helpers/seed.js";

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
const SOURCE = {
  source_id: "doc_1",
  source_type: "engagement_letter",
  title: "Engagement letter",
  uri: "s3://docs/el.pdf",
  hash: "sha256:ab",
};
const GRANT = {
  basis: "engagement_letter",
  granted_by: "Acme Corp (client)",
  source_refs: [SOURCE],
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

async function createMatter(client: Client = api) {
  const res = await client.post("/v1/matters", { name: "Acme v. Doe" });
  expect(res.status, res.text).toBe(201);
  return res.body.matter_id as string;
}

async function grant(matterId: string, body: Record<string, unknown> = {}, client: Client = api) {
  const res = await client.post(`/v1/matters/${matterId}/authority`, { ...GRANT, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const statusOf = async (matterId: string, client: Client = api) =>
  (await client.get(`/v1/matters/${matterId}`)).body.authority_status;
const auditOf = (res: ApiResponse) =>
  app.db.root.auditEvent.findMany({ where: { requestId: res.body.audit_ref } });

const judgmentWrite: GateSpec<{ matterId: string }> = {
  scope: "judgments:write",
  authority: matterOf.arg("matterId"),
};
/** "passed", or the ApiError the gate threw. */
async function gate(matterId: string, client: Client = api): Promise<"passed" | ApiError> {
  return enforceGate(judgmentWrite, { matterId }, await contextOf(app, client), null).then(
    () => "passed" as const,
    (e: unknown) => {
      if (e instanceof ApiError) return e;
      throw e;
    },
  );
}

describe("granting authority", () => {
  it("records a grant, answers 201 with the AuthorityGrant, audits it and emits authority.granted", async () => {
    const matterId = await createMatter();
    const res = await api.post(`/v1/matters/${matterId}/authority`, {
      ...GRANT,
      scope: ["collection", "discovery"],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      authority_id: expect.stringMatching(/^auth_[0-9a-z]{26}$/),
      matter_id: matterId,
      basis: "engagement_letter",
      status: "granted",
      granted_by: "Acme Corp (client)",
      scope: ["collection", "discovery"],
      effective_at: expect.stringMatching(ISO),
      expires_at: null,
      source_refs: [{ ...SOURCE, chain_of_custody_id: null, admissibility_notes: null }],
      created_at: expect.stringMatching(ISO),
      revoked_at: null,
      revoke_reason: null,
      audit_ref: res.headers.get("md-request-id"),
    });
    expect(await statusOf(matterId)).toBe("granted");
    const audit = await auditOf(res);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      eventType: "authority.granted",
      objectId: res.body.authority_id,
      matterId,
    });
    const events = await api.get("/v1/events?type=authority.granted");
    const event = events.body.items.find((e: any) => e.data.authority_id === res.body.authority_id);
    expect(event).toMatchObject({
      type: "authority.granted",
      data: { matter_id: matterId, basis: "engagement_letter" },
    });
  });

  it("names each missing required field", async () => {
    const matterId = await createMatter();
    for (const field of ["basis", "granted_by", "source_refs"]) {
      const body: Record<string, unknown> = { ...GRANT };
      delete body[field];
      const res = await api.post(`/v1/matters/${matterId}/authority`, body);
      expect(res.status).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: "parameter_missing", param: field });
    }
  });

  it("refuses wrong types, bad values, unknown fields and an expiry not after the start", async () => {
    const matterId = await createMatter();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ basis: "handshake" }, "parameter_invalid", "basis"],
      [{ granted_by: 7 }, "parameter_invalid", "granted_by"],
      [{ granted_by: " " }, "parameter_invalid", "granted_by"],
      [{ source_refs: [] }, "parameter_invalid", "source_refs"],
      [{ source_refs: SOURCE }, "parameter_invalid", "source_refs"],
      [{ source_refs: ["doc"] }, "parameter_invalid", "source_refs[0]"],
      [{ source_refs: [SOURCE, { title: 3 }] }, "parameter_invalid", "source_refs[1].title"],
      [{ source_refs: [{ url: "x" }] }, "unknown_parameter", "source_refs[0].url"],
      [{ scope: "all" }, "parameter_invalid", "scope"],
      [{ effective_at: "yesterday" }, "parameter_invalid", "effective_at"],
      [
        { effective_at: "2026-01-02T00:00:00.000Z", expires_at: "2026-01-01T00:00:00.000Z" },
        "parameter_invalid",
        "expires_at",
      ],
      [
        { effective_at: "2026-01-01T00:00:00.000Z", expires_at: "2026-01-01T00:00:00.000Z" },
        "parameter_invalid",
        "expires_at",
      ],
      [{ status: "granted" }, "unknown_parameter", "status"],
    ];
    for (const [patch, code, param] of cases) {
      const res = await api.post(`/v1/matters/${matterId}/authority`, { ...GRANT, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(errorOf(res), JSON.stringify(patch)).toMatchObject({ code, param });
    }
    expect(await statusOf(matterId)).toBe("none");
  });

  it("lists a matter's grants newest first, with a status filter", async () => {
    const matterId = await createMatter();
    const first = await grant(matterId);
    const second = await grant(matterId, { basis: "court_order" });
    await api.post(`/v1/matters/${matterId}/authority/${first.authority_id}/revoke`, {
      reason: "superseded",
    });
    const list = await api.get(`/v1/matters/${matterId}/authority`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((g: any) => [g.authority_id, g.status])).toEqual([
      [second.authority_id, "granted"],
      [first.authority_id, "revoked"],
    ]);
    expect(
      (await api.get(`/v1/matters/${matterId}/authority?status=revoked`)).body.items.map(
        (g: any) => g.authority_id,
      ),
    ).toEqual([first.authority_id]);
    expect(errorOf(await api.get(`/v1/matters/${matterId}/authority?status=maybe`))).toMatchObject({
      code: "parameter_invalid",
      param: "status",
    });
  });

  it("refuses grants and revocations under a closed matter with 409 matter_closed", async () => {
    const matterId = await createMatter();
    const existing = await grant(matterId);
    await api.post(`/v1/matters/${matterId}/close`, { reason: "paid" });
    const res = await api.post(`/v1/matters/${matterId}/authority`, GRANT);
    expect(res.status).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: "matter_closed", param: "matter_id" });
    const revoke = await api.post(
      `/v1/matters/${matterId}/authority/${existing.authority_id}/revoke`,
      {},
    );
    expect(errorOf(revoke).code).toBe("matter_closed");
    expect((await api.get(`/v1/matters/${matterId}/authority`)).body.items).toHaveLength(1);
  });
});

describe("revoking authority", () => {
  it("revokes a grant, emits authority.revoked, and refuses a second revocation with 409", async () => {
    const matterId = await createMatter();
    const g = await grant(matterId);
    const res = await api.post(`/v1/matters/${matterId}/authority/${g.authority_id}/revoke`, {
      reason: "client withdrew",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      authority_id: g.authority_id,
      status: "revoked",
      revoked_at: expect.stringMatching(ISO),
      revoke_reason: "client withdrew",
    });
    expect((await auditOf(res)).map((a) => a.eventType)).toEqual(["authority.revoked"]);
    const events = await api.get("/v1/events?type=authority.revoked");
    expect(
      events.body.items.some(
        (e: any) => e.data.authority_id === g.authority_id && e.data.reason === "client withdrew",
      ),
    ).toBe(true);
    const again = await api.post(`/v1/matters/${matterId}/authority/${g.authority_id}/revoke`);
    expect(again.status).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: "invalid_state_transition",
      details: { from: "revoked", allowed: [] },
    });
  });

  it("answers 404 for a grant of another matter or an unknown grant, and refuses unknown body fields", async () => {
    const a = await createMatter();
    const b = await createMatter();
    const g = await grant(a);
    const wrongMatter = await api.post(`/v1/matters/${b}/authority/${g.authority_id}/revoke`, {});
    expect(wrongMatter.status).toBe(404);
    expect(errorOf(wrongMatter)).toMatchObject({ code: "resource_missing", param: "authority_id" });
    expect(
      (await api.post(`/v1/matters/${a}/authority/${newId("authority")}/revoke`, {})).status,
    ).toBe(404);
    expect(
      errorOf(await api.post(`/v1/matters/${a}/authority/${g.authority_id}/revoke`, { why: "x" })),
    ).toMatchObject({ code: "unknown_parameter", param: "why" });
    expect(
      errorOf(await api.post(`/v1/matters/${a}/authority/${g.authority_id}/revoke`, { reason: 1 })),
    ).toMatchObject({ code: "parameter_invalid", param: "reason" });
  });
});

describe("authority status and the authority gate", () => {
  it("refuses with 403 authority_required when a matter has no grant, and passes once one is in effect", async () => {
    const matterId = await createMatter();
    const refused = await gate(matterId);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      code: "authority_required",
      status: 403,
      details: { matter_id: matterId, authority_status: "none" },
    });
    await grant(matterId);
    expect(await gate(matterId)).toBe("passed");
  });

  it("refuses after revocation, with authority_status revoked", async () => {
    const matterId = await createMatter();
    const g = await grant(matterId);
    expect(await gate(matterId)).toBe("passed");
    await api.post(`/v1/matters/${matterId}/authority/${g.authority_id}/revoke`, {});
    expect(await statusOf(matterId)).toBe("revoked");
    expect(await gate(matterId)).toMatchObject({
      code: "authority_required",
      details: { authority_status: "revoked" },
    });
  });

  it("passes until expires_at and refuses afterwards, with authority_status expired", async () => {
    const matterId = await createMatter();
    const g = await grant(matterId, { expires_at: inMs(1500) });
    expect(await gate(matterId)).toBe("passed");
    await sleep(1700);
    expect(await statusOf(matterId)).toBe("expired");
    expect(await gate(matterId)).toMatchObject({
      code: "authority_required",
      details: { authority_status: "expired" },
    });
    const list = await api.get(`/v1/matters/${matterId}/authority?status=expired`);
    expect(list.body.items.map((x: any) => [x.authority_id, x.status])).toEqual([
      [g.authority_id, "expired"],
    ]);
    // Revoking an expired grant is still allowed (it is not revoked yet).
    expect(
      (await api.post(`/v1/matters/${matterId}/authority/${g.authority_id}/revoke`, {})).body
        .status,
    ).toBe("revoked");
  });

  it("refuses a grant that is not yet effective, with authority_status none", async () => {
    const matterId = await createMatter();
    const g = await grant(matterId, { effective_at: inMs(3_600_000), basis: "court_order" });
    expect(g).toMatchObject({ status: "granted", basis: "court_order" });
    expect(await statusOf(matterId)).toBe("none");
    expect(await gate(matterId)).toMatchObject({
      code: "authority_required",
      details: { authority_status: "none" },
    });
  });

  it("checks scope first and answers 404 before 403 for a matter out of reach", async () => {
    const matterId = await createMatter();
    await grant(matterId);
    const stranger = await new Seed(app).org();
    expect(await gate(matterId, stranger.admin)).toMatchObject({
      code: "resource_missing",
      param: "matter_id",
    });
    const reader = await org.key({ scopes: ["judgments:read"] });
    expect(await gate(matterId, reader)).toMatchObject({ code: "insufficient_scope" });
  });

  it("derives authority_status purely from the grants", () => {
    const now = new Date("2026-06-11T12:00:00.000Z");
    const at = (iso: string) => new Date(iso);
    const live = { status: "granted", effectiveAt: at("2026-01-01T00:00:00Z"), expiresAt: null };
    const expired = {
      status: "granted",
      effectiveAt: at("2026-01-01T00:00:00Z"),
      expiresAt: at("2026-06-11T12:00:00Z"),
    };
    const revoked = { status: "revoked", effectiveAt: at("2026-01-01T00:00:00Z"), expiresAt: null };
    const future = { status: "granted", effectiveAt: at("2026-06-11T12:00:01Z"), expiresAt: null };
    expect(authorityStatus([], now)).toBe("none");
    expect(authorityStatus([future], now)).toBe("none");
    expect(authorityStatus([revoked], now)).toBe("revoked");
    expect(authorityStatus([revoked, expired], now)).toBe("expired");
    expect(authorityStatus([revoked, expired, live], now)).toBe("granted");
    expect(authorityStatus([{ ...live, effectiveAt: now }], now)).toBe("granted");
  });
});

describe("authority isolation and permissions", () => {
  it("hides another tenant's, another environment's and a non-permitted matter's grants as 404", async () => {
    const { owner: tenant, matterId, outsiders } = await new Seed(app).foreignMatter(org.admin);
    const g = await grant(matterId, {}, tenant.admin);
    for (const client of outsiders) {
      for (const res of [
        await client.get(`/v1/matters/${matterId}/authority`),
        await client.post(`/v1/matters/${matterId}/authority`, GRANT),
        await client.post(`/v1/matters/${matterId}/authority/${g.authority_id}/revoke`, {}),
      ]) {
        expect(res.status, res.text).toBe(404);
      }
      const node = await client.graphql(`query($id: ID!) { node(id: $id) { id } }`, {
        id: g.authority_id,
      });
      expect(node.body.data.node).toBeNull();
    }
    expect((await tenant.admin.get(`/v1/matters/${matterId}/authority`)).body.items[0].status).toBe(
      "granted",
    );
  });

  it("lets a viewer read grants but not grant or revoke, and needs authority scopes", async () => {
    const matterId = await createMatter();
    const g = await grant(matterId);
    const user = await api.post(`/v1/organizations/${org.id}/users`, {
      email: `viewer-${newId("request")}@example.com`,
      roles: ["viewer"],
    });
    const viewer = await org.key({ scopes: ["*"], user_id: user.body.user_id });
    expect((await viewer.get(`/v1/matters/${matterId}/authority`)).status).toBe(200);
    for (const res of [
      await viewer.post(`/v1/matters/${matterId}/authority`, GRANT),
      await viewer.post(`/v1/matters/${matterId}/authority/${g.authority_id}/revoke`, {}),
    ]) {
      expect(res.status).toBe(403);
      expect(errorOf(res)).toMatchObject({
        code: "insufficient_scope",
        details: { required_scope: "authority:write" },
      });
    }
    const mattersOnly = await org.key({ scopes: ["matters:*"] });
    expect(
      errorOf(await mattersOnly.get(`/v1/matters/${matterId}/authority`)).details.required_scope,
    ).toBe("authority:read");
  });
});

describe("authority over GraphQL", () => {
  it("grants, lists and revokes with the same rules and error codes", async () => {
    const matterId = await createMatter();
    const granted = await api.graphql(
      `mutation($m: ID!, $input: GrantAuthorityInput!) { grantAuthority(matterId: $m, input: $input) { id authorityId status basis sourceRefs { title } } }`,
      {
        m: matterId,
        input: {
          basis: "assignment",
          grantedBy: "Assignor LLC",
          sourceRefs: [{ title: "Assignment deed" }],
        },
      },
    );
    expect(granted.body.errors).toBeUndefined();
    const g = granted.body.data.grantAuthority;
    expect(g).toMatchObject({
      id: g.authorityId,
      status: "granted",
      basis: "assignment",
      sourceRefs: [{ title: "Assignment deed" }],
    });
    const read = await api.graphql(
      `query($m: ID!, $id: ID!) {
        matter(id: $m) { authorityStatus authorityGrants { edges { node { id } } } }
        authorityGrants(matterId: $m) { edges { node { id grantedBy } } }
        node(id: $id) { __typename ... on AuthorityGrant { basis } }
      }`,
      { m: matterId, id: g.id },
    );
    expect(read.body.data).toEqual({
      matter: { authorityStatus: "granted", authorityGrants: { edges: [{ node: { id: g.id } }] } },
      authorityGrants: { edges: [{ node: { id: g.id, grantedBy: "Assignor LLC" } }] },
      node: { __typename: "AuthorityGrant", basis: "assignment" },
    });
    const revoked = await api.graphql(
      `mutation($m: ID!, $id: ID!) { revokeAuthority(matterId: $m, authorityId: $id, input: { reason: "done" }) { status revokeReason } }`,
      { m: matterId, id: g.id },
    );
    expect(revoked.body.data.revokeAuthority).toEqual({ status: "revoked", revokeReason: "done" });
    const twice = await api.graphql(
      `mutation($m: ID!, $id: ID!) { revokeAuthority(matterId: $m, authorityId: $id) { status } }`,
      { m: matterId, id: g.id },
    );
    expect(twice.body.errors[0].extensions.code).toBe("invalid_state_transition");
    const empty = await api.graphql(
      `mutation($m: ID!) { grantAuthority(matterId: $m, input: { basis: statutory, grantedBy: "Statute", sourceRefs: [] }) { id } }`,
      { m: matterId },
    );
    expect(empty.body.errors[0].extensions).toMatchObject({
      code: "parameter_invalid",
      param: "input.sourceRefs",
    });
  });
});
