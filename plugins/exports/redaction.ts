import type { Block, Cell, ExportDocument, ManifestEntry, Value } from "./document.js";

/**
 * Redaction profiles, applied to every format: to the document by each Value's kind, and to
 * the JSON object by key names; both also by the shape of values inside any text (a wallet
 * address, an e-mail address, a US SSN), so an address that slipped into a sentence is caught.
 *
 * | kind / key           | none | counsel              | claimant                         | public                  |
 * |----------------------|------|----------------------|----------------------------------|-------------------------|
 * | address, tx hash     | kept | kept                 | kept                             | `0x5aAe…eAed`           |
 * | person name          | kept | kept                 | kept                             | `[name redacted]`       |
 * | personal identifier  | kept | `***-**-6789`, `j***@example.com` | `[redacted]`        | `[redacted]`            |
 * | claimant identity    | kept | kept                 | own kept, others `[other claimant]` | `[claimant]`         |
 * | claimant's amount    | kept | kept                 | own kept, others `[redacted]`    | `[redacted]`            |
 * | other amounts, text  | kept | kept                 | kept                             | kept                    |
 *
 * `counsel` is for counsel outside the organization: identifiers keep only their last four
 * characters. `claimant` is for one claimant (`claimantId`): the other claimants' records
 * are masked whole (every field but role, status, currency and times) and identifiers hidden.
 * `public` is for anyone: addresses shortened to a prefix…suffix that identifies nothing on its
 * own, person names, identifiers and every claimant's identity and share hidden.
 */
export const REDACTION_PROFILES = ["none", "counsel", "claimant", "public"] as const;
export type RedactionProfile = (typeof REDACTION_PROFILES)[number];

export interface Redaction {
  profile: RedactionProfile;
  /** The viewer of a `claimant` export: their own identity and share stay visible. */
  claimantId?: string | null;
  /**
   * The people and claimants the document names (its `person` and `claimant` values): their
   * mentions inside any text, the JSON's free text included, are hidden as the values are.
   */
  mentions?: Value[];
}

export const MASK = "[redacted]";
export const NAME_MASK = "[name redacted]";
const OTHER_CLAIMANT = "[other claimant]";
const ANY_CLAIMANT = "[claimant]";

// ---- shapes inside text ----

const B58 = "1-9A-HJ-NP-Za-km-z";
/** Wallet addresses and transaction hashes of the networks CONTRACT.md §12 validates. */
const ADDRESS_SHAPES = new RegExp(
  [
    "\\b0x[0-9a-fA-F]{64}\\b", // EVM transaction hash
    "\\b0x[0-9a-fA-F]{40}\\b", // EVM address
    "\\b(?:bc|tb|bcrt)1[ac-hj-np-z02-9]{11,87}\\b", // Bitcoin bech32 / bech32m
    `\\b[13mn2][${B58}]{25,34}\\b`, // Bitcoin base58check
    `\\bT[${B58}]{33}\\b`, // Tron
    `\\b[${B58}]{32,44}\\b`, // Solana (base58, 32 bytes)
  ].join("|"),
  "g",
);
const EMAIL = /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/g;
const SSN = /\b\d{3}-\d{2}-\d{4}\b/g;

/** `0x5aAe…eAed`: enough to tell addresses apart in a list, not enough to look one up. */
export function shortAddress(address: string): string {
  const a = address.trim();
  const head = a.startsWith("0x") ? 6 : 4;
  if (a.length <= head + 6) return MASK;
  return `${a.slice(0, head)}…${a.slice(-4)}`;
}

/** Keeps the last four letters or digits (and the layout) of an identifier. */
export function partialIdentifier(text: string): string {
  const at = text.indexOf("@");
  if (at > 0) return `${text[0]}***${text.slice(at)}`;
  const total = (text.match(/[A-Za-z0-9]/g) ?? []).length;
  if (total <= 4) return "*".repeat(text.length);
  let seen = 0;
  return text.replace(/[A-Za-z0-9]/g, (c) => (++seen > total - 4 ? c : "*"));
}

function maskIdentifier(text: string, r: Redaction): string {
  if (r.profile === "none") return text;
  return r.profile === "counsel" ? partialIdentifier(text) : MASK;
}

/** The known names a profile hides, as one pattern and the mask of each (longest first). */
const namePatterns = new WeakMap<
  Redaction,
  { pattern: RegExp; masks: Map<string, string> } | null
>();

function hiddenNames(r: Redaction) {
  if (namePatterns.has(r)) return namePatterns.get(r)!;
  const masks = new Map<string, string>();
  for (const v of r.mentions ?? []) {
    const name = v.text.trim();
    // Short names would match inside ordinary words.
    if (name.length < 3) continue;
    const mask =
      v.kind === "person" && r.profile === "public"
        ? NAME_MASK
        : v.kind === "claimant" && hidesClaimant(r, v.claimant_id)
          ? r.profile === "public"
            ? ANY_CLAIMANT
            : OTHER_CLAIMANT
          : null;
    if (mask) masks.set(name.toLowerCase(), mask);
  }
  const names = [...masks.keys()].sort((a, b) => b.length - a.length);
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = names.length
    ? { pattern: new RegExp(names.map(escape).join("|"), "gi"), masks }
    : null;
  namePatterns.set(r, found);
  return found;
}

/**
 * Free text: addresses (public), e-mail addresses and SSNs (every profile but none), and the
 * mentions of the document's people and claimants the profile hides.
 */
export function redactText(text: string, r: Redaction): string {
  if (r.profile === "none") return text;
  let out = text
    .replace(EMAIL, (m) => maskIdentifier(m, r))
    .replace(SSN, (m) => maskIdentifier(m, r));
  if (r.profile === "public") out = out.replace(ADDRESS_SHAPES, shortAddress);
  const names = hiddenNames(r);
  if (names) out = out.replace(names.pattern, (m) => names.masks.get(m.toLowerCase()) ?? MASK);
  return out;
}

/** The people and claimants a document names, for Redaction.mentions. */
export function mentionsOf(doc: ExportDocument): Value[] {
  const out: Value[] = [];
  const take = (c: Cell) => {
    if (typeof c !== "string" && (c.kind === "person" || c.kind === "claimant")) out.push(c);
  };
  doc.subtitle.flat().forEach(take);
  for (const s of doc.sections)
    for (const b of s.blocks) {
      if (b.type === "paragraph") b.text.forEach(take);
      else if (b.type === "fields") b.rows.forEach((row) => take(row.value));
      else b.rows.flat().forEach(take);
    }
  return out;
}

/** A value known to be an address: shortened in public even when its shape is not recognised. */
function redactAddress(text: string, r: Redaction): string {
  if (r.profile !== "public") return text;
  const found = text.replace(ADDRESS_SHAPES, shortAddress);
  return found !== text ? found : shortAddress(text);
}

// ---- the document, by kind ----

const hidesClaimant = (r: Redaction, claimantId: string | undefined) =>
  r.profile === "public" || (r.profile === "claimant" && claimantId !== r.claimantId);

export function redactValue(v: Value, r: Redaction): Value {
  const keep = (text: string): Value => ({ ...v, text });
  switch (v.kind) {
    case "address":
      return keep(redactAddress(v.text, r));
    case "person":
      return r.profile === "public" ? keep(NAME_MASK) : keep(redactText(v.text, r));
    case "identifier":
      return keep(maskIdentifier(v.text, r));
    case "claimant":
      if (!hidesClaimant(r, v.claimant_id)) return keep(redactText(v.text, r));
      return keep(r.profile === "public" ? ANY_CLAIMANT : OTHER_CLAIMANT);
    case "claimant_amount":
      return hidesClaimant(r, v.claimant_id) ? keep(MASK) : v;
    case "amount":
      return v;
    default:
      return keep(redactText(v.text, r));
  }
}

export function redactCell(cell: Cell, r: Redaction): Cell {
  return typeof cell === "string" ? redactText(cell, r) : redactValue(cell, r);
}

function redactBlock(block: Block, r: Redaction): Block {
  const cell = (c: Cell) => redactCell(c, r);
  switch (block.type) {
    case "paragraph":
      return { type: "paragraph", text: block.text.map(cell) };
    case "fields":
      return {
        type: "fields",
        rows: block.rows.map((row) => ({
          label: redactText(row.label, r),
          value: cell(row.value),
        })),
      };
    case "table":
      return {
        type: "table",
        columns: block.columns.map((c) => redactText(c, r)),
        rows: block.rows.map((row) => row.map(cell)),
      };
  }
}

export function redactManifest(entries: ManifestEntry[], r: Redaction): ManifestEntry[] {
  if (r.profile === "none") return entries;
  const t = (s: string | null) => (s === null ? null : redactText(s, r));
  return entries.map((e) => ({
    source_id: e.source_id,
    source_type: e.source_type,
    title: redactText(e.title, r),
    uri: t(e.uri),
    hash: e.hash,
    chain_of_custody_id: t(e.chain_of_custody_id),
  }));
}

/** The document as the profile lets it be seen; Values keep their kind, with masked text. */
export function redactDocument(doc: ExportDocument, r: Redaction): ExportDocument {
  if (r.profile === "none") return doc;
  return {
    ...doc,
    title: redactText(doc.title, r),
    subtitle: doc.subtitle.map((line) =>
      Array.isArray(line) ? line.map((c) => redactCell(c, r)) : redactCell(line, r),
    ),
    sections: doc.sections.map((s) => ({
      heading: redactText(s.heading, r),
      blocks: s.blocks.map((b) => redactBlock(b, r)),
    })),
    source_manifest: redactManifest(doc.source_manifest, r),
  };
}

// ---- the JSON object, by key name ----

/** Keys whose string values are wallet addresses or transaction hashes (public: shortened). */
const ADDRESS_KEYS = new Set([
  "address",
  "addresses",
  "wallet",
  "wallets",
  "wallet_address",
  "from",
  "to",
  "from_address",
  "to_address",
  "source_address",
  "destination_address",
  "counterparty_address",
  "tx_hash",
  "transaction_hash",
  "txid",
  "tx_id",
]);
/** Keys whose values name people (public: masked). */
const PERSON_KEYS = new Set([
  "name",
  "legal_name",
  "full_name",
  "first_name",
  "last_name",
  "display_name",
  "debtor",
  "debtor_name",
  "creditor",
  "creditor_name",
  "alias",
  "aliases",
  "person",
  "person_name",
  "beneficiary",
  "beneficiary_name",
  "account_holder",
  "owner_name",
  "contact_name",
  "granted_by",
  "claimant_name",
]);
/** Keys whose values are personal or account identifiers (counsel: partial; others: masked). */
const IDENTIFIER_KEYS = new Set([
  "identifiers",
  "tax_id",
  "ssn",
  "ein",
  "tin",
  "national_id",
  "passport",
  "passport_number",
  "account_number",
  "account_id",
  "customer_id",
  "iban",
  "routing_number",
  "swift",
  "bic",
  "email",
  "phone",
  "phone_number",
  "date_of_birth",
  "dob",
  "ip",
  "ip_address",
]);
/** Fields of another claimant's record that stay visible: they identify no one. */
const CLAIMANT_RECORD_KEEPS = new Set([
  "role",
  "status",
  "currency",
  "valuation_time",
  "matter_id",
  "created_at",
  "updated_at",
]);

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Rule = "address" | "person" | "identifier" | "claimant_record" | null;

/** A key's rule; a masked record or identifier object passes its rule to every field inside. */
function ruleFor(key: string, inherited: Rule): Rule {
  if (inherited === "claimant_record" || inherited === "identifier") return inherited;
  if (IDENTIFIER_KEYS.has(key)) return "identifier";
  if (PERSON_KEYS.has(key)) return "person";
  if (ADDRESS_KEYS.has(key)) return "address";
  return null;
}

function leaf(value: string | number | boolean, key: string, rule: Rule, r: Redaction): Json {
  if (typeof value === "boolean") return value;
  const text = String(value);
  switch (rule) {
    case "claimant_record":
      if (key === "claimant_id") return r.profile === "public" ? ANY_CLAIMANT : OTHER_CLAIMANT;
      return CLAIMANT_RECORD_KEEPS.has(key) ? value : MASK;
    case "identifier":
      return maskIdentifier(text, r);
    case "person":
      return r.profile === "public"
        ? NAME_MASK
        : typeof value === "string"
          ? redactText(text, r)
          : value;
    case "address":
      return typeof value === "string" ? redactAddress(value, r) : value;
    default:
      if ((key === "claimant_id" || key === "claimant_ids") && hidesClaimant(r, text))
        return r.profile === "public" ? ANY_CLAIMANT : OTHER_CLAIMANT;
      return typeof value === "string" ? redactText(value, r) : value;
  }
}

function walk(value: Json, key: string, rule: Rule, r: Redaction): Json {
  if (value === null) return null;
  // Items of an array are what its key says (`wallets`, `aliases`).
  if (Array.isArray(value)) return value.map((v) => walk(v, key, rule, r));
  if (typeof value === "object") {
    // A record of a claimant the viewer may not see is masked whole; otherwise the fields of an
    // object (`debtor: {legal_name, type}`, `wallet: {address, network}`) go by their own keys.
    const own = typeof value.claimant_id === "string" ? value.claimant_id : undefined;
    const inherited: Rule =
      own !== undefined && hidesClaimant(r, own)
        ? "claimant_record"
        : rule === "claimant_record" || rule === "identifier"
          ? rule
          : null;
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) out[k] = walk(v, k, ruleFor(k, inherited), r);
    return out;
  }
  return leaf(value, key, rule, r);
}

/** The JSON object as the profile lets it be seen (a new plain object; the input is untouched). */
export function redactJson(value: unknown, r: Redaction): Json {
  const plain = JSON.parse(JSON.stringify(value ?? null)) as Json;
  return r.profile === "none" ? plain : walk(plain, "", null, r);
}
