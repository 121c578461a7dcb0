import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../src/ids.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
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
const CLAIMANT = { name: "Jane Victim", role: "victim" };

async function createMatter(client: Client = api) {
  const res = await client.post("/v1/matters", { name: "Acme v. Doe" });
  expect(res.status, res.text).toBe(201);
  return res.body.matter_id as string;
}

async function createClaimant(
  matterId: string,
  body: Record<string, unknown> = {},
  client: Client = api,
) {
  const res = await client.post(`/v1/matters/${matterId}/claimants`, { ...CLAIMANT, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const auditOf = (res: ApiResponse) =>
  app.db.root.auditEvent.findMany({ where: { requestId: res.body.audit_ref } });

describe("creating claimants", () => {
  it("adds a claimant and answers 201 with the whole Claimant", async () => {
    const matterId = await createMatter();
    const source = {
      source_id: "kyc_1",
      source_type: "kyc_record",
      title: "KYC",
      chain_of_custody_id: "coc_9",
    };
    const res = await api.post(`/v1/matters/${matterId}/claimants`, {
      name: "Acme Corp",
      role: "creditor",
      economics: { share_percentage: 62.5 },
      source_refs: [source],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      claimant_id: expect.stringMatching(/^clm_[0-9a-z]{26}$/),
      matter_id: matterId,
      name: "Acme Corp",
      role: "creditor",
      economics: { share_percentage: 62.5 },
      source_refs: [{ ...source, uri: null, hash: null, admissibility_notes: null }],
      review_state: {
        review_required: false,
        review_status: "not_required",
        review_owner: null,
        review_notes: null,
      },
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
      audit_ref: res.headers.get("md-request-id"),
    });
    const audit = await auditOf(res);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      eventType: "claimant.created",
      objectId: res.body.claimant_id,
      matterId,
    });
  });

  it("names each missing required field and refuses wrong types, bad roles and bad shares", async () => {
    const matterId = await createMatter();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ role: "victim" }, "parameter_missing", "name"],
      [{ name: "X" }, "parameter_missing", "role"],
      [{ name: 1, role: "victim" }, "parameter_invalid", "name"],
      [{ name: "", role: "victim" }, "parameter_invalid", "name"],
      [{ name: "X", role: "bystander" }, "parameter_invalid", "role"],
      [{ name: "X", role: "victim", economics: 5 }, "parameter_invalid", "economics"],
      [
        { name: "X", role: "victim", economics: { notes: "x" } },
        "unknown_parameter",
        "economics.notes",
      ],
      [
        { name: "X", role: "victim", economics: { share_percentage: 100.5 } },
        "parameter_invalid",
        "economics.share_percentage",
      ],
      [
        { name: "X", role: "victim", economics: { share_percentage: -1 } },
        "parameter_invalid",
        "economics.share_percentage",
      ],
      [
        { name: "X", role: "victim", economics: { share_percentage: "50" } },
        "parameter_invalid",
        "economics.share_percentage",
      ],
      [
        { name: "X", role: "victim", source_refs: [{ title: "ok" }, 3] },
        "parameter_invalid",
        "source_refs[1]",
      ],
      [{ name: "X", role: "victim", matter_id: matterId }, "unknown_parameter", "matter_id"],
      [{ name: "X", role: "victim", review_state: {} }, "unknown_parameter", "review_state"],
    ];
    for (const [body, code, param] of cases) {
      const res = await api.post(`/v1/matters/${matterId}/claimants`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res), JSON.stringify(body)).toMatchObject({ code, param });
    }
    expect((await api.get(`/v1/matters/${matterId}/claimants`)).body.items).toEqual([]);
    await createClaimant(matterId, { economics: { share_percentage: 0 } });
    await createClaimant(matterId, { economics: { share_percentage: 100 } });
  });
});

describe("reading and updating claimants", () => {
  it("gets one claimant and lists a matter's claimants newest first, with a role filter", async () => {
    const matterId = await createMatter();
    const a = await createClaimant(matterId, { role: "creditor" });
    const b = await createClaimant(matterId, { name: "Co", role: "co_claimant" });
    await createClaimant(await createMatter());
    const one = await api.get(`/v1/claimants/${a.claimant_id}`);
    expect(one.body).toEqual({ ...a, audit_ref: one.body.audit_ref });
    const list = await api.get(`/v1/matters/${matterId}/claimants`);
    expect(list.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(list.body.items.map((c: any) => c.claimant_id)).toEqual([b.claimant_id, a.claimant_id]);
    expect(
      (await api.get(`/v1/matters/${matterId}/claimants?role=creditor`)).body.items.map(
        (c: any) => c.claimant_id,
      ),
    ).toEqual([a.claimant_id]);
    const missing = await api.get(`/v1/claimants/${newId("claimant")}`);
    expect(missing.status).toBe(404);
    expect(errorOf(missing)).toMatchObject({ code: "resource_missing", param: "claimant_id" });
    expect(errorOf(await api.get(`/v1/matters/${matterId}/claimants?limit=0`))).toMatchObject({
      code: "parameter_invalid",
      param: "limit",
    });
  });

  it("patches name, economics and review state, merging review fields, and audits it", async () => {
    const matterId = await createMatter();
    const c = await createClaimant(matterId, { economics: { share_percentage: 50 } });
    const res = await api.patch(`/v1/claimants/${c.claimant_id}`, {
      name: "Jane Q. Victim",
      economics: { share_percentage: 40 },
      review_state: { review_required: true, review_status: "pending", review_owner: "counsel_1" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      name: "Jane Q. Victim",
      role: "victim",
      economics: { share_percentage: 40 },
      review_state: {
        review_required: true,
        review_status: "pending",
        review_owner: "counsel_1",
        review_notes: null,
      },
    });
    const more = await api.patch(`/v1/claimants/${c.claimant_id}`, {
      review_state: { review_notes: "ID verified" },
    });
    expect(more.body.review_state).toEqual({
      review_required: true,
      review_status: "pending",
      review_owner: "counsel_1",
      review_notes: "ID verified",
    });
    expect((await auditOf(more))[0]).toMatchObject({
      eventType: "claimant.updated",
      objectId: c.claimant_id,
      matterId,
    });
  });

  it("refuses unknown fields, nulls and bad shares on PATCH", async () => {
    const c = await createClaimant(await createMatter());
    const path = `/v1/claimants/${c.claimant_id}`;
    expect(errorOf(await api.patch(path, { role: "creditor" }))).toMatchObject({
      code: "unknown_parameter",
      param: "role",
    });
    expect(errorOf(await api.patch(path, { name: null }))).toMatchObject({
      code: "parameter_invalid",
      param: "name",
    });
    expect(errorOf(await api.patch(path, { review_state: null }))).toMatchObject({
      code: "parameter_invalid",
      param: "review_state",
    });
    expect(
      errorOf(await api.patch(path, { review_state: { review_required: "yes" } })),
    ).toMatchObject({ code: "parameter_invalid", param: "review_state.review_required" });
    expect(errorOf(await api.patch(path, { economics: { share_percentage: 101 } }))).toMatchObject({
      param: "economics.share_percentage",
    });
    expect((await api.get(path)).body.name).toBe("Jane Victim");
  });
});

describe("claimants under a closed matter", () => {
  it("refuses creating and updating with 409 matter_closed and writes nothing", async () => {
    const matterId = await createMatter();
    const c = await createClaimant(matterId);
    await api.post(`/v1/matters/${matterId}/close`, { reason: "exhausted" });
    const create = await api.post(`/v1/matters/${matterId}/claimants`, CLAIMANT);
    expect(create.status).toBe(409);
    expect(errorOf(create)).toMatchObject({
      type: "conflict_error",
      code: "matter_closed",
      param: "matter_id",
    });
    const patch = await api.patch(`/v1/claimants/${c.claimant_id}`, { name: "Later" });
    expect(patch.status).toBe(409);
    expect(errorOf(patch).code).toBe("matter_closed");
    expect(
      await app.db.root.auditEvent.count({
        where: { requestId: { in: [create.body.audit_ref, patch.body.audit_ref] } },
      }),
    ).toBe(0);
    expect((await api.get(`/v1/matters/${matterId}/claimants`)).body.items).toHaveLength(1);
  });
});

describe("claimant isolation and permissions", () => {
  it("hides claimants of another tenant, environment or non-permitted matter as 404", async () => {
    const { owner: tenant, matterId, outsiders } = await new Seed(app).foreignMatter(org.admin);
    const c = await createClaimant(matterId, {}, tenant.admin);
    for (const client of outsiders) {
      for (const res of [
        await client.get(`/v1/claimants/${c.claimant_id}`),
        await client.patch(`/v1/claimants/${c.claimant_id}`, { name: "x" }),
        await client.get(`/v1/matters/${matterId}/claimants`),
        await client.post(`/v1/matters/${matterId}/claimants`, CLAIMANT),
      ]) {
        expect(res.status, res.text).toBe(404);
      }
      const gql = await client.graphql(
        `query($id: ID!) { node(id: $id) { id } claimant(id: $id) { id } }`,
        { id: c.claimant_id },
      );
      expect(gql.body.data?.node ?? null).toBeNull();
      expect(gql.body.errors[0].extensions.code).toBe("resource_missing");
    }
    expect((await tenant.admin.get(`/v1/claimants/${c.claimant_id}`)).body.name).toBe(
      "Jane Victim",
    );
  });

  it("lets a viewer read claimants but not write them", async () => {
    const matterId = await createMatter();
    const c = await createClaimant(matterId);
    const user = await api.post(`/v1/organizations/${org.id}/users`, {
      email: `viewer-${newId("request")}@example.com`,
      roles: ["viewer"],
    });
    const viewer = await org.key({ scopes: ["*"], user_id: user.body.user_id });
    expect((await viewer.get(`/v1/claimants/${c.claimant_id}`)).status).toBe(200);
    for (const res of [
      await viewer.post(`/v1/matters/${matterId}/claimants`, CLAIMANT),
      await viewer.patch(`/v1/claimants/${c.claimant_id}`, { name: "x" }),
    ]) {
      expect(res.status).toBe(403);
      expect(errorOf(res)).toMatchObject({
        code: "insufficient_scope",
        details: { required_scope: "claimants:write" },
      });
    }
  });
});

describe("claimants over GraphQL", () => {
  it("creates, updates and reads claimants with the same rules", async () => {
    const matterId = await createMatter();
    const created = await api.graphql(
      `mutation($m: ID!) { createClaimant(matterId: $m, input: { name: "Assignee Co", role: assignee, economics: { sharePercentage: 25 } }) { id claimantId role economics reviewState { reviewStatus } } }`,
      { m: matterId },
    );
    expect(created.body.errors).toBeUndefined();
    const c = created.body.data.createClaimant;
    expect(c).toEqual({
      id: c.claimantId,
      claimantId: expect.stringMatching(/^clm_/),
      role: "assignee",
      economics: { share_percentage: 25 },
      reviewState: { reviewStatus: "not_required" },
    });
    const updated = await api.graphql(
      `mutation($id: ID!) { updateClaimant(id: $id, input: { reviewState: { reviewRequired: true, reviewStatus: "approved" } }) { reviewState { reviewRequired reviewStatus } } }`,
      { id: c.id },
    );
    expect(updated.body.data.updateClaimant.reviewState).toEqual({
      reviewRequired: true,
      reviewStatus: "approved",
    });
    const read = await api.graphql(
      `query($m: ID!, $id: ID!) {
        claimant(id: $id) { name matterId }
        claimants(matterId: $m, role: assignee) { edges { node { id } } }
        matter(id: $m) { claimants(first: 1) { edges { node { id } } pageInfo { hasNextPage } } }
        node(id: $id) { __typename }
      }`,
      { m: matterId, id: c.id },
    );
    expect(read.body.data).toEqual({
      claimant: { name: "Assignee Co", matterId },
      claimants: { edges: [{ node: { id: c.id } }] },
      matter: { claimants: { edges: [{ node: { id: c.id } }], pageInfo: { hasNextPage: false } } },
      node: { __typename: "Claimant" },
    });
    const bad = await api.graphql(
      `mutation($m: ID!) { createClaimant(matterId: $m, input: { name: "X", role: other, economics: { sharePercentage: 500 } }) { id } }`,
      { m: matterId },
    );
    expect(bad.body.errors[0].extensions).toMatchObject({
      code: "parameter_invalid",
      param: "input.economics.sharePercentage",
    });
  });
});
