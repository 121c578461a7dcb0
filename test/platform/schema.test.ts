import { describe, expect, it, afterAll, beforeAll } from "vitest";
import { printSdl, getSchema } from "../../src/schema/index.js";
import { enforceGate } from "../../src/gates.js";
import { ApiError } from "../../src/errors.js";
import { startTestApp, type TestApp, BOOTSTRAP_SECRET } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { getIntrospectionQuery } from "graphql";

describe("printed SDL", () => {
  it("shows the gate directives on fields so schema tooling can see them", () => {
    const sdl = printSdl();
    expect(sdl).toContain("directive @scope(name: String!) on FIELD_DEFINITION");
    expect(sdl).toContain("directive @authority on FIELD_DEFINITION");
    expect(sdl).toContain("directive @sanctions on FIELD_DEFINITION");
    expect(sdl).toMatch(
      /createOperation\([\s\S]*?input: CreateOperationInput!\s*\): Operation @scope\(name: "operations:write"\)/,
    );
    expect(sdl).toMatch(
      /operations\([\s\S]*?\): OperationConnection @scope\(name: "operations:read"\)/,
    );
  });

  it("gives every type, field and argument a description", () => {
    const schema = getSchema();
    const missing: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (
        type.name.startsWith("__") ||
        ["String", "Int", "Float", "Boolean", "ID"].includes(type.name)
      )
        continue;
      if (!type.description) missing.push(type.name);
      if ("getFields" in type) {
        for (const field of Object.values(type.getFields())) {
          if (
            !field.description &&
            !type.name.endsWith("Connection") &&
            !type.name.endsWith("Edge") &&
            type.name !== "PageInfo"
          ) {
            missing.push(`${type.name}.${field.name}`);
          }
          for (const arg of "args" in field ? field.args : []) {
            if (!arg.description && !["first", "after", "before", "last"].includes(arg.name)) {
              missing.push(`${type.name}.${field.name}(${arg.name})`);
            }
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("gate mechanism", () => {
  const ctx = (scopes: string[]) =>
    ({ principal: { keyScopes: scopes, roleScopes: null } }) as unknown as Parameters<
      typeof enforceGate
    >[2];
  const locate = async () => "mat_01h00000000000000000000000";

  it("checks the scope first", async () => {
    await expect(
      enforceGate({ scope: "judgments:write", authority: locate }, {}, ctx([]), null),
    ).rejects.toMatchObject({ code: "insufficient_scope" });
  });

  it("fails closed with 403 authority_required when no authority check is registered", async () => {
    const err = await enforceGate(
      { scope: "judgments:write", authority: locate },
      {},
      ctx(["*"]),
      null,
      {},
    ).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: "authority_required", status: 403 });
  });

  it("fails closed with 403 sanctions_screen_required when no sanctions check is registered", async () => {
    const err = await enforceGate(
      { scope: "claw:write", sanctions: locate },
      {},
      ctx(["*"]),
      null,
      {},
    ).catch((e) => e);
    expect(err).toMatchObject({ code: "sanctions_screen_required", status: 403 });
  });
});

describe("GraphQL protection", () => {
  let app: TestApp;
  let api: Client;
  beforeAll(async () => {
    app = await startTestApp();
    api = new Client(app, BOOTSTRAP_SECRET);
  });
  afterAll(() => app.dispose());

  it("refuses too many aliases", async () => {
    const aliases = Array.from({ length: 30 }, (_, i) => `a${i}: health { status }`).join(" ");
    const res = await api.graphql(`{ ${aliases} }`);
    expect(res.body.errors?.[0].message).toMatch(/alias/i);
    expect(res.body.data ?? null).toBeNull();
  });

  it("refuses an over-deep query but accepts the standard introspection query", async () => {
    const sel = (n: number): string => (n === 0 ? "name" : `ofType { ${sel(n - 1)} }`);
    const res = await api.graphql(`{ __schema { types { ${sel(20)} } } }`);
    expect(res.body.errors?.[0].message).toMatch(/depth/i);
    const introspection = await api.graphql(getIntrospectionQuery());
    expect(introspection.body.errors).toBeUndefined();
  });

  it("masks unexpected errors and keeps the request id as the handle", async () => {
    const res = await api.graphql(`{ nosuchfield }`);
    expect(res.body.errors[0].extensions.code).toBe("parameter_invalid");
    expect(res.headers.get("md-request-id")).toMatch(/^req_/);
  });

  it("answers a GraphQL request without a key with 401 authentication_required", async () => {
    const res = await new Client(app, null).graphql(`{ health { status } }`);
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe("authentication_required");
  });
});

describe("id scheme", () => {
  it("gives every kind its own prefix and makes sortable, well-formed ids", async () => {
    const { ID_PREFIXES, newId, derivedId, idPrefix } = await import("../../src/ids.js");
    const prefixes = Object.values(ID_PREFIXES);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    const ids = Array.from({ length: 50 }, () => newId("operation"));
    expect([...ids].sort()).toEqual(ids);
    expect(ids.every((id) => /^op_[0-9a-z]{26}$/.test(id) && idPrefix(id) === "op")).toBe(true);
    expect(derivedId("debtorClaim", "a", "b")).toBe(derivedId("debtorClaim", "a", "b"));
    expect(derivedId("debtorClaim", "a", "b")).not.toBe(derivedId("debtorClaim", "ab"));
  });
});
