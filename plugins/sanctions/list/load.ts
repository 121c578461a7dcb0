import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { projectPath } from "../../../src/paths.js";
import { AddressIndex } from "../screening/address-index.js";
import { NameIndex } from "../screening/name-index.js";
import type { AddressListDocument, NameEntry, NameListDocument } from "./documents.js";
import { ADDRESS_FILE, NAME_FILE } from "./files.js";

/** The list issue a screen ran against (reported in screen results and capabilities). */
export interface ListIssue {
  issueDate: string;
  source: string;
  licence: string;
  addresses: number;
  delistedAddresses: number;
  names: number;
  entries: number;
}

export interface SanctionsList {
  issue: ListIssue;
  addresses: AddressIndex;
  names: NameIndex;
  nameList: NameListDocument;
  /** SDN entries by profile id (for the listing date of an address hit). */
  profiles: Map<number, NameEntry>;
}

const DATA_DIR = projectPath("data", "sanctions");

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, "utf8")) as T;

export function buildSanctionsList(
  addressList: AddressListDocument,
  nameList: NameListDocument,
): SanctionsList {
  if (addressList.issue_date !== nameList.issue_date)
    throw new Error(
      `sanctions lists disagree: addresses of ${addressList.issue_date}, names of ${nameList.issue_date}`,
    );
  const addresses = new AddressIndex(addressList.addresses);
  const names = new NameIndex(nameList.entries);
  return {
    issue: {
      issueDate: addressList.issue_date,
      source: addressList.source,
      licence: addressList.licence,
      addresses: addressList.addresses.length,
      delistedAddresses: addressList.delisted.length,
      names: names.size,
      entries: nameList.entries.length,
    },
    addresses,
    names,
    nameList,
    profiles: new Map(nameList.entries.map((e) => [e.profile_id, e])),
  };
}

/** Size and modification time of both files: changes when `npm run sanctions:refresh` rewrites them. */
function stampOf(dir: string): string {
  return [ADDRESS_FILE, NAME_FILE]
    .map((f) => {
      const s = statSync(join(dir, f));
      return `${s.size}:${s.mtimeMs}`;
    })
    .join("|");
}

const loaded = new Map<string, { stamp: string; list: SanctionsList }>();

/**
 * The lists of `dir` (default data/sanctions; the server passes MD_SANCTIONS_DIR), read and
 * indexed once and read again when their files change: a running server picks up
 * `npm run sanctions:refresh` at its next screen or monitoring run, without a restart. While a
 * refresh is half written (the two files of different issues) the previous issue stays in use.
 */
export function sanctionsList(dir = DATA_DIR): SanctionsList {
  const stamp = stampOf(dir);
  const cached = loaded.get(dir);
  if (cached?.stamp === stamp) return cached.list;
  let list: SanctionsList;
  try {
    list = buildSanctionsList(readJson(join(dir, ADDRESS_FILE)), readJson(join(dir, NAME_FILE)));
  } catch (error) {
    if (cached) return cached.list;
    throw error;
  }
  loaded.set(dir, { stamp, list });
  return list;
}
