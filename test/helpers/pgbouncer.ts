import { freePort } from "./ports.js";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The Debian package's binary, or null when PgBouncer is not installed. */
export function pgbouncerBinary(): string | null {
  for (const bin of ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"]) {
    if (existsSync(bin) && spawnSync(bin, ["--version"]).status === 0) return bin;
  }
  return null;
}

export interface Pgbouncer {
  /** `url` with host and port replaced by PgBouncer's. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts PgBouncer in transaction pooling mode on a free port in front of the server of
 * `databaseUrl` (trust authentication, as the local test server uses), in a directory of its
 * own that is removed on stop. As root it drops to the `postgres` user, since PgBouncer
 * refuses to run as root.
 */
export async function startPgbouncer(
  databaseUrl: string,
  options: { poolSize?: number } = {},
): Promise<Pgbouncer> {
  const bin = pgbouncerBinary();
  if (!bin) throw new Error("pgbouncer is not installed (apt-get install pgbouncer)");
  const target = new URL(databaseUrl);
  const user = decodeURIComponent(target.username || "postgres");
  const dir = mkdtempSync(join(tmpdir(), "md-pgbouncer-"));
  chmodSync(dir, 0o777);
  const port = await freePort();
  writeFileSync(join(dir, "userlist.txt"), `"${user}" ""\n`);
  writeFileSync(
    join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${target.hostname} port=${target.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${join(dir, "userlist.txt")}`,
      `admin_users = ${user}`,
      "pool_mode = transaction",
      "max_client_conn = 500",
      `default_pool_size = ${options.poolSize ?? 20}`,
      "ignore_startup_parameters = extra_float_digits,options",
      `logfile = ${join(dir, "pgbouncer.log")}`,
      "",
    ].join("\n"),
  );
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(
    bin,
    [...(asRoot ? ["-u", "postgres"] : []), join(dir, "pgbouncer.ini")],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      const log = existsSync(join(dir, "pgbouncer.log"))
        ? readFileSync(join(dir, "pgbouncer.log"), "utf8")
        : "";
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`pgbouncer did not start:\n${output}\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGINT");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
