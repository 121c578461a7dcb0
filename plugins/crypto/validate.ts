import { invalid } from "../../src/errors.js";
import type { Network } from "./networks.js";
import type { ReferenceData } from "./reference.js";
import { requestWallets, type RequestWallet } from "./targets.js";

/** Body checks the GraphQL types cannot express (CONTRACT.md §2: before any lookup). */
export function checkWalletsAndChains(
  wallets: readonly string[],
  chains: readonly Network[] | null | undefined,
): RequestWallet[] {
  if (chains && chains.length === 0)
    throw invalid("chains", "chains must name at least one network, or be left out.");
  return requestWallets(wallets, chains ? [...new Set(chains)] : null);
}

export function checkMinConfidence(value: number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  if (!(value >= 0 && value <= 1))
    throw invalid("min_confidence", "min_confidence must be between 0 and 1.");
  return value;
}

export function checkAssets(
  assets: readonly string[] | null | undefined,
  reference: ReferenceData,
) {
  if (!assets) return null;
  if (!assets.length)
    throw invalid("assets", "assets must name at least one stablecoin, or be left out.");
  const known = reference.symbols();
  assets.forEach((a, i) => {
    if (!known.has(a))
      throw invalid(
        `assets[${i}]`,
        `assets[${i}] is not a known stablecoin; known: ${[...known].sort().join(", ")}.`,
      );
  });
  return new Set(assets);
}

export function checkWindow(from: Date | null | undefined, to: Date | null | undefined) {
  const window = { from: from ?? new Date(0), to: to ?? new Date() };
  if (window.from > window.to) throw invalid("from", "from must not be after to.");
  return window;
}
