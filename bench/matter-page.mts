/**
 * Matter page: one GraphQL query touching every station of a case (dashboard, ledger and the
 * first page of each child list), on a matter with 10 children of each bulk kind against one
 * with 1,000. The statement count must be the same at both sizes; the median server time is
 * printed beside it, with the ratio.
 * Run: npm run bench:matter-page  (embedded PGlite; add DATABASE_URL=… for PostgreSQL)
 *
 * Children are made through the API (claimants, debtors, authority grants, actions, recovery
 * events, and wallets by one import), so the rows are what the service itself writes. Requests
 * go through the app's fetch in-process, so the time is the server's.
 */
import { SECRET, startBenchApp } from "./harness.mjs";
import { createHash } from "node:crypto";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
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
const evm = (label: string) => `0x${createHash("sha256").update(label).digest("hex").slice(0, 40)}`;

/** A matter with `n` children of each bulk kind. */
async function matterWith(n: number): Promise<string> {
  const matterId = (await post("/v1/matters", { name: `Matter page bench ${n}` })).matter_id;
  const grant = {
    basis: "engagement_letter",
    granted_by: "Acme Corp (client)",
    source_refs: [{ source_type: "engagement_letter", title: "Engagement letter" }],
  };
  await post("/v1/attribution/wallets/import", {
    matter_id: matterId,
    wallets: Array.from({ length: n }, (_, i) => ({
      address: evm(`${matterId}:${i}`),
      network: "ethereum",
    })),
  });
  for (let i = 0; i < n; i++) {
    await post(`/v1/matters/${matterId}/authority`, grant);
    await post(`/v1/matters/${matterId}/claimants`, { name: `Claimant ${i}`, role: "creditor" });
    await post("/v1/debtors", { matter_id: matterId, type: "individual", legal_name: `D ${i}` });
    await post("/v1/actions", { matter_id: matterId, type: "watch", title: `Watch ${i}` });
    await post("/v1/ledger/recovery-events", {
      matter_id: matterId,
      event_type: "recovered",
      asset: "USDT",
      network: "ethereum",
      gross_amount: 100 + i,
      usd_value: 100 + i,
      source: `Recovery ${i}`,
    });
  }
  return matterId;
}

const PAGE = `query($id: ID!) { matter(id: $id) {
  matterId name status authorityStatus
  dashboard { judgmentValue { amount } knownCryptoExposure { amount } openActions openPackets
    alerts recoveryEvents providerEconomics { amount } }
  ledger { totalRecovered { amount } }
  authorityGrants(first: 20) { edges { node { authorityId status } } }
  claimants(first: 20) { edges { node { claimantId name } } }
  judgments(first: 20) { edges { node { judgmentId caseNumber } } }
  debtors(first: 20) { edges { node { debtorId legalName } } }
  wallets(first: 20) { edges { node { walletId address } } }
  packets(first: 20) { edges { node { packetId status } } }
  campaigns(first: 20) { edges { node { campaignId pressureLevel } } }
  actions(first: 20) { edges { node { actionId title status } } }
  alerts(first: 20) { edges { node { alertId type } } }
  watchlists(first: 20) { edges { node { watchlistId } } }
  waterfalls(first: 20) { edges { node { waterfallId } } }
  auditEvents(first: 20) { edges { node { eventId eventType } } }
} }`;

async function measure(id: string): Promise<{ statements: number; times: number[] }> {
  const run = async () => {
    const r = await app.fetch(
      new Request("http://bench/graphql", {
        method: "POST",
        headers: { Authorization: `Bearer ${SECRET}`, "Content-Type": "application/json" },
        body: JSON.stringify({ query: PAGE, variables: { id } }),
      }),
    );
    const body = (await r.json()) as { errors?: unknown };
    if (body.errors) throw new Error(JSON.stringify(body.errors).slice(0, 500));
  };
  await run();
  // The fewest of three runs: a run may also pay for re-authenticating the key (1 s cache).
  const counts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const before = app.db.queries.count;
    await run();
    counts.push(app.db.queries.count - before);
  }
  const statements = Math.min(...counts);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return { statements, times };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

const t0 = performance.now();
const small = await matterWith(10);
const large = await matterWith(1000);
console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
// Interleave the two sizes so load on the machine falls on both alike.
const a = await measure(small);
const b = await measure(large);
const a2 = await measure(small);
const b2 = await measure(large);
const smallMedian = median([...a.times, ...a2.times]);
const largeMedian = median([...b.times, ...b2.times]);
console.log("| children per kind | SQL statements | median ms |");
console.log("|---|---|---|");
console.log(`| 10 | ${a.statements} | ${smallMedian.toFixed(1)} |`);
console.log(`| 1,000 | ${b.statements} | ${largeMedian.toFixed(1)} |`);
console.log(`ratio 1,000 / 10: ${(largeMedian / smallMedian).toFixed(2)}×`);
await app.close();
if (a.statements !== b.statements || a2.statements !== b2.statements) {
  console.error("statement count grows with the list sizes");
  process.exit(1);
}
