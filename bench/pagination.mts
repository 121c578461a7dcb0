/**
 * Keyset pagination: does a deep page cost the same as the first one?
 * Run: npm run bench:pagination  (embedded PGlite; add DATABASE_URL=… for PostgreSQL)
 *
 * Seeds N operations for one tenant, then times, in one run and on one database:
 *   - the REST list endpoint's first page and a page at depth ≈ N (via a real cursor),
 *   - the same two pages fetched with OFFSET, as the baseline keyset avoids.
 * Prints medians and the deep/first ratio for each; only ratios are meaningful across machines.
 */
import { SECRET, startBenchApp } from "./harness.mjs";
import { encodeCursor } from "../src/pagination.js";
import { newId } from "../src/ids.js";

const N = Number(process.env.BENCH_ROWS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const app = await startBenchApp();
const key = await app.db.root.apiKey.findFirstOrThrow();
const org = key.organizationId;

const ids: string[] = [];
for (let i = 0; i < N; i += 1000) {
  const batch = Array.from({ length: Math.min(1000, N - i) }, () => {
    const id = newId("operation");
    ids.push(id);
    const now = new Date();
    return {
      id,
      organizationId: org,
      environment: "sandbox",
      type: "asset_recovery",
      intent: "bench",
      posture: "monitoring",
      state: "created",
      createdAt: now,
      updatedAt: now,
    };
  });
  await app.db.root.operation.createMany({ data: batch });
}
ids.reverse(); // newest first, as the list returns them

const get = (path: string) =>
  app
    .fetch(new Request(`http://bench${path}`, { headers: { Authorization: `Bearer ${SECRET}` } }))
    .then(async (r) => {
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return r.json();
    });

async function median(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 5; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

const depth = N - 200;
const deepCursor = encodeCursor(ids[depth - 1]!);
const offsetQuery = (skip: number) => () =>
  app.db.root.operation.findMany({
    where: { organizationId: org, environment: "sandbox" },
    orderBy: { id: "desc" },
    skip,
    take: 21,
  });

const keysetFirst = await median(() => get("/v1/operations?limit=20"));
const keysetDeep = await median(() => get(`/v1/operations?limit=20&cursor=${deepCursor}`));
const offsetFirst = await median(offsetQuery(0));
const offsetDeep = await median(offsetQuery(depth));

const first = await get(`/v1/operations?limit=20&cursor=${deepCursor}`);
if (first.items[0].id !== ids[depth])
  throw new Error("deep cursor page does not start where expected");

const fmt = (n: number) => n.toFixed(2);
console.log(`rows=${N} runs=${RUNS} database=${app.config.database.kind} depth=${depth}`);
console.log(
  `keyset (REST list)  first page ${fmt(keysetFirst)} ms  deep page ${fmt(keysetDeep)} ms  deep/first = ${fmt(keysetDeep / keysetFirst)}`,
);
console.log(
  `OFFSET (baseline)   first page ${fmt(offsetFirst)} ms  deep page ${fmt(offsetDeep)} ms  deep/first = ${fmt(offsetDeep / offsetFirst)}`,
);
await app.close();
