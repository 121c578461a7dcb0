import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main, runDemo } from "../../scripts/demo.mjs";
import { createHttpServer } from "../../src/http/node-server.js";
import { BOOTSTRAP_SECRET, startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";

/** `npm run demo` walks one case through the nine stations over real HTTP; CI runs it too. */
let app: TestApp;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  app = await startTestApp();
  server = createHttpServer((request) => app.fetch(request));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await app.dispose();
});

describe("the demo", () => {
  it("walks a sandbox case through every station, ending with the waterfall and a verified audit chain", async () => {
    const lines: string[] = [];
    const result = await runDemo({ baseUrl, key: BOOTSTRAP_SECRET, print: (l) => lines.push(l) });
    const text = lines.join("\n");
    for (const station of [
      "1 authority",
      "2 adversary graph",
      "3 attribution",
      "4 packets",
      "5 gates",
      "6 actions",
      "7 ledger",
      "8 waterfall",
      "9 audit",
    ])
      expect(text).toContain(`[${station}]`);
    expect(result.auditValid).toBe(true);
    expect(lines.at(-1)).toMatch(/\[9 audit\] audit chain VALID: \d+ events checked/);
    expect(text).toMatch(/left undistributed\s+0\.00 USD/);
    expect(text).toMatch(/claimant: Jane Victim/);

    // What it printed is what the server holds, in the demo tenant.
    expect(result.organizationId).toMatch(/^org_/);
    const root = new Client(app, BOOTSTRAP_SECRET);
    const key = await root.post(`/v1/organizations/${result.organizationId}/api-keys`, {
      name: "demo check",
      scopes: ["*"],
    });
    const tenant = root.as(key.body.secret_once);
    const waterfall = await tenant.get(`/v1/waterfall/matters/${result.matterId}`);
    expect(waterfall.body.waterfall_id).toBe(result.waterfallId);
    expect(waterfall.body.gross_recovered.amount).toBe(25000);
    const dashboard = await tenant.get(`/v1/matters/${result.matterId}/dashboard`);
    expect(dashboard.body).toMatchObject({ open_actions: 0, open_packets: 1, recovery_events: 1 });
    for (const [what, id] of Object.entries(result.ids)) {
      if (what === "organization" || what === "key") continue;
      const res = await tenant.graphql("query($id: ID!) { node(id: $id) { id } }", { id });
      expect(res.body.data?.node?.id, `${what} ${id}`).toBe(id);
    }
  }, 120_000);

  it("exits non-zero on a refused request and on bad arguments", async () => {
    const errors: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => {
      errors.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      const bad = `md_test_${"x".repeat(40)}`;
      expect(await main(["--base-url", baseUrl, "--key", bad])).toBe(1);
      expect(errors.join("")).toMatch(/demo failed: health: GET \/v1\/health answered 401/);
      expect(await main(["--base-url", baseUrl])).toBe(2);
    } finally {
      process.stderr.write = write;
    }
  });
});
