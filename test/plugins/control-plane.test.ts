import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOTSTRAP_SECRET, startTestApp, type TestApp } from "../helpers/app.js";
import { Client, errorOf } from "../helpers/http.js";
import { Seed } from "../helpers/seed.js";

let app: TestApp;
let seed: Seed;
let root: Client;

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  root = new Client(app, BOOTSTRAP_SECRET);
});
afterAll(() => app.dispose());

describe("organizations", () => {
  it("creates an organization as the provider and returns it with 201", async () => {
    const res = await root.post("/v1/organizations", {
      name: "Acme Recovery",
      type: "recovery_operator",
      retention_policy: "7y",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Acme Recovery",
      type: "recovery_operator",
      retention_policy: "7y",
      features: [],
    });
    expect(res.body.organization_id).toMatch(/^org_[0-9a-z]{26}$/);
    expect(res.body.created_at).toMatch(/Z$/);
    const got = await root.get(`/v1/organizations/${res.body.organization_id}`);
    expect(got.body.organization_id).toBe(res.body.organization_id);
  });

  it("refuses organization creation by a tenant that is not provider_internal", async () => {
    const org = await seed.org();
    const res = await org.admin.post("/v1/organizations", { name: "Nope", type: "counsel" });
    expect(res.status).toBe(403);
    expect(errorOf(res).code).toBe("insufficient_scope");
  });

  it("shows a tenant only itself and hides other organizations as 404", async () => {
    const a = await seed.org();
    const b = await seed.org();
    const list = await a.admin.get("/v1/organizations");
    expect(list.body.items.map((o: any) => o.organization_id)).toEqual([a.id]);
    const other = await a.admin.get(`/v1/organizations/${b.id}`);
    expect(other.status).toBe(404);
    expect(errorOf(other).code).toBe("resource_missing");
    const providerView = await root.get("/v1/organizations?limit=100");
    expect(providerView.body.items.map((o: any) => o.organization_id)).toEqual(
      expect.arrayContaining([a.id, b.id]),
    );
  });

  it("lets a tenant rename itself but not change its features", async () => {
    const org = await seed.org();
    const renamed = await org.admin.patch(`/v1/organizations/${org.id}`, { name: "Renamed" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("Renamed");
    const features = await org.admin.patch(`/v1/organizations/${org.id}`, {
      features: ["live_access"],
    });
    expect(features.status).toBe(403);
  });

  it("validates organization bodies", async () => {
    expect(errorOf(await root.post("/v1/organizations", { type: "counsel" }))).toMatchObject({
      code: "parameter_missing",
      param: "name",
    });
    expect(
      errorOf(await root.post("/v1/organizations", { name: "x", type: "pirate" })),
    ).toMatchObject({ code: "parameter_invalid", param: "type" });
    expect(
      errorOf(
        await root.post("/v1/organizations", { name: "x", type: "counsel", features: ["warp"] }),
      ),
    ).toMatchObject({ code: "parameter_invalid", param: "features[0]" });
    expect(
      errorOf(await root.post("/v1/organizations", { name: "x", type: "counsel", owner: "me" })),
    ).toMatchObject({ code: "unknown_parameter", param: "owner" });
  });
});

describe("API keys", () => {
  it("issues a key whose secret is shown once and never listed", async () => {
    const org = await seed.org();
    const res = await org.admin.post(`/v1/organizations/${org.id}/api-keys`, {
      name: "ci",
      scopes: ["operations:read"],
      environment: "sandbox",
    });
    expect(res.status).toBe(201);
    expect(res.body.secret_once).toMatch(/^md_test_[0-9A-Za-z]{32,}$/);
    expect(res.body).toMatchObject({
      environment: "sandbox",
      scopes: ["operations:read"],
      status: "active",
    });
    const list = await org.admin.get(`/v1/organizations/${org.id}/api-keys`);
    const item = list.body.items.find((k: any) => k.key_id === res.body.key_id);
    expect(item).toMatchObject({
      name: "ci",
      environment: "sandbox",
      status: "active",
      last4: res.body.secret_once.slice(-4),
      matter_ids: [],
    });
    expect(item.created_at).toBeDefined();
    expect(list.text).not.toContain(res.body.secret_once);
    expect(Object.keys(item)).not.toContain("secret_once");
  });

  it("needs live_access for a live key (403 onboarding_required) and issues md_live_ keys once granted", async () => {
    const org = await seed.org();
    const refused = await org.admin.post(`/v1/organizations/${org.id}/api-keys`, {
      scopes: ["*"],
      environment: "live",
    });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe("onboarding_required");
    const granted = await root.patch(`/v1/organizations/${org.id}`, { features: ["live_access"] });
    expect(granted.body.features).toEqual(["live_access"]);
    const live = await org.admin.post(`/v1/organizations/${org.id}/api-keys`, {
      scopes: ["*"],
      environment: "live",
    });
    expect(live.status).toBe(201);
    expect(live.body.secret_once).toMatch(/^md_live_/);
  });

  it("refuses an expiry in the past and malformed matter ids", async () => {
    const org = await seed.org();
    const past = await org.admin.post(`/v1/organizations/${org.id}/api-keys`, {
      scopes: ["*"],
      expires_at: "2020-01-01T00:00:00.000Z",
    });
    expect(errorOf(past)).toMatchObject({ code: "parameter_invalid", param: "expires_at" });
    const notDate = await org.admin.post(`/v1/organizations/${org.id}/api-keys`, {
      scopes: ["*"],
      expires_at: "tomorrow",
    });
    expect(errorOf(notDate)).toMatchObject({ code: "parameter_invalid", param: "expires_at" });
    const badMatter = await org.admin.post(`/v1/organizations/${org.id}/api-keys`, {
      scopes: ["*"],
      matter_ids: ["nope"],
    });
    expect(errorOf(badMatter)).toMatchObject({ code: "parameter_invalid", param: "matter_ids[0]" });
  });

  it("lets the provider issue the first key of an organization it created, but not a tenant for another", async () => {
    const a = await seed.org();
    const b = await seed.org();
    const cross = await a.admin.post(`/v1/organizations/${b.id}/api-keys`, { scopes: ["*"] });
    expect(cross.status).toBe(404);
    const revokeCross = await a.admin.post(
      `/v1/organizations/${b.id}/api-keys/${"key_01h0000000000000000000000"}/revoke`,
      {},
    );
    expect(revokeCross.status).toBe(404);
  });
});

describe("users", () => {
  it("invites users with roles and lists them", async () => {
    const org = await seed.org();
    const res = await org.admin.post(`/v1/organizations/${org.id}/users`, {
      email: "Counsel@Example.com",
      name: "C. Counsel",
      roles: ["counsel"],
      matter_ids: [],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: "counsel@example.com",
      name: "C. Counsel",
      roles: ["counsel"],
      matter_ids: [],
    });
    expect(res.body.user_id).toMatch(/^usr_/);
    const list = await org.admin.get(`/v1/organizations/${org.id}/users`);
    expect(list.body.items.map((u: any) => u.user_id)).toContain(res.body.user_id);
    const dup = await org.admin.post(`/v1/organizations/${org.id}/users`, {
      email: "counsel@example.com",
      roles: ["viewer"],
    });
    expect(errorOf(dup)).toMatchObject({ code: "parameter_invalid", param: "email" });
    const badRole = await org.admin.post(`/v1/organizations/${org.id}/users`, {
      email: "x@example.com",
      roles: ["wizard"],
    });
    expect(errorOf(badRole)).toMatchObject({ code: "parameter_invalid", param: "roles[0]" });
  });
});

describe("health and capabilities", () => {
  it("reports health with version and environment", async () => {
    const res = await root.get("/v1/health");
    expect(res.body).toMatchObject({
      status: "ok",
      version: expect.any(String),
      environment: "sandbox",
      database: "ok",
    });
    expect(res.body.timestamp).toMatch(/Z$/);
  });

  it("reports real modules, environments, feature flags and access posture", async () => {
    const org = await seed.org();
    const key = await org.key({
      scopes: ["capabilities:read", "operations:read"],
      matter_ids: ["mat_01h00000000000000000000000"],
    });
    const res = await key.get("/v1/capabilities");
    expect(res.status).toBe(200);
    expect(res.body.modules).toEqual(
      expect.arrayContaining(["core", "control-plane", "operations"]),
    );
    expect(res.body.capabilities).toContain("operations");
    expect(res.body.environments).toEqual(["sandbox"]);
    expect(res.body.feature_flags).toEqual([]);
    expect(res.body.access_posture).toMatchObject({
      organization_id: org.id,
      scopes: ["capabilities:read", "operations:read"],
      matter_limited: true,
      live_access: false,
    });
  });
});
