import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVICE_VERSION } from "../../src/config.js";
import { ERROR_CATALOG } from "../../src/errors.js";
import { BOOTSTRAP_SECRET, startTestApp, type TestApp } from "../helpers/app.js";
import { Client, errorOf } from "../helpers/http.js";

let app: TestApp;
let anon: Client;
let api: Client;
let doc: any;

const deref = (node: any): any => {
  if (!node?.$ref) return node;
  const target = (node.$ref as string)
    .slice(2)
    .split("/")
    .reduce((o: any, k) => o?.[k], doc);
  return deref(target);
};
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]: [string, any]) =>
    Object.entries(methods).map(([method, op]: [string, any]) => ({ path, method, op })),
  );
/** Response body keys must be documented, and documented required keys must be present. */
function expectConforms(body: Record<string, unknown>, schema: any) {
  const s = deref(schema);
  const parts = s.allOf ? s.allOf.map(deref) : [s];
  const properties = Object.assign({}, ...parts.map((p: any) => p.properties ?? {}));
  const required = parts.flatMap((p: any) => p.required ?? []);
  expect(Object.keys(body).filter((k) => !(k in properties))).toEqual([]);
  expect(required.filter((k: string) => !(k in body))).toEqual([]);
}

beforeAll(async () => {
  app = await startTestApp();
  anon = new Client(app, null);
  api = new Client(app, BOOTSTRAP_SECRET);
  doc = (await anon.get("/v1/openapi.json")).body;
});
afterAll(() => app.dispose());

describe("GET /v1/openapi.json", () => {
  it("is public OpenAPI 3.1 JSON with a request id, built once", async () => {
    const res = await anon.get("/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("md-request-id")).toMatch(/^req_/);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    expect(res.body.info).toMatchObject({
      title: "Case Recovery Enforcement API",
      version: SERVICE_VERSION,
    });
    expect((await anon.get("/v1/openapi.json")).text).toBe(res.text);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
  });

  it("documents every route of the table with operationId, scope, flags and parameters", () => {
    const routes = app.routes.filter((r) => !r.def.public);
    expect(operations()).toHaveLength(routes.length);
    expect(new Set(operations().map((o) => o.op.operationId)).size).toBe(routes.length);
    for (const route of routes) {
      const op = doc.paths[route.def.path]?.[route.def.method.toLowerCase()];
      expect(op, `${route.def.method} ${route.def.path}`).toBeDefined();
      expect(op["x-graphql-field"]).toBe(route.def.field);
      expect(op.operationId.startsWith(route.def.field)).toBe(true);
      expect(op.summary).toBe(route.def.summary);
      expect(op.tags).toEqual([route.def.tag]);
      expect(op.security).toEqual([{ bearerAuth: [] }]);
      expect(op["x-scope"]).toBe(route.gate?.scope);
      expect(op.description).toContain(`**Required scope:** \`${route.gate?.scope}\``);
      const flags = [
        route.def.idempotent && "I",
        route.gate?.authority && "A",
        route.gate?.sanctions && "S",
      ].filter(Boolean);
      expect(op["x-flags"]).toEqual(flags);
      const params = op.parameters.map(deref);
      for (const p of route.pathParams)
        expect(params).toContainEqual(
          expect.objectContaining({ name: p, in: "path", required: true }),
        );
      expect(params.some((p: any) => p.name === "MD-Version" && p.in === "header")).toBe(true);
      expect(params.some((p: any) => p.name === "Idempotency-Key")).toBe(
        Boolean(route.def.idempotent),
      );
      if (route.def.list) {
        expect(params.map((p: any) => p.name)).toEqual(expect.arrayContaining(["limit", "cursor"]));
      }
      expect(op.responses[String(route.def.status ?? 200)]).toBeDefined();
    }
  });

  it("resolves every $ref", () => {
    const refs: string[] = [];
    const walk = (node: any) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === "object") {
        if (typeof node.$ref === "string") refs.push(node.$ref);
        Object.values(node).forEach(walk);
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const r of refs) expect(deref({ $ref: r }), r).toBeDefined();
  });

  it("documents errors with the shared Error schema and the codes each route can produce", () => {
    const error = doc.components.schemas.Error;
    expect(error.required).toEqual(["error", "audit_ref"]);
    expect(error.properties.error.required).toEqual([
      "type",
      "code",
      "message",
      "request_id",
      "details",
    ]);
    expect(Object.keys(error.properties.error.properties)).toEqual([
      "type",
      "code",
      "message",
      "param",
      "request_id",
      "details",
    ]);
    expect(error.properties.error.properties.code.enum).toEqual(Object.keys(ERROR_CATALOG));
    expect(doc["x-error-codes"]).toEqual(
      Object.entries(ERROR_CATALOG).map(([code, e]) => ({
        code,
        status: e.status,
        type: e.type,
        message: e.message,
      })),
    );
    for (const { path, method, op } of operations()) {
      const route = app.routes.find(
        (r) => r.def.path === path && r.def.method.toLowerCase() === method,
      )!;
      const codes: string[] = [];
      for (const [status, response] of Object.entries<any>(op.responses)) {
        if (Number(status) < 400) continue;
        const res = deref(response);
        expect(res.content["application/json"].schema).toEqual({
          $ref: "#/components/schemas/Error",
        });
        expect(res.headers["MD-Request-Id"]).toBeDefined();
        for (const code of res["x-error-codes"]) {
          expect(ERROR_CATALOG[code as keyof typeof ERROR_CATALOG].status).toBe(Number(status));
          expect(res.description).toContain(`\`${code}\``);
          codes.push(code);
        }
      }
      expect(codes).toEqual(
        expect.arrayContaining([
          "authentication_required",
          "invalid_api_key",
          "rate_limited",
          "internal_error",
        ]),
      );
      if (route.gate) expect(codes).toContain("insufficient_scope");
      if (route.def.idempotent)
        expect(codes).toEqual(
          expect.arrayContaining(["idempotency_key_in_use", "idempotency_key_reused"]),
        );
      if (route.gate?.authority) expect(codes).toContain("authority_required");
      if (route.gate?.sanctions)
        expect(codes).toEqual(
          expect.arrayContaining(["sanctions_screen_required", "sanctions_hold"]),
        );
      if (route.pathParams.length) expect(codes).toContain("resource_missing");
      if (op.responses["429"])
        expect(deref(op.responses["429"]).headers["Retry-After"]).toBeDefined();
    }
  });

  it("gives every served route a response schema, and a request schema with its 400s when it takes a body", () => {
    const problems: string[] = [];
    for (const { path, method, op } of operations()) {
      const route = app.routes.find(
        (r) => r.def.path === path && r.def.method.toLowerCase() === method,
      )!;
      const name = `${method.toUpperCase()} ${path}`;
      const success = deref(op.responses[String(route.def.status ?? 200)]);
      if (route.def.file) {
        // A file route answers with the stored bytes, documented per media type it may send.
        const media = Object.keys(success?.content ?? {}).sort();
        if (media.join() !== [...route.def.file.mediaTypes].sort().join())
          problems.push(`${name}: file route documents ${media} instead of its media types`);
        continue;
      }
      const schema = deref(success?.content?.["application/json"]?.schema);
      const parts = schema?.allOf ? schema.allOf.map(deref) : [schema];
      const properties = parts.flatMap((p: any) => Object.keys(p?.properties ?? {}));
      if (!properties.includes("audit_ref")) problems.push(`${name}: response without audit_ref`);
      if (properties.length < 2) problems.push(`${name}: response schema without fields`);
      const takesBody = Object.values(route.def.args ?? {}).includes("body");
      if (takesBody !== Boolean(op.requestBody))
        problems.push(`${name}: takes a body ${takesBody}, documents one ${!takesBody}`);
      const codes = Object.entries<any>(op.responses)
        .filter(([status]) => Number(status) >= 400)
        .flatMap(([, response]) => deref(response)["x-error-codes"]);
      if (!takesBody) continue;
      const body = deref(op.requestBody.content["application/json"].schema);
      // parameter_missing only where the body has required fields.
      const expected = ["parameter_invalid", "unknown_parameter"];
      if (body.required?.length) expected.push("parameter_missing");
      for (const code of expected) if (!codes.includes(code)) problems.push(`${name}: no ${code}`);
    }
    expect(problems).toEqual([]);
  });

  it("derives request bodies from the GraphQL input types", () => {
    const body = deref(
      doc.paths["/v1/operations"].post.requestBody.content["application/json"].schema,
    );
    expect(body.additionalProperties).toBe(false);
    expect(body.required).toEqual(["type", "intent", "posture"]);
    expect(deref(body.properties.type).enum).toContain("asset_recovery");
    expect(body.properties.intent).toMatchObject({ type: "string", maxLength: 10_000 });
    const transition = deref(
      doc.paths["/v1/operations/{id}/transitions"].post.requestBody.content["application/json"]
        .schema,
    );
    expect(transition.properties.proof).toMatchObject({
      maxItems: 1000,
      items: { type: "string", maxLength: 10_000 },
    });
    for (const { op } of operations()) {
      const schema = op.requestBody && deref(op.requestBody.content["application/json"].schema);
      if (!schema) continue;
      expect(schema.additionalProperties).toBe(false);
      for (const key of Object.keys(schema.properties)) expect(key).toBe(key.toLowerCase());
    }
  });

  it("gives every request body a realistic example that the endpoint accepts", async () => {
    const placeholder = (text: string) => text === "string" || text.startsWith("example ");
    const leaves = (v: unknown): unknown[] =>
      v !== null && typeof v === "object" ? Object.values(v).flatMap(leaves) : [v];
    let bodies = 0;
    for (const { path, method, op } of operations()) {
      if (!op.requestBody) continue;
      bodies++;
      const example = deref(op.requestBody.content["application/json"].schema).example;
      expect(example, `${method} ${path}`).toBeTypeOf("object");
      const texts = leaves(example).filter((v): v is string => typeof v === "string");
      expect(texts.filter(placeholder), `${method} ${path}`).toEqual([]);
      const url = path.replace(/\{[a-z_]+\}/g, "op_01h00000000000000000000000");
      const res = await api.call(method.toUpperCase(), url, example);
      // Ids in the examples name no real object, so 404 (or a gate) is fine; 400 is not.
      expect(res.status, `${method} ${path}: ${res.text}`).not.toBe(400);
      expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(500);
    }
    expect(bodies).toBeGreaterThan(20);
    const matter = deref(
      doc.paths["/v1/matters"].post.requestBody.content["application/json"].schema,
    );
    expect(matter.example).toMatchObject({
      name: expect.any(String),
      economics: { holdback_percentage: expect.any(Number) },
    });
  });

  it("describes every enum value, in GraphQL introspection and in the document", async () => {
    const res = await api.graphql(
      `{ __schema { types { kind name enumValues { name description } } } }`,
    );
    const enums = res.body.data.__schema.types.filter(
      (t: any) => t.kind === "ENUM" && !t.name.startsWith("__"),
    );
    // The count keeps the loop below from passing over an empty list.
    expect(enums.length).toBeGreaterThan(20);
    for (const t of enums) {
      for (const v of t.enumValues) expect(v.description, `${t.name}.${v.name}`).toBeTruthy();
    }
    const state = doc.components.schemas.OperationState;
    expect(state["x-enumDescriptions"]).toMatchObject({
      verified: expect.stringContaining("proof"),
      archived: expect.any(String),
    });
    expect(state.description).toContain("- `verified`: ");
    for (const [name, schema] of Object.entries<any>(doc.components.schemas)) {
      if (!schema.enum || name === "Error") continue;
      expect(Object.keys(schema["x-enumDescriptions"] ?? {}), name).toEqual(schema.enum);
    }
  });

  it("documents list parameters in snake_case", () => {
    const names = doc.paths["/v1/operations"].get.parameters.map((p: any) => deref(p).name);
    expect(names).toEqual(
      expect.arrayContaining([
        "limit",
        "cursor",
        "state",
        "type",
        "created_after",
        "created_before",
      ]),
    );
    const limit = doc.paths["/v1/operations"].get.parameters.find((p: any) => p.name === "limit");
    expect(limit.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 20 });
  });

  it("describes the responses the API actually sends", async () => {
    const created = await api.post("/v1/operations", {
      type: "asset_recovery",
      intent: "doc check",
      posture: "monitoring",
    });
    expect(created.status).toBe(201);
    expectConforms(
      created.body,
      doc.paths["/v1/operations"].post.responses["201"].content["application/json"].schema,
    );

    const moved = await api.post(`/v1/operations/${created.body.id}/transitions`, {
      to: "intake",
      reason: "doc check",
    });
    expect(moved.status).toBe(200);
    const listSchema =
      doc.paths["/v1/operations/{id}/transitions"].get.responses["200"].content["application/json"]
        .schema;
    const list = await api.get(`/v1/operations/${created.body.id}/transitions`);
    expectConforms(list.body, listSchema);
    expectConforms(list.body.items[0], listSchema.properties.items.items);

    const missing = await api.get("/v1/operations/op_01h00000000000000000000000");
    expect(missing.status).toBe(404);
    expectConforms(missing.body, doc.components.schemas.Error);
    expectConforms(missing.body.error, doc.components.schemas.Error.properties.error);
  });

  it("writes the conventions and decisions into info.description", () => {
    const text: string = doc.info.description;
    for (const word of [
      "MD-Version",
      "Idempotency-Key",
      "Idempotent-Replayed",
      "next_cursor",
      "MD-RateLimit-Remaining",
      "Retry-After",
    ]) {
      expect(text).toContain(word);
    }
    for (const code of Object.keys(ERROR_CATALOG)) expect(text).toContain(`\`${code}\``);
  });
});

describe("GET /docs", () => {
  it("is an HTML page that loads only local assets, all served without a key", async () => {
    const res = await anon.get("/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.text).not.toMatch(/https?:\/\/|\/\/[a-z]/i);
    const urls = [...res.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls).toEqual(
      expect.arrayContaining(["/docs/assets/swagger-ui.css", "/docs/assets/swagger-ui-bundle.js"]),
    );
    for (const url of urls) {
      expect(url.startsWith("/docs/assets/")).toBe(true);
      const asset = await anon.get(url);
      expect(asset.status, url).toBe(200);
      expect(asset.headers.get("md-request-id")).toMatch(/^req_/);
    }
    const init = await anon.get("/docs/assets/init.js");
    expect(init.text).toContain('"/v1/openapi.json"');
    expect(init.text).toContain("validatorUrl: null");
    expect((await anon.get("/docs/assets/swagger-ui.css")).headers.get("content-type")).toMatch(
      /^text\/css/,
    );
  });

  it("serves no other file of the package and no other method", async () => {
    for (const path of [
      "/docs/assets/package.json",
      "/docs/assets/index.html",
      "/docs/assets/..%2Fpackage.json",
    ]) {
      const res = await anon.get(path);
      expect(res.status, path).toBe(404);
      expect(errorOf(res).code).toBe("route_not_found");
    }
    const post = await anon.post("/v1/openapi.json", {});
    expect(post.status).toBe(404);
  });
});
