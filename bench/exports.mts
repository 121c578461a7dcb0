/**
 * Exports of a packet whose document cites 1,000 sources, as PDF and as ZIP (JSON + PDF +
 * manifest): time per export and memory over repeated exports (target: PDF under 2 s; memory
 * flat). Run: npm run bench:exports  (embedded PGlite; add DATABASE_URL=… for PostgreSQL)
 *
 * Each export is the whole of createExport inside write(), as the export endpoints run it:
 * redaction (public, so every rule runs), rendering, the SHA-256, storing the file, the audit
 * event and the event. Prints median and p90 per format, the file sizes and page count, and the
 * heap (after a forced GC) and RSS at the start, after the warm-up and at the end, with the
 * peaks seen.
 */
import { startBenchApp, SECRET } from "./harness.mjs";
import { sampleDocument, sampleJson } from "../test/helpers/export-document.js";
import { recordExport } from "../test/helpers/exports.js";
import { Client } from "../test/helpers/http.js";
import type { ExportFormat } from "../plugins/exports/render.js";

const SOURCES = Number(process.env.BENCH_SOURCES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = 3;

const gc = (globalThis as { gc?: () => void }).gc;
const mib = (n: number) => `${(n / 2 ** 20).toFixed(1)} MiB`;
function memory() {
  gc?.();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

const app = await startBenchApp();
const client = new Client(app, SECRET);
const matter = await client.post("/v1/matters", { name: "Exports benchmark matter" });
if (matter.status !== 201) throw new Error(`no matter: ${matter.text}`);
const matterId = matter.body.matter_id as string;
const sample = {
  matterName: "Acme Corp v. Debtorson",
  caseNumber: "BC-778899",
  draft: true,
  sources: SOURCES,
};
const document = sampleDocument(sample);
const json = sampleJson({ ...sample, packetId: "pkt_bench", matterId });

const exportAs = (format: ExportFormat) =>
  recordExport(app, client, {
    objectType: "packet",
    objectId: "pkt_bench",
    matterId,
    format,
    redactionProfile: "public",
    document,
    json,
    filenameBase: "bench-packet",
  });

const start = memory();
let peakHeap = 0;
let peakRss = 0;
const results: Record<string, { samples: number[]; size: number }> = {};
let afterWarmup = start;
/** Heap after a forced GC every 10 exports past the warm-up: flat when nothing is retained. */
const series: number[] = [];
let count = 0;
for (const format of ["pdf", "zip"] as const) {
  const samples: number[] = [];
  let size = 0;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const t = performance.now();
    const made = await exportAs(format);
    const ms = performance.now() - t;
    size = made.sizeBytes;
    if (i >= WARMUP) samples.push(ms);
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
    if (format === "pdf" && i === WARMUP - 1) afterWarmup = memory();
    if (++count > WARMUP && (count - WARMUP) % 10 === 0) series.push(memory().heap);
  }
  results[format] = { samples: samples.sort((a, b) => a - b), size };
}
const end = memory();

const pages = await (async () => {
  const made = await exportAs("pdf");
  const file = await client.get(`/v1/exports/${made.id}/download`);
  return (new TextDecoder("latin1").decode(file.bytes).match(/\/Type \/Page\b/g) ?? []).length;
})();

console.log(
  `sources=${SOURCES} runs=${RUNS} (after ${WARMUP} warm-up) database=${app.config.database.kind} gc=${gc ? "forced" : "unavailable"}`,
);
for (const [format, r] of Object.entries(results)) {
  const at = (q: number) =>
    r.samples[Math.min(r.samples.length - 1, Math.floor(q * r.samples.length))]!;
  console.log(
    `${format}: median ${at(0.5).toFixed(0)} ms  p90 ${at(0.9).toFixed(0)} ms  min ${r.samples[0]!.toFixed(0)} ms  file ${(r.size / 1024).toFixed(0)} KiB${format === "pdf" ? `, ${pages} pages  (target < 2000 ms)` : ""}`,
  );
}
console.log(
  `heap after GC: start ${mib(start.heap)}, after warm-up ${mib(afterWarmup.heap)}, end ${mib(end.heap)} (growth over ${2 * RUNS + WARMUP} exports: ${mib(end.heap - afterWarmup.heap)}); peak heap ${mib(peakHeap)}`,
);
console.log(`heap after GC every 10 exports: ${series.map(mib).join(", ")}`);
console.log(`rss: start ${mib(start.rss)}, end ${mib(end.rss)}, peak ${mib(peakRss)}`);
await app.close();
