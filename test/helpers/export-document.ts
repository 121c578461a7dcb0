import type { ExportDocument, ManifestEntry } from "../../plugins/exports/document.js";

/** Addresses of the sample packet (valid, checksummed), one per network family. */
export const SAMPLE_ADDRESSES = {
  evm: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  evm2: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
  bitcoin: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  tron: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL",
  solana: "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV",
};
export const SAMPLE_PERSON = "Johnathan Q. Debtorson";
export const SAMPLE_IDENTIFIERS = {
  ssn: "123-45-6789",
  email: "j.debtorson@example.com",
  account: "ACCT-99887766",
};

export interface SampleOptions {
  title?: string;
  matterName: string;
  caseNumber: string;
  draft: boolean;
  sources?: number;
  /** The two claimants of the distribution table. */
  claimants?: [string, string];
}

export function sampleManifest(count: number): ManifestEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    source_id: `src_${String(i + 1).padStart(4, "0")}`,
    source_type: ["vasp_response", "certified_judgment", "on_chain", "court_order"][i % 4]!,
    title: `Evidence item ${i + 1}: ${i % 3 === 0 ? "exchange response to subpoena regarding deposit account" : "transfer record"}`,
    uri: i % 2 === 0 ? `https://evidence.example.com/items/${i + 1}` : null,
    hash: i % 5 === 4 ? null : `${(i + 1).toString(16).padStart(8, "0")}${"ab".repeat(28)}`,
    chain_of_custody_id: i % 3 === 1 ? `coc-${1000 + i}` : null,
  }));
}

/** A packet-like document touching every block type and Value kind. */
export function sampleDocument(o: SampleOptions): ExportDocument {
  const [c1, c2] = o.claimants ?? ["clm_first", "clm_second"];
  const a = SAMPLE_ADDRESSES;
  return {
    title: o.title ?? "Exchange freeze request",
    subtitle: [o.matterName, `Case No. ${o.caseNumber}`, "Acme Recovery LLC", "2026-06-11"],
    draft: o.draft,
    sections: [
      {
        heading: "Summary",
        blocks: [
          {
            type: "paragraph",
            text: [
              "The judgment debtor ",
              { kind: "person", text: SAMPLE_PERSON },
              " moved the proceeds through ",
              { kind: "address", text: a.evm },
              " to a deposit address of the exchange. We ask the exchange to preserve and freeze the account. Contact on file: ",
              { kind: "identifier", text: SAMPLE_IDENTIFIERS.email },
              ".",
            ],
          },
          {
            type: "fields",
            rows: [
              { label: "Judgment debtor", value: { kind: "person", text: SAMPLE_PERSON } },
              { label: "Taxpayer id", value: { kind: "identifier", text: SAMPLE_IDENTIFIERS.ssn } },
              {
                label: "Exchange account",
                value: { kind: "identifier", text: SAMPLE_IDENTIFIERS.account },
              },
              { label: "Outstanding", value: { kind: "amount", text: "USD 1,254,300.17" } },
              { label: "Court", value: "Superior Court of California, County of Los Angeles" },
            ],
          },
        ],
      },
      {
        heading: "Wallets and balances",
        blocks: [
          {
            type: "table",
            columns: ["Wallet", "Network", "Role", "Balance", "Confidence"],
            rows: [
              [
                { kind: "address", text: a.evm },
                "ethereum",
                "debtor-controlled",
                { kind: "amount", text: "412,000.00 USDT" },
                "0.92 confirmed",
              ],
              [
                { kind: "address", text: a.evm2 },
                "ethereum",
                "exchange deposit",
                { kind: "amount", text: "88,000.00 USDC" },
                "0.76 strong",
              ],
              [
                { kind: "address", text: a.bitcoin },
                "bitcoin",
                "intermediate",
                { kind: "amount", text: "3.25000000 BTC" },
                "0.51 moderate",
              ],
              [
                { kind: "address", text: a.tron },
                "tron",
                "intermediate",
                { kind: "amount", text: "150,000.00 USDT" },
                "0.48 weak signal",
              ],
              [
                { kind: "address", text: a.solana },
                "solana",
                "cash-out",
                { kind: "amount", text: "20,500.00 USDC" },
                "0.45 weak signal",
              ],
            ],
          },
          {
            type: "paragraph",
            text: [`Transfers were also seen from ${a.evm2} on 2026-03-02.`],
          },
        ],
      },
      {
        heading: "Claimant distributions",
        blocks: [
          {
            type: "table",
            columns: ["Claimant", "Share", "Amount"],
            rows: [
              [
                { kind: "claimant", text: "Jane Victim", claimant_id: c1 },
                "60%",
                { kind: "claimant_amount", text: "USD 600.00", claimant_id: c1 },
              ],
              [
                { kind: "claimant", text: "Richard Roe", claimant_id: c2 },
                "40%",
                { kind: "claimant_amount", text: "USD 400.00", claimant_id: c2 },
              ],
            ],
          },
        ],
      },
    ],
    source_manifest: sampleManifest(o.sources ?? 12),
  };
}

/** The JSON side of the same packet, shaped like a REST body. */
export function sampleJson(o: SampleOptions & { packetId: string; matterId: string }): object {
  const [c1, c2] = o.claimants ?? ["clm_first", "clm_second"];
  return {
    packet_id: o.packetId,
    matter_id: o.matterId,
    status: o.draft ? "draft" : "approved",
    debtor: {
      legal_name: SAMPLE_PERSON,
      type: "individual",
      identifiers: { ssn: SAMPLE_IDENTIFIERS.ssn },
    },
    contact: { email: SAMPLE_IDENTIFIERS.email },
    exchange_account: { account_number: SAMPLE_IDENTIFIERS.account, exchange: "Example Exchange" },
    wallets: Object.values(SAMPLE_ADDRESSES).map((address) => ({ address, network: "various" })),
    narrative: `Funds moved from ${SAMPLE_ADDRESSES.evm} to ${SAMPLE_ADDRESSES.tron}.`,
    claimant_distributions: [
      { claimant_id: c1, name: "Jane Victim", amount: 600, currency: "USD" },
      { claimant_id: c2, name: "Richard Roe", amount: 400, currency: "USD" },
    ],
  };
}
