import { invalid } from "../../src/errors.js";
import { idPrefix } from "../../src/ids.js";

/** Body checks the GraphQL types cannot express, run before any lookup (CONTRACT.md §2 order). */
export function checkText(param: string, value: string): void {
  if (!value.trim()) throw invalid(param, `${param} must not be empty.`);
}

export function checkTexts(param: string, values: readonly string[]): void {
  values.forEach((v, i) => checkText(`${param}[${i}]`, v));
}

export function checkConfidence(param: string, value: number | null | undefined): void {
  if (value != null && !(value >= 0 && value <= 1))
    throw invalid(param, `${param} must be between 0 and 1.`);
}

/** Ids of one kind: well-formed with the right prefix (400 naming the item), repeats refused. */
export function checkIds(param: string, ids: readonly string[], prefix: string): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (idPrefix(id) !== prefix)
      throw invalid(`${param}[${i}]`, `${param}[${i}] is not a ${prefix}_ id.`);
    if (seen.has(id)) throw invalid(`${param}[${i}]`, `${param}[${i}] repeats '${id}'.`);
    seen.add(id);
  });
}
