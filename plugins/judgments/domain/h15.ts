import { dayOfWeek, isValidDate } from "./deadlines.js";
import type { FederalRateRow } from "./jurisdictions.js";

/**
 * Reads the Federal Reserve's H.15 weekly series "1-year Treasury constant maturity" as
 * exported by its Data Download Program (CSV: a few description lines, then `date,value`
 * rows; `ND` where no data). Only Friday-dated rows with a number are kept, since 28 U.S.C.
 * 1961 uses the weekly average for the week ending Friday.
 */
export interface H15Parse {
  rows: FederalRateRow[];
  skipped: Array<{ line: number; text: string; why: string }>;
}

const DATA_LINE = /^"?(\d{4}-\d{2}-\d{2})"?\s*,\s*"?([^",]*)"?\s*$/;

export function parseH15Csv(text: string, source?: string): H15Parse {
  const rows: FederalRateRow[] = [];
  const skipped: H15Parse["skipped"] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const m = DATA_LINE.exec(raw.trim());
    if (!m) return; // header and description lines
    const [, date, value] = m as unknown as [string, string, string];
    if (!isValidDate(date))
      return void skipped.push({ line: i + 1, text: raw, why: "not a calendar date" });
    if (value === "ND" || value === "")
      return void skipped.push({ line: i + 1, text: raw, why: "no data" });
    const rate = Number(value);
    if (!Number.isFinite(rate) || rate < 0)
      return void skipped.push({ line: i + 1, text: raw, why: "not a rate" });
    if (dayOfWeek(date) !== 5)
      return void skipped.push({ line: i + 1, text: raw, why: "not a week ending Friday" });
    rows.push({ week_ending: date, rate_percent: rate, ...(source ? { source } : {}) });
  });
  return { rows, skipped };
}

/** Adds imported weeks to a table; an imported week replaces the stored one. Sorted by week. */
export function mergeRates(
  existing: readonly FederalRateRow[],
  imported: readonly FederalRateRow[],
): FederalRateRow[] {
  const byWeek = new Map(existing.map((r) => [r.week_ending, r]));
  for (const r of imported) byWeek.set(r.week_ending, r);
  return [...byWeek.values()].sort((a, b) => a.week_ending.localeCompare(b.week_ending));
}
