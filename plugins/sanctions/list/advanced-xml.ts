import type { Readable } from "node:stream";
import { SaxesParser, type SaxesTagPlain } from "saxes";

/**
 * A streaming reader of OFAC's SDN advanced XML (sdn_advanced.xml, ~120 MB): one pass, nothing
 * but the parties and their sanctions entries kept in memory. Reference values (feature, alias,
 * name-part, party types, lists, scripts) are read from the file itself and matched by their
 * text, never by hard-coded ids, because OFAC adds new ones (e.g. new digital-currency assets).
 */
export interface SdnName {
  /** OFAC's alias type: "Name" (the primary name), "A.K.A.", "F.K.A.", "N.K.A.". */
  aliasType: string;
  primary: boolean;
  /** OFAC's "weak" aliases. */
  lowQuality: boolean;
  /** Latin-script form: "LAST, First Middle" for individuals, the whole name otherwise. */
  name: string;
}

export interface SdnParty {
  profileId: number;
  /** Individual, Entity, Transport (vessel, aircraft) … */
  partyType: string;
  names: SdnName[];
  /** Digital-currency addresses, asset = OFAC's code (XBT, ETH, USDT …). */
  addresses: Array<{ asset: string; address: string }>;
  programs: string[];
  /** Earliest entry event date (YYYY-MM-DD), or null. */
  listedOn: string | null;
  lists: string[];
}

export interface SdnIssue {
  /** DateOfIssue, YYYY-MM-DD. */
  issueDate: string;
  parties: SdnParty[];
}

/** Name parts written before the comma, as OFAC's own lists do ("TREVINO MORALES, Miguel"). */
const SURNAME = new Set(["Last Name", "Patronymic", "Matronymic"]);

const ADDRESS_FEATURE = /^Digital Currency Address - (.+)$/;

type Part = { group: string; script: string; value: string };
type Alias = { aliasType: string; primary: boolean; lowQuality: boolean; names: Part[][] };
type Entry = { programs: string[]; dates: string[]; list: string };

const pad = (n: string) => n.trim().padStart(2, "0");

export async function readSdnAdvancedXml(input: Readable): Promise<SdnIssue> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const refs = new Map<string, Map<string, { text: string; attrs: Record<string, string> }>>();
  const parties: Array<SdnParty & { subType: string }> = [];
  const entries = new Map<number, Entry>();
  const path: string[] = [];
  let text = "";
  let issue = { y: "", m: "", d: "" };
  let date = { y: "", m: "", d: "" };

  // Current party state.
  let party: (SdnParty & { subType: string }) | null = null;
  let aliases: Alias[] = [];
  let alias: Alias | null = null;
  let docName: Part[] | null = null;
  let part: Part | null = null;
  let groups = new Map<string, string>();
  let featureType = "";
  let entry: (Entry & { profileId: number }) | null = null;
  let measureType = "";

  const refText = (set: string, id: string) => refs.get(set)?.get(id)?.text ?? "";

  parser.on("opentag", (tag: SaxesTagPlain) => {
    const name = tag.name;
    const a = tag.attributes as Record<string, string>;
    const parent = path[path.length - 1];
    path.push(name);
    text = "";
    if (path[1] === "ReferenceValueSets" && path.length === 4 && a.ID !== undefined) {
      let set = refs.get(name);
      if (!set) refs.set(name, (set = new Map()));
      set.set(a.ID, { text: "", attrs: a });
      return;
    }
    switch (name) {
      case "Profile":
        party = {
          profileId: Number(a.ID),
          subType: a.PartySubTypeID ?? "",
          partyType: "",
          names: [],
          addresses: [],
          programs: [],
          listedOn: null,
          lists: [],
        };
        aliases = [];
        groups = new Map();
        break;
      case "Alias":
        if (party)
          alias = {
            aliasType: refText("AliasType", a.AliasTypeID ?? ""),
            primary: a.Primary === "true",
            lowQuality: a.LowQuality === "true",
            names: [],
          };
        break;
      case "DocumentedName":
        if (alias) docName = [];
        break;
      case "NamePartValue":
        if (docName) part = { group: a.NamePartGroupID ?? "", script: a.ScriptID ?? "", value: "" };
        break;
      case "NamePartGroup":
        if (party && a.ID) groups.set(a.ID, a.NamePartTypeID ?? "");
        break;
      case "Feature":
        if (party) featureType = refText("FeatureType", a.FeatureTypeID ?? "");
        break;
      case "SanctionsEntry":
        entry = {
          profileId: Number(a.ProfileID),
          programs: [],
          dates: [],
          list: refText("List", a.ListID ?? ""),
        };
        break;
      case "SanctionsMeasure":
        measureType = refText("SanctionsType", a.SanctionsTypeID ?? "");
        break;
      case "Date":
        if (parent === "EntryEvent") date = { y: "", m: "", d: "" };
        break;
    }
  });

  parser.on("text", (t: string) => {
    text += t;
  });

  parser.on("closetag", (tag: SaxesTagPlain) => {
    const name = tag.name;
    const parent = path[path.length - 2];
    if (path[1] === "ReferenceValueSets" && path.length === 4) {
      const ref = [...(refs.get(name)?.values() ?? [])].at(-1);
      if (ref) ref.text = text.trim();
    } else if (parent === "DateOfIssue") {
      if (name === "Year") issue.y = text.trim();
      else if (name === "Month") issue.m = pad(text);
      else if (name === "Day") issue.d = pad(text);
    } else if (parent === "Date" && path[path.length - 3] === "EntryEvent") {
      if (name === "Year") date.y = text.trim();
      else if (name === "Month") date.m = pad(text);
      else if (name === "Day") date.d = pad(text);
    }
    switch (name) {
      case "NamePartValue":
        if (part && docName) docName.push({ ...part, value: text.trim() });
        part = null;
        break;
      case "DocumentedName":
        if (docName && alias) alias.names.push(docName);
        docName = null;
        break;
      case "Alias":
        if (alias) aliases.push(alias);
        alias = null;
        break;
      case "VersionDetail": {
        const asset = ADDRESS_FEATURE.exec(featureType)?.[1];
        const address = text.trim();
        if (party && asset && address) {
          const dup = party.addresses.some((x) => x.asset === asset && x.address === address);
          if (!dup) party.addresses.push({ asset: asset.trim(), address });
        }
        break;
      }
      case "Feature":
        featureType = "";
        break;
      case "Profile":
        if (party) {
          const sub = refs.get("PartySubType")?.get(party.subType);
          party.partyType = refText("PartyType", sub?.attrs.PartyTypeID ?? "");
          party.names = buildNames(aliases, groups, refs, party.partyType);
          parties.push(party);
        }
        party = null;
        break;
      case "Comment":
        if (entry && parent === "SanctionsMeasure" && measureType === "Program" && text.trim())
          entry.programs.push(text.trim());
        break;
      case "Date":
        if (entry && parent === "EntryEvent" && date.y)
          entry.dates.push(`${date.y}-${date.m}-${date.d}`);
        break;
      case "SanctionsEntry":
        if (entry) {
          const seen = entries.get(entry.profileId);
          if (seen) {
            seen.programs.push(...entry.programs);
            seen.dates.push(...entry.dates);
          } else entries.set(entry.profileId, entry);
        }
        entry = null;
        break;
    }
    path.pop();
    text = "";
  });

  await new Promise<void>((resolve, reject) => {
    input.setEncoding("utf8");
    input.on("data", (chunk: string) => {
      try {
        parser.write(chunk);
      } catch (err) {
        input.destroy();
        reject(err);
      }
    });
    input.on("error", reject);
    input.on("end", () => {
      try {
        parser.close();
        resolve();
      } catch (err) {
        reject(err);
      }
    });
  });

  if (!issue.y) throw new Error("not an SDN advanced XML file: no DateOfIssue");
  for (const p of parties) {
    const e = entries.get(p.profileId);
    if (!e) continue;
    p.programs = [...new Set(e.programs)];
    p.listedOn = [...e.dates].sort()[0] ?? null;
    p.lists = e.list ? [e.list] : [];
  }
  return {
    issueDate: `${issue.y}-${issue.m}-${issue.d}`,
    parties: parties.map(({ subType: _subType, ...p }) => p),
  };
}

/** Latin-script names of a profile, the primary name first. */
function buildNames(
  aliases: Alias[],
  groups: Map<string, string>,
  refs: Map<string, Map<string, { text: string }>>,
  partyType: string,
): SdnName[] {
  const latin = [...(refs.get("Script")?.entries() ?? [])].find(([, v]) => v.text === "Latin")?.[0];
  const partType = (group: string) => refs.get("NamePartType")?.get(groups.get(group) ?? "")?.text;
  const out: SdnName[] = [];
  for (const a of aliases) {
    for (const parts of a.names) {
      if (!parts.length || parts.some((p) => p.script !== latin)) continue;
      const last = parts.filter((p) => SURNAME.has(partType(p.group) ?? "")).map((p) => p.value);
      const rest = parts.filter((p) => !SURNAME.has(partType(p.group) ?? "")).map((p) => p.value);
      const name =
        partyType === "Individual" && last.length && rest.length
          ? `${last.join(" ")}, ${rest.join(" ")}`
          : [...last, ...rest].join(" ");
      out.push({ aliasType: a.aliasType, primary: a.primary, lowQuality: a.lowQuality, name });
    }
  }
  return out.sort((x, y) => Number(y.primary) - Number(x.primary));
}
