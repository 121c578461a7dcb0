/**
 * Campaign board: a campaign targeting 1,000 wallets on a matter with 200 live alerts against
 * one targeting 10 wallets with 10 alerts. The board must cost the same SQL statements at both
 * sizes and its median server time may grow less than 3×.
 * Run: npm run bench:board  (embedded PGlite; add DATABASE_URL=… for PostgreSQL)
 *
 * Each matter is built through the API: authority, a validated judgment, the wallets
 * (attribution import), a sandbox asset map and timeline of one wallet (exchange hypotheses,
 * stablecoin exposure), a clear sanctions screen and the campaign (those wallets plus the
 * hypotheses' exchanges and the exposures' issuers). Alerts are inserted directly: the service
 * raises them only from evidence, and 200 distinct ones would need 200 screened or exposed
 * wallets. Requests go through the app's fetch in-process, so the time is the server's.
 */
import { SECRET, startBenchApp } from "./harness.mjs";
import { newId } from "../src/ids.js";
import { seedOf } from "../plugins/crypto/prng.js";
import { syntheticAddress } from "../plugins/crypto/providers/sandbox.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const SANDBOX_WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

const app = await startBenchApp();

async function call(method: string, path: string, body?: unknown) {
  const r = await app.fetch(
    new Request(`http://bench${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${SECRET}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}
const post = (path: string, body: unknown) => call("POST", path, body);

async function campaignOf(size: number, alerts: number): Promise<string> {
  const matter = await post("/v1/matters", { name: `Board bench ${size}` });
  const matterId = matter.matter_id as string;
  await post(`/v1/matters/${matterId}/authority`, {
    basis: "engagement_letter",
    granted_by: "Acme Corp (client)",
    source_refs: [{ source_type: "engagement_letter", title: "Engagement letter" }],
  });
  const judgment = await post("/v1/judgments/intake", {
    matter_id: matterId,
    court: "Superior Court of California, County of Los Angeles",
    case_number: `BC${size}`,
    jurisdiction: "CA",
    creditor: "Acme Corp",
    debtor: "John Doe",
    amount: { amount: 250000, currency: "USD" },
    date_entered: "2026-01-15",
    source_refs: [{ source_type: "certified_judgment", title: "Certified copy" }],
    consumer_debt: false,
  });
  await post(`/v1/judgments/${judgment.judgment_id}/validate`, {});
  const addresses = [
    SANDBOX_WALLET,
    ...Array.from({ length: size - 1 }, (_, i) =>
      syntheticAddress("ethereum", seedOf("board-bench", String(size), String(i))),
    ),
  ];
  const imported = await post("/v1/attribution/wallets/import", {
    matter_id: matterId,
    wallets: addresses.map((address) => ({ address, network: "ethereum" })),
  });
  const map = await post("/v1/crypto/asset-map", {
    matter_id: matterId,
    wallets: [SANDBOX_WALLET],
  });
  await post("/v1/crypto/transaction-timeline", { matter_id: matterId, wallets: [SANDBOX_WALLET] });
  await post("/v1/sanctions/screen", { matter_id: matterId, wallets: [SANDBOX_WALLET] });
  const key = await app.db.root.apiKey.findFirstOrThrow();
  const existing = await app.db.root.alert.count({ where: { matterId } });
  const now = Date.now();
  await app.db.root.alert.createMany({
    data: Array.from({ length: Math.max(0, alerts - existing) }, (_, i) => ({
      id: newId("alert"),
      organizationId: key.organizationId,
      environment: key.environment,
      matterId,
      type: "wallet_movement",
      severity: ["low", "medium", "high", "critical"][i % 4]!,
      status: i % 5 === 4 ? "monitoring" : "open",
      target: addresses[i % addresses.length]!,
      reason: "Funds moved (benchmark).",
      details: {},
      createdAt: new Date(now + i),
      updatedAt: new Date(now + i),
    })),
  });
  const campaign = await post("/v1/claw/campaigns", {
    matter_id: matterId,
    judgment_id: judgment.judgment_id,
    mode: "assertive",
    target_set: {
      wallets: imported.wallets.map((w: { wallet_id: string }) => w.wallet_id),
      exchanges: [...new Set(map.exchange_hypotheses.map((h: { exchange: string }) => h.exchange))],
      issuers: [...new Set(map.stablecoin_exposure.map((x: { issuer: string }) => x.issuer))],
    },
  });
  return campaign.campaign_id;
}

const board = (id: string) => call("GET", `/v1/claw/campaigns/${id}/board`);

async function statements(id: string): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const before = app.db.queries.count;
    await board(id);
    runs.push(app.db.queries.count - before);
  }
  return Math.min(...runs);
}

async function median(id: string): Promise<number> {
  for (let i = 0; i < 5; i++) await board(id);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await board(id);
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

const small = await campaignOf(10, 10);
const large = await campaignOf(1000, 200);
const [bs, bl] = [await board(small), await board(large)];
const [ss, sl] = [await statements(small), await statements(large)];
const [ms, ml] = [await median(small), await median(large)];
const ratio = ml / ms;
console.log(`runs=${RUNS} database=${app.config.database.kind}`);
for (const [name, b, s, t] of [
  ["small", bs, ss, ms],
  ["large", bl, sl, ml],
] as const)
  console.log(
    `${name}: ${b.campaign.target_set.wallets.length} wallets, ${b.focus_total} focus targets, ${b.alerts_total} live alerts, ${b.expand_total} leads; ${s} SQL statements; median ${t.toFixed(1)} ms`,
  );
console.log(
  `statements equal: ${ss === sl}; time ratio large/small ${ratio.toFixed(2)} (target < 3)`,
);
await app.close();
if (ss !== sl || ratio >= 3) process.exitCode = 1;
