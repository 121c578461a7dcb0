import { invalid } from "../../src/errors.js";
import { checkWalletAddress } from "./addresses.js";

/**
 * Body checks the GraphQL types cannot express, run before any lookup (CONTRACT.md §2 order).
 * `param` names follow the wire (snake_case, `wallets[2]`).
 */
export function checkText(param: string, value: string): void {
  if (!value.trim()) throw invalid(param, `${param} must not be empty.`);
}

export function checkTexts(param: string, values: readonly string[]): void {
  values.forEach((v, i) => checkText(`${param}[${i}]`, v));
}

export function checkWallets(wallets: readonly string[]): void {
  wallets.forEach((w, i) => {
    const result = checkWalletAddress(w);
    if (!result.ok)
      throw invalid(
        `wallets[${i}]`,
        `wallets[${i}] is not a valid wallet address: ${result.reason}.`,
      );
  });
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ().-]{5,32}$/;

function isCalendarDate(s: string): boolean {
  return DATE.test(s) && new Date(`${s}T00:00:00.000Z`).toISOString().slice(0, 10) === s;
}

/** Checks for an identifier array's items; the key's absence from this map means "kept as given". */
const ARRAY_KEYS: Record<string, { ok: (v: unknown) => boolean; expected: string }> = {
  emails: { ok: (v) => typeof v === "string" && EMAIL.test(v), expected: "an email address" },
  phones: { ok: (v) => typeof v === "string" && PHONE.test(v), expected: "a phone number" },
  addresses: {
    ok: (v) =>
      (typeof v === "string" && v.trim() !== "") ||
      (typeof v === "object" && v !== null && !Array.isArray(v)),
    expected: "an address (a string or an object)",
  },
};

export function checkIdentifiers(identifiers: Record<string, unknown>): void {
  const p = (k: string) => `identifiers.${k}`;
  const { dob, tax_id_last4: last4 } = identifiers;
  if (dob !== undefined && (typeof dob !== "string" || !isCalendarDate(dob))) {
    throw invalid(p("dob"), "identifiers.dob must be a calendar date YYYY-MM-DD.");
  }
  if (last4 !== undefined && (typeof last4 !== "string" || !/^\d{4}$/.test(last4))) {
    throw invalid(
      p("tax_id_last4"),
      "identifiers.tax_id_last4 must be a string of exactly 4 digits.",
    );
  }
  for (const [key, rule] of Object.entries(ARRAY_KEYS)) {
    const value = identifiers[key];
    if (value === undefined) continue;
    if (!Array.isArray(value)) throw invalid(p(key), `${p(key)} must be an array.`);
    value.forEach((v, i) => {
      if (!rule.ok(v))
        throw invalid(`${p(key)}[${i}]`, `${p(key)}[${i}] must be ${rule.expected}.`);
    });
  }
}

export function checkLinkedEntities(entities: ReadonlyArray<{ name: string }>): void {
  entities.forEach((e, i) => checkText(`linked_entities[${i}].name`, e.name));
}
