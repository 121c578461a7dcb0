/**
 * Updates data/federal-post-judgment-rates.json from an H.15 CSV export.
 *   npm run rates:import-h15 -- <file.csv> [--source <url>]
 * Download the weekly (Friday) series "Market yield on U.S. Treasury securities at 1-year
 * constant maturity" from the Federal Reserve's Data Download Program as CSV, then run this.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { mergeRates, parseH15Csv } from "../plugins/judgments/domain/h15.js";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { source: { type: "string" } },
});
const file = positionals[0];
if (!file) {
  console.error("Usage: npm run rates:import-h15 -- <file.csv> [--source <url>]");
  process.exit(1);
}
const tablePath = resolve(import.meta.dirname, "../data/federal-post-judgment-rates.json");
const table = JSON.parse(readFileSync(tablePath, "utf8"));
const { rows, skipped } = parseH15Csv(
  readFileSync(file, "utf8"),
  values.source ?? "https://www.federalreserve.gov/releases/h15/",
);
if (rows.length === 0) {
  console.error(`No Friday-dated rates found in ${file}; nothing changed.`);
  process.exit(1);
}
table.rows = mergeRates(table.rows, rows);
table.version = new Date().toISOString().slice(0, 10);
writeFileSync(tablePath, `${JSON.stringify(table, null, 2)}\n`);
console.log(
  `Imported ${rows.length} weeks (${rows[0]!.week_ending} … ${rows.at(-1)!.week_ending}); table now has ${table.rows.length}. Skipped ${skipped.length} lines.`,
);
