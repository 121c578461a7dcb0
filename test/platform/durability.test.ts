import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServerProcess } from "../helpers/server-process.js";

/**
 * "Never lose an acknowledged write": a real server process on the embedded database is
 * killed with SIGKILL right after answering, then restarted on the same data directory.
 */
const SECRET = "md_test_DurabilityCheckSecret000000000000000000001";
const dataDir = mkdtempSync(join(tmpdir(), "md-durability-"));
const children: ChildProcess[] = [];
const startServer = () =>
  startServerProcess(
    { MD_DATA_DIR: dataDir, MD_BOOTSTRAP_SECRET: SECRET, DATABASE_URL: "" },
    { children },
  );

const call = (port: number, path: string, body?: unknown) =>
  fetch(`http://127.0.0.1:${port}${path}`, {
    method: body ? "POST" : "GET",
    headers: {
      Authorization: `Bearer ${SECRET}`,
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });

afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("durability on the embedded database", () => {
  it("keeps every acknowledged write across a SIGKILL of the server", async () => {
    const { child: first, port } = await startServer();
    const acknowledged: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(port, "/v1/operations", {
        type: "asset_recovery",
        intent: `durable ${i}`,
        posture: "monitoring",
      });
      expect(res.status).toBe(201);
      acknowledged.push(((await res.json()) as { id: string }).id);
    }
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));

    const { child: second, port: port2 } = await startServer();
    const list = (await (await call(port2, "/v1/operations?limit=100")).json()) as {
      items: Array<{ id: string }>;
    };
    expect(list.items.map((o) => o.id).sort()).toEqual([...acknowledged].sort());
    const verify = (await (await call(port2, "/v1/audit/verify")).json()) as {
      valid: boolean;
      events_checked: number;
    };
    expect(verify.valid).toBe(true);
    second.kill("SIGKILL");
  }, 240_000);
});
