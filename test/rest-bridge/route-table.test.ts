import { readFileSync } from "node:fs";
import { validate } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchRoute } from "../../rest-bridge/compile.js";
import { BOOTSTRAP_SECRET, startTestApp, type TestApp } from "../helpers/app.js";
import { Client, errorOf } from "../helpers/http.js";

interface DocumentedRoute {
  method: string;
  path: string;
  scope: string | null;
  flags: string[];
  section: string;
  source: string;
}

// The project's own copy of the documented endpoint list (npm run routes:sync regenerates it).
const DOCUMENTED: DocumentedRoute[] = readFileSync(
  new URL("../../rest-bridge/documented-routes.jsonl", import.meta.url),
  "utf8",
)
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line));

/** Table entries neither SPEC.md nor CONTRACT.md lists, each kept on purpose. */
const UNDOCUMENTED_ALLOWED = new Set([
  // Sends a synthetic event to one endpoint so an integrator can check signature handling.
  "POST /v1/webhook-endpoints/{}/test",
  // CONTRACT.md §8 names the OFAC report states (draft, submitted, acknowledged) but no way to
  // move between them; this is it.
  "POST /v1/sanctions/ofac-reports/{}/transition",
]);

const shape = (path: string) => path.replace(/\{[^}]+\}/g, "{}");
const keyOf = (method: string, path: string) => `${method} ${shape(path)}`;

let app: TestApp;
let api: Client;

beforeAll(async () => {
  app = await startTestApp();
  api = new Client(app, BOOTSTRAP_SECRET);
});
afterAll(() => app.dispose());

describe("route table against the documented endpoints", () => {
  it("reads a well-formed documented-routes.jsonl", () => {
    expect(DOCUMENTED.length).toBeGreaterThan(100);
    for (const r of DOCUMENTED) {
      expect(r.method).toMatch(/^(GET|POST|PATCH|PUT|DELETE)$/);
      expect(r.path).toMatch(/^\/v1\//);
      expect(r.scope === null || /^[a-z_]+:[a-z_]+$/.test(r.scope)).toBe(true);
      expect(Array.isArray(r.flags)).toBe(true);
    }
    expect(new Set(DOCUMENTED.map((r) => keyOf(r.method, r.path))).size).toBe(DOCUMENTED.length);
    // CONTRACT.md §8 adds the transition history; it counts as documented.
    expect(
      DOCUMENTED.some((r) => keyOf(r.method, r.path) === "GET /v1/operations/{}/transitions"),
    ).toBe(true);
  });

  it("matches every table entry to a documented route with the same method, path shape, scope and flags", () => {
    const byKey = new Map(DOCUMENTED.map((r) => [keyOf(r.method, r.path), r]));
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const route of app.routes.filter((r) => !r.def.public)) {
      const key = keyOf(route.def.method, route.def.path);
      if (seen.has(key)) problems.push(`${key}: defined twice`);
      seen.add(key);
      const doc = byKey.get(key);
      if (!doc) {
        if (!UNDOCUMENTED_ALLOWED.has(key))
          problems.push(`${route.def.method} ${route.def.path}: not documented`);
        continue;
      }
      if (doc.scope !== null && route.gate?.scope !== doc.scope) {
        problems.push(`${key}: scope ${route.gate?.scope} but documented ${doc.scope}`);
      }
      if (doc.flags.includes("I") && !route.def.idempotent)
        problems.push(`${key}: documented I, not idempotent`);
      if (doc.flags.includes("A") && !route.gate?.authority)
        problems.push(`${key}: documented A, no authority gate`);
      if (doc.flags.includes("S") && !route.gate?.sanctions)
        problems.push(`${key}: documented S, no sanctions gate`);
    }
    expect(problems).toEqual([]);
  });

  it("keeps the allow-list honest: allowed entries are really undocumented", () => {
    const documented = new Set(DOCUMENTED.map((r) => keyOf(r.method, r.path)));
    for (const key of UNDOCUMENTED_ALLOWED) expect(documented.has(key)).toBe(false);
  });

  it("serves every documented route", () => {
    const implemented = new Set(app.routes.map((r) => keyOf(r.def.method, r.def.path)));
    const done = DOCUMENTED.filter((r) => implemented.has(keyOf(r.method, r.path)));
    console.log(`documented routes implemented: ${done.length}/${DOCUMENTED.length}`);
    const missing = DOCUMENTED.filter((r) => !implemented.has(keyOf(r.method, r.path))).map(
      (r) => `${r.method} ${r.path}`,
    );
    expect(missing, "documented but not served").toEqual([]);
    expect(done.length).toBe(DOCUMENTED.length);
  });

  it("answers an unimplemented documented route with 404 route_not_found", async () => {
    const concrete = (path: string) => path.replace(/\{[^}]+\}/g, "x_unimplemented");
    const unmatched = DOCUMENTED.filter(
      (r) => !app.routes.some((route) => route.pattern.test(concrete(r.path))),
    );
    // GET /v1/alerts is the example while monitoring is unbuilt; any other unmatched route proves the same.
    const target =
      unmatched.find((r) => r.method === "GET" && r.path === "/v1/alerts") ?? unmatched[0];
    if (!target) return; // every documented path is implemented
    const res = await api.call(
      target.method,
      concrete(target.path),
      target.method === "GET" ? undefined : {},
    );
    expect(res.status).toBe(404);
    expect(errorOf(res).code).toBe("route_not_found");
    expect(res.headers.get("md-request-id")).toMatch(/^req_/);
  });
});

describe("route matching", () => {
  /** The table scanned whole: what the index must agree with. */
  function scan(method: string, pathname: string) {
    const hits = app.routes.filter((r) => r.pattern.test(pathname));
    const literals = (r: (typeof hits)[number]) =>
      r.def.path.split("/").length - r.pathParams.length;
    const best = Math.max(-1, ...hits.map(literals));
    const top = hits.filter((r) => literals(r) === best);
    const hit = top.find((r) => r.def.method === method);
    if (hit) return `route ${hit.def.method} ${hit.def.path}`;
    const allowed = [...new Set(top.map((r) => r.def.method))];
    return allowed.length ? `405 ${allowed.join(",")}` : "none";
  }
  function indexed(method: string, pathname: string) {
    const m = matchRoute(app.routes, method, pathname);
    if (m.kind === "route") return `route ${m.route.def.method} ${m.route.def.path}`;
    return m.kind === "method_not_allowed" ? `405 ${m.allowed.join(",")}` : "none";
  }

  it("finds, for every method and path, what a scan of the whole table finds", () => {
    const paths = new Set<string>(["/", "/v1", "/v1/", "/graphql", "/v1/*/x", "/v1/matters//x"]);
    for (const r of app.routes) {
      const concrete = r.def.path.replace(/\{[^}]+\}/g, "id_1");
      paths.add(concrete);
      paths.add(`${concrete}/`);
      paths.add(`${concrete}/extra`);
      paths.add(concrete.split("/").slice(0, -1).join("/"));
      // Every literal segment in turn replaced by an id: where a parameter route must win.
      const segments = r.def.path.split("/");
      segments.forEach((seg, i) => {
        if (i > 1 && !seg.startsWith("{")) {
          paths.add(
            concrete
              .split("/")
              .map((s, j) => (j === i ? "abc_2" : s))
              .join("/"),
          );
        }
      });
    }
    expect(paths.size).toBeGreaterThan(400);
    for (const path of paths) {
      for (const method of ["GET", "POST", "PATCH", "DELETE", "PUT"]) {
        expect(indexed(method, path), `${method} ${path}`).toBe(scan(method, path));
      }
    }
  });
});

describe("route operations", () => {
  it("pass every GraphQL validation rule, not only those checked at start", () => {
    expect(app.routes.length).toBeGreaterThan(100);
    for (const route of app.routes) {
      const errors = validate(app.schema, route.document);
      expect(
        errors.map((e) => e.message),
        `${route.def.method} ${route.def.path}`,
      ).toEqual([]);
    }
  });
});
