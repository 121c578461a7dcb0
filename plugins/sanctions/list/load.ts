import { readFileSync } from "node:fs";
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

let shipped: SanctionsList | undefined;

/** The shipped lists of data/sanctions, read and indexed once per process. */
export function sanctionsList(dir = DATA_DIR): SanctionsList {
  if (dir !== DATA_DIR)
    return buildSanctionsList(readJson(`${dir}/${ADDRESS_FILE}`), readJson(`${dir}/${NAME_FILE}`));
  shipped ??= buildSanctionsList(
    readJson(`${DATA_DIR}/${ADDRESS_FILE}`),
    readJson(`${DATA_DIR}/${NAME_FILE}`),
  );
  return shipped;
}
