import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSecret, hashSecret } from "../../src/auth/secrets.js";
import { newId } from "../../src/ids.js";
import { verifySignature } from "../../src/webhooks/signature.js";
import { assertDeliverableUrl } from "../../src/webhooks/url-safety.js";
import { BOOTSTRAP_SECRET, startTestApp, type TestApp } from "../helpers/app.js";
import { Client, errorOf } from "../helpers/http.js";

let app: TestApp;
let api: Client;
let orgId: string;

beforeAll(async () => {
  app = await startTestApp();
  api = new Client(app, BOOTSTRAP_SECRET);
  orgId = app.bootstrap!.organization_id;
});
afterAll(async () => {
  await app?.dispose();
});

/** Test setup only: a key for another tenant, environment or scope set (no key-issuing route is needed). */
async function issueKey(
  opts: { scopes?: string[]; environment?: "sandbox" | "live"; organizationId?: string } = {},
) {
  const environment = opts.environment ?? "sandbox";
  let organizationId = opts.organizationId ?? orgId;
  if (opts.organizationId === "new") {
    organizationId = newId("organization");
    await app.db.root.organization.create({
      data: { id: organizationId, name: "Other", type: "counsel", features: [] },
    });
  }
  const secret = generateSecret(environment);
  await app.db.root.apiKey.create({
    data: {
      id: newId("apiKey"),
      organizationId,
      environment,
      secretHash: hashSecret(secret),
      last4: secret.slice(-4),
      scopes: opts.scopes ?? ["*"],
      matterIds: [],
    },
  });
  return api.as(secret);
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A real HTTP receiver on 127.0.0.1; `answer` picks the status (and may delay) per request number. */
async function startReceiver(answer: (n: number) => number | Promise<number> = () => 200) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      received.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      });
      res.statusCode = await answer(received.length);
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function createEndpoint(body: Record<string, unknown>, client = api) {
  const res = await client.post("/v1/webhook-endpoints", body);
  expect(res.status, res.text).toBe(201);
  return res.body as { webhook_endpoint_id: string; secret_once: string; [k: string]: unknown };
}

async function deliveries(id: string) {
  const res = await api.get(`/v1/webhook-endpoints/${id}/deliveries`);
  expect(res.status, res.text).toBe(200);
  return res.body.items as Array<Record<string, any>>;
}

describe("webhook endpoints over REST", () => {
  it("creates an endpoint with a one-time secret and an audit event", async () => {
    const res = await api.post("/v1/webhook-endpoints", {
      url: "http://localhost:9/hook",
      events: ["judgment.validated", "matter.closed", "judgment.validated"],
      description: "ops receiver",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      url: "http://localhost:9/hook",
      events: ["judgment.validated", "matter.closed"],
      description: "ops receiver",
      status: "enabled",
      audit_ref: res.headers.get("md-request-id"),
    });
    expect(res.body.webhook_endpoint_id).toMatch(/^whe_[0-9a-z]{26}$/);
    expect(res.body.secret_once).toMatch(/^whsec_[0-9A-Za-z]{32,}$/);
    expect(res.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(res.body).not.toHaveProperty("id");

    const audit = await app.db.root.auditEvent.findMany({
      where: { requestId: res.body.audit_ref },
    });
    expect(audit.map((a) => [a.eventType, a.objectId])).toEqual([
      ["webhook_endpoint.created", res.body.webhook_endpoint_id],
    ]);
  });

  it("never shows the secret after creation (get, list, disable, GraphQL type)", async () => {
    const created = await createEndpoint({ url: "http://localhost:9/a", events: ["*"] });
    const id = created.webhook_endpoint_id;

    const one = await api.get(`/v1/webhook-endpoints/${id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      webhook_endpoint_id: id,
      url: "http://localhost:9/a",
      events: ["*"],
      status: "enabled",
    });
    const list = await api.get("/v1/webhook-endpoints?limit=100");
    const disabled = await api.post(`/v1/webhook-endpoints/${id}/disable`);
    for (const res of [one, list, disabled]) {
      expect(res.text).not.toContain(created.secret_once);
      expect(res.text).not.toContain("secret");
    }
    const fields = await api.graphql(`{ __type(name: "WebhookEndpoint") { fields { name } } }`);
    expect(fields.body.data.__type.fields.map((f: { name: string }) => f.name).join()).not.toMatch(
      /secret/i,
    );
  });

  it("lists endpoints newest first in the §6 envelope, with filters and pagination", async () => {
    const a = await createEndpoint({ url: "http://localhost:9/l1", events: ["*"] });
    const b = await createEndpoint({ url: "http://localhost:9/l2", events: ["*"] });
    const page = await api.get("/v1/webhook-endpoints?limit=1");
    expect(page.status).toBe(200);
    expect(page.body.items.map((i: any) => i.webhook_endpoint_id)).toEqual([b.webhook_endpoint_id]);
    expect(page.body.has_more).toBe(true);
    const next = await api.get(`/v1/webhook-endpoints?limit=1&cursor=${page.body.next_cursor}`);
    expect(next.body.items[0].webhook_endpoint_id).toBe(a.webhook_endpoint_id);

    await api.post(`/v1/webhook-endpoints/${a.webhook_endpoint_id}/disable`);
    const disabled = await api.get("/v1/webhook-endpoints?status=disabled&limit=100");
    expect(disabled.body.items.every((i: any) => i.status === "disabled")).toBe(true);
    expect(disabled.body.items.map((i: any) => i.webhook_endpoint_id)).toContain(
      a.webhook_endpoint_id,
    );

    expect(errorOf(await api.get("/v1/webhook-endpoints?limit=0")).code).toBe("parameter_invalid");
    expect(errorOf(await api.get("/v1/webhook-endpoints?colour=red")).code).toBe(
      "unknown_parameter",
    );
  });

  it("disables an endpoint, harmlessly twice, with an audit event each time", async () => {
    const { webhook_endpoint_id: id } = await createEndpoint({
      url: "http://localhost:9/d",
      events: ["*"],
    });
    const res = await api.post(`/v1/webhook-endpoints/${id}/disable`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ webhook_endpoint_id: id, status: "disabled" });
    expect(res.body.disabled_at).toMatch(/Z$/);
    const again = await api.post(`/v1/webhook-endpoints/${id}/disable`);
    expect(again.status).toBe(200);
    expect(again.body.disabled_at).toBe(res.body.disabled_at);
    const audit = await app.db.root.auditEvent.findMany({
      where: { objectId: id, eventType: "webhook_endpoint.disabled" },
    });
    expect(audit).toHaveLength(2);
  });

  it("rejects invalid bodies with the §2 codes and creates nothing", async () => {
    const before = await app.db.root.webhookEndpoint.count();
    const cases: Array<[unknown, string, string]> = [
      [{ events: ["*"] }, "parameter_missing", "url"],
      [{ url: "http://localhost:9/x" }, "parameter_missing", "events"],
      [{ url: "http://localhost:9/x", events: [] }, "parameter_invalid", "events"],
      [
        { url: "http://localhost:9/x", events: ["*", "judgment.exploded"] },
        "parameter_invalid",
        "events[1]",
      ],
      [{ url: "http://localhost:9/x", events: [7] }, "parameter_invalid", "events[0]"],
      [{ url: "not a url", events: ["*"] }, "parameter_invalid", "url"],
      [{ url: "ftp://localhost/x", events: ["*"] }, "parameter_invalid", "url"],
      [
        { url: "http://localhost:9/x", events: ["*"], secret: "mine" },
        "unknown_parameter",
        "secret",
      ],
      [
        { url: "http://localhost:9/x", events: ["*"], status: "disabled" },
        "unknown_parameter",
        "status",
      ],
    ];
    for (const [body, code, param] of cases) {
      const res = await api.post("/v1/webhook-endpoints", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res), JSON.stringify(body)).toMatchObject({
        type: "invalid_request_error",
        code,
        param,
      });
    }
    expect(await app.db.root.webhookEndpoint.count()).toBe(before);
  });

  it("needs webhooks:write to create and webhooks:read to list", async () => {
    const reader = await issueKey({ scopes: ["webhooks:read"] });
    const denied = await reader.post("/v1/webhook-endpoints", {
      url: "http://localhost:9/s",
      events: ["*"],
    });
    expect(denied.status).toBe(403);
    expect(errorOf(denied)).toMatchObject({
      code: "insufficient_scope",
      details: { required_scope: "webhooks:write" },
    });
    expect((await reader.get("/v1/webhook-endpoints")).status).toBe(200);
    expect(errorOf(await reader.get("/v1/events")).code).toBe("insufficient_scope");
  });

  it("answers 404 for unknown ids and for other organizations' and environments' endpoints", async () => {
    const { webhook_endpoint_id: id } = await createEndpoint({
      url: "http://localhost:9/t",
      events: ["*"],
    });
    const ghost = newId("webhookEndpoint");
    for (const path of [
      `/v1/webhook-endpoints/${ghost}`,
      `/v1/webhook-endpoints/${ghost}/deliveries`,
      "/v1/webhook-endpoints/nonsense",
    ]) {
      const res = await api.get(path);
      expect(res.status, path).toBe(404);
      expect(errorOf(res).code).toBe("resource_missing");
    }
    const stranger = await issueKey({ organizationId: "new" });
    const live = await issueKey({ environment: "live" });
    for (const other of [stranger, live]) {
      expect(errorOf(await other.get(`/v1/webhook-endpoints/${id}`)).code).toBe("resource_missing");
      expect(errorOf(await other.get(`/v1/webhook-endpoints/${id}/deliveries`)).code).toBe(
        "resource_missing",
      );
      expect(errorOf(await other.post(`/v1/webhook-endpoints/${id}/disable`)).code).toBe(
        "resource_missing",
      );
      expect(errorOf(await other.post(`/v1/webhook-endpoints/${id}/test`)).code).toBe(
        "resource_missing",
      );
      const list = await other.get("/v1/webhook-endpoints?limit=100");
      expect(list.body.items.map((i: any) => i.webhook_endpoint_id)).not.toContain(id);
    }
    expect((await api.get(`/v1/webhook-endpoints/${id}`)).body.status).toBe("enabled");
  });

  it("replays a create with the same Idempotency-Key byte for byte and creates one endpoint", async () => {
    const body = { url: "http://localhost:9/idem", events: ["alert.created"] };
    const headers = { "Idempotency-Key": `idem-${Date.now()}` };
    const before = await app.db.root.webhookEndpoint.count();
    const first = await api.post("/v1/webhook-endpoints", body, { headers });
    const second = await api.post("/v1/webhook-endpoints", body, { headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(second.text).toBe(first.text);
    expect(await app.db.root.webhookEndpoint.count()).toBe(before + 1);
    const audits = await app.db.root.auditEvent.count({
      where: { objectId: first.body.webhook_endpoint_id },
    });
    expect(audits).toBe(1);
    const reused = await api.post(
      "/v1/webhook-endpoints",
      { ...body, description: "different" },
      { headers },
    );
    expect(reused.status).toBe(422);
    expect(errorOf(reused).code).toBe("idempotency_key_reused");
  });
});

describe("live URL rules", () => {
  it("assertDeliverableUrl requires https and public addresses in live", async () => {
    const refused = [
      "http://93.184.216.34/hook",
      "https://127.0.0.1/hook",
      "https://10.0.0.1/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hook",
      "https://localhost/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "https://user:pw@93.184.216.34/hook",
    ];
    for (const url of refused) {
      await expect(assertDeliverableUrl(url, "live"), url).rejects.toMatchObject({
        code: "parameter_invalid",
        param: "url",
      });
    }
    await expect(
      assertDeliverableUrl("https://93.184.216.34/hook", "live"),
    ).resolves.toBeInstanceOf(URL);
    await expect(
      assertDeliverableUrl("http://localhost:3000/hook", "sandbox"),
    ).resolves.toBeInstanceOf(URL);
  });

  it("a live key cannot register a local or plain-http receiver over the API", async () => {
    const live = await issueKey({ environment: "live" });
    for (const url of [
      "http://localhost:9/hook",
      "https://127.0.0.1/hook",
      "https://169.254.169.254/hook",
    ]) {
      const res = await live.post("/v1/webhook-endpoints", { url, events: ["*"] });
      expect(res.status, url).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: "parameter_invalid", param: "url" });
    }
    const ok = await live.post("/v1/webhook-endpoints", {
      url: "https://93.184.216.34/hook",
      events: ["matter.closed"],
    });
    expect(ok.status).toBe(201);
    expect((await api.get(`/v1/webhook-endpoints/${ok.body.webhook_endpoint_id}`)).status).toBe(
      404,
    );
  });
});

describe("deliveries to a real receiver", () => {
  it("delivers a signed test event only to its endpoint; the event is readable through /v1/events", async () => {
    const receiver = await startReceiver();
    const bystander = await startReceiver();
    try {
      const endpoint = await createEndpoint({ url: receiver.url, events: ["*"] });
      const other = await createEndpoint({ url: bystander.url, events: ["*"] });
      const sent = await api.post(`/v1/webhook-endpoints/${endpoint.webhook_endpoint_id}/test`);
      expect(sent.status, sent.text).toBe(201);
      expect(sent.body).toMatchObject({
        type: "webhook_endpoint.test",
        organization_id: orgId,
        environment: "sandbox",
        data: { webhook_endpoint_id: endpoint.webhook_endpoint_id },
      });
      const eventId = sent.body.event_id as string;
      expect(eventId).toMatch(/^evt_/);

      const [hit] = await waitFor(() => receiver.received.length > 0 && receiver.received);
      expect(hit!.headers["content-type"]).toBe("application/json");
      expect(hit!.headers["md-event-id"]).toBe(eventId);
      expect(hit!.headers["md-event-type"]).toBe("webhook_endpoint.test");
      const signature = String(hit!.headers["md-signature"]);
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifySignature(endpoint.secret_once, hit!.body, signature)).toBe(true);
      expect(verifySignature("whsec_wrong", hit!.body, signature)).toBe(false);
      expect(verifySignature(endpoint.secret_once, `${hit!.body} `, signature)).toBe(false);

      const { audit_ref: _, ...event } = (await api.get(`/v1/events/${eventId}`)).body;
      expect(JSON.parse(hit!.body)).toEqual(event);

      const [delivery] = await waitFor(async () => {
        const items = await deliveries(endpoint.webhook_endpoint_id);
        return items[0]?.status === "delivered" && items;
      });
      expect(delivery).toMatchObject({
        event_id: eventId,
        event_type: "webhook_endpoint.test",
        webhook_endpoint_id: endpoint.webhook_endpoint_id,
        status: "delivered",
        attempts: 1,
        last_response_status: 200,
        last_error: null,
        next_attempt_at: null,
      });
      expect(delivery!.delivery_id).toMatch(/^whd_/);
      expect(delivery!.delivered_at).toMatch(/Z$/);

      await new Promise((r) => setTimeout(r, 300));
      expect(bystander.received).toHaveLength(0);
      expect(await deliveries(other.webhook_endpoint_id)).toEqual([]);

      const listed = await api.get("/v1/events?type=webhook_endpoint.test&limit=100");
      expect(listed.body.items.map((e: any) => e.event_id)).toContain(eventId);
      expect(listed.body.items.every((e: any) => e.type === "webhook_endpoint.test")).toBe(true);
      const none = await api.get("/v1/events?type=judgment.validated");
      expect(none.body).toMatchObject({ items: [], has_more: false, next_cursor: null });
      const future = await api.get(
        `/v1/events?created_after=${new Date(Date.now() + 60_000).toISOString()}`,
      );
      expect(future.body.items).toEqual([]);
      const past = await api.get(
        `/v1/events?created_before=${new Date(Date.now() + 60_000).toISOString()}&limit=100`,
      );
      expect(past.body.items.map((e: any) => e.event_id)).toContain(eventId);
      expect(errorOf(await api.get(`/v1/events/${newId("event")}`)).code).toBe("resource_missing");
      expect(
        errorOf(await (await issueKey({ organizationId: "new" })).get(`/v1/events/${eventId}`))
          .code,
      ).toBe("resource_missing");
    } finally {
      await receiver.close();
      await bystander.close();
    }
  });

  it("retries after a 500 with backoff and records attempt 2 as delivered", async () => {
    const receiver = await startReceiver((n) => (n === 1 ? 500 : 200));
    try {
      const endpoint = await createEndpoint({ url: receiver.url, events: ["*"] });
      const sent = await api.post(`/v1/webhook-endpoints/${endpoint.webhook_endpoint_id}/test`);
      expect(sent.status).toBe(201);
      const [delivery] = await waitFor(async () => {
        const items = await deliveries(endpoint.webhook_endpoint_id);
        return items[0]?.status === "delivered" && items;
      });
      expect(delivery).toMatchObject({
        status: "delivered",
        attempts: 2,
        last_response_status: 200,
        last_error: null,
      });
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1]!.at - receiver.received[0]!.at).toBeGreaterThanOrEqual(150);
      for (const hit of receiver.received) {
        expect(hit.headers["md-event-id"]).toBe(sent.body.event_id);
        expect(
          verifySignature(endpoint.secret_once, hit.body, String(hit.headers["md-signature"])),
        ).toBe(true);
      }
    } finally {
      await receiver.close();
    }
  });

  it("a disabled endpoint gets no further attempts and no new deliveries", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // The first answer is held until the endpoint is disabled, so the retry is due only afterwards.
    const receiver = await startReceiver(async (n) => {
      if (n === 1) await held;
      return 500;
    });
    try {
      const endpoint = await createEndpoint({ url: receiver.url, events: ["*"] });
      const id = endpoint.webhook_endpoint_id;
      expect((await api.post(`/v1/webhook-endpoints/${id}/test`)).status).toBe(201);
      await waitFor(() => receiver.received.length === 1);

      const disabled = await api.post(`/v1/webhook-endpoints/${id}/disable`);
      expect(disabled.body.status).toBe("disabled");
      release();
      await new Promise((r) => setTimeout(r, 1200));
      expect(receiver.received).toHaveLength(1);
      const [delivery] = await waitFor(async () => {
        const items = await deliveries(id);
        return items[0]?.status === "cancelled" && items;
      });
      // The worker counts the pass that found the endpoint disabled as an attempt, though it sends nothing.
      expect(delivery).toMatchObject({
        next_attempt_at: null,
        last_error: "endpoint disabled",
        last_response_status: 500,
      });
      expect(receiver.received).toHaveLength(1);

      const refused = await api.post(`/v1/webhook-endpoints/${id}/test`);
      expect(refused.status).toBe(409);
      expect(errorOf(refused).code).toBe("invalid_state_transition");
      expect(await deliveries(id)).toHaveLength(1);
    } finally {
      release();
      await receiver.close();
    }
  });
});

describe("GraphQL face", () => {
  it("creates, reads, lists and disables endpoints and resolves them through node()", async () => {
    const created = await api.graphql(
      `mutation ($input: CreateWebhookEndpointInput!) {
         createWebhookEndpoint(input: $input) { webhookEndpointId url events status secretOnce createdAt }
       }`,
      {
        input: { url: "http://localhost:9/gql", events: ["authority.granted"], description: "gql" },
      },
    );
    expect(created.body.errors).toBeUndefined();
    const ep = created.body.data.createWebhookEndpoint;
    expect(ep).toMatchObject({
      url: "http://localhost:9/gql",
      events: ["authority.granted"],
      status: "enabled",
    });
    expect(ep.secretOnce).toMatch(/^whsec_/);

    const read = await api.graphql(
      `query ($id: ID!) {
         webhookEndpoint(id: $id) { id webhookEndpointId status description }
         webhookEndpoints(first: 100) { edges { node { webhookEndpointId } } pageInfo { hasNextPage } }
         node(id: $id) { __typename id }
         webhookDeliveries(webhookEndpointId: $id) { edges { node { deliveryId } } }
       }`,
      { id: ep.webhookEndpointId },
    );
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.webhookEndpoint).toEqual({
      id: ep.webhookEndpointId,
      webhookEndpointId: ep.webhookEndpointId,
      status: "enabled",
      description: "gql",
    });
    expect(
      read.body.data.webhookEndpoints.edges.map((e: any) => e.node.webhookEndpointId),
    ).toContain(ep.webhookEndpointId);
    expect(read.body.data.node).toEqual({
      __typename: "WebhookEndpoint",
      id: ep.webhookEndpointId,
    });
    expect(read.body.data.webhookDeliveries.edges).toEqual([]);

    const bad = await api.graphql(
      `mutation { createWebhookEndpoint(input: { url: "http://localhost:9/x", events: ["nope"] }) { webhookEndpointId } }`,
    );
    expect(bad.body.errors?.[0]?.extensions.code).toBe("parameter_invalid");

    const disabled = await api.graphql(
      `mutation ($id: ID!) { disableWebhookEndpoint(id: $id) { status disabledAt } }`,
      { id: ep.webhookEndpointId },
    );
    expect(disabled.body.data.disableWebhookEndpoint.status).toBe("disabled");

    const missing = await api.graphql(`query ($id: ID!) { event(id: $id) { eventId } }`, {
      id: newId("event"),
    });
    expect(missing.body.errors?.[0]?.extensions.code).toBe("resource_missing");
  });

  it("documents every webhook type, field and argument and shows the scope directives", async () => {
    const sdl = (await import("../../src/schema/index.js")).printSdl();
    const scopeOf = (field: string) =>
      /@scope\(name: "([^"]+)"\)/.exec(sdl.slice(sdl.indexOf(`  ${field}(`)))?.[1];
    for (const field of [
      "createWebhookEndpoint",
      "disableWebhookEndpoint",
      "testWebhookEndpoint",
    ]) {
      expect(scopeOf(field), field).toBe("webhooks:write");
    }
    for (const field of ["webhookEndpoint", "webhookEndpoints", "webhookDeliveries"])
      expect(scopeOf(field), field).toBe("webhooks:read");
    for (const field of ["event", "events"]) expect(scopeOf(field), field).toBe("events:read");
    // Descriptions on every type, field and argument: test/platform/schema.test.ts.
  });
});
