#!/usr/bin/env node
// Regenerates data/iso4217.json, the active ISO 4217 currency codes, from the public-domain
// CSV of github.com/datasets/currency-codes (`data/codes-all.csv`, rebuilt monthly from the
// SIX list-one.xml "Current currency & funds code list"). Run by hand only:
//
//   node scripts/build-iso4217.mjs --source=path/to/codes-all.csv --version=YYYY-MM-DD [--check]
//
// `--version` is the date of the snapshot. Rows with a withdrawal date (list three, historic)
// are dropped, and so are codes without a minor unit ("N.A.": gold, SDR, XTS, XXX…): money is
// kept in integer minor units, so such a code cannot carry an amount. `--check` rebuilds in
// memory and exits 1 when data/iso4217.json differs.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const outPath = resolve(ROOT, "data/iso4217.json");
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? true];
  }),
);
if (typeof args.source !== "string") throw new Error("--source=path/to/codes-all.csv is required");
const version = String(args.version ?? JSON.parse(readFileSync(outPath, "utf8")).version);
if (!/^\d{4}-\d{2}-\d{2}$/.test(version)) throw new Error("--version must be YYYY-MM-DD");

/** RFC 4180 rows: quoted fields may hold commas and doubled quotes. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows.filter((r) => r.some((f) => f !== ""));
}

const [header, ...rows] = parseCsv(readFileSync(resolve(String(args.source)), "utf8"));
const col = (name) => {
  const i = header.indexOf(name);
  if (i < 0) throw new Error(`${args.source}: no column ${name}`);
  return i;
};
const [CODE, NAME, NUMERIC, MINOR, WITHDRAWN] = [
  "AlphabeticCode",
  "Currency",
  "NumericCode",
  "MinorUnit",
  "WithdrawalDate",
].map(col);

const byCode = new Map();
for (const r of rows) {
  const code = r[CODE].trim();
  if (!code || r[WITHDRAWN].trim() || !/^\d+$/.test(r[MINOR].trim())) continue;
  if (!/^[A-Z]{3}$/.test(code)) throw new Error(`Unexpected currency code: ${code}`);
  const entry = {
    code,
    numeric: r[NUMERIC].trim(),
    name: r[NAME].trim(),
    minor_unit: Number(r[MINOR]),
  };
  const seen = byCode.get(code);
  if (seen && seen.minor_unit !== entry.minor_unit)
    throw new Error(`${code}: two minor units in the source`);
  byCode.set(code, seen ?? entry);
}
if (byCode.size < 150) throw new Error(`Only ${byCode.size} active codes: not the expected list`);

const dataset = {
  version,
  source: {
    publisher: "SIX Group on behalf of ISO (ISO 4217 list one, current currency & funds)",
    file: "https://github.com/datasets/currency-codes data/codes-all.csv",
    licence: "ODC-PDDL-1.0 (public domain dedication)",
    built_by: "scripts/build-iso4217.mjs",
    rules:
      "Rows with a withdrawal date and codes without a numeric minor unit (N.A.) are left out.",
  },
  currencies: [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code)),
};
const text = `${JSON.stringify(dataset, null, 2)}\n`;
if (args.check) {
  if (readFileSync(outPath, "utf8") !== text) {
    console.error("data/iso4217.json differs from the source; rebuild it.");
    process.exit(1);
  }
  console.error("data/iso4217.json is up to date.");
} else {
  writeFileSync(outPath, text);
  console.error(`Wrote ${byCode.size} active currencies to ${outPath}`);
}
