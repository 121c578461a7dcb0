#!/usr/bin/env node
// Regenerates data/jurisdictions.json from the shared research file. Run by hand only:
//
//   node scripts/build-jurisdictions.mjs [--source=../shared/data/jurisdictions.json]
//                                        [--version=YYYY-MM-DD] [--check]
//
// The product never reads ../shared at run time or in tests; it reads the copy this script
// writes. `--check` rebuilds in memory and exits 1 when data/jurisdictions.json differs.
//
// Rules of the conversion (never invent a number; a null stays a null):
// - `post_judgment_interest.rate_type === "fixed"` with a `default_rate_percent` becomes
//   {kind: "fixed", rate_percent}; FED becomes {kind: "federal_1961"}; any other non-null
//   rate_type (index, variable, formula, official_rate, mixed...) becomes {kind: "variable",
//   formula} carrying the source's description; a null rate_type becomes `interest: null`.
// - `compounds: true` → compounding "annual"; false/null → "simple" (CONTRACT §9 default),
//   with `compounding_stated` saying whether the source said so.
// - Consumer-debt rates exist only as prose in the source (`consumer_debt_rule`); the few
//   numeric ones are listed in CONSUMER_RATES below and each is checked against that prose,
//   so the build fails if the source text changes under them.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const DEFAULT_VERSION = "2026-11-21";

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? true];
  }),
);
const sourcePath = resolve(ROOT, String(args.source ?? "../shared/data/jurisdictions.json"));
const version = String(args.version ?? DEFAULT_VERSION);
if (!/^\d{4}-\d{2}-\d{2}$/.test(version)) throw new Error(`--version must be YYYY-MM-DD`);
const outPath = resolve(ROOT, "data/jurisdictions.json");

// Numeric consumer-debt rates read from the source's `consumer_debt_rule` text.
// `must_match` is checked against that text; `effective_from` is the date the text gives.
const CONSUMER_RATES = {
  NY: {
    consumer_rate_percent: 2,
    consumer_rate_effective_from: "2022-04-30",
    must_match: [/2% per annum/, /consumer debt/, /eff\. 4\/30\/2022/],
  },
  CA: {
    consumer_rate_percent: 5,
    consumer_rate_effective_from: "2023-01-01",
    must_match: [/5% on judgments for medical expenses/, /personal debt/, /1\/1\/2023/],
  },
  IL: {
    consumer_rate_percent: 5,
    consumer_rate_effective_from: "2020-01-01",
    must_match: [/\$25,000 or less: 5%/, /1\/1\/2020/],
  },
};

const STATES = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
];

function numberOrNull(v, field, code) {
  if (v === null || v === undefined) return null;
  if (typeof v !== "number" || !Number.isFinite(v) || v < 0) {
    throw new Error(`${code}.${field}: expected a non-negative number or null, got ${v}`);
  }
  return v;
}

function joinNotes(...parts) {
  const text = parts.filter((p) => typeof p === "string" && p.trim() !== "").join(" ");
  return text === "" ? null : text;
}

function interestOf(row) {
  const p = row.post_judgment_interest;
  if (!p) return null;
  const compounding = p.compounds === true ? "annual" : "simple";
  const compounding_stated = p.compounds === true || p.compounds === false;
  if (row.code === "FED") {
    return {
      kind: "federal_1961",
      compounding: "annual",
      compounding_stated: true,
      formula: p.description,
    };
  }
  if (p.rate_type === null || p.rate_type === undefined) return null;
  if (p.rate_type === "fixed") {
    const rate = numberOrNull(p.default_rate_percent, "default_rate_percent", row.code);
    if (rate === null) throw new Error(`${row.code}: fixed rate_type without default_rate_percent`);
    const out = { kind: "fixed", rate_percent: rate, compounding, compounding_stated };
    const consumer = CONSUMER_RATES[row.code];
    if (consumer) {
      const text = p.consumer_debt_rule ?? "";
      for (const re of consumer.must_match) {
        if (!re.test(text))
          throw new Error(`${row.code}: consumer_debt_rule no longer matches ${re}`);
      }
      out.consumer_rate_percent = consumer.consumer_rate_percent;
      out.consumer_rate_effective_from = consumer.consumer_rate_effective_from;
    }
    return out;
  }
  return {
    kind: "variable",
    rate_type: p.rate_type,
    formula: p.description,
    compounding,
    compounding_stated,
  };
}

function build(shared, datasetVersion) {
  const rows = shared.jurisdictions.map((r) => ({
    code: r.code,
    name: r.name,
    judgment_life_years: numberOrNull(r.judgment_life_years, "judgment_life_years", r.code),
    judgment_life_note: r.judgment_life_note ?? null,
    renewal_available: typeof r.renewal_available === "boolean" ? r.renewal_available : null,
    renewal_period_years: numberOrNull(r.renewal_period_years, "renewal_period_years", r.code),
    renewal_notes: r.renewal_method ?? null,
    lien_on_real_property_years: numberOrNull(
      r.lien_on_real_property_years,
      "lien_on_real_property_years",
      r.code,
    ),
    lien_note: r.lien_note ?? null,
    interest: interestOf(r),
    interest_note: joinNotes(
      r.post_judgment_interest?.description,
      r.post_judgment_interest?.other_notes,
    ),
    consumer_debt_rule: r.post_judgment_interest?.consumer_debt_rule ?? null,
    automatic_stay_days_after_entry: numberOrNull(
      r.automatic_stay_days_after_entry,
      "automatic_stay_days_after_entry",
      r.code,
    ),
    enforcement_constraint_note: r.enforcement_constraint_note ?? null,
    completeness: r.completeness,
    missing_core_fields: r.missing_core_fields ?? [],
    sources: r.sources ?? [],
  }));

  const codes = new Set(rows.map((r) => r.code));
  for (const c of [...STATES, "DC", "FED"]) {
    if (!codes.has(c)) throw new Error(`jurisdiction ${c} missing from the source`);
  }
  if (codes.size !== rows.length) throw new Error("duplicate jurisdiction codes in the source");
  for (const r of rows) {
    if (r.sources.length === 0) throw new Error(`${r.code}: no source URLs`);
  }

  return {
    version: datasetVersion,
    source: {
      file: "shared/data/jurisdictions.json (research compilation; see data/README.md)",
      built_by: "scripts/build-jurisdictions.mjs",
      sources_note: shared.sources_note,
      field_notes: shared.field_notes,
      per_row_sources:
        "Each jurisdiction lists the URLs of the pages its values came from in `sources`.",
      licence:
        "Facts of law compiled from the cited public pages (statutes, court rules, court sites, " +
        "secondary legal commentary); notes are paraphrases. No licence is asserted over the facts; " +
        "cite the per-row sources. Not legal advice.",
      conversion:
        "interest.kind: fixed (numeric statutory rate) | federal_1961 (28 U.S.C. 1961) | variable " +
        "(formula text only, no current number) | null (no rule found). Consumer rates NY 2%, CA 5%, " +
        "IL 5% are read from consumer_debt_rule text. null means not found, never zero.",
    },
    jurisdictions: rows,
  };
}

const shared = JSON.parse(readFileSync(sourcePath, "utf8"));
const text = `${JSON.stringify(build(shared, version), null, 2)}\n`;
if (args.check) {
  let current = "";
  try {
    current = readFileSync(outPath, "utf8");
  } catch {}
  if (current !== text) {
    console.error(`${outPath} is out of date; run node scripts/build-jurisdictions.mjs`);
    process.exit(1);
  }
  console.log(`${outPath} is up to date`);
} else {
  writeFileSync(outPath, text);
  console.log(
    `wrote ${outPath} (${shared.jurisdictions.length} jurisdictions, version ${version})`,
  );
}
