/**
 * The format-neutral document an exportable object (a packet, a report) is turned into before it
 * is rendered as PDF, ZIP or JSON. Builders of documents live with their objects
 * (plugins/packets, plugins/reports); the exports module redacts and renders them.
 *
 * Every value a redaction profile may hide is a typed `Value` rather than a bare string, so the
 * redactor decides by kind (an address, a person's name, an identifier, an amount) and never has
 * to guess from text.
 */

/** What a value is, for redaction: see plugins/exports/redaction.ts for each profile's rules. */
export type ValueKind =
  | "text" // ordinary text: only what its shape shows (an address, an e-mail) is redacted
  | "address" // a wallet address or transaction hash
  | "person" // a natural person's or debtor's name
  | "identifier" // a personal or account identifier (tax id, account number, email, phone)
  | "claimant" // a claimant's identity (hidden from other claimants)
  | "amount" // a money amount or quantity
  | "claimant_amount"; // one claimant's share (hidden from other claimants)

export interface Value {
  kind: ValueKind;
  text: string;
  /** For `claimant` and `claimant_amount`: whose it is, so the claimant profile keeps the viewer's own. */
  claimant_id?: string;
}

export type Cell = string | Value;

export type Block =
  | { type: "paragraph"; text: Cell[] }
  | { type: "fields"; rows: Array<{ label: string; value: Cell }> }
  | { type: "table"; columns: string[]; rows: Cell[][] };

export interface Section {
  heading: string;
  blocks: Block[];
}

/** One entry of the source manifest: every source ref the document rests on. */
export interface ManifestEntry {
  source_id: string;
  source_type: string;
  title: string;
  uri: string | null;
  hash: string | null;
  chain_of_custody_id: string | null;
}

export interface ExportDocument {
  /** Title page heading, e.g. "Exchange freeze request". */
  title: string;
  /**
   * Title page lines under the heading (matter name, case number, organization, date). A line
   * may be several cells, so a label stays while a value in it is redacted
   * (`["Matter: ", {kind: "person", text: "Acme v. Doe"}]`).
   */
  subtitle: Array<Cell | Cell[]>;
  /** True when the object is not approved: every page carries a visible DRAFT marking. */
  draft: boolean;
  sections: Section[];
  source_manifest: ManifestEntry[];
}

/**
 * `text` as cells in which every mention of a known name (a party, a claimant) is a typed
 * Value, so a profile that hides the name hides it inside free text too (notes, analyses,
 * statements), not only where it stands in a field of its own. Matching ignores case; names
 * shorter than three characters are left alone (they would match inside ordinary words).
 */
export function mentioning(text: string, names: Value[]): Cell[] {
  const known = names
    .filter((n) => n.text.trim().length >= 3)
    .sort((a, b) => b.text.length - a.text.length);
  if (!known.length || !text) return [text];
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(known.map((n) => escape(n.text.trim())).join("|"), "gi");
  const out: Cell[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const name = known.find((n) => n.text.trim().toLowerCase() === m[0].toLowerCase())!;
    out.push({ ...name, text: m[0] });
    last = at + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
