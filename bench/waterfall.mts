/**
 * A waterfall over 1,000 recovery events and 200 claimants: server time per calculation.
 * Run: npm run bench:waterfall  (embedded PGlite; add DATABASE_URL=… for PostgreSQL)
 *
 * The matter, its economics and the 200 claimants (half with a share_percentage, half sharing
 * the rest equally) are made through the API; the 1,000 recovery events (one in twenty blocked,
 * USD values in cents) are inserted directly, which is only seeding. Each measured request is a
 * POST /v1/waterfall/calculate naming all 1,000 events: validation, the lookups, the exact
 * arithmetic, the stored calculation and its audit event, and the response with its live
 * remittance constraints. Prints the median and p90 of the request and of the pure arithmetic.
 */
import { SECRET, startBenchApp } from "./harness.mjs";
import { newId } from "../src/ids.js";
import { calculateWaterfall } from "../plugins/ledger/waterfall.js";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const CLAIMANTS = Number(process.env.BENCH_CLAIMANTS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

const app = await startBenchApp();

const call = async (method: string, path: string, body?: unknown) => {
  const r = await app.fetch(
    new Request(`http://bench${path}`, {
      method,
      headers: { Authorization: `Bearer ${SECRET}`, "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${path}: ${r.status} ${text}`);
  return JSON.parse(text);
};

const matter = await call("POST", "/v1/matters", {
  name: "Waterfall benchmark",
  economics: { holdback_percentage: 7.5, counsel_fee_percentage: 33.3, provider_percentage: 12 },
});
const matterId = matter.matter_id as string;
for (let i = 0; i < CLAIMANTS; i++) {
  await call("POST", `/v1/matters/${matterId}/claimants`, {
    name: `Claimant ${i}`,
    role: "victim",
    // 100 claimants with 0.37 % each (37 % in all); the other 100 share the remaining 63 %.
    ...(i % 2 === 0 ? { economics: { share_percentage: 0.37 } } : {}),
  });
}
const { organization_id: organizationId } = (await call("GET", "/v1/capabilities")).access_posture;
const ids: string[] = [];
await app.db.root.recoveryEvent.createMany({
  data: Array.from({ length: EVENTS }, (_, i) => {
    const id = newId("recoveryEvent");
    ids.push(id);
    const usd = ((i * 7919) % 100_000) / 100 + 10; // 10.00 – 1,009.99
    return {
      id,
      organizationId,
      environment: "sandbox",
      matterId,
      eventType: i % 20 === 0 ? "blocked" : "turned_over",
      status: i % 20 === 0 ? "held" : "unremitted",
      asset: "USDT",
      network: "ethereum",
      grossAmount: usd.toFixed(2),
      usdValue: usd.toFixed(2),
      occurredAt: new Date(),
      requestId: "req_bench",
      actorId: "key_bench",
    };
  }),
});

const body = {
  matter_id: matterId,
  recovery_event_ids: ids,
  costs: {
    court_costs: 1250.5,
    enforcement_costs: 4800,
    vendor_costs: 2200.25,
    other_costs: 99.99,
  },
};
let last: any;
const samples: number[] = [];
for (let i = 0; i < 3 + RUNS; i++) {
  const t = performance.now();
  last = await call("POST", "/v1/waterfall/calculate", body);
  if (i >= 3) samples.push(performance.now() - t);
}

// The arithmetic alone, on the same inputs.
const events = await app.db.root.recoveryEvent.findMany({ where: { matterId } });
const claimants = await app.db.root.claimant.findMany({ where: { matterId } });
const input = {
  events: events.map((e) => ({
    id: e.id,
    usdMinor: BigInt(e.usdValue!.times(100).toFixed(0)),
    blocked: e.eventType === "blocked",
  })),
  costs: {
    court_costs: 125050n,
    enforcement_costs: 480000n,
    vendor_costs: 220025n,
    other_costs: 9999n,
  },
  holdbackPercentage: "7.5",
  counselFeePercentage: "33.3",
  providerPercentage: "12",
  claimants: claimants.map((c) => ({
    id: c.id,
    sharePercentage:
      (c.economics as { share_percentage?: number }).share_percentage?.toString() ?? null,
  })),
};
const pure: number[] = [];
for (let i = 0; i < 3 + RUNS * 5; i++) {
  const t = performance.now();
  calculateWaterfall(input);
  if (i >= 3) pure.push(performance.now() - t);
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
console.log(
  `events=${EVENTS} claimants=${CLAIMANTS} runs=${RUNS} database=${app.config.database.kind}`,
);
console.log(
  `POST /v1/waterfall/calculate: median ${quantile(samples, 0.5).toFixed(1)} ms  p90 ${quantile(samples, 0.9).toFixed(1)} ms`,
);
console.log(
  `arithmetic alone: median ${quantile(pure, 0.5).toFixed(2)} ms  p90 ${quantile(pure, 0.9).toFixed(2)} ms`,
);
const sum = (xs: any[], f: (x: any) => number) =>
  xs.reduce((s, x) => s + Math.round(f(x) * 100), 0);
const parts =
  Math.round(last.costs.covered * 100) +
  sum(last.holdbacks, (h) => h.amount) +
  Math.round(last.counsel_fees.amount * 100) +
  Math.round(last.provider_economics.amount * 100) +
  sum(last.claimant_distributions, (c) => c.amount);
console.log(
  `gross ${last.gross_recovered.amount} USD = parts ${(parts / 100).toFixed(2)} USD; ${last.holdbacks.length} holdbacks, ${last.claimant_distributions.length} claimant lines, ${(JSON.stringify(last).length / 1024).toFixed(0)} KiB`,
);
await app.close();
