import { toCamel, toSnake } from "../../rest-bridge/case.js";
import { invalid } from "../../src/errors.js";
import { checkText } from "./validate.js";

/**
 * The closed set of debtor identifiers (SPEC.md leaves `identifiers` free-form). Personal and
 * corporate ids are single values; contact details and asset pointers are lists, one item per
 * account, parcel or vehicle. Asset hypotheses read the asset pointers (hypotheses.ts).
 * Stored and returned as a JSON object with these snake_case keys.
 */
type Check = { ok: (s: string) => boolean; expected: string };
export type IdentifierSpec =
  | { kind: "date"; description: string }
  | { kind: "text" | "list"; description: string; check?: Check };

const FOUR_DIGITS: Check = { ok: (s) => /^\d{4}$/.test(s), expected: "exactly 4 digits" };

/** ISO 7064 MOD 97-10 over letters as 10–35, as IBAN and LEI use it. */
function mod97(s: string): number {
  let rest = 0;
  for (const c of s) rest = (rest * (c >= "A" ? 100 : 10) + Number.parseInt(c, 36)) % 97;
  return rest;
}
const IBAN: Check = {
  ok: (s) => {
    const v = s.replace(/ /g, "");
    return /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(v) && mod97(v.slice(4) + v.slice(0, 4)) === 1;
  },
  expected: "an IBAN with a valid check sum (upper case, spaces allowed)",
};
const LEI: Check = {
  ok: (s) => /^[A-Z0-9]{18}\d{2}$/.test(s) && mod97(s) === 1,
  expected: "a 20-character ISO 17442 LEI with a valid check sum",
};
const EIN: Check = { ok: (s) => /^\d{2}-?\d{7}$/.test(s), expected: "9 digits, as NN-NNNNNNN" };
const PASSPORT: Check = {
  ok: (s) => /^[A-Za-z0-9]{5,20}$/.test(s),
  expected: "5–20 letters and digits",
};
const EMAIL: Check = {
  ok: (s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s),
  expected: "an email address",
};
const PHONE: Check = {
  ok: (s) => /^\+?[0-9 ().-]{5,32}$/.test(s),
  expected: "a phone number (digits, spaces, ( ) . - and a leading +)",
};
const VIN: Check = {
  ok: (s) => /^[A-HJ-NPR-Z0-9]{17}$/.test(s),
  expected: "a 17-character VIN (no I, O or Q)",
};

export const IDENTIFIERS = {
  dob: { kind: "date", description: "Date of birth, YYYY-MM-DD; not in the future." },
  ssn_last4: {
    kind: "text",
    description: "Last 4 digits of a US Social Security number.",
    check: FOUR_DIGITS,
  },
  tax_id_last4: {
    kind: "text",
    description: "Last 4 digits of a tax id of any country.",
    check: FOUR_DIGITS,
  },
  tax_id: { kind: "text", description: "A full tax identification number, as issued." },
  ein: { kind: "text", description: "US Employer Identification Number, NN-NNNNNNN.", check: EIN },
  national_id: { kind: "text", description: "National identity card or register number." },
  passport_number: { kind: "text", description: "Passport number.", check: PASSPORT },
  registration_number: { kind: "text", description: "Company or trust registration number." },
  lei: { kind: "text", description: "Legal Entity Identifier (ISO 17442).", check: LEI },
  emails: { kind: "list", description: "Email addresses.", check: EMAIL },
  phones: { kind: "list", description: "Phone numbers.", check: PHONE },
  addresses: { kind: "list", description: "Postal addresses, one line each." },
  ibans: { kind: "list", description: "Bank accounts as IBANs.", check: IBAN },
  bank_accounts: {
    kind: "list",
    description: "Other bank accounts, e.g. `Chase 021000021 / 000123456789`.",
  },
  exchange_accounts: {
    kind: "list",
    description: "Accounts at crypto exchanges, e.g. `Binance: user 12345678`.",
  },
  brokerage_accounts: { kind: "list", description: "Brokerage or securities accounts." },
  parcel_numbers: { kind: "list", description: "Real-property parcel or title numbers." },
  vins: { kind: "list", description: "Vehicle identification numbers.", check: VIN },
  license_plates: { kind: "list", description: "Vehicle registration plates." },
  receivables: {
    kind: "list",
    description: "Amounts owed to the debtor, e.g. `Invoice 42, Acme Ltd`.",
  },
} as const satisfies Record<string, IdentifierSpec>;

export type IdentifierKey = keyof typeof IDENTIFIERS;
/** GraphQL input value of DebtorIdentifiersInput (camelCase field names). */
export type IdentifiersInput = Record<string, string | readonly string[] | null | undefined>;

export const IDENTIFIER_KEYS = Object.keys(IDENTIFIERS) as IdentifierKey[];
export const identifierField = (key: IdentifierKey) => toCamel(key);

/**
 * Checks what the input type cannot express (the calendar date itself is checked by the Date
 * scalar) and returns the stored form: snake_case keys, values exactly as sent.
 */
export function storedIdentifiers(input: IdentifiersInput): object {
  const today = new Date().toISOString().slice(0, 10);
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const key = toSnake(field) as IdentifierKey;
    const param = `identifiers.${key}`;
    const spec: IdentifierSpec = IDENTIFIERS[key];
    if (value === null) throw invalid(param, `${param} cannot be null; leave it out instead.`);
    if (spec.kind === "date") {
      if ((value as string) > today) throw invalid(param, `${param} must not be in the future.`);
    } else {
      const items = spec.kind === "list" ? (value as readonly string[]) : [value as string];
      items.forEach((item, i) => {
        const at = spec.kind === "list" ? `${param}[${i}]` : param;
        checkText(at, item);
        if (spec.check && !spec.check.ok(item))
          throw invalid(at, `${at} must be ${spec.check.expected}.`);
      });
    }
    out[key] = value;
  }
  return out;
}
