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

export function checkLinkedEntities(entities: ReadonlyArray<{ name: string }>): void {
  entities.forEach((e, i) => checkText(`linked_entities[${i}].name`, e.name));
}
