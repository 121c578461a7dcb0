/**
 * Asset map for 50 sandbox wallets: server time per request (target < 300 ms).
 * Run: npm run bench:crypto  (embedded PGlite; add DATABASE_URL=… for PostgreSQL)
 *
 * Requests go through the app's fetch in-process, so the time is the server's: routing, auth,
 * validation, the synthetic provider (balances, transfers, one-hop counterparties), scoring and
 * the transaction that stores the map, its hypotheses, exposures and audit event. Prints the
 * median and p90 of one run, and the record counts of one map.
 */
import { SECRET, startBenchApp } from "./harness.mjs";
import { seedOf } from "../plugins/crypto/prng.js";
import { syntheticAddress } from "../plugins/crypto/providers/sandbox.js";

const WALLETS = Number(process.env.BENCH_WALLETS ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

const app = await startBenchApp();

const post = async (path: string, body: unknown) => {
  const r = await app.fetch(
    new Request(`http://bench${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${SECRET}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${path}: ${r.status} ${text}`);
  return JSON.parse(text);
};

const matter = await post("/v1/matters", { name: "Benchmark matter" });
// A realistic mix: mostly EVM, some Tron and Bitcoin, all well-formed and deterministic.
const wallets = Array.from({ length: WALLETS }, (_, i) => {
  const network = i % 10 === 8 ? "tron" : i % 10 === 9 ? "bitcoin" : "ethereum";
  return syntheticAddress(network, seedOf("bench-wallet", String(i)));
});
const body = { matter_id: matter.matter_id, wallets };

let last: any;
const samples: number[] = [];
for (let i = 0; i < 3 + RUNS; i++) {
  const t = performance.now();
  last = await post("/v1/crypto/asset-map", body);
  if (i >= 3) samples.push(performance.now() - t);
}
samples.sort((a, b) => a - b);
const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
console.log(`wallets=${WALLETS} runs=${RUNS} database=${app.config.database.kind}`);
console.log(
  `asset map: median ${at(0.5).toFixed(1)} ms  p90 ${at(0.9).toFixed(1)} ms  min ${samples[0]!.toFixed(1)} ms  (target < 300 ms)`,
);
console.log(
  `one map (${(JSON.stringify(last).length / 1024).toFixed(0)} KiB): ${last.wallets.length} wallets, ${last.token_exposures.length} token exposures, ${last.exchange_hypotheses.length} exchange hypotheses, ${last.stablecoin_exposure.length} stablecoin exposures`,
);
await app.close();
