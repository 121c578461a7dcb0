/**
 * The active ISO 4217 currency codes and their minor units, read once from
 * `data/iso4217.json` (built by `scripts/build-iso4217.mjs`; source and licence in data/README.md).
 */
import { readFileSync } from "node:fs";
import { projectPath } from "../../src/paths.js";

interface CurrencyRow {
  code: string;
  numeric: string;
  name: string;
  minor_unit: number;
}

function load(): ReadonlyMap<string, CurrencyRow> {
  const file = projectPath("data", "iso4217.json");
  const data = JSON.parse(readFileSync(file, "utf8")) as { currencies?: CurrencyRow[] };
  if (!Array.isArray(data.currencies) || data.currencies.length === 0)
    throw new Error("data/iso4217.json: expected {version, source, currencies[]}");
  return new Map(data.currencies.map((c) => [c.code, c]));
}

const CURRENCIES = load();

export const isActiveCurrency = (code: string): boolean => CURRENCIES.has(code);

/** Digits of the currency's minor unit; 2 for a code no longer listed (stored before withdrawal). */
export const minorUnitOf = (code: string): number => CURRENCIES.get(code)?.minor_unit ?? 2;
