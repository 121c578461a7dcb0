import { execFile } from "node:child_process";
import { createReadStream, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createWriteStream } from "node:fs";
import { promisify } from "node:util";
import bz2 from "unbzip2-stream";
import { describe, expect, it } from "vitest";
import type {
  AddressListDocument,
  NameListDocument,
} from "../../plugins/sanctions/list/documents.js";
import { sanctionsList } from "../../plugins/sanctions/list/load.js";
import { screen } from "../../plugins/sanctions/screening/screen.js";

const run = promisify(execFile);
const root = new URL("../../", import.meta.url).pathname;
const fixture = join(root, "test/fixtures/sdn_advanced-excerpt.xml.bz2");

/** `npm run sanctions:refresh -- <file> --out <dir>`, as an operator runs it. */
async function refresh(file: string, out: string) {
  const { stdout } = await run(
    "npm",
    ["run", "-s", "sanctions:refresh", "--", file, "--out", out],
    {
      cwd: root,
    },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!);
}

const read = <T>(path: string): T => JSON.parse(readFileSync(path, "utf8")) as T;

describe("npm run sanctions:refresh", () => {
  it("derives both lists from an excerpt of the official advanced XML (.xml.bz2)", async () => {
    const out = mkdtempSync(join(tmpdir(), "sdn-"));
    const summary = await refresh(fixture, out);
    expect(summary).toMatchObject({
      issue_date: "2025-11-19",
      addresses: { entries: 10, unique_asset_address_pairs: 10, sdn_parties: 4 },
      delisted: 0,
      names: { entries: 5 },
    });
    const addresses = read<AddressListDocument>(join(out, "sdn-digital-currency-addresses.json"));
    expect(addresses.source).toContain("OFAC SDN advanced XML (sdn_advanced-excerpt.xml.bz2");
    expect(addresses.licence).toContain("public domain");
    expect(addresses.addresses).toContainEqual({
      asset: "XBT",
      address: "1JPfVv5cWRLx1js9NWxg46dG2CGbeRz4th",
      sdn_name: "HEBEI ATUN TRADING CO., LTD.",
      sdn_profile_id: 32313,
      party_type: "Entity",
      programs: ["ILLICIT-DRUGS-EO14059"],
    });
    // Every shipped address of these parties, nothing else.
    const shipped = read<AddressListDocument>(
      join(root, "data/sanctions/sdn-digital-currency-addresses.json"),
    );
    const parties = new Set([29702, 32313, 48603, 53953]);
    const key = (a: { asset: string; address: string; sdn_profile_id: number }) =>
      `${a.asset} ${a.address} ${a.sdn_profile_id}`;
    expect(addresses.addresses.map(key).sort()).toEqual(
      shipped.addresses
        .filter((a) => parties.has(a.sdn_profile_id))
        .map(key)
        .sort(),
    );
    const names = read<NameListDocument>(join(out, "sdn-names.json"));
    expect(names.entries.find((e) => e.profile_id === 11528)).toEqual({
      profile_id: 11528,
      name: "TREVINO MORALES, Miguel",
      party_type: "Individual",
      aliases: ["TREVIÑO MORALES, Miguel", "TREVINO MORALES, Miguel Angel"],
      weak_aliases: ["40"],
      programs: ["ILLICIT-DRUGS-EO14059", "SDNTK"],
      listed_on: "2009-07-20",
    });
    expect(names.entries.find((e) => e.profile_id === 48603)).toMatchObject({
      name: "Khoroshev, Dmitry Yuryevich",
      weak_aliases: ["LockBitSupp"],
      listed_on: "2024-05-07",
    });
  });

  it("reads plain XML too, and marks addresses gone since the previous list as delisted", async () => {
    const out = mkdtempSync(join(tmpdir(), "sdn-"));
    const xml = join(out, "sdn_advanced.xml");
    await pipeline(createReadStream(fixture), bz2(), createWriteStream(xml));
    const gone = {
      asset: "ETH",
      address: "0x12D66f87A04A9E220743712cE6d9bB1B5616B8Fc",
      sdn_name: "TORNADO CASH",
      sdn_profile_id: 39796,
      party_type: "Entity",
      programs: ["CYBER2"],
    };
    const relisted = "1JPfVv5cWRLx1js9NWxg46dG2CGbeRz4th";
    writeFileSync(
      join(out, "sdn-digital-currency-addresses.json"),
      JSON.stringify({
        issue_date: "2025-03-04",
        addresses: [gone],
        delisted: [
          {
            asset: "XBT",
            address: relisted,
            sdn_name: "HEBEI ATUN TRADING CO., LTD.",
            sdn_profile_id: 32313,
            programs: [],
            last_seen_in_issue: "2024-01-01",
            absent_from_issue: "2024-02-01",
          },
        ],
      }),
    );
    const summary = await refresh(xml, out);
    expect(summary.delisted).toBe(1);
    const addresses = read<AddressListDocument>(join(out, "sdn-digital-currency-addresses.json"));
    expect(addresses.delisted).toEqual([
      {
        asset: "ETH",
        address: gone.address,
        sdn_name: "TORNADO CASH",
        sdn_profile_id: 39796,
        programs: ["CYBER2"],
        last_seen_in_issue: "2025-03-04",
        absent_from_issue: "2025-11-19",
      },
    ]);

    // The derived lists screen as the shipped ones do: listed matches, delisted never.
    const list = sanctionsList(out);
    expect(list.issue).toMatchObject({ issueDate: "2025-11-19", addresses: 10 });
    const run = (wallets: string[], entities: string[] = []) =>
      screen(list, { wallets, entities, counterparties: [] });
    expect(run([relisted]).status).toBe("match");
    expect(run([gone.address]).status).toBe("clear");
    expect(run([], ["Funnull"]).matches[0]).toMatchObject({
      status: "match",
      sdn_entry: { profile_id: 53953, name: "Funnull Technology Inc" },
    });
  });

  it("refuses a file that is not an SDN advanced XML", async () => {
    const out = mkdtempSync(join(tmpdir(), "sdn-"));
    const bogus = join(out, "other.xml");
    writeFileSync(bogus, "<root><x/></root>");
    await expect(refresh(bogus, out)).rejects.toThrow(/no DateOfIssue/);
  });
});
