/**
 * Sanctions screening: 1,000 wallet addresses plus 100 names in one request, under 100 ms of
 * server time (the request served in-process, no network).
 * Run: npm run bench:sanctions  (embedded PGlite; add DATABASE_URL=… for PostgreSQL)
 *
 * Addresses: random valid EVM, Bitcoin (bech32 and base58), Tron and Solana addresses with ten
 * listed ones among them. Names: 50 SDN names (half reordered and recased, half with one letter
 * changed) and 50 common names that are not listed. Prints medians of the whole request
 * (validation, screening, the stored screen, audit, event and alerts) and of the screening
 * alone, after a warm-up that loads and indexes the list.
 */
import { SECRET, startBenchApp } from "./harness.mjs";
import { sha256 } from "@noble/hashes/sha2.js";
import { base58, base58check, bech32 } from "@scure/base";
import { toEip55 } from "../plugins/debtors/addresses.js";
import { sanctionsList } from "../plugins/sanctions/list/load.js";
import { nameTokens } from "../plugins/sanctions/screening/normalize.js";
import { screen } from "../plugins/sanctions/screening/screen.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const app = await startBenchApp();

let seed = 42;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const bytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));
const b58c = base58check(sha256);
const makers = [
  () => toEip55(`0x${Buffer.from(bytes(20)).toString("hex")}`),
  () => bech32.encode("bc", [0, ...bech32.toWords(bytes(20))]),
  () => b58c.encode(Uint8Array.of(0x00, ...bytes(20))),
  () => b58c.encode(Uint8Array.of(0x41, ...bytes(20))),
  () => base58.encode(bytes(32)),
];
const list = sanctionsList();
const listed = [...list.addresses["byKey"].keys()].slice(0, 10) as string[];
const wallets = [...Array.from({ length: 990 }, (_, i) => makers[i % makers.length]!()), ...listed];

const entries = list.nameList.entries.filter((_, i) => i % 367 === 0).slice(0, 50);
const sdnNames = entries.map((e, i) => {
  const tokens = nameTokens(e.name);
  if (i % 2 === 0) return tokens.reverse().join(", ").toUpperCase();
  const longest = tokens.reduce((a, b) => (b.length > a.length ? b : a));
  const at = Math.max(1, Math.floor(longest.length / 2));
  return tokens.map((t) => (t === longest ? `${t.slice(0, at)}x${t.slice(at + 1)}` : t)).join(" ");
});
const first = [
  "John",
  "Maria",
  "James",
  "Linda",
  "Robert",
  "Emily",
  "David",
  "Sarah",
  "Jose",
  "Anna",
];
const last = ["Smith", "Garcia", "Johnson", "Brown", "Miller", "Davis", "Wilson", "Clark", "Lopez"];
const common = Array.from({ length: 50 }, (_, i) => `${first[i % 10]} ${last[(i * 7) % 9]}`);
const entities = [...sdnNames.slice(0, 25), ...common.slice(0, 25)];
const counterparties = [...sdnNames.slice(25), ...common.slice(25)];

const key = await app.db.root.apiKey.findFirstOrThrow();
const post = (path: string, body: unknown) =>
  app.fetch(
    new Request(`http://bench${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${SECRET}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
const matter = await (await post("/v1/matters", { name: "Sanctions bench" })).json();
if (!matter.matter_id) throw new Error(`no matter: ${JSON.stringify(matter)} (key ${key.id})`);

async function median(fn: () => Promise<unknown> | unknown): Promise<number> {
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

const body = { matter_id: matter.matter_id, wallets, entities, counterparties };
const check = await (await post("/v1/sanctions/screen", body)).json();
if (check.status !== "match")
  throw new Error(`unexpected screen: ${JSON.stringify(check).slice(0, 300)}`);
const request = await median(async () => {
  const res = await post("/v1/sanctions/screen", body);
  if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
  await res.arrayBuffer();
});
const engine = await median(() => screen(list, { wallets, entities, counterparties }));
const namesOnly = await median(() => screen(list, { wallets: [], entities, counterparties }));

const fmt = (n: number) => n.toFixed(2);
console.log(
  `runs=${RUNS} database=${app.config.database.kind} wallets=${wallets.length} names=${entities.length + counterparties.length} hits=${check.matches.length} list=${list.issue.issueDate} (${list.issue.addresses} addresses, ${list.issue.names} names)`,
);
console.log(`whole request (server time)   median ${fmt(request)} ms  (target < 100 ms)`);
console.log(`screening alone               median ${fmt(engine)} ms`);
console.log(`  of which the 100 names      median ${fmt(namesOnly)} ms`);
await app.close();
