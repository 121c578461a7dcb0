import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Block, Cell, ExportDocument, Value } from "../../plugins/exports/document.js";
import { channelRefusal } from "../../plugins/packets/channel.js";
import {
  type PacketContent,
  reviewReasons,
  senderStatement,
  sourceManifest,
} from "../../plugins/packets/content.js";
import { packetDocument, type PacketForDocument } from "../../plugins/packets/document.js";
import {
  initialStatus,
  KINDS,
  PACKET_KINDS,
  PACKET_STATUSES,
  presentsAsLawEnforcement,
  REVIEW_DECISIONS,
  reviewMove,
} from "../../plugins/packets/values.js";

const ADDRESS = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const TX = "0x8a3c4d9f2e1b0a7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c";
const money = (amount: number) => ({
  amount,
  currency: "USD",
  valuation_time: "2026-06-11T09:30:00.000Z",
});

function content(over: Partial<PacketContent> = {}): PacketContent {
  return {
    schema_version: 1,
    kind: "exchange_freeze",
    packet_type: "freeze",
    title: KINDS.exchange_freeze.title,
    prepared_at: "2026-06-11T09:30:00.000Z",
    sender: {
      authorized_sender: "Jordan Counsel, Esq.",
      organization_id: "org_1",
      organization_name: "Northwind Recovery LLC",
      statement: senderStatement(
        "exchange_freeze",
        "Jordan Counsel, Esq.",
        "Northwind Recovery LLC",
      ),
    },
    matter: { matter_id: "mat_1", name: "Acme v. Doe" },
    judgment: {
      judgment_id: "jdg_1",
      court: "Superior Court of California, County of Los Angeles",
      case_number: "24STCV01234",
      jurisdiction: "CA",
      creditor: "Acme Capital LLC",
      debtor: "John Doe",
      amount: money(125000.5),
      date_entered: "2025-01-15",
      status: "validated",
      balance: {
        principal: money(125000.5),
        interest_accrued: money(17123.35),
        payments: money(0),
        outstanding: money(142123.85),
        as_of: "2026-06-11",
        interest_rate: 10,
        rate_basis: "CA CCP 685.010",
        review_required: false,
      },
    },
    debtors: [
      {
        debtor_id: "dbt_1",
        type: "individual",
        legal_name: "John Doe",
        aliases: ["J. Doe"],
        identifiers: { emails: ["john.doe@example.com"], tax_id_last4: "1234" },
      },
    ],
    wallets: [
      {
        address: ADDRESS,
        network: "ethereum",
        wallet_id: "wal_1",
        role: null,
        confidence: 0.95,
        known_to_matter: true,
        holdings: [{ asset: "USDT", network: "ethereum", amount: "5000", usd_value: 5000 }],
      },
    ],
    exchange_hypotheses: [
      {
        hypothesis_id: "exh_1",
        exchange: "Binance",
        wallet: ADDRESS,
        network: "ethereum",
        hop: "direct",
        confidence: 0.65,
        label: "moderate",
        evidence_tier: "tier_3",
        packet_ready: true,
        missing: [],
        basis: [
          {
            hop: "direct",
            transaction_hash: TX,
            direction: "sent_to_exchange",
            counterparty: "0x28C6c06298d514Db089934071355E5743bf21d60",
            asset: "USDT",
            amount: "2500",
            timestamp: "2026-05-02T10:00:00.000Z",
          },
        ],
      },
    ],
    stablecoin_exposure: [
      {
        exposure_id: "sce_1",
        issuer: "Tether",
        asset: "USDT",
        network: "ethereum",
        wallet: ADDRESS,
        amount: "5000",
        usd_value: 5000,
        freeze_capability: "issuer_can_freeze",
        freeze_capability_notes: "addBlackList",
        review_required: false,
      },
    ],
    attribution_claims: [
      {
        claim_id: "acl_1",
        subject: ADDRESS,
        predicate: "controlled_by",
        object: "John Doe",
        source_type: "vasp_response",
        evidence_tier: "tier_1",
        confidence: 0.95,
        label: "confirmed",
      },
    ],
    authority: {
      authority_id: "auth_1",
      basis: "engagement_letter",
      status: "granted",
      granted_by: "Acme Capital LLC",
      scope: [],
      effective_at: "2026-01-01T00:00:00.000Z",
      expires_at: null,
    },
    channel: null,
    sanctions: null,
    notes: null,
    omitted: {},
    ...over,
  };
}

const MANIFEST = sourceManifest([
  {
    ref: {
      sourceId: "doc_1",
      sourceType: "certified_judgment",
      title: "Judgment",
      hash: "h",
      chainOfCustodyId: "c",
    },
    citedBy: "request",
  },
]);

function packet(status: string, c = content()): PacketForDocument {
  return {
    id: "pkt_1",
    type: c.kind,
    packetType: c.packet_type,
    status,
    authorizedSender: c.sender.authorized_sender,
    content: c,
    sourceManifest: MANIFEST,
    reviewState: { reviewStatus: "pending" },
    reviewReasons: ["Counsel reviews every exchange_freeze packet before it is sent."],
    createdAt: new Date("2026-06-11T09:30:00.000Z"),
  };
}

const doc = (status = "in_review", c = content()) =>
  packetDocument({
    packet: packet(status, c),
    matter: { id: "mat_1", name: "Acme v. Doe" },
    organization: { id: "org_1", name: "Northwind Recovery LLC" },
    date: new Date("2026-06-12T00:00:00.000Z"),
  });

const cells = (d: ExportDocument): Cell[] => [
  ...d.subtitle.flat(),
  ...d.sections.flatMap((s) => s.blocks.flatMap(blockCells)),
];
function blockCells(b: Block): Cell[] {
  if (b.type === "paragraph") return b.text;
  if (b.type === "fields") return b.rows.map((r) => r.value);
  return b.rows.flat();
}
const valuesOf = (d: ExportDocument, kind: Value["kind"]) =>
  cells(d)
    .filter((c): c is Value => typeof c !== "string" && c.kind === kind)
    .map((c) => c.text);
const plainText = (d: ExportDocument) =>
  cells(d)
    .filter((c): c is string => typeof c === "string")
    .join("\n");

describe("packetDocument", () => {
  it("makes a title page with kind, matter, case number, court, sender and date", () => {
    const d = doc();
    expect(d.title).toBe("Exchange freeze request");
    expect(d.subtitle).toEqual([
      ["Matter: ", { kind: "person", text: "Acme v. Doe" }],
      "Case number: 24STCV01234",
      "Court: Superior Court of California, County of Los Angeles",
      "Authorized sender: Jordan Counsel, Esq., for Northwind Recovery LLC",
      "Packet pkt_1 (freeze), prepared 2026-06-11",
      "Date: 2026-06-12",
    ]);
  });

  it("has the sections of the packet in order", () => {
    expect(doc().sections.map((s) => s.heading)).toEqual([
      "Sender",
      "Judgment and balance",
      "Debtor",
      "Wallets",
      "Exchange hypotheses",
      "Stablecoin exposure",
      "Attribution claims",
      "Authority",
      "Review",
      "Notes",
    ]);
    const withChannel = doc(
      "in_review",
      content({
        channel: {
          relationship_id: "rel_1",
          counterparty_id: "cpt_1",
          counterparty_name: "Binance",
          counterparty_type: "exchange",
          channel_type: "law_enforcement_portal",
          authorized_submitter_required: false,
          packet_types_supported: [],
          lists_this_kind: false,
        },
      }),
    );
    expect(withChannel.sections.map((s) => s.heading)).toContain("Channel");
  });

  it("types addresses, people, identifiers and amounts for redaction, leaving none as plain text", () => {
    const d = doc();
    expect(valuesOf(d, "address")).toEqual(
      expect.arrayContaining([ADDRESS, TX, "0x28C6c06298d514Db089934071355E5743bf21d60"]),
    );
    expect(valuesOf(d, "person")).toEqual(expect.arrayContaining(["John Doe", "J. Doe"]));
    expect(valuesOf(d, "identifier")).toEqual(
      expect.arrayContaining(["john.doe@example.com", "1234"]),
    );
    expect(valuesOf(d, "amount")).toEqual(
      expect.arrayContaining(["125,000.50 USD", "142,123.85 USD", "5000 USDT", "2500 USDT"]),
    );
    const text = plainText(d);
    for (const secret of [ADDRESS, TX, "john.doe@example.com", "125,000.50"])
      expect(text).not.toContain(secret);
    // The judgment's debtor is a person too; the sender is not redacted.
    expect(text).toContain("Jordan Counsel, Esq.");
  });

  it("types the parties as people: the matter's name, creditor, debtor and grantor, also inside notes", () => {
    const d = doc(
      "draft",
      content({ notes: "Counsel for acme capital llc spoke to John Doe (a.k.a. J. Doe) twice." }),
    );
    expect(valuesOf(d, "person")).toEqual(
      expect.arrayContaining(["Acme v. Doe", "Acme Capital LLC", "John Doe", "J. Doe"]),
    );
    const text = plainText(d);
    for (const name of ["Acme v. Doe", "Acme Capital LLC", "John Doe", "J. Doe"])
      expect(text.toLowerCase()).not.toContain(name.toLowerCase());
    const notes = d.sections.find((s) => s.heading === "Notes")!.blocks[0]!;
    expect(notes).toEqual({
      type: "paragraph",
      text: [
        "Counsel for ",
        { kind: "person", text: "acme capital llc" },
        " spoke to ",
        { kind: "person", text: "John Doe" },
        " (a.k.a. ",
        { kind: "person", text: "J. Doe" },
        ") twice.",
      ],
    });
  });

  it("shows the balance table and the hypotheses with their basis and confidence", () => {
    const judgment = doc().sections.find((s) => s.heading === "Judgment and balance")!;
    const balance = judgment.blocks.find((b) => b.type === "table") as Extract<
      Block,
      { type: "table" }
    >;
    expect(balance.rows.map((r) => r[0])).toEqual([
      "Principal",
      "Interest accrued",
      "Payments",
      "Outstanding as of 2026-06-11",
    ]);
    const hyp = doc().sections.find((s) => s.heading === "Exchange hypotheses")!;
    const [summary, basis] = hyp.blocks as Array<Extract<Block, { type: "table" }>>;
    expect(summary!.rows[0]).toEqual([
      "Binance",
      { kind: "address", text: ADDRESS },
      "ethereum",
      "direct",
      "65%",
      "moderate",
      "yes",
    ]);
    expect(basis!.rows[0]![1]).toEqual({ kind: "address", text: TX });
  });

  it("is a draft unless approved, exported or sent", () => {
    for (const status of PACKET_STATUSES)
      expect(doc(status).draft, status).toBe(!["approved", "exported", "sent"].includes(status));
  });

  it("carries the source manifest", () => {
    expect(doc().source_manifest).toEqual([
      {
        source_id: "doc_1",
        source_type: "certified_judgment",
        title: "Judgment",
        uri: null,
        hash: "h",
        chain_of_custody_id: "c",
      },
    ]);
  });

  it("says so when no judgment is named", () => {
    const d = doc("draft", content({ judgment: null }));
    expect(d.subtitle).toContain("No judgment named");
    expect(plainText(d)).toContain("No judgment is named");
  });
});

describe("review moves", () => {
  it("approves from draft and in_review, sends back to draft, and leaves finished packets alone", () => {
    expect(reviewMove("draft", "approved")).toEqual({ ok: true, to: "approved" });
    expect(reviewMove("in_review", "approved")).toEqual({ ok: true, to: "approved" });
    expect(reviewMove("in_review", "changes_requested")).toEqual({ ok: true, to: "draft" });
    expect(reviewMove("approved", "changes_requested")).toEqual({ ok: true, to: "draft" });
    expect(reviewMove("approved", "approved")).toEqual({ ok: false, allowed: ["draft"] });
    for (const s of ["exported", "sent", "closed"] as const)
      for (const d of REVIEW_DECISIONS)
        expect(reviewMove(s, d)).toEqual({ ok: false, allowed: [] });
  });

  it("never moves a packet out of review once exported, sent or closed, and only to draft or approved", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PACKET_STATUSES),
        fc.constantFrom(...REVIEW_DECISIONS),
        (from, decision) => {
          const move = reviewMove(from, decision);
          if (["exported", "sent", "closed"].includes(from)) return !move.ok;
          return !move.ok || move.to === (decision === "approved" ? "approved" : "draft");
        },
      ),
    );
  });

  it("starts in_review exactly when there are review reasons", () => {
    expect(initialStatus([])).toBe("draft");
    expect(initialStatus(["x"])).toBe("in_review");
  });
});

describe("channel and sender rules", () => {
  const usable = { id: "rel_1", usableByProvider: true };
  it("refuses a channel not usable by the provider for every kind", () => {
    for (const kind of PACKET_KINDS) {
      expect(
        channelRefusal(
          kind,
          { ...usable, usableByProvider: false },
          { name: "X", type: "exchange" },
        ),
      ).toMatch(/not usable by the provider/);
      expect(channelRefusal(kind, usable, { name: "X", type: "exchange" })).toBeNull();
    }
  });

  it("refuses a law-enforcement-only channel for a referral", () => {
    expect(
      channelRefusal("law_enforcement_referral", usable, {
        name: "IC3",
        type: "law_enforcement_only",
      }),
    ).toMatch(/law-enforcement-only/);
    expect(
      channelRefusal("law_enforcement_referral", usable, { name: "Counsel", type: "counsel" }),
    ).toBeNull();
  });

  it("recognises senders that present themselves as law enforcement", () => {
    for (const s of [
      "FBI",
      "Metro Police Department",
      "Office of the District Attorney",
      "U.S. Marshals Service",
      "law enforcement liaison",
    ])
      expect(presentsAsLawEnforcement(s), s).toBe(true);
    for (const s of [
      "Jordan Counsel, Esq.",
      "Marshall & Partners LLP",
      "Northwind Recovery LLC",
      "Agent Orange Consulting",
    ])
      expect(presentsAsLawEnforcement(s), s).toBe(false);
  });

  it("states who sends a referral and that it is not law enforcement", () => {
    const text = senderStatement("law_enforcement_referral", "J. Counsel", "Northwind");
    expect(text).toContain("Prepared and sent by J. Counsel on behalf of Northwind");
    expect(text).toContain("not a law-enforcement agency");
    expect(text).toContain("not a request or order of law enforcement");
  });
});

describe("source manifest and review reasons", () => {
  it("lists each source once, merging citations, with stable derived ids", () => {
    const ref = { sourceType: "screenshot", title: "Chat" };
    const m = sourceManifest([
      { ref, citedBy: "request" },
      { ref: { ...ref }, citedBy: "judgment jdg_1" },
      { ref: { sourceId: "doc_1", title: "A" }, citedBy: "request" },
      { ref: { sourceId: "doc_1", title: "A", hash: "h" }, citedBy: "wallet wal_1" },
    ]);
    expect(m).toHaveLength(2);
    expect(m[0]!.source_id).toMatch(/^src_[0-9a-z]{26}$/);
    expect(m[0]!.cited_by).toEqual(["request", "judgment jdg_1"]);
    expect(m[1]).toMatchObject({
      source_id: "doc_1",
      hash: "h",
      cited_by: ["request", "wallet wal_1"],
    });
    expect(sourceManifest([{ ref, citedBy: "x" }])[0]!.source_id).toBe(m[0]!.source_id);
  });

  it("keeps the manifest's size at the number of distinct sources, whatever the repeats", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            title: fc.constantFrom("A", "B", "C"),
            by: fc.constantFrom("request", "judgment"),
          }),
          { maxLength: 30 },
        ),
        (items) => {
          const m = sourceManifest(items.map((i) => ({ ref: { title: i.title }, citedBy: i.by })));
          return m.length === new Set(items.map((i) => i.title)).size;
        },
      ),
    );
  });

  it("finds nothing to review in a clean exchange intercept, and names each gap otherwise", () => {
    const clean = content({ kind: "exchange_intercept" });
    expect(reviewReasons(clean, MANIFEST)).toEqual([]);
    const gaps = reviewReasons(
      content({
        kind: "exchange_intercept",
        judgment: { ...clean.judgment!, status: "entered" },
        attribution_claims: [{ ...clean.attribution_claims[0]!, label: "weak_signal" }],
        wallets: [{ ...clean.wallets[0]!, known_to_matter: false }],
      }),
      sourceManifest([{ ref: { title: "No hash" }, citedBy: "request" }]),
    );
    expect(gaps).toEqual([
      "Judgment jdg_1 is entered, not validated.",
      `Wallet ${ADDRESS} is not among the matter's wallets.`,
      "Attribution claim acl_1 is only weak_signal.",
      expect.stringMatching(/^Source src_\w+ \(No hash\) has no hash or chain_of_custody_id\.$/),
    ]);
  });
});
