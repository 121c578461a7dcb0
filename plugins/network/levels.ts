/**
 * Network signal levels of CONTRACT.md §13. L0: unverified. L1: obtained through legal process.
 * L2: L1 plus one independent non-network link; L3: plus two or more. A signal never rises
 * above L1 on network evidence alone, and never above L0 without legal process.
 */
export const LEVELS = ["L0", "L1", "L2", "L3"] as const;
export type Level = (typeof LEVELS)[number];

export function signalLevel(legalProcessId: string | null | undefined): Level {
  return legalProcessId ? "L1" : "L0";
}

/** The level of a signal given its count of independent non-network links. */
export function correlatedLevel(own: Level, nonNetworkLinks: number): Level {
  if (own === "L0") return "L0";
  if (nonNetworkLinks >= 2) return "L3";
  return nonNetworkLinks === 1 ? "L2" : "L1";
}
