/**
 * A stored report as the format-neutral document the exports module renders (PDF, ZIP, JSON).
 * Pure: it reads only the report's own snapshot. Parties are `person` values, claimants'
 * identities `claimant` values and their amounts `claimant_amount` values, each with its
 * claimant id, so the claimant profile keeps only the viewer's own.
 */
import {
  type Block,
  type Cell,
  type ExportDocument,
  type ManifestEntry,
  type Section,
  type Value,
} from "../exports/document.js";
import type { BriefSections, ClaimantView, ReportContent, WireMoney } from "./content.js";
import type { ReportSection } from "./values.js";

export interface ReportForDocument {
  id: string;
  type: string;
  status: string;
  content: unknown;
  sourceManifest: unknown;
  reviewReasons: string[];
  createdAt: Date;
}

const v = (kind: Value["kind"], text: string, claimant_id?: string): Value =>
  claimant_id ? { kind, text, claimant_id } : { kind, text };
const person = (text: string) => v("person", text);
const address = (text: string) => v("address", text);
const moneyText = (m: WireMoney) =>
  `${m.amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${m.currency}`;
const money = (m: WireMoney) => v("amount", moneyText(m));
const usdOrDash = (n: number | null) =>
  n === null ? "—" : money({ amount: n, currency: "USD", valuation_time: "" });
const words = (s: string) => s.replace(/_/g, " ");

const fields = (rows: Array<[string, Cell]>): Block => ({
  type: "fields",
  rows: rows.map(([label, value]) => ({ label, value })),
});
const table = (columns: string[], rows: Cell[][]): Block => ({ type: "table", columns, rows });
const para = (...text: Cell[]): Block => ({ type: "paragraph", text });
const listOr = (rows: Cell[][], columns: string[], none: string): Block =>
  rows.length ? table(columns, rows) : para(none);

function briefSections(s: BriefSections, omitted: ReportContent["omitted"]): Section[] {
  const out: Section[] = [];
  const more = (section: ReportSection): Block[] =>
    omitted[section] ? [para(`… and ${omitted[section]} more not shown.`)] : [];
  if (s.summary)
    out.push({
      heading: "Summary",
      blocks: [
        fields([
          ["Judgment value", money(s.summary.judgment_value)],
          ["Outstanding", money(s.summary.outstanding)],
          ["Known crypto exposure", money(s.summary.known_crypto_exposure)],
          ["Recovered", money(s.summary.total_recovered)],
          ["Open actions", String(s.summary.open_actions)],
          ["Open packets", String(s.summary.open_packets)],
          ["Open alerts", String(s.summary.open_alerts)],
          ["Active campaigns", String(s.summary.active_campaigns)],
        ]),
      ],
    });
  if (s.judgment)
    out.push({
      heading: "Judgments and balances",
      blocks: s.judgment.length
        ? s.judgment.map((j) =>
            fields([
              ["Court", j.court],
              ["Case number", j.case_number],
              ["Jurisdiction", j.jurisdiction],
              ["Creditor", person(j.creditor)],
              ["Debtor", person(j.debtor)],
              ["Date entered", j.date_entered],
              ["Status", words(j.status)],
              ["Judgment amount", money(j.amount)],
              ["Interest accrued", money(j.interest_accrued)],
              ["Payments", money(j.payments)],
              [`Outstanding as of ${j.as_of}`, money(j.outstanding)],
            ]),
          )
        : [para("No judgment is recorded on the matter.")],
    });
  if (s.assets)
    out.push({
      heading: "Assets",
      blocks: [
        fields([["Wallets known to the matter", String(s.assets.wallets)]]),
        listOr(
          s.assets.stablecoin_exposure.map((e) => [
            e.issuer,
            e.asset,
            e.network,
            address(e.wallet),
            v("amount", `${e.amount} ${e.asset}`),
            usdOrDash(e.usd_value),
            words(e.freeze_capability),
          ]),
          ["Issuer", "Asset", "Network", "Wallet", "Amount", "USD value", "Freeze capability"],
          "No stablecoin exposure is on record.",
        ),
        ...more("assets"),
      ],
    });
  if (s.campaigns)
    out.push({
      heading: "Campaigns",
      blocks: [
        listOr(
          s.campaigns.map((c) => [
            c.campaign_id,
            c.mode,
            c.status,
            `${c.pressure_level} ${words(c.pressure_name)}`,
            String(c.targets),
          ]),
          ["Campaign", "Mode", "Status", "Pressure", "Targets"],
          "No campaign is running.",
        ),
        ...more("campaigns"),
      ],
    });
  if (s.packets)
    out.push({
      heading: "Packets",
      blocks: [
        listOr(
          s.packets.map((p) => [
            p.packet_id,
            words(p.type),
            words(p.packet_type),
            words(p.status),
            p.created_at.slice(0, 10),
          ]),
          ["Packet", "Kind", "Asks for", "Status", "Prepared"],
          "No packet has been prepared.",
        ),
        ...more("packets"),
      ],
    });
  if (s.actions)
    out.push({
      heading: "Open actions",
      blocks: [
        listOr(
          s.actions.map((a) => [
            a.title,
            a.type,
            a.priority,
            words(a.status),
            a.due_at?.slice(0, 10) ?? "—",
          ]),
          ["Action", "Type", "Priority", "Status", "Due"],
          "No open action.",
        ),
        ...more("actions"),
      ],
    });
  if (s.alerts)
    out.push({
      heading: "Open alerts",
      blocks: [
        listOr(
          s.alerts.map((a) => [words(a.type), a.severity, words(a.status), a.reason]),
          ["Alert", "Severity", "Status", "Reason"],
          "No open alert.",
        ),
        ...more("alerts"),
      ],
    });
  if (s.ledger)
    out.push({
      heading: "Ledger",
      blocks: [
        fields([
          ["Recovered (in hand)", money(s.ledger.total_recovered)],
          ["Secured (frozen or seized)", money(s.ledger.total_secured)],
          ["Blocked under sanctions", money(s.ledger.total_blocked)],
          ["Remitted", money(s.ledger.total_remitted)],
          ["Recovery events", String(s.ledger.recovery_events)],
        ]),
        listOr(
          s.ledger.events.map((e) => [
            e.occurred_at.slice(0, 10),
            words(e.event_type),
            v("amount", `${e.gross_amount} ${e.asset}`),
            usdOrDash(e.usd_value),
            e.status,
          ]),
          ["Date", "Event", "Amount", "USD value", "Status"],
          "No recovery is recorded.",
        ),
        ...more("ledger"),
      ],
    });
  if (s.waterfall !== undefined) {
    const w = s.waterfall;
    out.push({
      heading: "Waterfall",
      blocks: w
        ? [
            fields([
              ["Calculated", w.calculated_at.slice(0, 10)],
              ["Gross recovered", money(w.gross_recovered)],
              ["Costs", money(w.costs_total)],
              ["Holdbacks", money(w.holdbacks_total)],
              ["Counsel fees", money(w.counsel_fees)],
              ["Provider economics", money(w.provider_economics)],
              ["Claimants' pool", money(w.claimant_pool)],
            ]),
            listOr(
              w.claimant_distributions.map((c) => [
                v("claimant", c.name, c.claimant_id),
                c.role,
                v("claimant_amount", `${c.effective_share_percentage}%`, c.claimant_id),
                v(
                  "claimant_amount",
                  moneyText({ amount: c.amount, currency: c.currency, valuation_time: "" }),
                  c.claimant_id,
                ),
              ]),
              ["Claimant", "Role", "Share", "Distribution"],
              "No claimant has a line.",
            ),
          ]
        : [para("No waterfall has been calculated.")],
    });
  }
  if (s.sanctions)
    out.push({
      heading: "Sanctions",
      blocks: [
        fields([
          ["Status", words(s.sanctions.status)],
          ["Screens", String(s.sanctions.screens)],
          ["Screens with hits", String(s.sanctions.screens_with_hits)],
        ]),
        listOr(
          s.sanctions.reviews.map((r) => [
            r.review_id,
            words(r.status),
            r.ofac_report_required ? "yes" : "no",
          ]),
          ["Review", "Status", "OFAC report required"],
          "No sanctions review.",
        ),
      ],
    });
  return out;
}

function claimantSections(view: ClaimantView): Section[] {
  const id = view.claimant.claimant_id;
  const d = view.distribution;
  return [
    {
      heading: "Your claim",
      blocks: [
        fields([
          ["Claimant", v("claimant", view.claimant.name, id)],
          ["Role", view.claimant.role],
          [
            "Agreed share",
            view.claimant.share_percentage === null
              ? "not set (equal with the other claimants without one)"
              : v("claimant_amount", `${view.claimant.share_percentage}%`, id),
          ],
        ]),
      ],
    },
    {
      heading: "Judgment",
      blocks: [
        listOr(
          view.judgments.map((j) => [
            j.court,
            j.case_number,
            person(j.debtor),
            words(j.status),
            money(j.outstanding),
          ]),
          ["Court", "Case number", "Debtor", "Status", "Outstanding"],
          "No judgment is recorded on the matter.",
        ),
      ],
    },
    {
      heading: "Recoveries",
      blocks: [
        fields([
          ["Recovered (in hand)", money(view.recoveries.total_recovered)],
          ["Secured (frozen or seized)", money(view.recoveries.total_secured)],
          ["Recoveries in hand", String(view.recoveries.recovery_events)],
          ["Latest recovery", view.recoveries.last_recovery_at?.slice(0, 10) ?? "none yet"],
        ]),
      ],
    },
    {
      heading: "Your distribution",
      blocks: d
        ? [
            fields([
              ["Waterfall of", d.calculated_at.slice(0, 10)],
              [
                "Your share of the claimants' pool",
                v("claimant_amount", `${d.effective_share_percentage}%`, id),
              ],
              ["Your distribution", v("claimant_amount", moneyText(d.amount), id)],
              ["Remitted to you so far", v("claimant_amount", moneyText(d.remitted), id)],
            ]),
          ]
        : [para("No distribution has been calculated for you yet.")],
    },
  ];
}

export interface ReportDocumentOptions {
  report: ReportForDocument;
  /** The date printed on the title page (default: today). */
  date?: Date;
}

export function reportDocument({ report, date }: ReportDocumentOptions): ExportDocument {
  const c = report.content as ReportContent;
  const view = c.claimant_view;
  const cases = [
    ...new Set([
      ...(c.sections?.judgment ?? []).map((j) => j.case_number),
      ...(view?.judgments ?? []).map((j) => j.case_number),
    ]),
  ];
  const subtitle: Array<Cell | Cell[]> = [
    ["Matter: ", person(c.matter.name)],
    cases.length ? `Case number: ${cases.join(", ")}` : "No judgment recorded",
    view
      ? ["Prepared for: ", v("claimant", view.claimant.name, view.claimant.claimant_id)]
      : `Prepared for: ${words(c.audience ?? "internal")} audience`,
    `Prepared by ${c.organization.organization_name}`,
    `Report ${report.id} (${words(report.type)}), prepared ${c.prepared_at.slice(0, 10)}`,
    `Date: ${(date ?? new Date()).toISOString().slice(0, 10)}`,
  ];
  const status: Section = {
    heading: "Matter status",
    blocks: [
      fields([
        ["Matter", person(c.matter.name)],
        ["Status", words(c.matter.status)],
        ...(c.matter.close_reason
          ? [["Closed because", words(c.matter.close_reason)] as [string, Cell]]
          : []),
        ["Authority", words(c.matter.authority_status)],
      ]),
      ...(report.reviewReasons.length
        ? [
            table(
              ["Review reason found at preparation"],
              report.reviewReasons.map((r) => [r]),
            ),
          ]
        : []),
    ],
  };
  return {
    title: c.title,
    subtitle,
    draft: report.status === "draft",
    sections: [
      status,
      ...(c.sections ? briefSections(c.sections, c.omitted) : []),
      ...(view ? claimantSections(view) : []),
    ],
    source_manifest: report.sourceManifest as ManifestEntry[],
  };
}
