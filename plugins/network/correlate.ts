import { type Level, correlatedLevel } from "./levels.js";
import type { CorrelationShape } from "./types.js";

interface SignalIn {
  id: string;
  signalType: string;
  source: string;
  normalizedAddress: string | null;
  legalProcessId: string | null;
  confidenceLevel: string;
}
interface WalletIn {
  id: string;
  address: string;
  normalizedAddress: string;
}
/** Claim ids about a wallet that rest on non-network evidence, by wallet id. */
export type LinksByWallet = ReadonlyMap<string, readonly string[]>;

const NOT_PROOF =
  "A network/IP signal is not standalone proof of attribution; counsel or an operator must review it.";

/** Pure: one correlation per signal and wallet with the same normalised address. */
export function correlate(
  signals: readonly SignalIn[],
  wallets: readonly WalletIn[],
  links: LinksByWallet,
): CorrelationShape[] {
  const out: CorrelationShape[] = [];
  for (const s of signals) {
    for (const w of wallets) {
      if (!s.normalizedAddress || s.normalizedAddress !== w.normalizedAddress) continue;
      const own = s.confidenceLevel as Level;
      const found = links.get(w.id) ?? [];
      const level = correlatedLevel(own, found.length);
      const why =
        own === "L0"
          ? "The signal was not obtained through legal process, so it stays L0 (unverified)."
          : found.length === 0
            ? `Obtained through legal process ${s.legalProcessId}; with no independent non-network link it stays L1, the most a network signal alone can reach.`
            : `Obtained through legal process ${s.legalProcessId}, with ${found.length} independent non-network link${found.length > 1 ? "s" : ""} (${found.join(", ")}): ${level}.`;
      out.push({
        subject: w.address,
        walletId: w.id,
        signalId: s.id,
        confidenceLevel: level,
        explanation: `${s.signalType} from ${s.source} matches wallet ${w.address}. ${why} ${NOT_PROOF}`,
        nonNetworkLinks: [...found],
        reviewRequired: true,
      });
    }
  }
  return out;
}
