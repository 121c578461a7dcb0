import { invalid } from "../../src/errors.js";

/**
 * Bounds of the intentionally free-form objects (audit event `details`, operation `metadata`):
 * any JSON, but small enough to hash, store and show. Strings and arrays also obey the
 * request-wide bounds (CONTRACT.md §12).
 */
export const FREE_FORM_BOUNDS = { keys: 50, depth: 5, keyLength: 100, bytes: 16_384 } as const;

export const FREE_FORM_TEXT = `Any JSON object within these bounds: at most ${FREE_FORM_BOUNDS.keys} keys per object, nesting at most ${FREE_FORM_BOUNDS.depth} levels deep (arrays count), keys of 1–${FREE_FORM_BOUNDS.keyLength} characters, at most ${FREE_FORM_BOUNDS.bytes} bytes as JSON.`;

export function checkFreeForm(value: Record<string, unknown>, param: string): void {
  walk(value, param, 1);
  const bytes = Buffer.byteLength(JSON.stringify(value));
  if (bytes > FREE_FORM_BOUNDS.bytes)
    throw invalid(param, `${param} is larger than ${FREE_FORM_BOUNDS.bytes} bytes as JSON.`);
}

function walk(value: unknown, param: string, depth: number): void {
  if (value === null || typeof value !== "object") return;
  if (depth > FREE_FORM_BOUNDS.depth)
    throw invalid(param, `${param} nests more than ${FREE_FORM_BOUNDS.depth} levels deep.`);
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(item, `${param}[${i}]`, depth + 1));
    return;
  }
  const keys = Object.keys(value);
  if (keys.length > FREE_FORM_BOUNDS.keys)
    throw invalid(param, `${param} has more than ${FREE_FORM_BOUNDS.keys} keys.`);
  for (const key of keys) {
    if (key.length === 0 || key.length > FREE_FORM_BOUNDS.keyLength) {
      throw invalid(
        param,
        `${param} has a key that is empty or longer than ${FREE_FORM_BOUNDS.keyLength} characters.`,
      );
    }
    walk((value as Record<string, unknown>)[key], `${param}.${key}`, depth + 1);
  }
}
