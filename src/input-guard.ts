import { invalid } from "./errors.js";

/** Bounds of CONTRACT.md §12, shared by both faces. */
export const MAX_STRING = 10_000;
export const MAX_ARRAY = 1000;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored exactly as sent (PostgreSQL text refuses NUL, UTF-8 has no
 * lone surrogates), or null when it can. */
function textProblem(text: string): string | null {
  if (text.includes("\u0000")) return "contains a NUL character (U+0000)";
  if (LONE_SURROGATE.test(text)) return "contains a lone UTF-16 surrogate (not valid Unicode)";
  return null;
}

const keyPath = (param: string, key: string) =>
  param ? `${param}.${key}` : /^[A-Za-z_][\w-]*$/.test(key) ? key : JSON.stringify(key);

/**
 * Refuses a value that could not be stored and read back exactly as sent (CONTRACT.md §1):
 * NUL or lone surrogates in any string or object key, an object key `__proto__` (which
 * JavaScript objects would silently drop), strings over MAX_STRING, arrays over MAX_ARRAY.
 * `param` names the value in the caller's vocabulary; nested items extend it. `bounded: false`
 * checks faithfulness only (for payloads the service builds itself).
 */
export function assertStorable(value: unknown, param: string, bounded = true): void {
  if (typeof value === "string") {
    const problem = textProblem(value);
    if (problem) throw invalid(param, `${param || "The value"} ${problem}.`);
    if (bounded && value.length > MAX_STRING)
      throw invalid(param, `${param || "The value"} is longer than ${MAX_STRING} characters.`);
    return;
  }
  if (value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    if (bounded && value.length > MAX_ARRAY)
      throw invalid(param, `${param || "The value"} has more than ${MAX_ARRAY} items.`);
    value.forEach((item, i) => assertStorable(item, `${param}[${i}]`, bounded));
    return;
  }
  for (const key of Object.keys(value)) {
    const path = keyPath(param, key);
    if (key === "__proto__")
      throw invalid(path, `${path}: the key __proto__ is not accepted in any object.`);
    const problem = textProblem(key);
    if (problem) throw invalid(param || path, `A key of ${param || "the body"} ${problem}.`);
    assertStorable((value as Record<string, unknown>)[key], path, bounded);
  }
}
