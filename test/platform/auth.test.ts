import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOTSTRAP_SECRET, startTestApp, type TestApp } from "../helpers/app.js";
import { Client, errorOf } from "../helpers/http.js";
import { Seed } from "../helpers/seed.js";

let app: TestApp;
let seed: Seed;

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
});
afterAll(() => app.dispose());

describe("authentication", () => {
  it("refuses a request without Authorization with 401 authentication_required", async () => {
    const res = await new Client(app, null).get("/v1/health");
    expect(res.status).toBe(401);
    expect(errorOf(res)).toMatchObject({
      type: "authentication_error",
      code: "authentication_required",
    });
  });

  it("refuses a malformed header and an unknown key with 401 invalid_api_key or authentication_required", async () => {
    const basic = await new Client(app, null).get("/v1/health", {
      headers: { Authorization: "Basic abc" },
    });
    expect(errorOf(basic).code).toBe("authentication_required");
    const unknown = await new Client(app, `md_test_${"x".repeat(40)}`).get("/v1/health");
    expect(unknown.status).toBe(401);
    expect(errorOf(unknown).code).toBe("invalid_api_key");
    const garbage = await new Client(app, "sk_nope").get("/v1/health");
    expect(errorOf(garbage).code).toBe("invalid_api_key");
  });

  it("refuses a revoked key with 401 api_key_revoked", async () => {
    const org = await seed.org();
    const key = await org.key({ scopes: ["health:read"] });
    expect((await key.get("/v1/health")).status).toBe(200);
    const revoked = await org.admin.post(
      `/v1/organizations/${org.id}/api-keys/${key.keyId}/revoke`,
      {},
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe("revoked");
    const res = await key.get("/v1/health");
    expect(res.status).toBe(401);
    expect(errorOf(res).code).toBe("api_key_revoked");
    const again = await org.admin.post(
      `/v1/organizations/${org.id}/api-keys/${key.keyId}/revoke`,
      {},
    );
    expect(again.status).toBe(409);
    expect(errorOf(again).code).toBe("invalid_state_transition");
  });

  it("refuses an expired key with 401 api_key_expired", async () => {
    const org = await seed.org();
    const key = await org.key({
      scopes: ["health:read"],
      expires_at: new Date(Date.now() + 1500).toISOString(),
    });
    expect((await key.get("/v1/health")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1700));
    const res = await key.get("/v1/health");
    expect(errorOf(res).code).toBe("api_key_expired");
    const list = await org.admin.get(`/v1/organizations/${org.id}/api-keys`);
    expect(list.body.items.find((k: any) => k.key_id === key.keyId).status).toBe("expired");
  });
});

describe("scopes", () => {
  it("answers 403 insufficient_scope naming the required scope", async () => {
    const org = await seed.org();
    const key = await org.key({ scopes: ["operations:read"] });
    const res = await key.post("/v1/operations", {
      type: "asset_recovery",
      intent: "x",
      posture: "monitoring",
    });
    expect(res.status).toBe(403);
    expect(errorOf(res)).toMatchObject({ type: "permission_error", code: "insufficient_scope" });
    expect(errorOf(res).details.required_scope).toBe("operations:write");
  });

  it("checks scope before validating the body", async () => {
    const org = await seed.org();
    const key = await org.key({ scopes: ["operations:read"] });
    const res = await key.post("/v1/operations", { bogus: 1 });
    expect(errorOf(res).code).toBe("insufficient_scope");
  });

  it("grants a whole family with family:* and everything with *", async () => {
    const org = await seed.org();
    const family = await org.key({ scopes: ["operations:*"] });
    const created = await family.post("/v1/operations", {
      type: "asset_recovery",
      intent: "x",
      posture: "monitoring",
    });
    expect(created.status).toBe(201);
    expect((await family.get("/v1/health")).status).toBe(403);
  });

  it("refuses unknown scope names on issue with 400 parameter_invalid", async () => {
    const org = await seed.org();
    const res = await org.admin.post(`/v1/organizations/${org.id}/api-keys`, {
      scopes: ["operations:read", "telepathy:write"],
    });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: "parameter_invalid", param: "scopes[1]" });
  });

  it("does not let a key grant scopes it does not hold", async () => {
    const org = await seed.org();
    const keyAdmin = await org.key({ scopes: ["keys:write", "operations:read"] });
    const res = await keyAdmin.post(`/v1/organizations/${org.id}/api-keys`, {
      scopes: ["operations:write"],
    });
    expect(res.status).toBe(403);
    expect(errorOf(res).code).toBe("insufficient_scope");
    const ok = await keyAdmin.post(`/v1/organizations/${org.id}/api-keys`, {
      scopes: ["operations:read"],
    });
    expect(ok.status).toBe(201);
  });

  it("limits a user-bound key to the scopes of the user's roles", async () => {
    const org = await seed.org();
    const invited = await org.admin.post(`/v1/organizations/${org.id}/users`, {
      email: `viewer${Date.now()}@example.com`,
      roles: ["viewer"],
    });
    expect(invited.status).toBe(201);
    const key = await org.key({ scopes: ["*"], user_id: invited.body.user_id });
    expect((await key.get("/v1/operations")).status).toBe(200);
    const write = await key.post("/v1/operations", {
      type: "asset_recovery",
      intent: "x",
      posture: "monitoring",
    });
    expect(errorOf(write).code).toBe("insufficient_scope");
  });

  it("records the bound user as the audit actor of its writes", async () => {
    const org = await seed.org();
    const invited = await org.admin.post(`/v1/organizations/${org.id}/users`, {
      email: `op${Date.now()}@example.com`,
      roles: ["admin"],
    });
    const key = await org.key({ scopes: ["*"], user_id: invited.body.user_id });
    const created = await key.post("/v1/operations", {
      type: "asset_recovery",
      intent: "x",
      posture: "monitoring",
    });
    const moved = await key.post(`/v1/operations/${created.body.id}/transitions`, { to: "intake" });
    expect(moved.status).toBe(200);
    const history = await key.get(`/v1/operations/${created.body.id}/transitions`);
    expect(history.body.items[0].initiated_by).toBe(invited.body.user_id);
  });
});

describe("bootstrap", () => {
  it("gives the first start a provider_internal organization and an admin key with the configured secret", async () => {
    const root = new Client(app, BOOTSTRAP_SECRET);
    const caps = await root.get("/v1/capabilities");
    expect(caps.status).toBe(200);
    expect(caps.body.access_posture).toMatchObject({
      organization_type: "provider_internal",
      scopes: ["*"],
      environment: "sandbox",
    });
    expect(app.bootstrap?.secret).toBe(BOOTSTRAP_SECRET);
  });
});

describe("endpoints without a body", () => {
  it("refuse body fields with unknown_parameter instead of ignoring them", async () => {
    const org = await seed.org();
    const key = await org.key({ scopes: ["health:read"] });
    const path = `/v1/organizations/${org.id}/api-keys/${key.keyId}/revoke`;
    const withField = await org.admin.post(path, { reason: "rotated" });
    expect(withField.status).toBe(400);
    expect(errorOf(withField)).toMatchObject({ code: "unknown_parameter", param: "reason" });
    expect((await key.get("/v1/health")).status).toBe(200);
    const notObject = await org.admin.post(path, undefined, {
      raw: "[1]",
      headers: { "Content-Type": "application/json" },
    });
    expect(errorOf(notObject).code).toBe("parameter_invalid");
    expect((await org.admin.call("POST", path)).status).toBe(200);
  });
});
