import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * "Never lose an acknowledged write": a real server process on the embedded database is
 * killed with SIGKILL right after answering, then restarted on the same data directory.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const SECRET = "md_test_DurabilityCheckSecret000000000000000000001";
const dataDir = mkdtempSync(join(tmpdir(), "md-durability-"));
const children: ChildProcess[] = [];

function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      MD_DATA_DIR: dataDir,
      MD_BOOTSTRAP_SECRET: SECRET,
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((ready, fail) => {
    let out = "";
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${out}`)), 90_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("listening on")) {
        clearTimeout(timer);
        ready(child);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => fail(new Error(`server exited (${code}):\n${out}`)));
  });
}

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
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const first = await startServer(port);
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

    const second = await startServer(port + 1);
    const list = (await (await call(port + 1, "/v1/operations?limit=100")).json()) as {
      items: Array<{ id: string }>;
    };
    expect(list.items.map((o) => o.id).sort()).toEqual([...acknowledged].sort());
    const verify = (await (await call(port + 1, "/v1/audit/verify")).json()) as {
      valid: boolean;
      events_checked: number;
    };
    expect(verify.valid).toBe(true);
    second.kill("SIGKILL");
  }, 240_000);
});
