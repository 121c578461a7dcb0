/**
 * Intake deadlines of a judgment (CONTRACT §9) and the calendar-date helpers the judgments
 * domain shares. Dates are plain 'YYYY-MM-DD' calendar dates, handled as UTC day numbers so
 * the host time zone never shifts them.
 */
import { type JurisdictionRule, lookup } from "./jurisdictions.js";

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of a valid 'YYYY-MM-DD'; throws RangeError on anything else. */
export function toDayNumber(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`invalid date '${date}', expected YYYY-MM-DD`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // setUTCFullYear keeps years 0-99 literal (Date.UTC would map them to 1900-1999).
  const back = new Date(0);
  back.setUTCFullYear(y, mo - 1, d);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) {
    throw new RangeError(`invalid calendar date '${date}'`);
  }
  return Math.round(back.getTime() / MS_PER_DAY);
}

export function fromDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function isValidDate(date: string): boolean {
  try {
    toDayNumber(date);
    return true;
  } catch {
    return false;
  }
}

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** Calendar years later (or earlier); Feb 29 becomes Feb 28 in a non-leap target year. */
export function addYears(date: string, years: number): string {
  toDayNumber(date);
  if (!Number.isInteger(years)) throw new RangeError(`years must be an integer, got ${years}`);
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const ty = y + years;
  const td = m === 2 && d === 29 && !isLeapYear(ty) ? 28 : d;
  return `${String(ty).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(td).padStart(2, "0")}`;
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: string): number {
  return new Date(toDayNumber(date) * MS_PER_DAY).getUTCDay();
}

export interface Deadline {
  type: "renewal";
  date: string;
  owner: "counsel";
  status: "open";
  /** What the deadline protects: the judgment itself or its real-property lien. */
  scope: "judgment" | "real_property_lien";
  basis: string;
}

export interface IntakeDeadlines {
  deadlines: Deadline[];
  missing_items: string[];
  review_required: boolean;
}

export interface DeadlineOptions {
  /**
   * For FED only: the state whose law governs (the forum state, or the registration state
   * for a judgment registered under 28 U.S.C. 1963; then `dateEntered` should be the
   * registration date).
   */
  forumState?: string | JurisdictionRule | null;
}

function resolveRule(j: string | JurisdictionRule | null | undefined): JurisdictionRule | null {
  if (j === null || j === undefined) return null;
  return typeof j === "string" ? lookup(j) : j;
}

/**
 * Renewal deadlines created at intake:
 * - one at `dateEntered` + `judgment_life_years` (calendar years);
 * - a second one at `dateEntered` + `lien_on_real_property_years` when the real-property lien
 *   lapses before the judgment (NY: 20-year life, 10-year lien → two deadlines). A lien equal
 *   to the life (CA 10/10) adds nothing; a known lien with an unknown life is still listed.
 * FED has no life of its own (FRCP 69(a), 28 U.S.C. 1962 follow the forum state): with a
 * forum state the state's periods apply, without one no date is invented and the missing
 * item `enforceability_period_unknown` is returned. An unknown jurisdiction yields no
 * deadline and `jurisdiction_unknown`.
 */
export function computeIntakeDeadlines(
  jurisdiction: string | JurisdictionRule | null | undefined,
  dateEntered: string,
  options: DeadlineOptions = {},
): IntakeDeadlines {
  toDayNumber(dateEntered);
  const rule = resolveRule(jurisdiction);
  if (!rule) {
    return { deadlines: [], missing_items: ["jurisdiction_unknown"], review_required: true };
  }

  let governing = rule;
  let via = "";
  if (rule.code === "FED") {
    const forum = resolveRule(options.forumState);
    if (!forum || forum.code === "FED") {
      const missing = ["enforceability_period_unknown"];
      if (options.forumState) missing.push("forum_state_unknown");
      return { deadlines: [], missing_items: missing, review_required: true };
    }
    governing = forum;
    via = ` (federal judgment: forum-state law applies under FRCP 69(a) and 28 U.S.C. 1962)`;
  }

  const deadlines: Deadline[] = [];
  const missing: string[] = [];
  const life = governing.judgment_life_years;
  const lien = governing.lien_on_real_property_years;

  if (life !== null) {
    const renewal = governing.renewal_notes ? ` Renewal: ${governing.renewal_notes}` : "";
    deadlines.push({
      type: "renewal",
      date: addYears(dateEntered, life),
      owner: "counsel",
      status: "open",
      scope: "judgment",
      basis: `${governing.name}: judgment life ${life} years from entry${via}.${renewal}`,
    });
  } else {
    missing.push("enforceability_period_unknown");
  }

  if (lien !== null && (life === null || lien < life)) {
    const note = governing.lien_note ? ` ${governing.lien_note}` : "";
    deadlines.push({
      type: "renewal",
      date: addYears(dateEntered, lien),
      owner: "counsel",
      status: "open",
      scope: "real_property_lien",
      basis: `${governing.name}: real-property judgment lien lasts ${lien} years${via}.${note}`,
    });
  }

  deadlines.sort((a, b) => a.date.localeCompare(b.date));
  return { deadlines, missing_items: missing, review_required: missing.length > 0 };
}
