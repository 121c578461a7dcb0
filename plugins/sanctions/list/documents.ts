import type { SdnIssue } from "./advanced-xml.js";

/**
 * The two shipped list files (data/sanctions/…) and how they are derived from one SDN issue.
 * Both carry their source, issue date and licence; the runtime reads only these files.
 */
export const LICENCE =
  "OFAC SDN data is a US Government work (public domain). Mirror used for the shipped issue: github.com/brave-intl/ofac-sanctioned-digital-currency-addresses (MIT, Copyright (c) 2021 0xB10C).";

export interface ListedAddress {
  asset: string;
  address: string;
  sdn_name: string;
  sdn_profile_id: number;
  party_type: string;
  programs: string[];
}

export interface DelistedAddress {
  asset: string;
  address: string;
  sdn_name: string;
  sdn_profile_id: number;
  programs: string[];
  last_seen_in_issue: string;
  absent_from_issue: string;
}

export interface AddressListDocument {
  source: string;
  retrieved: string;
  licence: string;
  issue_date: string;
  notes: string[];
  counts: { entries: number; unique_asset_address_pairs: number; sdn_parties: number };
  addresses: ListedAddress[];
  /** Addresses no longer on the list. Kept for history; they never match. */
  delisted: DelistedAddress[];
}

export interface NameEntry {
  profile_id: number;
  name: string;
  party_type: string;
  aliases: string[];
  /** OFAC's low-quality ("weak") aliases: screened, but never an exact `match` alone. */
  weak_aliases: string[];
  programs: string[];
  listed_on: string | null;
}

export interface NameListDocument {
  source: string;
  retrieved: string;
  licence: string;
  issue_date: string;
  counts: { entries: number; names: number };
  entries: NameEntry[];
}

const pairKey = (a: { asset: string; address: string }) => `${a.asset}\u0000${a.address}`;

export function addressListOf(
  issue: SdnIssue,
  meta: { source: string; retrieved: string },
  previous?: Pick<AddressListDocument, "issue_date" | "addresses" | "delisted">,
): AddressListDocument {
  const addresses: ListedAddress[] = [];
  for (const p of issue.parties) {
    const sdnName = p.names.find((n) => n.primary)?.name ?? p.names[0]?.name ?? "";
    for (const a of p.addresses)
      addresses.push({
        asset: a.asset,
        address: a.address,
        sdn_name: sdnName,
        sdn_profile_id: p.profileId,
        party_type: p.partyType,
        programs: p.programs,
      });
  }
  const listed = new Set(addresses.map(pairKey));
  const delisted = new Map<string, DelistedAddress>();
  if (previous && previous.issue_date <= issue.issueDate) {
    for (const d of previous.delisted) if (!listed.has(pairKey(d))) delisted.set(pairKey(d), d);
    for (const a of previous.addresses) {
      if (listed.has(pairKey(a)) || previous.issue_date === issue.issueDate) continue;
      delisted.set(pairKey(a), {
        asset: a.asset,
        address: a.address,
        sdn_name: a.sdn_name,
        sdn_profile_id: a.sdn_profile_id,
        programs: a.programs,
        last_seen_in_issue: previous.issue_date,
        absent_from_issue: issue.issueDate,
      });
    }
  }
  return {
    source: meta.source,
    retrieved: meta.retrieved,
    licence: LICENCE,
    issue_date: issue.issueDate,
    notes: [
      "Asset codes are OFAC's (XBT = Bitcoin; USDT/USDC entries are token-holder addresses on the chain their format implies; BSC = BNB Smart Chain, BNB = BNB Beacon Chain, ARB = Arbitrum).",
      "EVM addresses are compared case-insensitively; Bitcoin base58, Tron and Solana addresses are case-sensitive.",
      "`delisted` holds addresses present in an earlier issue and absent from a later one; they are not sanctioned now and never match.",
    ],
    counts: {
      entries: addresses.length,
      unique_asset_address_pairs: listed.size,
      sdn_parties: new Set(addresses.map((a) => a.sdn_profile_id)).size,
    },
    addresses,
    delisted: [...delisted.values()],
  };
}

export function nameListOf(
  issue: SdnIssue,
  meta: { source: string; retrieved: string },
): NameListDocument {
  const entries: NameEntry[] = [];
  for (const p of issue.parties) {
    const primary = p.names.find((n) => n.primary) ?? p.names[0];
    if (!primary) continue;
    const others = p.names.filter((n) => n !== primary && n.name !== primary.name);
    entries.push({
      profile_id: p.profileId,
      name: primary.name,
      party_type: p.partyType,
      aliases: [...new Set(others.filter((n) => !n.lowQuality).map((n) => n.name))],
      weak_aliases: [...new Set(others.filter((n) => n.lowQuality).map((n) => n.name))],
      programs: p.programs,
      listed_on: p.listedOn,
    });
  }
  return {
    source: meta.source,
    retrieved: meta.retrieved,
    licence: LICENCE,
    issue_date: issue.issueDate,
    counts: {
      entries: entries.length,
      names: entries.reduce((n, e) => n + 1 + e.aliases.length + e.weak_aliases.length, 0),
    },
    entries,
  };
}
