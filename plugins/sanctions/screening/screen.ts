import type { ListedAddress, NameEntry } from "../list/documents.js";
import type { SanctionsList } from "../list/load.js";

export type ScreenStatus = "clear" | "potential_match" | "match";
export type ScreenedKind = "wallet" | "entity" | "counterparty";

/** The SDN entry behind a hit, as the screen result shows it. */
export interface SdnEntryShape {
  profile_id: number;
  name: string;
  party_type: string;
  programs: string[];
  listed_on: string | null;
  source: string;
}

/** One hit, stored and returned in wire form (`matches` is a free-form object in SPEC.md). */
export interface ScreenMatch {
  kind: ScreenedKind;
  /** The screened value exactly as sent. */
  input: string;
  status: "match" | "potential_match";
  score: number;
  /** The listed address or SDN name/alias that matched. */
  matched_value: string;
  /** For wallet hits: OFAC's asset code of the listing (XBT, ETH, USDT …). */
  asset: string | null;
  sdn_entry: SdnEntryShape;
}

export interface ScreenInput {
  wallets: readonly string[];
  entities: readonly string[];
  counterparties: readonly string[];
}

export interface ScreenOutcome {
  status: ScreenStatus;
  matches: ScreenMatch[];
  requiredActions: string[];
}

const source = (issueDate: string) => `OFAC SDN List, issue of ${issueDate}`;

/**
 * Screens wallets (exact, EVM case-insensitive) and names (normalised exact → `match`, fuzzy →
 * `potential_match`) against one list issue. Pure: the same input and list give the same result.
 */
export function screen(list: SanctionsList, input: ScreenInput): ScreenOutcome {
  const issue = list.issue.issueDate;
  const matches: ScreenMatch[] = [];
  for (const wallet of input.wallets) {
    for (const hit of list.addresses.lookup(wallet))
      matches.push(walletMatch(wallet, hit, list.profiles.get(hit.sdn_profile_id), issue));
  }
  const names = (kind: ScreenedKind, values: readonly string[]) => {
    for (const value of values) {
      for (const hit of list.names.search(value))
        matches.push({
          kind,
          input: value,
          status: hit.exact ? "match" : "potential_match",
          score: hit.score,
          matched_value: hit.matchedName,
          asset: null,
          sdn_entry: entryShape(hit.entry, issue),
        });
    }
  };
  names("entity", input.entities);
  names("counterparty", input.counterparties);
  const status: ScreenStatus = matches.some((m) => m.status === "match")
    ? "match"
    : matches.length
      ? "potential_match"
      : "clear";
  return { status, matches, requiredActions: requiredActions(status) };
}

function walletMatch(
  wallet: string,
  hit: ListedAddress,
  entry: NameEntry | undefined,
  issue: string,
): ScreenMatch {
  return {
    kind: "wallet",
    input: wallet,
    status: "match",
    score: 1,
    matched_value: hit.address,
    asset: hit.asset,
    sdn_entry: {
      profile_id: hit.sdn_profile_id,
      name: hit.sdn_name,
      party_type: hit.party_type,
      programs: hit.programs,
      listed_on: entry?.listed_on ?? null,
      source: source(issue),
    },
  };
}

const entryShape = (e: NameEntry, issue: string): SdnEntryShape => ({
  profile_id: e.profile_id,
  name: e.name,
  party_type: e.party_type,
  programs: e.programs,
  listed_on: e.listed_on,
  source: source(issue),
});

/** What must happen before ordinary collection resumes (CONTRACT.md §7). */
export function requiredActions(status: ScreenStatus): string[] {
  if (status === "clear") return [];
  return [
    "Pause ordinary collection on the matter until a sanctions review is cleared.",
    "Open a sanctions review for this screen (POST /v1/sanctions/review-packet).",
    "Have counsel decide the review: cleared (false positive or not blocked property) or blocked.",
    ...(status === "match"
      ? [
          "Treat property of the listed person as blocked: do not transfer, pay out, remit or distribute it.",
          "If the review is blocked, file the OFAC blocked property report within 10 business days (31 CFR 501.603/604).",
        ]
      : []),
  ];
}
