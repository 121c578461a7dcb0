import { TypeID } from "typeid-js";
import { uuidv7 } from "uuidv7";

/**
 * One id scheme for every object: `<prefix>_<26-char Crockford base32 UUIDv7>` (TypeID).
 * uuidv7() is monotonic within a process, so ids sort by creation time and keyset pagination
 * can order by id alone.
 */
export const ID_PREFIXES = {
  operation: "op",
  transition: "opt",
  request: "req",
  organization: "org",
  apiKey: "key",
  user: "usr",
  matter: "mat",
  authority: "auth",
  judgment: "jdg",
  event: "evt",
  audit: "aud",
  webhookEndpoint: "whe",
  webhookDelivery: "whd",
  export: "exp",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

export function newId(kind: IdKind | string): string {
  const prefix = (ID_PREFIXES as Record<string, string>)[kind] ?? kind;
  return TypeID.fromUUID(prefix, uuidv7()).toString();
}

const ID_SHAPE = /^([a-z]+)_([0-7][0-9a-hjkmnp-tv-z]{25})$/;

/** The prefix of a well-formed id, or null. */
export function idPrefix(id: string): string | null {
  const m = ID_SHAPE.exec(id);
  return m ? m[1]! : null;
}

export function isIdOf(kind: IdKind | string, id: string): boolean {
  const prefix = (ID_PREFIXES as Record<string, string>)[kind] ?? kind;
  return idPrefix(id) === prefix;
}
