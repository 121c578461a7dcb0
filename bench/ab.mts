/**
 * A/B: two builds of the service on one PostgreSQL database, loaded in alternating one-second
 * slices (so a change in the shared machine's load falls on both alike), with the requests per
 * second, the server process's CPU time per request and its RSS after the load, of each. For a
 * change's effect, on a machine too noisy for two separate runs to compare.
 *
 * Run: npm run bench:ab -- <dir A> <dir B>   (each a copy of dist/ inside the project, e.g.
 *   git stash && npm run build && cp -r dist dist-a && git stash pop && npm run build &&
 *   cp -r dist dist-b && npm run bench:ab -- dist-a dist-b)
 * Settings: BENCH_AB_CASE get | page | post | idem (get; idem is post with a fresh
 * Idempotency-Key per request), BENCH_AB_CASE_B (B's case, default the same: e.g.
 * `BENCH_AB_CASE=post BENCH_AB_CASE_B=idem BENCH_CONNECTIONS=1 npm run bench:ab -- dist dist`
 * compares idempotent with plain POST on one build), BENCH_CONNECTIONS (20), BENCH_SLICES (16),
 * BENCH_AB_FLAGS_A / BENCH_AB_FLAGS_B (Node flags of each side, space-separated: e.g. the same
 * build twice with a different --max-semi-space-size), BENCH_AB_ENV_A / BENCH_AB_ENV_B (extra
 * environment of each side, `K=V` space-separated), BENCH_PG_URL
 * (postgres://postgres@127.0.0.1:5432/postgres).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freePort } from "../test/helpers/ports.js";

const ROOT = resolve(import.meta.dirname, "..");
const [dirA, dirB] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error("usage: npm run bench:ab -- <dir A> <dir B>");
for (const dir of [dirA, dirB]) {
  if (!existsSync(join(ROOT, dir, "server.js"))) throw new Error(`${dir}/server.js: no build`);
}
const CASE = process.env.BENCH_AB_CASE ?? "get";
const CASE_B = process.env.BENCH_AB_CASE_B ?? CASE;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SLICES = Number(process.env.BENCH_SLICES ?? 16);
const SERVER_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECRET = "md_test_BenchmarkSecret0000000000000000000000001";
const AUTH = { authorization: `Bearer ${SECRET}` };
const JSON_AUTH = { ...AUTH, "content-type": "application/json" };

const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
const dbName = `md_bench_ab_${randomBytes(4).toString("hex")}`;
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(SERVER_URL);
dbUrl.pathname = `/${dbName}`;
const children: ChildProcess[] = [];

async function start(
  dir: string,
  flags: string[],
  env: Record<string, string>,
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  // Request logs off (as in npm run bench), so readiness is polled rather than read from the log.
  const child = spawn(process.execPath, [...flags, join(dir, "server.js")], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: dbUrl.toString(),
      MD_BOOTSTRAP_SECRET: SECRET,
      MD_LOG_LEVEL: "warn",
      MD_RATE_LIMIT_PER_SECOND: "1000000",
      MD_RATE_LIMIT_BURST: "1000000",
      HOST: "127.0.0.1",
      PORT: String(port),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${dir}: exited (${child.exitCode})`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, base };
    if (Date.now() > deadline) throw new Error(`${dir}: not ready within 60 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function post(base: string, path: string, body: unknown): Promise<any> {
  const res = await fetch(base + path, {
    method: "POST",
    headers: JSON_AUTH,
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

interface Work {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** A fresh Idempotency-Key on every request. */
  freshKey?: boolean;
}

/** Resident set size of a process, MB. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Math.round(Number(line[1]) / 1024) : Number.NaN;
}

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

try {
  // The first start migrates and bootstraps; the second finds both done.
  const flags = (side: string) =>
    (process.env[`BENCH_AB_FLAGS_${side}`] ?? "").split(" ").filter(Boolean);
  const envOf = (side: string) =>
    Object.fromEntries(
      (process.env[`BENCH_AB_ENV_${side}`] ?? "")
        .split(" ")
        .filter(Boolean)
        .map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]),
    );
  const a = await start(dirA, flags("A"), envOf("A"));
  const b = await start(dirB, flags("B"), envOf("B"));
  const operation = { type: "asset_recovery", intent: "trace", posture: "monitoring" };
  const op = await post(a.base, "/v1/operations", operation);
  const matter = await post(a.base, "/v1/matters", { name: "A/B matter" });
  for (let i = 0; i < 5; i++) {
    await post(a.base, `/v1/matters/${matter.matter_id}/claimants`, {
      name: `C${i}`,
      role: "creditor",
    });
    await post(a.base, "/v1/debtors", {
      matter_id: matter.matter_id,
      type: "individual",
      legal_name: `D${i}`,
    });
  }
  const page = `query($id: ID!) { matter(id: $id) { matterId name status
    claimants(first: 20) { edges { node { claimantId name role } } }
    debtors(first: 20) { edges { node { debtorId legalName } } } } }`;
  const cases: Record<string, Work> = {
    get: { method: "GET", path: `/v1/operations/${op.id}`, headers: AUTH },
    page: {
      method: "POST",
      path: "/graphql",
      headers: JSON_AUTH,
      body: JSON.stringify({ query: page, variables: { id: matter.matter_id } }),
    },
    post: {
      method: "POST",
      path: "/v1/operations",
      headers: JSON_AUTH,
      body: JSON.stringify(operation),
    },
    idem: {
      method: "POST",
      path: "/v1/operations",
      headers: JSON_AUTH,
      body: JSON.stringify(operation),
      freshKey: true,
    },
  };
  const workA = cases[CASE];
  const workB = cases[CASE_B];
  if (!workA || !workB) throw new Error(`BENCH_AB_CASE(_B): ${Object.keys(cases).join(", ")}`);
  const load = (base: string, work: Work, seconds: number) =>
    autocannon({
      url: base + work.path,
      method: work.method as "GET" | "POST",
      headers: work.headers,
      body: work.body,
      connections: CONNECTIONS,
      duration: seconds,
      ...(work.freshKey
        ? {
            requests: [
              {
                setupRequest: (req: { headers?: Record<string, string> }) => ({
                  ...req,
                  headers: { ...req.headers, "idempotency-key": randomBytes(12).toString("hex") },
                }),
              },
            ],
          }
        : {}),
    });
  for (const [t, work] of [
    [a, workA],
    [b, workB],
  ] as const) {
    const res = await fetch(t.base + work.path, work);
    const text = await res.text();
    if (res.status >= 300 || text.includes('"errors"')) throw new Error(`${res.status} ${text}`);
    await load(t.base, work, 2);
  }
  const acc = {
    a: { requests: 0, cpu: 0, latencyMs: 0 },
    b: { requests: 0, cpu: 0, latencyMs: 0 },
  };
  for (let slice = 0; slice < SLICES; slice++) {
    for (const k of slice % 2 ? (["a", "b"] as const) : (["b", "a"] as const)) {
      const t = k === "a" ? a : b;
      const before = cpuMs(t.child.pid!);
      const result = await load(t.base, k === "a" ? workA : workB, 1);
      if (result.non2xx || result.errors) throw new Error(`${k}: ${result.non2xx} non-2xx`);
      acc[k].cpu += cpuMs(t.child.pid!) - before;
      acc[k].requests += result.requests.total;
      acc[k].latencyMs += result.latency.mean * result.requests.total;
    }
  }
  const line = (k: "a" | "b", dir: string, name: string) =>
    `${k.toUpperCase()} ${dir} (${name}): ${Math.round(acc[k].requests / SLICES)} req/s, ` +
    `mean latency ${(acc[k].latencyMs / acc[k].requests).toFixed(3)} ms, ` +
    `${Math.round((acc[k].cpu * 1000) / acc[k].requests)} µs CPU per request, ` +
    `RSS after the load ${rssMb((k === "a" ? a : b).child.pid!)} MB`;
  console.log(`${CONNECTIONS} connections, ${SLICES} alternating 1 s slices each`);
  console.log(line("a", dirA, CASE));
  console.log(line("b", dirB, CASE_B));
  console.log(`B/A requests per second: ${(acc.b.requests / acc.a.requests).toFixed(3)}`);
  console.log(
    `B/A mean latency: ${(acc.b.latencyMs / acc.b.requests / (acc.a.latencyMs / acc.a.requests)).toFixed(3)}`,
  );
} finally {
  for (const c of children) c.kill("SIGKILL");
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
