/**
 * `npm run sanctions:refresh -- <sdn_advanced.xml | sdn_advanced.xml.bz2> [--out DIR] [--source TEXT]`
 *
 * Re-derives the shipped sanctions lists from OFAC's official SDN advanced XML, streaming:
 * DIR/sdn-digital-currency-addresses.json (with `delisted`: addresses of the previous file in DIR
 * that the new issue no longer lists) and DIR/sdn-names.json. DIR defaults to data/sanctions.
 * Prints a JSON summary. Running servers reading DIR (MD_SANCTIONS_DIR) notice the changed files
 * at their next screen or monitoring run: no restart; the monitoring job then re-screens every
 * watchlisted address against the new issue.
 */
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { PassThrough, type Readable } from "node:stream";
import bz2 from "unbzip2-stream";
import { readSdnAdvancedXml } from "../plugins/sanctions/list/advanced-xml.js";
import {
  type AddressListDocument,
  addressListOf,
  nameListOf,
} from "../plugins/sanctions/list/documents.js";
import { ADDRESS_FILE, NAME_FILE } from "../plugins/sanctions/list/files.js";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  args.splice(i, 2);
  return value;
};
const outDir = resolve(option("--out") ?? "data/sanctions");
const sourceNote = option("--source");
const [file] = args;
if (!file || args.length !== 1) {
  console.error(
    "Usage: npm run sanctions:refresh -- <sdn_advanced.xml | .xml.bz2> [--out DIR] [--source TEXT]",
  );
  process.exit(1);
}

const raw: Readable = createReadStream(file);
const xml: Readable = file.endsWith(".bz2") ? raw.pipe(bz2()) : raw;
const digest = createHash("sha256");
const tee = new PassThrough();
xml.on("data", (chunk: Buffer) => digest.update(chunk));
xml.on("error", (err) => tee.destroy(err));
xml.pipe(tee);

const issue = await readSdnAdvancedXml(tee);
const sha = digest.digest("hex");
const meta = {
  source: `${sourceNote ? `${sourceNote} ` : ""}OFAC SDN advanced XML (${basename(file)}, DateOfIssue ${issue.issueDate}; SHA-256 of the XML ${sha}); official origin https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN_ADVANCED.XML`,
  retrieved: `${issue.issueDate} (DateOfIssue); derived ${new Date().toISOString().slice(0, 10)} by npm run sanctions:refresh`,
};

const addressPath = join(outDir, ADDRESS_FILE);
const previous = existsSync(addressPath)
  ? (JSON.parse(readFileSync(addressPath, "utf8")) as AddressListDocument)
  : undefined;
const addresses = addressListOf(issue, meta, previous);
const names = nameListOf(issue, meta);
writeFileSync(addressPath, `${JSON.stringify(addresses, null, 1)}\n`);
writeFileSync(join(outDir, NAME_FILE), `${JSON.stringify(names)}\n`);
console.log(
  JSON.stringify({
    issue_date: issue.issueDate,
    sha256: sha,
    addresses: addresses.counts,
    delisted: addresses.delisted.length,
    names: names.counts,
    out: outDir,
  }),
);
