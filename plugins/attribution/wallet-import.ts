import { invalid } from "../../src/errors.js";
import { distinctRefs, scoreClaim } from "../core/confidence.js";
import type { SourceRefShape } from "../core/shared-types.js";
import { checkAddressOn, type WalletNetwork } from "./networks.js";

export interface WalletItem {
  address: string;
  network?: string | null;
  role?: string | null;
  sourceRefs?: SourceRefShape[] | null;
  confidence?: number | null;
}

/** One wallet to store: the items of a request that share network and normalised address. */
export interface WalletDraft {
  network: WalletNetwork;
  address: string;
  normalizedAddress: string;
  role: string | null;
  sourceRefs: SourceRefShape[];
  /** The highest confidence given, or null when no item gave one. */
  givenConfidence: number | null;
  items: number;
}

export const draftKey = (d: { network: string; normalizedAddress: string }) =>
  `${d.network}\u0000${d.normalizedAddress}`;

/** Validates every item (400 naming `wallets[i].…`) and folds duplicates, in order first given. */
export function draftsOf(items: readonly WalletItem[]): WalletDraft[] {
  if (!items.length) throw invalid("wallets", "wallets must hold at least one wallet.");
  const drafts = new Map<string, WalletDraft>();
  items.forEach((item, i) => {
    const check = checkAddressOn(item.address, item.network);
    if (!check.ok)
      throw invalid(
        `wallets[${i}].${check.param}`,
        `wallets[${i}].${check.param} is not valid: ${check.reason}.`,
      );
    const c = item.confidence;
    if (c != null && !(c >= 0 && c <= 1))
      throw invalid(
        `wallets[${i}].confidence`,
        `wallets[${i}].confidence must be between 0 and 1.`,
      );
    if (item.role != null && !item.role.trim())
      throw invalid(`wallets[${i}].role`, `wallets[${i}].role must not be empty.`);
    const key = draftKey({ network: check.network, normalizedAddress: check.normalized });
    const seen = drafts.get(key);
    const refs = item.sourceRefs ?? [];
    if (!seen) {
      drafts.set(key, {
        network: check.network,
        address: item.address,
        normalizedAddress: check.normalized,
        role: item.role ?? null,
        sourceRefs: distinctRefs(refs),
        givenConfidence: c ?? null,
        items: 1,
      });
      return;
    }
    seen.role ??= item.role ?? null;
    seen.sourceRefs = distinctRefs([...seen.sourceRefs, ...refs]);
    if (c != null) seen.givenConfidence = Math.max(seen.givenConfidence ?? 0, c);
    seen.items += 1;
  });
  return [...drafts.values()];
}

export interface StoredWallet {
  role: string | null;
  sourceRefs: SourceRefShape[];
  confidence: number;
}

/**
 * A draft merged into what is stored (or into nothing): the first role stays, sources are
 * united, and confidence only rises. Without a given figure the draft contributes the score of
 * the merged sources.
 */
export function mergeWallet(stored: StoredWallet | null, draft: WalletDraft): StoredWallet {
  const sourceRefs = distinctRefs([...(stored?.sourceRefs ?? []), ...draft.sourceRefs]);
  const incoming = draft.givenConfidence ?? scoreClaim(sourceRefs).confidence;
  return {
    role: stored?.role ?? draft.role,
    sourceRefs,
    confidence: Math.max(stored?.confidence ?? 0, incoming),
  };
}
