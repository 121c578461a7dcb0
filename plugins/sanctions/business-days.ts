/**
 * US federal business days, for OFAC's reporting deadline: blocked property and rejected
 * transactions are reported "within 10 business days" (31 CFR 501.603(b)(1), 501.604(a)).
 * A business day is a weekday that is not a federal holiday (5 U.S.C. 6103), holidays on a
 * Saturday observed the Friday before and on a Sunday the Monday after. Dates are UTC days.
 */
const DAY = 86_400_000;

const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));

/** The n-th (1-based; -1 = last) given weekday (0 = Sunday) of a month. */
function nthWeekday(y: number, m: number, weekday: number, n: number): Date {
  if (n > 0) {
    const first = utc(y, m, 1);
    const offset = (weekday - first.getUTCDay() + 7) % 7;
    return utc(y, m, 1 + offset + (n - 1) * 7);
  }
  const last = utc(y, m + 1, 0);
  const offset = (last.getUTCDay() - weekday + 7) % 7;
  return utc(y, m, last.getUTCDate() - offset);
}

function observed(date: Date): Date {
  const dow = date.getUTCDay();
  if (dow === 6) return new Date(date.getTime() - DAY);
  if (dow === 0) return new Date(date.getTime() + DAY);
  return date;
}

const key = (d: Date) => d.toISOString().slice(0, 10);

/** Observed federal holidays of a year, as YYYY-MM-DD. */
export function federalHolidays(year: number): Set<string> {
  const days = [
    observed(utc(year, 0, 1)),
    nthWeekday(year, 0, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 1, 1, 3), // Washington's Birthday
    nthWeekday(year, 4, 1, -1), // Memorial Day
    observed(utc(year, 5, 19)), // Juneteenth
    observed(utc(year, 6, 4)),
    nthWeekday(year, 8, 1, 1), // Labor Day
    nthWeekday(year, 9, 1, 2), // Columbus Day
    observed(utc(year, 10, 11)), // Veterans Day
    nthWeekday(year, 10, 4, 4), // Thanksgiving Day
    observed(utc(year, 11, 25)),
  ];
  // New Year's Day of the next year may be observed on 31 December.
  const nextNewYear = observed(utc(year + 1, 0, 1));
  if (nextNewYear.getUTCFullYear() === year) days.push(nextNewYear);
  return new Set(days.map(key));
}

export function isBusinessDay(date: Date): boolean {
  const dow = date.getUTCDay();
  return dow !== 0 && dow !== 6 && !federalHolidays(date.getUTCFullYear()).has(key(date));
}

/** The date `n` business days after `from`'s UTC day (that day itself not counted). */
export function addBusinessDays(from: Date, n: number): Date {
  let day = utc(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  for (let left = n; left > 0; ) {
    day = new Date(day.getTime() + DAY);
    if (isBusinessDay(day)) left--;
  }
  return day;
}
