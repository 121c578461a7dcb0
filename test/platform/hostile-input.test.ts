import fc from "fast-check";
import {
  getNamedType,
  isInputObjectType,
  isLeafType,
  type GraphQLField,
  type GraphQLSchema,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toSnake } from "../../rest-bridge/case.js";
import { ERROR_CATALOG } from "../../src/errors.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import type { ApiResponse, Client } from "../helpers/http.js";
import { Seed } from "../helpers/seed.js";

// Generated malformed values (wrong types, NUL, lone surrogates, __proto__/constructor keys,
// impossible dates, bad percent-encoding) thrown at every REST route and GraphQL root field:
// never a 5xx, always a CONTRACT.md §2 code, nothing audited for a refused request, and the
// audit chain still verifies afterwards.

let app: TestApp;
let admin: Client;
let realIds: string[];

beforeAll(async () => {
  app = await startTestApp();
  const seed = new Seed(app);
  const org = await seed.org();
  admin = org.admin;
  realIds = [org.id, await seed.matter(admin)];
});
afterAll(() => app.dispose());

const HOSTILE_STRINGS = [
  "a\u0000b",
  "\ud800",
  "x\udc00y",
  "1980-13-45",
  "2026-02-30",
  "2026-06-11T25:61:00Z",
  "",
  " ",
  "__proto__",
  "constructor",
  "%E0%A4%A",
  "x".repeat(10_001),
  "NaN",
  "-1",
  "1e400",
  "XXQ",
  "mat_00000000000000000000000000",
  "https://127.0.0.1/hook",
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: "binary", maxLength: 12 }),
);

/** Every input field name of the schema, in both spellings, so bodies hit real fields. */
function inputFieldNames(schema: GraphQLSchema): string[] {
  const names = new Set<string>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isInputObjectType(type) || type.name.startsWith("__")) continue;
    for (const name of Object.keys(type.getFields())) {
      names.add(name);
      names.add(toSnake(name));
    }
  }
  return [...names];
}

/** JSON text (not a JS value) so keys such as __proto__ reach the server as written. */
function jsonTextArbitrary(fieldNames: string[]) {
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...fieldNames) },
    fc.constantFrom("__proto__", "constructor", "prototype", "a\u0000", "\udc00", "dob"),
    fc.string({ maxLength: 6 }),
  );
  return fc.letrec<{ value: string; scalar: string; array: string; object: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      tie("scalar"),
      tie("array"),
      tie("object"),
    ),
    scalar: fc.oneof(
      hostileString.map((s) => JSON.stringify(s)),
      fc.constantFrom("0", "-0", "1.5", "1e400", "-1", "2147483648", "9007199254740993"),
      fc.constantFrom("true", "false", "null"),
    ),
    array: fc.array(tie("value"), { maxLength: 3 }).map((items) => `[${items.join(",")}]`),
    object: fc
      .array(fc.tuple(key, tie("value")), { maxLength: 5 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`),
  })).value;
}

/** Strings a URL can carry percent-encoded (lone surrogates cannot be). */
function wellFormed(s: string): boolean {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
}

const RAW_SEGMENTS = ["a%00b", "%E0%A4%A", "%ED%A0%80", "__proto__", "constructor", "%25", "%"];

async function assertContractAnswer(res: ApiResponse, auditBefore: number, what: string) {
  expect(res.status, `${what} → ${res.text}`).toBeLessThan(500);
  if (res.status >= 400) {
    const code = res.body?.error?.code as keyof typeof ERROR_CATALOG;
    expect(Object.keys(ERROR_CATALOG), `${what} → ${res.text}`).toContain(code);
    expect(ERROR_CATALOG[code].status, what).toBe(res.status);
    expect(await app.db.root.auditEvent.count(), `${what} wrote an audit event`).toBe(auditBefore);
  }
}

describe("hostile input never answers 5xx", () => {
  it("on every REST route", async () => {
    const routes = app.routes.filter((r) => !r.def.public);
    const fieldNames = inputFieldNames(app.schema);
    const segment = fc.oneof(
      fc.constantFrom(...RAW_SEGMENTS, ...realIds),
      hostileString.filter(wellFormed).map((s) => encodeURIComponent(s) || "x"),
    );
    const query = fc.oneof(
      fc.constant(""),
      fc.constantFrom("?limit=ten", "?cursor=%E0%A4%A", "?matter_id=a%00b", "?status=%ED%A0%80"),
      fc
        .array(
          fc.tuple(
            fc.constantFrom("limit", "cursor", "matter_id", "status", "type", "from", "x"),
            hostileString.filter(wellFormed),
          ),
          { maxLength: 3 },
        )
        .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : "")),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes.map((r) => `${r.def.method} ${r.def.path}`)),
        fc.array(segment, { minLength: 3, maxLength: 3 }),
        query,
        jsonTextArbitrary(fieldNames),
        async (routeName, segments, search, body) => {
          const route = routes.find((r) => `${r.def.method} ${r.def.path}` === routeName)!;
          let i = 0;
          const path = route.def.path.replace(/\{[^}]+\}/g, () => segments[i++ % 3]!);
          const before = await app.db.root.auditEvent.count();
          const res =
            route.def.method === "GET"
              ? await admin.get(path + search)
              : await admin.call(route.def.method, path, undefined, {
                  raw: body,
                  headers: { "Content-Type": "application/json" },
                });
          await assertContractAnswer(res, before, `${route.def.method} ${path}${search}`);
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);

  it("on every GraphQL root field with arguments, through variables", async () => {
    const schema = app.schema;
    const fields: Array<{ op: "query" | "mutation"; field: GraphQLField<unknown, unknown> }> = [];
    for (const op of ["query", "mutation"] as const) {
      const root = op === "query" ? schema.getQueryType() : schema.getMutationType();
      for (const field of Object.values(root?.getFields() ?? {}))
        if (field.args.length) fields.push({ op, field });
    }
    const jsonText = jsonTextArbitrary(inputFieldNames(schema));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fields.map((f) => `${f.op} ${f.field.name}`)),
        fc.array(jsonText, { minLength: 4, maxLength: 4 }),
        async (name, values) => {
          const { op, field } = fields.find((f) => `${f.op} ${f.field.name}` === name)!;
          const vars = field.args.map((a, i) => `$${a.name}: ${String(a.type)}`).join(", ");
          const use = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
          const selection = isLeafType(getNamedType(field.type)) ? "" : "{ __typename }";
          const text = `${op} (${vars}) { ${field.name}(${use}) ${selection} }`;
          const variables = `{${field.args.map((a, i) => `${JSON.stringify(a.name)}:${values[i % 4]}`).join(",")}}`;
          const before = await app.db.root.auditEvent.count();
          const res = await admin.call("POST", "/graphql", undefined, {
            raw: `{"query":${JSON.stringify(text)},"variables":${variables}}`,
            headers: { "Content-Type": "application/json" },
          });
          const what = `${text} ${variables}`;
          expect(res.status, `${what} → ${res.text}`).toBeLessThan(500);
          expect(Object.keys(res.body).sort(), what).toEqual(
            expect.arrayContaining(["extensions"]),
          );
          for (const key of Object.keys(res.body))
            expect(["data", "errors", "extensions"], what).toContain(key);
          for (const error of res.body.errors ?? []) {
            const code = error.extensions?.code;
            expect(Object.keys(ERROR_CATALOG), `${what} → ${res.text}`).toContain(code);
            expect(code, `${what} → ${res.text}`).not.toBe("internal_error");
          }
          if (res.body.errors?.length && !res.body.data?.[field.name]) {
            expect(await app.db.root.auditEvent.count(), `${what} wrote an audit event`).toBe(
              before,
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);

  it("leaves the audit chain valid", async () => {
    const res = await admin.get("/v1/audit/verify");
    expect(res.status, res.text).toBe(200);
    expect(res.body.valid, res.text).toBe(true);
  });
});
