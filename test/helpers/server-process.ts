import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

export interface ServerProcess {
  child: ChildProcess;
  port: number;
}

/**
 * Starts the server (`src/server.ts` unless `args` say otherwise) in a child process on a port the OS picks (PORT=0), and resolves once
 * it logs the address it really listens on. Picking a port in the test and handing it over
 * races other processes for it; letting the server bind port 0 cannot collide.
 */
export function startServerProcess(
  env: Record<string, string>,
  options: {
    timeoutMs?: number;
    children?: ChildProcess[];
    /** Node.js arguments; the TypeScript sources through tsx unless told (`["scripts/start.mjs"]`). */
    args?: string[];
  } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, options.args ?? ["--import", "tsx", "src/server.ts"], {
    cwd: ROOT,
    env: { ...process.env, HOST: "127.0.0.1", ...env, PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  options.children?.push(child);
  return new Promise((ready, fail) => {
    let out = "";
    const timer = setTimeout(
      () => fail(new Error(`server did not start:\n${out}`)),
      options.timeoutMs ?? 90_000,
    );
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const listening = /listening on http:\/\/[^:\s]+:(\d+)/.exec(out);
      if (listening) {
        clearTimeout(timer);
        ready({ child, port: Number(listening[1]) });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited (${code}):\n${out}`));
    });
  });
}
