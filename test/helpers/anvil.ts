import { freePort } from "./ports.js";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

/** The anvil binary of the optional dependency @foundry-rs/anvil-linux-amd64 (linux-x64 only). */
export const ANVIL_BIN = resolve(
  import.meta.dirname,
  "../../node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil",
);

/** Anvil's first two default accounts (its well-known development mnemonic). */
export const ANVIL_KEYS = [
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
] as const;

export interface Anvil {
  url: string;
  stop(): Promise<void>;
}

/** Starts anvil on a free port and waits until it answers JSON-RPC; fails loudly when absent. */
export async function startAnvil(): Promise<Anvil> {
  if (!existsSync(ANVIL_BIN))
    throw new Error(
      `The anvil binary is missing at ${ANVIL_BIN}: the live-provider tests need the optional dependency @foundry-rs/anvil-linux-amd64 (linux-x64 only). Install it with npm install on linux-x64.`,
    );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    ANVIL_BIN,
    ["--port", String(port), "--host", "127.0.0.1", "--silent"],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.on("data", (d) => (stderr += String(d)));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}): ${stderr}`);
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`anvil did not answer on ${url} within 20 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
      }),
  };
}
