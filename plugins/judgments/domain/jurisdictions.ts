/**
 * Loader for the judgment reference data in `data/` (the only I/O of the judgments domain).
 * `data/jurisdictions.json` is built by `scripts/build-jurisdictions.mjs`; `null` in it means
 * "no source found", never zero, and callers must treat it as unknown.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { projectPath } from "../../../src/paths.js";

const DATA_DIR = projectPath("data");

export type InterestRule =
  | {
      kind: "fixed";
      rate_percent: number;
      /** Only where the source gives a numeric consumer-debt rate (NY 2%, CA 5%, IL 5%). */
      consumer_rate_percent?: number;
      /** Judgments entered before this date do not simply take the consumer rate. */
      consumer_rate_effective_from?: string;
      compounding: "simple" | "annual";
      compounding_stated: boolean;
    }
  | { kind: "federal_1961"; compounding: "annual"; compounding_stated: boolean; formula: string }
  | {
      kind: "variable";
      rate_type: string;
      formula: string;
      compounding: "simple" | "annual";
      compounding_stated: boolean;
    };

export interface JurisdictionRule {
  code: string;
  name: string;
  judgment_life_years: number | null;
  judgment_life_note: string | null;
  renewal_available: boolean | null;
  renewal_period_years: number | null;
  renewal_notes: string | null;
  lien_on_real_property_years: number | null;
  lien_note: string | null;
  interest: InterestRule | null;
  interest_note: string | null;
  consumer_debt_rule: string | null;
  automatic_stay_days_after_entry: number | null;
  enforcement_constraint_note: string | null;
  completeness: "complete" | "partial";
  missing_core_fields: string[];
  sources: string[];
}

export interface JurisdictionDataset {
  version: string;
  source: Record<string, unknown>;
  jurisdictions: JurisdictionRule[];
}

export interface FederalRateRow {
  /** The Friday ending the H.15 week, YYYY-MM-DD. */
  week_ending: string;
  rate_percent: number;
  source?: string;
}

export interface FederalRateTable {
  version: string;
  note?: string;
  rows: FederalRateRow[];
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(resolve(DATA_DIR, file), "utf8"));
}

function assertDataset(value: unknown): asserts value is JurisdictionDataset {
  const v = value as Partial<JurisdictionDataset> | null;
  if (!v || typeof v.version !== "string" || !Array.isArray(v.jurisdictions)) {
    throw new Error("data/jurisdictions.json: expected {version, source, jurisdictions[]}");
  }
  for (const row of v.jurisdictions) {
    if (typeof row?.code !== "string" || typeof row.name !== "string") {
      throw new Error("data/jurisdictions.json: every row needs code and name");
    }
  }
}

function assertRateTable(value: unknown): asserts value is FederalRateTable {
  const v = value as Partial<FederalRateTable> | null;
  if (!v || typeof v.version !== "string" || !Array.isArray(v.rows)) {
    throw new Error("data/federal-post-judgment-rates.json: expected {version, rows[]}");
  }
  for (const row of v.rows) {
    if (
      !DATE_RE.test(String(row?.week_ending)) ||
      typeof row.rate_percent !== "number" ||
      !Number.isFinite(row.rate_percent) ||
      row.rate_percent < 0
    ) {
      throw new Error(`data/federal-post-judgment-rates.json: bad row ${JSON.stringify(row)}`);
    }
  }
}

let dataset: JurisdictionDataset | undefined;
let byKey: Map<string, JurisdictionRule> | undefined;
let rateTable: FederalRateTable | undefined;

export function jurisdictionDataset(): JurisdictionDataset {
  if (!dataset) {
    const raw = readJson("jurisdictions.json");
    assertDataset(raw);
    dataset = raw;
  }
  return dataset;
}

/** All 52 rows (50 states, DC, FED) in file order. */
export function listJurisdictions(): readonly JurisdictionRule[] {
  return jurisdictionDataset().jurisdictions;
}

function normalizeKey(s: string): string {
  return s
    .trim()
    .toLowerCase()
    .replace(/[\s._-]+/g, " ");
}

/** Extra spellings; codes and full names are matched too. */
const ALIASES: Record<string, string> = {
  federal: "FED",
  "federal courts": "FED",
  "us district court": "FED",
  "u s district court": "FED",
  "d c": "DC",
  "washington d c": "DC",
  "washington dc": "DC",
};

/**
 * The rule for a jurisdiction code ("CA", "ny", "FED", "federal"), or a full name
 * ("New York"), case-insensitively; null when unknown.
 */
export function lookup(code: string | null | undefined): JurisdictionRule | null {
  if (typeof code !== "string" || code.trim() === "") return null;
  if (!byKey) {
    byKey = new Map();
    for (const row of listJurisdictions()) {
      byKey.set(normalizeKey(row.code), row);
      byKey.set(normalizeKey(row.name), row);
    }
    for (const [alias, target] of Object.entries(ALIASES)) {
      const row = byKey.get(normalizeKey(target));
      if (row) byKey.set(alias, row);
    }
  }
  return byKey.get(normalizeKey(code)) ?? null;
}

/** The operator-maintained 28 U.S.C. 1961 weekly rate table (may have no rows). */
export function federalRateTable(): FederalRateTable {
  if (!rateTable) {
    const raw = readJson("federal-post-judgment-rates.json");
    assertRateTable(raw);
    rateTable = raw;
  }
  return rateTable;
}
