/**
 * A stored packet as the format-neutral document the exports module renders (PDF, ZIP, JSON).
 * Pure: it reads only the packet's own snapshot, so a document made today and one made next
 * year from the same packet say the same thing. Values a redaction profile may hide are typed
 * (addresses, people, identifiers, amounts).
 */
import { checkWalletAddress } from "../debtors/addresses.js";
import {
  type Block,
  type Cell,
  type ExportDocument,
  type ManifestEntry,
  mentioning,
  type Section,
  type Value,
} from "../exports/document.js";
import type { PacketContent, WireMoney, ManifestItem } from "./content.js";
import { FINAL_STATUSES, type PacketStatus } from "./values.js";

export interface PacketForDocument {
  id: string;
  type: string;
  packetType: string;
  status: string;
  authorizedSender: string;
  content: unknown;
  sourceManifest: unknown;
  reviewState: unknown;
  reviewReasons: string[];
  createdAt: Date;
}

export interface DocumentOptions {
  packet: PacketForDocument;
  matter: { id: string; name: string };
  organization: { id: string; name: string };
  /** The date printed on the title page (default: today). */
  date?: Date;
}

const v = (kind: Value["kind"], text: string): Value => ({ kind, text });
const address = (text: string) => v("address", text);
const person = (text: string) => v("person", text);
const amount = (text: string) => v("amount", text);

const money = (m: WireMoney) =>
  amount(
    `${m.amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 8 })} ${m.currency}`,
  );
const usd = (n: number | null) =>
  n === null ? "—" : money({ amount: n, currency: "USD", valuation_time: "" });
const pct = (n: number) => `${(n * 100).toFixed(0)}%`;
const yesNo = (b: boolean) => (b ? "yes" : "no");
/** An address stays an address wherever it appears; anything else is the kind given. */
const addressOr = (text: string, kind: Value["kind"]): Cell =>
  checkWalletAddress(text).ok ? address(text) : kind === "text" ? text : v(kind, text);

const fields = (rows: Array<[string, Cell]>): Block => ({
  type: "fields",
  rows: rows.map(([label, value]) => ({ label, value })),
});
const table = (columns: string[], rows: Cell[][]): Block => ({ type: "table", columns, rows });
const para = (...text: Cell[]): Block => ({ type: "paragraph", text });

function judgmentSection(c: PacketContent): Section {
  const j = c.judgment;
  if (!j)
    return {
      heading: "Judgment and balance",
      blocks: [para("No judgment is named: this packet rests on the authority grant alone.")],
    };
  return {
    heading: "Judgment and balance",
    blocks: [
      fields([
        ["Court", j.court],
        ["Case number", j.case_number],
        ["Jurisdiction", j.jurisdiction],
        ["Creditor", person(j.creditor)],
        ["Debtor", person(j.debtor)],
        ["Date entered", j.date_entered],
        ["Status", j.status],
        ["Judgment amount", money(j.amount)],
      ]),
      table(
        ["Balance item", "Amount"],
        [
          ["Principal", money(j.balance.principal)],
          ["Interest accrued", money(j.balance.interest_accrued)],
          ["Payments", money(j.balance.payments)],
          [`Outstanding as of ${j.balance.as_of}`, money(j.balance.outstanding)],
        ],
      ),
      para(
        `Interest: ${j.balance.interest_rate === null ? "rate not determined" : `${j.balance.interest_rate}% a year`} (${j.balance.rate_basis}).`,
      ),
    ],
  };
}

function debtorSection(c: PacketContent): Section {
  if (!c.debtors.length)
    return { heading: "Debtor", blocks: [para("No debtor is recorded on the matter.")] };
  return {
    heading: "Debtor",
    blocks: c.debtors.map((d) =>
      fields([
        ["Name", person(d.legal_name)],
        ["Type", d.type],
        ...d.aliases.map((a): [string, Cell] => ["Also known as", person(a)]),
        ...Object.entries(d.identifiers).flatMap(
          ([key, value]): Array<[string, Cell]> =>
            (Array.isArray(value) ? value : [value]).map((item) => [
              key.replace(/_/g, " "),
              v("identifier", typeof item === "string" ? item : JSON.stringify(item)),
            ]),
        ),
      ]),
    ),
  };
}

function walletSection(c: PacketContent): Section {
  if (!c.wallets.length)
    return { heading: "Wallets", blocks: [para("No wallet is named or known to the matter.")] };
  const rows = c.wallets.flatMap((w): Cell[][] => {
    const head: Cell[] = [address(w.address), w.network ?? "unknown", yesNo(w.known_to_matter)];
    if (!w.holdings.length) return [[...head, "—", "—", "—"]];
    return w.holdings.map((h) => [
      ...head,
      h.asset,
      amount(`${h.amount} ${h.asset}`),
      usd(h.usd_value),
    ]);
  });
  return {
    heading: "Wallets",
    blocks: [
      table(["Address", "Network", "Known to matter", "Asset", "Amount", "USD value"], rows),
    ],
  };
}

function hypothesesSection(c: PacketContent): Section {
  if (!c.exchange_hypotheses.length)
    return {
      heading: "Exchange hypotheses",
      blocks: [para("No exchange hypothesis is on record.")],
    };
  return {
    heading: "Exchange hypotheses",
    blocks: [
      table(
        ["Exchange", "Wallet", "Network", "Link", "Confidence", "Label", "Packet ready"],
        c.exchange_hypotheses.map((h) => [
          h.exchange,
          address(h.wallet),
          h.network,
          h.hop,
          pct(h.confidence),
          h.label,
          h.packet_ready ? "yes" : `no (missing ${h.missing.join(", ")})`,
        ]),
      ),
      table(
        ["Exchange", "Transaction", "Direction", "Exchange wallet", "Amount", "Time"],
        c.exchange_hypotheses.flatMap((h) =>
          h.basis.map((b) => [
            h.exchange,
            address(b.transaction_hash),
            b.direction.replace(/_/g, " "),
            address(b.counterparty),
            amount(`${b.amount} ${b.asset}`),
            b.timestamp,
          ]),
        ),
      ),
    ],
  };
}

function exposureSection(c: PacketContent): Section {
  if (!c.stablecoin_exposure.length)
    return {
      heading: "Stablecoin exposure",
      blocks: [para("No stablecoin exposure is on record.")],
    };
  return {
    heading: "Stablecoin exposure",
    blocks: [
      table(
        ["Issuer", "Asset", "Network", "Wallet", "Amount", "USD value", "Freeze capability"],
        c.stablecoin_exposure.map((e) => [
          e.issuer,
          e.asset,
          e.network,
          address(e.wallet),
          amount(`${e.amount} ${e.asset}`),
          usd(e.usd_value),
          `${e.freeze_capability.replace(/_/g, " ")}${e.review_required ? " (to confirm)" : ""}`,
        ]),
      ),
    ],
  };
}

function claimsSection(c: PacketContent): Section {
  if (!c.attribution_claims.length)
    return { heading: "Attribution claims", blocks: [para("No attribution claim is on record.")] };
  return {
    heading: "Attribution claims",
    blocks: [
      table(
        ["Subject", "Predicate", "Object", "Evidence", "Confidence", "Label"],
        c.attribution_claims.map((cl) => [
          addressOr(cl.subject, "text"),
          cl.predicate.replace(/_/g, " "),
          addressOr(cl.object, "person"),
          `${cl.source_type} (${cl.evidence_tier})`,
          pct(cl.confidence),
          cl.label,
        ]),
      ),
    ],
  };
}

function authoritySection(c: PacketContent): Section {
  const a = c.authority;
  return {
    heading: "Authority",
    blocks: [
      fields([
        ["Grant", a.authority_id],
        ["Basis", a.basis.replace(/_/g, " ")],
        ["Granted by", person(a.granted_by)],
        ["Status", a.status],
        ["Scope", a.scope.join(", ") || "not limited"],
        ["Effective", a.effective_at],
        ["Expires", a.expires_at ?? "no expiry"],
      ]),
    ],
  };
}

function optionalSections(
  c: PacketContent,
  packet: PacketForDocument,
  parties: Value[],
): Section[] {
  const out: Section[] = [];
  if (c.sanctions)
    out.push({
      heading: "Sanctions screen and review",
      blocks: [
        fields([
          ["Screen", c.sanctions.screen_id],
          ["Screen result", c.sanctions.screen_status],
          ["OFAC SDN list issue", c.sanctions.list_issue_date],
          ["Hits", String(c.sanctions.match_count)],
          ["Review", c.sanctions.review_id],
        ]),
        ...(c.sanctions.blocked_property_analysis
          ? [para(...mentioning(c.sanctions.blocked_property_analysis, parties))]
          : []),
      ],
    });
  if (c.channel)
    out.push({
      heading: "Channel",
      blocks: [
        fields([
          ["Counterparty", c.channel.counterparty_name],
          ["Counterparty type", c.channel.counterparty_type.replace(/_/g, " ")],
          ["Channel", c.channel.channel_type],
          ["Authorized submitter required", yesNo(c.channel.authorized_submitter_required)],
        ]),
      ],
    });
  const review = (packet.reviewState ?? {}) as Record<string, unknown>;
  out.push({
    heading: "Review",
    blocks: [
      fields([
        ["Status", packet.status.replace(/_/g, " ")],
        ["Review status", String(review.reviewStatus ?? "not_requested").replace(/_/g, " ")],
        ["Reviewer", String(review.reviewOwner ?? "—")],
        ["Review notes", String(review.reviewNotes ?? "—")],
      ]),
      ...(packet.reviewReasons.length
        ? [
            table(
              ["Review reason found at preparation"],
              packet.reviewReasons.map((r) => [r]),
            ),
          ]
        : []),
    ],
  });
  out.push({
    heading: "Notes",
    blocks: [para(...(c.notes ? mentioning(c.notes, parties) : ["None."]))],
  });
  return out;
}

const manifestEntry = (m: ManifestItem): ManifestEntry => ({
  source_id: m.source_id,
  source_type: m.source_type,
  title: m.title,
  uri: m.uri,
  hash: m.hash,
  chain_of_custody_id: m.chain_of_custody_id,
});

/**
 * The parties the packet names, as `person` values: the matter's name (it names the parties,
 * "Acme v. Doe"), the judgment's creditor and debtor, the debtors and their aliases, and who
 * granted the authority. Their mentions inside free text are typed too (see mentioning).
 */
function partiesOf(c: PacketContent, matterName: string): Value[] {
  return [
    matterName,
    ...(c.judgment ? [c.judgment.creditor, c.judgment.debtor] : []),
    ...c.debtors.flatMap((d) => [d.legal_name, ...d.aliases]),
    c.authority.granted_by,
  ].map(person);
}

export function packetDocument(options: DocumentOptions): ExportDocument {
  const { packet, matter, organization } = options;
  const c = packet.content as PacketContent;
  const date = (options.date ?? new Date()).toISOString().slice(0, 10);
  const parties = partiesOf(c, matter.name);
  const subtitle: Array<Cell | Cell[]> = [
    ["Matter: ", person(matter.name)],
    ...(c.judgment
      ? [`Case number: ${c.judgment.case_number}`, `Court: ${c.judgment.court}`]
      : ["No judgment named"]),
    `Authorized sender: ${packet.authorizedSender}, for ${organization.name}`,
    `Packet ${packet.id} (${packet.packetType.replace(/_/g, " ")}), prepared ${c.prepared_at.slice(0, 10)}`,
    `Date: ${date}`,
  ];
  return {
    title: c.title,
    subtitle,
    draft: !FINAL_STATUSES.includes(packet.status as PacketStatus),
    sections: [
      { heading: "Sender", blocks: [para(c.sender.statement)] },
      judgmentSection(c),
      debtorSection(c),
      walletSection(c),
      hypothesesSection(c),
      exposureSection(c),
      claimsSection(c),
      authoritySection(c),
      ...optionalSections(c, packet, parties),
    ],
    source_manifest: (packet.sourceManifest as ManifestItem[]).map(manifestEntry),
  };
}
