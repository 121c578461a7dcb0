import type { ChildProcess } from "node:child_process";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleDocument } from "../helpers/export-document.js";
import { startServerProcess } from "../helpers/server-process.js";

/**
 * `npm start` runs the esbuild bundle in dist/, not the sources the other tests run through
 * tsx. This builds it and checks what a bundle can break: packages left external (PGlite,
 * pdfkit, Swagger UI, GraphiQL) still resolve, and modules split into chunks still load.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const SECRET = "md_test_BuiltServerCheckSecret00000000000000001";
const dataDir = mkdtempSync(join(tmpdir(), "md-built-"));
const children: ChildProcess[] = [];
let port = 0;

beforeAll(async () => {
  const built = spawnSync(process.execPath, ["scripts/build.mjs", "--force"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  expect(built.status, built.stderr).toBe(0);
  ({ port } = await startServerProcess(
    { MD_DATA_DIR: dataDir, MD_BOOTSTRAP_SECRET: SECRET, DATABASE_URL: "" },
    { children, args: ["scripts/start.mjs"] },
  ));
}, 180_000);

afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${port}${path}`, { headers });

describe("the built server (npm start)", () => {
  it("migrates an empty embedded database, is ready and answers an authenticated read", async () => {
    expect((await get("/readyz")).status).toBe(200);
    const res = await get("/v1/operations?limit=1", { Authorization: `Bearer ${SECRET}` });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { items: unknown[] }).items).toEqual([]);
  });

  it("sends the reason phrase on every status line (REST, errors, GraphQL)", async () => {
    const statusLine = (method: string, path: string, body?: string) =>
      new Promise<string>((done, fail) => {
        const req = request(
          {
            host: "127.0.0.1",
            port,
            method,
            path,
            headers: {
              Authorization: `Bearer ${SECRET}`,
              ...(body ? { "Content-Type": "application/json" } : {}),
            },
          },
          (res) => {
            res.resume();
            done(`${res.statusCode} ${res.statusMessage}`);
          },
        );
        req.on("error", fail);
        req.end(body);
      });
    const operation = JSON.stringify({
      type: "asset_recovery",
      intent: "trace",
      posture: "monitoring",
    });
    expect(await statusLine("POST", "/v1/operations", operation)).toBe("201 Created");
    expect(await statusLine("GET", "/v1/no-such-route")).toBe("404 Not Found");
    expect(await statusLine("POST", "/graphql", JSON.stringify({ query: "{ __typename }" }))).toBe(
      "200 OK",
    );
  });

  it("serves GraphiQL and Swagger UI from their packages", async () => {
    const graphiql = await get("/graphql", { Accept: "text/html" });
    expect(graphiql.status).toBe(200);
    expect(await graphiql.text()).toContain("Case Recovery Enforcement API");
    const docs = await get("/docs");
    expect(docs.status).toBe(200);
    const asset = (await docs.text()).match(/src="([^"]+swagger-ui-bundle\.js)"/)?.[1];
    expect(asset).toBeDefined();
    const bundle = await get(asset!);
    expect(bundle.status).toBe(200);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });

  it("is ASCII, so V8 keeps the source it holds at one byte per character", () => {
    for (const file of [
      "server.js",
      ...readdirSync(join(ROOT, "dist", "chunks")).map((f) => `chunks/${f}`),
    ]) {
      const text = readFileSync(join(ROOT, "dist", file), "latin1");
      const at = text.search(/[^\x00-\x7f]/);
      expect(at, `${file}: non-ASCII near ${JSON.stringify(text.slice(at - 40, at + 10))}`).toBe(
        -1,
      );
    }
  });

  it("renders a PDF with the bundled renderer chunk and pdfkit's own fonts", async () => {
    const chunk = readdirSync(join(ROOT, "dist", "chunks")).find((f) => f.startsWith("pdf-"));
    expect(chunk).toBeDefined();
    const { renderPdf } = await import(pathToFileURL(join(ROOT, "dist", "chunks", chunk!)).href);
    const bytes: Uint8Array = await renderPdf(
      sampleDocument({ matterName: "Built", caseNumber: "B-1", draft: true }),
      {
        exportId: "exp_built",
        objectType: "packet",
        objectId: "pkt_built",
        redactionProfile: "none",
        redactionNote: "nothing is redacted.",
        createdAt: new Date("2026-01-01T00:00:00Z"),
      },
    );
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    expect(bytes.byteLength).toBeGreaterThan(2_000);
  });
});
