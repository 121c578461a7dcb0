/**
 * This service against the peers its users could pick instead (issue 11), in one run.
 * Run: npm run bench   (needs the local PostgreSQL server; BENCH_PG_URL overrides it)
 *
 * Starts every peer as its own process on a database it creates (and drops at the end):
 *   - floor: a bare node:http server answering a fixed body (what HTTP alone costs here),
 *   - fastify: Fastify 5 + `pg`, the same key lookup and tenant-scoped select as GET /v1/operations/{id},
 *   - postgraphile: PostGraphile 5 (amber preset) on the same tables, for the nested matter query,
 *   - service: this service, built JavaScript (`npm start`), on the same database.
 * Loads them with autocannon in interleaved rounds (every round runs every case on every
 * target in one-second slices that alternate between the targets), takes the median of the rounds, and prints
 * req/s, latency, ratios and SQL statements per request (counted on the wire by a proxy in a
 * separate pass, so every peer is counted the same way). Then times start-to-first-200 and
 * reads RSS after load, on PostgreSQL and on the embedded database, and, when pgbouncer is
 * installed, compares one and two service processes behind PgBouncer in transaction pooling.
 * Only ratios mean anything across machines; the table says how loaded this one was.
 *
 * Settings: BENCH_ROUNDS (3), BENCH_SECONDS per measurement (5), BENCH_CONNECTIONS (20).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { pgbouncerBinary, startPgbouncer } from "../test/helpers/pgbouncer.js";
import { freePort } from "../test/helpers/ports.js";
import { startWireCounter, type WireCounter } from "./peers/wire-counter.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SERVER_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECRET = "md_test_BenchmarkSecret0000000000000000000000001";
const AUTH = { authorization: `Bearer ${SECRET}` };
const JSON_HEADERS = { "content-type": "application/json" };

// ---------------------------------------------------------------------------------------------
// Processes, ports, databases

const children = new Set<ChildProcess>();
const cleanups: Array<() => Promise<void> | void> = [];

interface Target {
  name: string;
  url: string;
  pid: number;
  /** ms from spawn to the first 200 of `ready`. */
  startMs: number;
  rssMb(): number;
  stop(): Promise<void>;
}

async function waitFor200(
  url: string,
  init: RequestInit,
  child: ChildProcess,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited (${child.exitCode})`);
    try {
      const res = await fetch(url, init);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url}: no 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function startTarget(
  name: string,
  args: string[],
  env: Record<string, string>,
  ready: { path: string; headers?: Record<string, string>; body?: string },
): Promise<Target> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.add(child);
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor200(
      url + ready.path,
      { method: ready.body ? "POST" : "GET", headers: ready.headers ?? {}, body: ready.body },
      child,
    );
  } catch (e) {
    child.kill("SIGKILL");
    throw new Error(`${name} did not start: ${(e as Error).message}\n${stderr}`);
  }
  const startMs = performance.now() - started;
  return {
    name,
    url,
    pid: child.pid!,
    startMs,
    rssMb: () => rssMb(child.pid!),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      children.delete(child);
    },
  };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>, url = SERVER_URL): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function createDatabase(): Promise<string> {
  const name = `md_bench_${randomBytes(5).toString("hex")}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  cleanups.push(() =>
    admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  );
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function cleanup() {
  for (const child of children) child.kill("SIGKILL");
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (e) {
      process.stderr.write(`cleanup: ${(e as Error).message}\n`);
    }
  }
}
process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));

// ---------------------------------------------------------------------------------------------
// The targets

const serviceEnv = (databaseUrl: string | null, extra: Record<string, string> = {}) => ({
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  MD_BOOTSTRAP_SECRET: SECRET,
  // Request logs off, as the peers have none; rate limits high enough never to refuse, still applied.
  MD_LOG_LEVEL: "warn",
  MD_RATE_LIMIT_PER_SECOND: "1000000",
  MD_RATE_LIMIT_BURST: "1000000",
  ...extra,
});

/** `npm start` without npm's own start-up: the node flags and script of package.json's start. */
const START = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts.start as string)
  .split(/\s+/)
  .slice(1);

function startService(
  databaseUrl: string | null,
  extra: Record<string, string> = {},
  ready = "/readyz",
) {
  return startTarget("service", START, serviceEnv(databaseUrl, extra), {
    path: ready,
    headers: AUTH,
  });
}

const peers = {
  floor: () => startTarget("floor", ["bench/peers/floor.mjs"], {}, { path: "/" }),
  fastify: (db: string, ready: string) =>
    startTarget(
      "fastify",
      ["bench/peers/fastify.mjs"],
      { DATABASE_URL: db },
      { path: ready, headers: AUTH },
    ),
  postgraphile: (db: string) =>
    startTarget(
      "postgraphile",
      ["bench/peers/postgraphile.mjs"],
      { DATABASE_URL: db, GRAPHILE_ENV: "production" },
      { path: "/graphql", headers: JSON_HEADERS, body: JSON.stringify({ query: "{__typename}" }) },
    ),
};

// ---------------------------------------------------------------------------------------------
// Requests

async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = AUTH,
): Promise<any> {
  const res = await fetch(base + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : JSON_HEADERS) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

const OPERATION = { type: "asset_recovery", intent: "trace", posture: "monitoring" };

const SERVICE_PAGE = `query($id: ID!) { matter(id: $id) { matterId name status
  authorityGrants(first: 20) { edges { node { authorityId status basis } } }
  claimants(first: 20) { edges { node { claimantId name role } } }
  judgments(first: 20) { edges { node { judgmentId caseNumber status } } }
  debtors(first: 20) { edges { node { debtorId legalName } } } } }`;
const PEER_PAGE = `query($id: String!) { matterByRowId(rowId: $id) { rowId name status
  authorityGrantsByMatterId(first: 20) { edges { node { rowId status basis } } }
  claimantsByMatterId(first: 20) { edges { node { rowId name role } } }
  judgmentsByMatterId(first: 20) { edges { node { rowId caseNumber status } } }
  debtorsByMatterId(first: 20) { edges { node { rowId legalName } } } } }`;
const CHILDREN = 5;

interface Seeded {
  operationId: string;
  matterId: string;
  /** Admin secrets of 20 more organizations, for the spread-writes case. */
  orgSecrets: string[];
}

async function seed(service: string): Promise<Seeded> {
  const operationId = (await call(service, "POST", "/v1/operations", OPERATION)).id;
  const matterId = (await call(service, "POST", "/v1/matters", { name: "Bench matter" })).matter_id;
  for (let i = 0; i < CHILDREN; i++) {
    await call(service, "POST", `/v1/matters/${matterId}/authority`, {
      basis: "court_order",
      granted_by: "Court",
      source_refs: [{ source_type: "court_order" }],
    });
    await call(service, "POST", `/v1/matters/${matterId}/claimants`, {
      name: `C${i}`,
      role: "creditor",
    });
    await call(service, "POST", "/v1/debtors", {
      matter_id: matterId,
      type: "individual",
      legal_name: `D${i}`,
    });
    await call(service, "POST", "/v1/judgments/intake", {
      matter_id: matterId,
      court: "Court",
      case_number: `N${i}`,
      jurisdiction: "CA",
      creditor: "C",
      debtor: "D",
      amount: { amount: 1000 + i, currency: "USD" },
      date_entered: "2025-01-01",
    });
  }
  const orgSecrets: string[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const org = await call(service, "POST", "/v1/organizations", {
      name: `Bench org ${i}`,
      type: "recovery_operator",
    });
    const key = await call(service, "POST", `/v1/organizations/${org.organization_id}/api-keys`, {
      name: "bench",
      scopes: ["*"],
    });
    orgSecrets.push(key.secret_once);
  }
  return { operationId, matterId, orgSecrets };
}

interface Workload {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** A fresh Idempotency-Key per request (or an unused header of the same size, for parity). */
  perRequestKey?: "Idempotency-Key" | "X-Bench-Nonce";
  /** One bearer secret per connection instead of `headers.authorization`. */
  secretPerConnection?: string[];
}

function graphqlWork(query: string, variables: unknown): Workload {
  return {
    method: "POST",
    path: "/graphql",
    headers: { ...AUTH, ...JSON_HEADERS },
    body: JSON.stringify({ query, variables }),
  };
}

interface Measured {
  requests: number;
  seconds: number;
  rps: number;
  meanMs: number;
  p99Ms: number;
  bad: number;
}

async function load(
  base: string,
  work: Workload,
  connections: number,
  seconds: number,
): Promise<Measured> {
  let client = 0;
  const result = await autocannon({
    url: base + work.path,
    method: work.method,
    connections,
    duration: seconds,
    headers: work.headers ?? AUTH,
    body: work.body,
    ...(work.perRequestKey
      ? {
          requests: [
            {
              setupRequest: (req: any) => ({
                ...req,
                headers: { ...req.headers, [work.perRequestKey!]: randomUUID() },
              }),
            },
          ],
        }
      : {}),
    ...(work.secretPerConnection
      ? {
          setupClient: (c: any) => {
            const secret = work.secretPerConnection![client++ % work.secretPerConnection!.length];
            c.setHeaders({ ...work.headers, authorization: `Bearer ${secret}` });
          },
        }
      : {}),
  });
  const elapsed = result.duration || seconds;
  const rps = result.requests.total / elapsed;
  return {
    requests: result.requests.total,
    seconds: elapsed,
    rps,
    // Closed loop: every connection sends its next request when the last one is answered, so
    // mean latency = connections / throughput (autocannon's own histogram has 1 ms resolution).
    meanMs: (connections * 1000) / rps,
    p99Ms: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/** One request of the workload must succeed (a GraphQL answer without errors). */
async function check(base: string, work: Workload): Promise<void> {
  const res = await fetch(base + work.path, {
    method: work.method,
    headers: {
      ...(work.headers ?? AUTH),
      ...(work.perRequestKey ? { [work.perRequestKey]: randomUUID() } : {}),
    },
    body: work.body,
  });
  const text = await res.text();
  if (res.status >= 300 || /"errors"\s*:/.test(text))
    throw new Error(`${work.method} ${base}${work.path}: ${res.status} ${text.slice(0, 500)}`);
}

/** The same requests one at a time; the wire statements of each, median and highest. */
async function statementsPerRequest(
  base: string,
  work: Workload,
  counter: WireCounter,
  n = 15,
): Promise<{ median: number; max: number }> {
  const counts: number[] = [];
  for (let i = 0; i < n + 2; i++) {
    const before = counter.statements;
    const res = await fetch(base + work.path, {
      method: work.method,
      headers: {
        ...(work.headers ?? AUTH),
        ...(work.perRequestKey ? { [work.perRequestKey]: randomUUID() } : {}),
      },
      body: work.body,
    });
    await res.arrayBuffer();
    if (res.status >= 300) throw new Error(`${work.method} ${work.path}: ${res.status}`);
    await new Promise((r) => setTimeout(r, 5));
    if (i >= 2) counts.push(counter.statements - before);
  }
  counts.sort((a, b) => a - b);
  return { median: counts[Math.floor(counts.length / 2)]!, max: counts[counts.length - 1]! };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

// ---------------------------------------------------------------------------------------------
// The run

const rows: Array<{
  case: string;
  service: string;
  peer: string;
  ratio: string;
  target: string;
  ok: string;
}> = [];
const row = (
  c: string,
  service: string,
  peer: string,
  ratio: string,
  target = "",
  ok: boolean | null = null,
) =>
  rows.push({
    case: c,
    service,
    peer,
    ratio,
    target,
    ok: ok === null ? "" : ok ? "met" : "MISSED",
  });
const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

function machine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node.js ${process.versions.node}`;
}
const loads: number[] = [loadavg()[0]!];

async function main() {
  process.stdout.write(
    `machine: ${machine()}; load average at start ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}\n`,
  );
  const built = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: ROOT, stdio: "inherit" });
  if (built.status !== 0) throw new Error("build failed");
  const pgVersion = await admin((c) => c.query("SHOW server_version")).then(
    (r) => r.rows[0].server_version,
  );
  const db = await createDatabase();

  // Migrate, bootstrap and seed through a first start of the service.
  const first = await startService(db);
  const data = await seed(first.url);
  await first.stop();
  const opPath = `/v1/operations/${data.operationId}`;

  // ---- statements per request, counted on the wire
  process.stdout.write("counting statements …\n");
  const dbUrl = new URL(db);
  const statements: Record<string, { median: number; max: number }> = {};
  {
    const quiet = { MD_WEBHOOK_WORKER: "false", MD_JOBS_INTERVAL_MS: "0" };
    const viaCounter = async (
      name: string,
      start: (url: string) => Promise<Target>,
      work: Record<string, Workload>,
    ) => {
      const counter = await startWireCounter({
        host: dbUrl.hostname,
        port: Number(dbUrl.port || 5432),
      });
      const proxied = new URL(db);
      proxied.port = String(counter.port);
      const t = await start(proxied.toString());
      try {
        for (const w of Object.values(work)) await check(t.url, w);
        for (const [k, w] of Object.entries(work))
          statements[`${name}:${k}`] = await statementsPerRequest(t.url, w, counter);
      } finally {
        await t.stop();
        await counter.close();
      }
    };
    await viaCounter("service", (u) => startService(u, quiet), {
      get: { method: "GET", path: opPath },
      page: graphqlWork(SERVICE_PAGE, { id: data.matterId }),
      post: {
        method: "POST",
        path: "/v1/operations",
        headers: { ...AUTH, ...JSON_HEADERS },
        body: JSON.stringify(OPERATION),
        perRequestKey: "X-Bench-Nonce",
      },
      idem: {
        method: "POST",
        path: "/v1/operations",
        headers: { ...AUTH, ...JSON_HEADERS },
        body: JSON.stringify(OPERATION),
        perRequestKey: "Idempotency-Key",
      },
    });
    await viaCounter("fastify", (u) => peers.fastify(u, opPath), {
      get: { method: "GET", path: opPath },
    });
    await viaCounter("postgraphile", (u) => peers.postgraphile(u), {
      page: graphqlWork(PEER_PAGE, { id: data.matterId }),
    });
  }

  // ---- load, interleaved rounds
  const service = await startService(db, {}, opPath);
  const floor = await peers.floor();
  const fastify = await peers.fastify(db, opPath);
  const postgraphile = await peers.postgraphile(db);
  const post = (key: Workload["perRequestKey"]): Workload => ({
    method: "POST",
    path: "/v1/operations",
    headers: { ...AUTH, ...JSON_HEADERS },
    body: JSON.stringify(OPERATION),
    perRequestKey: key,
  });
  const cases: Array<{
    id: string;
    runs: Array<{ target: Target; work: Workload; connections: number }>;
  }> = [
    {
      id: "get",
      runs: [
        { target: floor, work: { method: "GET", path: opPath }, connections: CONNECTIONS },
        { target: fastify, work: { method: "GET", path: opPath }, connections: CONNECTIONS },
        { target: service, work: { method: "GET", path: opPath }, connections: CONNECTIONS },
      ],
    },
    {
      id: "get-unloaded",
      runs: [
        { target: fastify, work: { method: "GET", path: opPath }, connections: 1 },
        { target: service, work: { method: "GET", path: opPath }, connections: 1 },
      ],
    },
    {
      id: "page",
      runs: [
        {
          target: postgraphile,
          work: graphqlWork(PEER_PAGE, { id: data.matterId }),
          connections: CONNECTIONS,
        },
        {
          target: service,
          work: graphqlWork(SERVICE_PAGE, { id: data.matterId }),
          connections: CONNECTIONS,
        },
      ],
    },
    {
      id: "post",
      runs: [
        { target: service, work: post("X-Bench-Nonce"), connections: 1 },
        { target: service, work: post("Idempotency-Key"), connections: 1 },
      ],
    },
    {
      id: "writes",
      runs: [
        { target: service, work: post("X-Bench-Nonce"), connections: CONNECTIONS },
        {
          target: service,
          work: { ...post("X-Bench-Nonce"), secretPerConnection: data.orgSecrets },
          connections: CONNECTIONS,
        },
      ],
    },
  ];
  const results = new Map<string, Measured[]>();
  process.stdout.write(`warming up, then ${ROUNDS} rounds of ${SECONDS} s per measurement …\n`);
  for (const c of cases) {
    for (const r of c.runs) {
      await check(r.target.url, r.work);
      await load(r.target.url, r.work, r.connections, 1);
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) {
      // One-second slices alternating between the case's targets, so a change in the
      // machine's load (it is shared) falls on all of them alike.
      const acc = c.runs.map(() => ({ requests: 0, seconds: 0, p99: 0, bad: 0 }));
      for (let slice = 0; slice < SECONDS; slice++) {
        const order = (round + slice) % 2 ? [...c.runs.keys()].reverse() : [...c.runs.keys()];
        for (const i of order) {
          const r = c.runs[i]!;
          const m = await load(r.target.url, r.work, r.connections, 1);
          acc[i]!.requests += m.requests;
          acc[i]!.seconds += m.seconds;
          acc[i]!.p99 = Math.max(acc[i]!.p99, m.p99Ms);
          acc[i]!.bad += m.bad;
        }
      }
      acc.forEach((a, i) => {
        const rps = a.requests / a.seconds;
        const m: Measured = {
          rps,
          meanMs: (c.runs[i]!.connections * 1000) / rps,
          p99Ms: a.p99,
          bad: a.bad,
          requests: a.requests,
          seconds: a.seconds,
        };
        const key = `${c.id}:${i}`;
        results.set(key, [...(results.get(key) ?? []), m]);
      });
    }
    loads.push(loadavg()[0]!);
    process.stdout.write(
      `  round ${round + 1}/${ROUNDS} done (load ${loadavg()[0]!.toFixed(1)})\n`,
    );
  }
  const med = (key: string, f: keyof Measured) => median(results.get(key)!.map((m) => m[f]));
  const bad = [...results.entries()].filter(([, ms]) => ms.some((m) => m.bad > 0)).map(([k]) => k);

  const rssAfterLoad = {
    service: service.rssMb(),
    fastify: fastify.rssMb(),
    postgraphile: postgraphile.rssMb(),
  };
  // The chains of every organization that wrote under load must still verify.
  const chains = await Promise.all(
    [SECRET, ...data.orgSecrets].map((s) =>
      call(service.url, "GET", "/v1/audit/verify", undefined, { authorization: `Bearer ${s}` }),
    ),
  );
  const chainsValid = chains.every((c) => c.valid === true);
  const eventsChecked = chains.reduce((n, c) => n + c.events_checked, 0);
  for (const t of [service, floor, fastify, postgraphile]) await t.stop();

  // ---- start to first 200 and RSS
  process.stdout.write("start-up and memory …\n");
  const pgStarts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = await startService(db, {}, opPath);
    pgStarts.push(t.startMs);
    await t.stop();
  }
  const emptyStarts: number[] = [];
  const existingStarts: number[] = [];
  let embeddedRss = 0;
  for (let i = 0; i < 3; i++) {
    const dir = tempDir("md-bench-embedded-");
    const env = { MD_DATA_DIR: dir };
    const empty = await startService(null, env, "/v1/operations?limit=1");
    emptyStarts.push(empty.startMs);
    await empty.stop();
    const existing = await startService(null, env, "/v1/operations?limit=1");
    existingStarts.push(existing.startMs);
    if (i === 0) {
      const op = await call(existing.url, "POST", "/v1/operations", OPERATION);
      const matter = await call(existing.url, "POST", "/v1/matters", { name: "Embedded" });
      await load(
        existing.url,
        { method: "GET", path: `/v1/operations/${op.id}` },
        CONNECTIONS,
        SECONDS,
      );
      await load(
        existing.url,
        graphqlWork(SERVICE_PAGE, { id: matter.matter_id }),
        CONNECTIONS,
        SECONDS,
      );
      await load(existing.url, post("X-Bench-Nonce"), CONNECTIONS, SECONDS);
      embeddedRss = existing.rssMb();
    }
    await existing.stop();
  }

  // ---- PgBouncer: one and two service processes
  const bouncer = await pgbouncerCase(db, opPath);

  // ---- report
  const get = (i: number, f: keyof Measured) => med(`get:${i}`, f);
  const st = (k: string) => {
    const s = statements[k];
    return s ? (s.max === s.median ? `${s.median}` : `${s.median} (≤${s.max})`) : "";
  };
  const r1 = get(2, "rps") / get(1, "rps");
  row(
    "REST GET /v1/operations/{id}, req/s",
    fmt(get(2, "rps")),
    `fastify ${fmt(get(1, "rps"))} (floor ${fmt(get(0, "rps"))})`,
    `${r1.toFixed(2)}×`,
    "≥ 0.5×",
    r1 >= 0.5,
  );
  const lat = med("get-unloaded:1", "meanMs") / med("get-unloaded:0", "meanMs");
  row(
    "same, unloaded mean latency",
    `${fmt(med("get-unloaded:1", "meanMs"), 2)} ms`,
    `fastify ${fmt(med("get-unloaded:0", "meanMs"), 2)} ms`,
    `${lat.toFixed(2)}×`,
    "≤ 2×",
    lat <= 2,
  );
  row(
    "SQL statements per GET by id",
    st("service:get"),
    `fastify ${st("fastify:get")}`,
    "",
    "≤ 1 of overhead",
    statements["service:get"]!.median - statements["fastify:get"]!.median <= 1,
  );
  const r2 = med("page:1", "rps") / med("page:0", "rps");
  row(
    "GraphQL matter + 4 child lists, req/s",
    fmt(med("page:1", "rps")),
    `postgraphile ${fmt(med("page:0", "rps"))}`,
    `${r2.toFixed(2)}×`,
    "≥ 0.5×",
    r2 >= 0.5,
  );
  row(
    "SQL statements per matter page",
    st("service:page"),
    `postgraphile ${st("postgraphile:page")}`,
    "",
    "≤ 4",
    statements["service:page"]!.median <= 4,
  );
  const idem = med("post:1", "meanMs") / med("post:0", "meanMs");
  row(
    "POST with Idempotency-Key vs without, mean latency",
    `${fmt(med("post:1", "meanMs"), 2)} ms`,
    `plain ${fmt(med("post:0", "meanMs"), 2)} ms`,
    `${idem.toFixed(2)}×`,
    "≤ 1.15×",
    idem <= 1.15,
  );
  row(
    "SQL statements per POST, idempotent / plain",
    `${st("service:idem")} / ${st("service:post")}`,
    "",
    "",
    "",
    null,
  );
  const w = med("writes:0", "rps") / med("writes:1", "rps");
  row(
    `writes/s, 1 org × ${CONNECTIONS} writers vs ${CONNECTIONS} orgs`,
    fmt(med("writes:0", "rps")),
    `spread ${fmt(med("writes:1", "rps"))}`,
    `${w.toFixed(2)}×`,
    "≥ 0.5×",
    w >= 0.5,
  );
  row(
    "audit chains after the writes",
    chainsValid ? `valid (${fmt(eventsChecked)} events, ${chains.length} chains)` : "BROKEN",
    "",
    "",
    "valid",
    chainsValid,
  );
  const sPg = median(pgStarts),
    sEx = median(existingStarts),
    sEm = median(emptyStarts);
  row(
    "start to first 200: PostgreSQL, migrated",
    `${fmt(sPg / 1000, 2)} s`,
    "",
    "",
    "≤ 2 s",
    sPg <= 2000,
  );
  row(
    "start to first 200: embedded, existing data",
    `${fmt(sEx / 1000, 2)} s`,
    "",
    "",
    "≤ 3 s",
    sEx <= 3000,
  );
  row(
    "start to first 200: embedded, empty directory",
    `${fmt(sEm / 1000, 2)} s`,
    "",
    "",
    "≤ 5 s",
    sEm <= 5000,
  );
  row(
    "RSS after load, PostgreSQL",
    `${fmt(rssAfterLoad.service)} MB`,
    `fastify ${fmt(rssAfterLoad.fastify)} MB, postgraphile ${fmt(rssAfterLoad.postgraphile)} MB`,
    "",
    "≤ 250 MB",
    rssAfterLoad.service <= 250,
  );
  row("RSS after load, embedded", `${fmt(embeddedRss)} MB`, "", "", "≤ 350 MB", embeddedRss <= 350);
  if (bouncer) {
    const b = bouncer.two / bouncer.one;
    const pct = (x: number) => `${Math.round(x * 100)}%`;
    row(
      "PgBouncer (transaction pooling): 2 processes vs 1, GET req/s (machine CPU busy)",
      `${fmt(bouncer.two)} (${pct(bouncer.busyTwo)})`,
      `1 process ${fmt(bouncer.one)} (${pct(bouncer.busyOne)})`,
      `${b.toFixed(2)}×`,
      "≥ 1.6×",
      b >= 1.6,
    );
  } else row("PgBouncer: 2 processes vs 1", "skipped: pgbouncer not installed", "", "", "", null);

  const widths = Object.keys(rows[0]!).map((k) =>
    Math.max(k.length, ...rows.map((r) => String(r[k as keyof (typeof rows)[0]]).length)),
  );
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  const out = [
    `\nbench: ${new Date().toISOString().slice(0, 10)}, ${machine()}, PostgreSQL ${pgVersion}; ${ROUNDS} interleaved rounds × ${SECONDS} s, ${CONNECTIONS} connections, medians`,
    `load average (1 min) during the rounds: ${loads.map((l) => l.toFixed(1)).join(", ")} on ${cpus().length} cores`,
    line(Object.keys(rows[0]!)),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map((r) => line(Object.values(r))),
    ...(bad.length ? [`non-2xx responses or errors in: ${bad.join(", ")}`] : []),
  ].join("\n");
  process.stdout.write(`${out}\n`);
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${out}\n`);
}

// ---------------------------------------------------------------------------------------------
// PgBouncer in transaction pooling mode in front of the bench database

/** The machine's CPU time so far, all cores (jiffies): busy and in total (/proc/stat). */
function machineCpu(): { busy: number; total: number } {
  const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, total: busy + idle! + iowait! };
}

/**
 * One and two service processes behind PgBouncer, with how busy the whole machine was in each
 * (all cores): a second process can only add throughput with CPU the first left idle.
 */
async function pgbouncerCase(
  db: string,
  opPath: string,
): Promise<{ one: number; two: number; busyOne: number; busyTwo: number } | null> {
  if (!pgbouncerBinary()) return null;
  process.stdout.write("PgBouncer: one and two service processes …\n");
  const bouncer = await startPgbouncer(db);
  cleanups.push(() => bouncer.stop());
  const a = await startService(bouncer.url, {}, opPath);
  const b = await startService(bouncer.url, {}, opPath);
  const work: Workload = { method: "GET", path: opPath };
  const one: number[] = [];
  const two: number[] = [];
  const cpu = { one: { busy: 0, total: 0 }, two: { busy: 0, total: 0 } };
  const measured = async (side: "one" | "two", run: () => Promise<void>) => {
    const before = machineCpu();
    await run();
    const after = machineCpu();
    cpu[side].busy += after.busy - before.busy;
    cpu[side].total += after.total - before.total;
  };
  await check(a.url, work);
  await check(b.url, work);
  await load(a.url, work, CONNECTIONS, 3);
  await load(b.url, work, CONNECTIONS, 3);
  for (let round = 0; round < ROUNDS; round++) {
    const acc = { one: { requests: 0, seconds: 0 }, two: { requests: 0, seconds: 0 } };
    const runOne = () =>
      measured("one", async () => {
        const m = await load(a.url, work, CONNECTIONS, 1);
        acc.one.requests += m.requests;
        acc.one.seconds += m.seconds;
      });
    const runTwo = () =>
      measured("two", async () => {
        const [x, y] = await Promise.all([
          load(a.url, work, CONNECTIONS / 2, 1),
          load(b.url, work, CONNECTIONS / 2, 1),
        ]);
        acc.two.requests += x.requests + y.requests;
        acc.two.seconds += Math.max(x.seconds, y.seconds);
      });
    for (let slice = 0; slice < SECONDS; slice++) {
      if ((round + slice) % 2) {
        await runTwo();
        await runOne();
      } else {
        await runOne();
        await runTwo();
      }
    }
    one.push(acc.one.requests / acc.one.seconds);
    two.push(acc.two.requests / acc.two.seconds);
  }
  await a.stop();
  await b.stop();
  return {
    one: median(one),
    two: median(two),
    busyOne: cpu.one.busy / cpu.one.total,
    busyTwo: cpu.two.busy / cpu.two.total,
  };
}

try {
  await main();
} finally {
  await cleanup();
}
