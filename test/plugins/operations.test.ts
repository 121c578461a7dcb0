import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOTSTRAP_SECRET, startTestApp, type TestApp } from "../helpers/app.js";
import { Client, errorOf } from "../helpers/http.js";
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

const create = (body: Record<string, unknown> = {}) =>
  api.post("/v1/operations", {
    type: "pig_butchering",
    intent: "trace and recover",
    posture: "active_investigation",
    ...body,
  });

describe("operations over REST", () => {
  it("creates an operation in state created with equal created_at and updated_at", async () => {
    const res = await create({
      title: "Case A",
      metadata: { ticket: "T-1", nested_key: { keepCase: true } },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: "pig_butchering",
      intent: "trace and recover",
      posture: "active_investigation",
      state: "created",
      title: "Case A",
      metadata: { ticket: "T-1", nested_key: { keepCase: true } },
    });
    expect(res.body.id).toMatch(/^op_[0-9a-z]{26}$/);
    expect(res.body.created_at).toBe(res.body.updated_at);
  });

  it("gets, patches and refuses writing state through PATCH", async () => {
    const op = (await create()).body;
    expect((await api.get(`/v1/operations/${op.id}`)).body.id).toBe(op.id);
    const patched = await api.patch(`/v1/operations/${op.id}`, {
      posture: "litigation_ready",
      title: "Renamed",
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      posture: "litigation_ready",
      title: "Renamed",
      state: "created",
    });
    expect(patched.body.updated_at >= op.updated_at).toBe(true);
    const state = await api.patch(`/v1/operations/${op.id}`, { state: "active" });
    expect(state.status).toBe(400);
    expect(errorOf(state)).toMatchObject({ code: "unknown_parameter", param: "state" });
    const missing = await api.get("/v1/operations/op_01h00000000000000000000000");
    expect(missing.status).toBe(404);
    expect(errorOf(missing).code).toBe("resource_missing");
  });

  it("walks the lifecycle, recording initiator, proof, reason and time", async () => {
    const op = (await create()).body;
    const steps: Array<[string, string[]?]> = [
      ["intake"],
      ["triaged"],
      ["verified", ["doc_1"]],
      ["active"],
      ["escalated"],
      ["resolution_pending"],
      ["resolved", ["doc_2"]],
      ["closed"],
      ["archived"],
    ];
    for (const [to, proof] of steps) {
      const res = await api.post(`/v1/operations/${op.id}/transitions`, {
        to,
        reason: `to ${to}`,
        ...(proof ? { proof } : {}),
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.state).toBe(to);
    }
    const history = await api.get(`/v1/operations/${op.id}/transitions?limit=100`);
    expect(history.body.items).toHaveLength(steps.length);
    const newest = history.body.items[0];
    expect(newest).toMatchObject({
      from: "closed",
      to: "archived",
      reason: "to archived",
      proof: [],
      initiated_by: api.secret ? expect.stringMatching(/^key_/) : "",
    });
    expect(newest.transition_id).toMatch(/^opt_/);
    expect(history.body.items.find((t: any) => t.to === "verified").proof).toEqual(["doc_1"]);
  });

  it("refuses a move the state machine does not allow with 409 and the allowed targets", async () => {
    const op = (await create()).body;
    const res = await api.post(`/v1/operations/${op.id}/transitions`, {
      to: "resolved",
      proof: ["p"],
    });
    expect(res.status).toBe(409);
    expect(errorOf(res)).toMatchObject({
      type: "conflict_error",
      code: "invalid_state_transition",
    });
    expect(errorOf(res).details.allowed).toEqual(["intake", "archived"]);
    const archived = await api.post(`/v1/operations/${op.id}/transitions`, { to: "archived" });
    expect(archived.status).toBe(200);
    const none = await api.post(`/v1/operations/${op.id}/transitions`, { to: "active" });
    expect(errorOf(none).details.allowed).toEqual([]);
  });

  it("requires proof for verified, resolved and reopening (422 proof_required)", async () => {
    const op = (await create({ posture: "emergency" })).body;
    await api.post(`/v1/operations/${op.id}/transitions`, { to: "intake" });
    await api.post(`/v1/operations/${op.id}/transitions`, { to: "triaged" });
    const noProof = await api.post(`/v1/operations/${op.id}/transitions`, { to: "verified" });
    expect(noProof.status).toBe(422);
    expect(errorOf(noProof)).toMatchObject({ code: "proof_required", param: "proof" });
    const emptyProof = await api.post(`/v1/operations/${op.id}/transitions`, {
      to: "verified",
      proof: [],
    });
    expect(emptyProof.status).toBe(422);
    await api.post(`/v1/operations/${op.id}/transitions`, { to: "active" });
    await api.post(`/v1/operations/${op.id}/transitions`, { to: "closed" });
    const reopen = await api.post(`/v1/operations/${op.id}/transitions`, { to: "active" });
    expect(errorOf(reopen).code).toBe("proof_required");
    expect(
      (
        await api.post(`/v1/operations/${op.id}/transitions`, {
          to: "active",
          proof: ["court_order_7"],
        })
      ).status,
    ).toBe(200);
  });

  it("lets an emergency operation jump from created straight to active, and no other posture", async () => {
    const emergency = (await create({ posture: "emergency" })).body;
    expect(
      (await api.post(`/v1/operations/${emergency.id}/transitions`, { to: "active" })).status,
    ).toBe(200);
    const normal = (await create({ posture: "monitoring" })).body;
    expect(
      (await api.post(`/v1/operations/${normal.id}/transitions`, { to: "active" })).status,
    ).toBe(409);
  });

  it("validates the transition body", async () => {
    const op = (await create()).body;
    expect(errorOf(await api.post(`/v1/operations/${op.id}/transitions`, {}))).toMatchObject({
      code: "parameter_missing",
      param: "to",
    });
    expect(
      errorOf(await api.post(`/v1/operations/${op.id}/transitions`, { to: "limbo" })),
    ).toMatchObject({ code: "parameter_invalid", param: "to" });
    expect(
      errorOf(
        await api.post(`/v1/operations/${op.id}/transitions`, { to: "intake", proof: ["a", 2] }),
      ),
    ).toMatchObject({ code: "parameter_invalid", param: "proof[1]" });
  });

  it("lists with state and type filters", async () => {
    const fresh = await new Seed(app).org();
    const c = fresh.admin;
    const a = (
      await c.post("/v1/operations", { type: "cyber_incident", intent: "i", posture: "monitoring" })
    ).body;
    const b = (
      await c.post("/v1/operations", {
        type: "victim_recovery",
        intent: "i",
        posture: "monitoring",
      })
    ).body;
    await c.post(`/v1/operations/${b.id}/transitions`, { to: "intake" });
    expect(
      (await c.get("/v1/operations?type=cyber_incident")).body.items.map((o: any) => o.id),
    ).toEqual([a.id]);
    expect((await c.get("/v1/operations?state=intake")).body.items.map((o: any) => o.id)).toEqual([
      b.id,
    ]);
    expect((await c.get("/v1/operations")).body.items.map((o: any) => o.id)).toEqual([b.id, a.id]);
    expect(errorOf(await c.get("/v1/operations?state=limbo"))).toMatchObject({
      code: "parameter_invalid",
      param: "state",
    });
    expect(errorOf(await c.get("/v1/operations?color=red"))).toMatchObject({
      code: "unknown_parameter",
      param: "color",
    });
  });
});

describe("operations over GraphQL", () => {
  it("creates, moves and reads an operation with the same rules and error codes", async () => {
    const created = await api.graphql(
      `mutation($input: CreateOperationInput!) { createOperation(input: $input) { id state type } }`,
      { input: { type: "cyber_incident", intent: "contain", posture: "emergency" } },
    );
    expect(created.body.errors).toBeUndefined();
    const id = created.body.data.createOperation.id;
    const moved = await api.graphql(
      `mutation($id: ID!) { transitionOperation(id: $id, input: { to: active, reason: "urgent" }) { state } }`,
      { id },
    );
    expect(moved.body.data.transitionOperation.state).toBe("active");
    const refused = await api.graphql(
      `mutation($id: ID!) { transitionOperation(id: $id, input: { to: verified }) { state } }`,
      { id },
    );
    expect(refused.body.errors[0].extensions).toMatchObject({
      code: "invalid_state_transition",
      details: { allowed: expect.any(Array) },
    });
    const read = await api.graphql(
      `query($id: ID!) { operation(id: $id) { id state } operationTransitions(id: $id) { edges { node { from to reason initiatedBy } } } }`,
      { id },
    );
    expect(read.body.data.operationTransitions.edges[0].node).toMatchObject({
      from: "created",
      to: "active",
      reason: "urgent",
    });
    const node = await api.graphql(
      `query($id: ID!) { node(id: $id) { __typename id ... on Operation { state } } }`,
      { id },
    );
    expect(node.body.data.node).toEqual({ __typename: "Operation", id, state: "active" });
  });

  it("keeps another tenant's operation out of node(), nodes() and operation()", async () => {
    const mine = (await create()).body;
    const other = await new Seed(app).org();
    const res = await other.admin.graphql(
      `query($id: ID!) { node(id: $id) { id } nodes(ids: [$id]) { id } }`,
      { id: mine.id },
    );
    expect(res.body.data).toEqual({ node: null, nodes: [null] });
    const direct = await other.admin.graphql(`query($id: ID!) { operation(id: $id) { id } }`, {
      id: mine.id,
    });
    expect(direct.body.errors[0].extensions.code).toBe("resource_missing");
  });

  it("enforces scopes on GraphQL fields with insufficient_scope", async () => {
    const reader = await org.key({ scopes: ["operations:read"] });
    const res = await reader.graphql(
      `mutation { createOperation(input: { type: cyber_incident, intent: "x", posture: monitoring }) { id } }`,
    );
    expect(res.body.errors[0].extensions).toMatchObject({
      code: "insufficient_scope",
      details: { required_scope: "operations:write" },
    });
  });
});

describe("isolation", () => {
  it("hides operations across organizations and across environments as 404", async () => {
    const root = new Client(app, BOOTSTRAP_SECRET);
    const tenant = await new Seed(app).org({ features: ["live_access"] });
    const live = await tenant.key({ environment: "live" });
    const sandboxOp = (
      await tenant.admin.post("/v1/operations", {
        type: "asset_recovery",
        intent: "i",
        posture: "monitoring",
      })
    ).body;
    const liveOp = (
      await live.post("/v1/operations", {
        type: "asset_recovery",
        intent: "i",
        posture: "monitoring",
      })
    ).body;
    expect((await live.get(`/v1/operations/${sandboxOp.id}`)).status).toBe(404);
    expect((await tenant.admin.get(`/v1/operations/${liveOp.id}`)).status).toBe(404);
    expect((await live.get("/v1/operations")).body.items.map((o: any) => o.id)).toEqual([
      liveOp.id,
    ]);
    expect((await root.get(`/v1/operations/${sandboxOp.id}`)).status).toBe(404);
    expect((await root.patch(`/v1/operations/${sandboxOp.id}`, { title: "x" })).status).toBe(404);
    expect(
      (await root.post(`/v1/operations/${sandboxOp.id}/transitions`, { to: "intake" })).status,
    ).toBe(404);
    expect((await root.get(`/v1/operations/${sandboxOp.id}/transitions`)).status).toBe(404);
  });
});

describe("operations linked to matters", () => {
  it("links an operation to a matter, filters by it and shows it on the matter in GraphQL", async () => {
    const matterId = (await api.post("/v1/matters", { name: "Linked" })).body.matter_id;
    const linked = await create({ matter_id: matterId });
    expect(linked.status, linked.text).toBe(201);
    expect(linked.body.matter_id).toBe(matterId);
    const loose = (await create()).body;
    expect(loose.matter_id).toBeNull();
    const filtered = await api.get(`/v1/operations?matter_id=${matterId}`);
    expect(filtered.body.items.map((o: any) => o.id)).toEqual([linked.body.id]);
    const page = await api.graphql(
      `query($id: ID!) { matter(id: $id) { operations { edges { node { id matterId } } } } }`,
      { id: matterId },
    );
    expect(page.body.data.matter.operations.edges).toEqual([
      { node: { id: linked.body.id, matterId } },
    ]);
    const moved = await api.patch(`/v1/operations/${loose.id}`, { matter_id: matterId });
    expect(moved.body.matter_id).toBe(matterId);
    const unlinked = await api.patch(`/v1/operations/${loose.id}`, { matter_id: null });
    expect(unlinked.body.matter_id).toBeNull();
  });

  it("refuses a matter out of reach (404) or closed (409 matter_closed)", async () => {
    expect((await create({ matter_id: "mat_01h00000000000000000000000" })).status).toBe(404);
    const other = await new Seed(app).org();
    const theirs = (await other.admin.post("/v1/matters", { name: "Theirs" })).body.matter_id;
    expect((await create({ matter_id: theirs })).status).toBe(404);
    const closed = (await api.post("/v1/matters", { name: "Closed" })).body.matter_id;
    await api.post(`/v1/matters/${closed}/close`, { reason: "paid" });
    const res = await create({ matter_id: closed });
    expect(res.status).toBe(409);
    expect(errorOf(res).code).toBe("matter_closed");
  });

  it("limits a matter-limited key to operations of its matters, and makes it link new ones", async () => {
    const mine = (await api.post("/v1/matters", { name: "Mine" })).body.matter_id;
    const elsewhere = (await api.post("/v1/matters", { name: "Elsewhere" })).body.matter_id;
    const hidden = (await create({ matter_id: elsewhere })).body;
    const unlinked = (await create()).body;
    const limited = await org.key({ scopes: ["operations:*"], matter_ids: [mine] });
    expect((await limited.get(`/v1/operations/${hidden.id}`)).status).toBe(404);
    expect((await limited.get(`/v1/operations/${unlinked.id}`)).status).toBe(404);
    const missingMatter = await limited.post("/v1/operations", {
      type: "asset_recovery",
      intent: "i",
      posture: "monitoring",
    });
    expect(errorOf(missingMatter)).toMatchObject({ code: "parameter_missing", param: "matter_id" });
    const own = await limited.post("/v1/operations", {
      type: "asset_recovery",
      intent: "i",
      posture: "monitoring",
      matter_id: mine,
    });
    expect(own.status).toBe(201);
    expect(
      (await limited.get("/v1/operations?limit=100")).body.items.map((o: any) => o.id),
    ).toEqual([own.body.id]);
    expect(
      (
        await limited.post("/v1/operations", {
          type: "asset_recovery",
          intent: "i",
          posture: "monitoring",
          matter_id: elsewhere,
        })
      ).status,
    ).toBe(404);
  });
});
