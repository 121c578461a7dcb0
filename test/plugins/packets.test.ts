import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printSdl } from "../../src/schema/index.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type ApiResponse, type Client, errorOf, expectError, made } from "../helpers/http.js";
import { LISTED_WALLET, SANDBOX_WALLET, Seed, type SeededOrg } from "../helpers/seed.js";
import { statementsOf } from "../helpers/statements.js";

let app: TestApp;
let seed: Seed;
let org: SeededOrg;
let api: Client;

const COUNSEL = "Jordan Counsel, Esq.";
const BTC = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const DOCUMENT = {
  source_id: "doc_certified_judgment_01",
  source_type: "certified_judgment",
  title: "Certified copy of the judgment",
  hash: "sha256:9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c1b3d5f7e9a1c3b5d7f9e1a3c5b7d9f1e",
  chain_of_custody_id: "coc-0001",
};
const LETTER = {
  source_id: "doc_engagement_letter_01",
  source_type: "engagement_letter",
  title: "Engagement letter",
  hash: "sha256:0a1b",
  chain_of_custody_id: "coc-0002",
};

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  org = await seed.org({ features: ["live_access"] });
  api = org.admin;
});
afterAll(() => app.dispose());

const auditOf = (res: ApiResponse) =>
  app.db.root.auditEvent.findMany({ where: { requestId: res.body.audit_ref } });

/** A matter with a live grant and a validated judgment, both resting on hashed documents. */
async function readyMatter(client = api) {
  const matterId = await seed.matter(client);
  const grant = await seed.grant(client, matterId, { source_refs: [LETTER] });
  const judgment = await seed.judgment(
    client,
    matterId,
    { case_number: "24STCV01234", source_refs: [DOCUMENT] },
    { validate: false },
  );
  const validation = await made(
    client.post(`/v1/judgments/${judgment.judgment_id}/validate`, {}),
    200,
  );
  expect(validation.enforcement_ready).toBe(true);
  return { matterId, judgmentId: judgment.judgment_id as string, authorityId: grant.authority_id };
}

/** A ready matter with a debtor, an imported wallet, a claim about it and a sandbox asset map. */
async function tracedMatter(client = api) {
  const m = await readyMatter(client);
  await made(
    client.post("/v1/debtors", {
      matter_id: m.matterId,
      type: "individual",
      legal_name: "John Doe",
      aliases: ["J. Doe"],
      identifiers: { emails: ["john.doe@example.com"] },
    }),
  );
  const imported = await made(
    client.post("/v1/attribution/wallets/import", {
      matter_id: m.matterId,
      wallets: [{ address: SANDBOX_WALLET, network: "ethereum" }],
    }),
  );
  const walletId = imported.wallets[0].wallet_id as string;
  const claim = await made(
    client.post("/v1/attribution/claims", {
      matter_id: m.matterId,
      subject: walletId,
      predicate: "controlled_by",
      object: "John Doe",
      source_type: "vasp_response",
    }),
  );
  const map = await made(
    client.post("/v1/crypto/asset-map", { matter_id: m.matterId, wallets: [SANDBOX_WALLET] }),
    200,
  );
  return { ...m, walletId, claimId: claim.claim_id as string, map };
}

async function channel(body: Record<string, unknown> = {}, client = api) {
  return made(
    client.post("/v1/relationships", {
      counterparty_type: "exchange",
      counterparty_name: "Northwind Exchange",
      channel_type: "compliance_email",
      ...body,
    }),
  );
}

const ENDPOINTS: Array<[string, string, string]> = [
  ["exchange-intercept", "exchange_intercept", "preservation"],
  ["vasp-legal-process", "vasp_legal_process", "subpoena"],
  ["exchange-freeze", "exchange_freeze", "freeze"],
  ["exchange-turnover", "exchange_turnover", "turnover"],
  ["turnover-workflow", "turnover_workflow", "self_custody_turnover"],
  ["law-enforcement-referral", "law_enforcement_referral", "referral"],
];

describe("packet creation", () => {
  it("makes each kind from the matter's records, with sender, manifest and review", async () => {
    const m = await tracedMatter();
    const rel = await channel();
    for (const [path, kind, defaultType] of ENDPOINTS) {
      const res = await api.post(`/v1/packets/${path}`, {
        matter_id: m.matterId,
        judgment_id: m.judgmentId,
        wallets: [m.walletId],
        authorized_sender: COUNSEL,
        legal_authority_id: m.authorityId,
        source_refs: [{ ...DOCUMENT, source_id: "doc_wire_records", title: "Wire records" }],
        notes: "Funds reached the exchange on 2026-05-02.",
        relationship_id: rel.relationship_id,
      });
      expect(res.status, `${path}: ${res.text}`).toBe(201);
      expect(res.body).toMatchObject({
        packet_id: expect.stringMatching(/^pkt_[0-9a-z]{26}$/),
        matter_id: m.matterId,
        type: kind,
        packet_type: defaultType,
        status: "in_review",
        draft: true,
        authorized_sender: COUNSEL,
        judgment_id: m.judgmentId,
        legal_authority_id: m.authorityId,
        relationship_id: rel.relationship_id,
        wallets: [m.walletId],
        review_state: { review_required: true, review_status: "pending", review_owner: null },
        audit: {
          request_id: res.body.audit_ref,
          organization_id: org.id,
          matter_id: m.matterId,
        },
      });
      // Every kind but the exchange intercept is counsel-reviewed by its nature (SPEC.md).
      expect(res.body.review_reasons[0].includes(`every ${kind} packet`)).toBe(
        kind !== "exchange_intercept",
      );
      const got = await api.get(`/v1/packets/${res.body.packet_id}`);
      expect(got.status).toBe(200);
      const { audit_ref: _a, ...stored } = res.body;
      const { audit_ref: _b, ...read } = got.body;
      expect(read).toEqual(stored);
    }
  });

  it("snapshots judgment and balance, debtor, wallets, hypotheses, exposure, claims and authority", async () => {
    const m = await tracedMatter();
    const res = await api.post("/v1/packets/exchange-freeze", {
      matter_id: m.matterId,
      judgment_id: m.judgmentId,
      wallets: [SANDBOX_WALLET.toLowerCase()],
      authorized_sender: COUNSEL,
      source_refs: [DOCUMENT],
    });
    expect(res.status, res.text).toBe(201);
    const c = res.body.content;
    const judgment = (await api.get(`/v1/judgments/${m.judgmentId}`)).body;
    expect(c.judgment).toMatchObject({
      judgment_id: m.judgmentId,
      court: judgment.court,
      case_number: "24STCV01234",
      status: "validated",
      amount: { amount: 125000.5, currency: "USD" },
      balance: {
        principal: { amount: judgment.balance.principal.amount },
        interest_accrued: { amount: judgment.balance.interest_accrued.amount },
        outstanding: { amount: judgment.balance.outstanding.amount },
      },
    });
    expect(c.judgment.balance.interest_accrued.amount).toBeGreaterThan(0);
    expect(c.debtors).toEqual([
      expect.objectContaining({ legal_name: "John Doe", aliases: ["J. Doe"] }),
    ]);
    expect(c.wallets).toEqual([
      expect.objectContaining({
        address: SANDBOX_WALLET.toLowerCase(),
        wallet_id: m.walletId,
        known_to_matter: true,
        network: "ethereum",
      }),
    ]);
    expect(c.wallets[0].holdings.length).toBeGreaterThan(0);
    const hypotheses = m.map.exchange_hypotheses.map((h: any) => h.hypothesis_id).sort();
    expect(c.exchange_hypotheses.map((h: any) => h.hypothesis_id).sort()).toEqual(hypotheses);
    for (const h of c.exchange_hypotheses) {
      expect(h.basis.length).toBeGreaterThan(0);
      expect(["confirmed", "strong", "moderate", "weak_signal"]).toContain(h.label);
    }
    expect(c.stablecoin_exposure.map((e: any) => e.exposure_id).sort()).toEqual(
      m.map.stablecoin_exposure.map((e: any) => e.exposure_id).sort(),
    );
    expect(c.attribution_claims).toEqual([
      expect.objectContaining({ claim_id: m.claimId, object: "John Doe", label: "confirmed" }),
    ]);
    expect(c.authority).toMatchObject({
      authority_id: m.authorityId,
      basis: "engagement_letter",
      status: "granted",
    });
    expect(c.sender.statement).toContain(COUNSEL);
    expect(c.sender.statement).toContain("not a law-enforcement agency");
    // The document sent with the request and the judgment's are one source, cited twice.
    const doc = res.body.source_manifest.find((s: any) => s.source_id === DOCUMENT.source_id);
    expect(doc).toEqual({
      ...DOCUMENT,
      uri: null,
      admissibility_notes: null,
      cited_by: ["request", `judgment ${m.judgmentId}`],
    });
    expect(res.body.source_manifest.map((s: any) => s.source_id)).toContain(LETTER.source_id);
    // A later change to the matter does not change the stored snapshot.
    await made(
      api.post("/v1/debtors", { matter_id: m.matterId, type: "company", legal_name: "Doe Ltd" }),
    );
    const again = await api.get(`/v1/packets/${res.body.packet_id}`);
    expect(again.body.content.debtors).toHaveLength(1);
  });

  it("is a draft without review reasons, and in_review with them", async () => {
    const m = await readyMatter();
    const clean = await api.post("/v1/packets/exchange-intercept", {
      matter_id: m.matterId,
      judgment_id: m.judgmentId,
      authorized_sender: COUNSEL,
      packet_type: "information_request",
    });
    expect(clean.status, clean.text).toBe(201);
    expect(clean.body).toMatchObject({
      status: "draft",
      packet_type: "information_request",
      review_reasons: [],
      review_state: { review_required: false, review_status: "not_requested" },
    });
    const unknownWallet = await api.post("/v1/packets/exchange-intercept", {
      matter_id: m.matterId,
      judgment_id: m.judgmentId,
      authorized_sender: COUNSEL,
      wallets: [BTC],
    });
    expect(unknownWallet.body.status).toBe("in_review");
    expect(unknownWallet.body.review_reasons).toEqual([
      `Wallet ${BTC} is not among the matter's wallets.`,
    ]);
    const noJudgment = await api.post("/v1/packets/exchange-intercept", {
      matter_id: m.matterId,
      authorized_sender: COUNSEL,
      source_refs: [{ source_type: "screenshot", title: "Chat screenshot" }],
    });
    expect(noJudgment.body.content.judgment).toBeNull();
    expect(noJudgment.body.review_reasons).toEqual([
      "No judgment is named: the packet rests on the authority grant alone.",
      expect.stringContaining("has no hash or chain_of_custody_id"),
    ]);
  });

  it("audits the creation under the matter", async () => {
    const m = await readyMatter();
    const res = await api.post("/v1/packets/exchange-turnover", {
      matter_id: m.matterId,
      judgment_id: m.judgmentId,
      authorized_sender: COUNSEL,
    });
    const audit = await auditOf(res);
    expect(audit).toEqual([
      expect.objectContaining({
        eventType: "packet.created",
        objectType: "packet",
        objectId: res.body.packet_id,
        matterId: m.matterId,
      }),
    ]);
    expect(audit[0]!.details).toMatchObject({ type: "exchange_turnover", status: "in_review" });
  });

  it("refuses bad bodies with 400 before any lookup and writes nothing", async () => {
    const m = await readyMatter();
    const body = { matter_id: m.matterId, authorized_sender: COUNSEL };
    const before = await app.db.root.packet.count();
    const post = (path: string, extra: Record<string, unknown>) =>
      api.post(`/v1/packets/${path}`, { ...body, ...extra });
    expectError(
      await api.post("/v1/packets/exchange-freeze", { matter_id: m.matterId }),
      400,
      "parameter_missing",
      "authorized_sender",
    );
    expectError(
      await post("exchange-freeze", { authorized_sender: " " }),
      400,
      "parameter_invalid",
      "authorized_sender",
    );
    expectError(
      await post("exchange-freeze", { packet_type: "subpoena" }),
      400,
      "parameter_invalid",
      "packet_type",
    );
    expectError(
      await post("exchange-freeze", { packet_type: "seize" }),
      400,
      "parameter_invalid",
      "packet_type",
    );
    expectError(
      await post("exchange-freeze", { wallets: [SANDBOX_WALLET, "0xnot-an-address"] }),
      400,
      "parameter_invalid",
      "wallets[1]",
    );
    expectError(
      await post("exchange-freeze", { screen_id: "scr_x" }),
      400,
      "unknown_parameter",
      "screen_id",
    );
    // Body checks come first: an unknown matter with a bad body is still 400.
    expectError(
      await api.post("/v1/packets/exchange-freeze", {
        matter_id: "mat_01h00000000000000000000000",
        authorized_sender: COUNSEL,
        packet_type: "subpoena",
      }),
      400,
      "parameter_invalid",
    );
    expect(await app.db.root.packet.count()).toBe(before);
  });

  it("answers 404 for ids out of reach or of another matter", async () => {
    const m = await readyMatter();
    const other = await tracedMatter();
    const body = { matter_id: m.matterId, authorized_sender: COUNSEL };
    const post = (extra: Record<string, unknown>) =>
      api.post("/v1/packets/vasp-legal-process", { ...body, ...extra });
    expectError(
      await post({ judgment_id: other.judgmentId }),
      404,
      "resource_missing",
      "judgment_id",
    );
    expectError(await post({ wallets: [other.walletId] }), 404, "resource_missing", "wallets[0]");
    expectError(
      await post({ legal_authority_id: other.authorityId }),
      404,
      "resource_missing",
      "legal_authority_id",
    );
    expectError(
      await post({ relationship_id: "rel_01h00000000000000000000000" }),
      404,
      "resource_missing",
      "relationship_id",
    );
    const foreign = await seed.foreignMatter(api);
    for (const outsider of foreign.outsiders) {
      expectError(
        await outsider.post("/v1/packets/vasp-legal-process", {
          matter_id: foreign.matterId,
          authorized_sender: COUNSEL,
        }),
        404,
        "resource_missing",
        "matter_id",
      );
    }
    const theirRel = await channel({}, (await seed.org()).admin);
    expectError(
      await post({ relationship_id: theirRel.relationship_id }),
      404,
      "resource_missing",
      "relationship_id",
    );
  });

  it("passes the authority gate only with a live grant, and the named grant must be live", async () => {
    const bare = await seed.matter(api);
    expectError(
      await api.post("/v1/packets/exchange-intercept", {
        matter_id: bare,
        authorized_sender: COUNSEL,
      }),
      403,
      "authority_required",
      "matter_id",
    );
    const m = await readyMatter();
    const second = await made(
      api.post(`/v1/matters/${m.matterId}/authority`, {
        basis: "court_order",
        granted_by: "Court",
        source_refs: [LETTER],
      }),
    );
    await made(api.post(`/v1/matters/${m.matterId}/authority/${m.authorityId}/revoke`, {}), 200);
    const res = await api.post("/v1/packets/exchange-intercept", {
      matter_id: m.matterId,
      authorized_sender: COUNSEL,
      legal_authority_id: m.authorityId,
    });
    expectError(res, 403, "authority_required", "legal_authority_id");
    expect(errorOf(res).details.authority_status).toBe("revoked");
    const defaulted = await made(
      api.post("/v1/packets/exchange-intercept", {
        matter_id: m.matterId,
        authorized_sender: COUNSEL,
      }),
    );
    expect(defaulted.legal_authority_id).toBe(second.authority_id);
  });

  it("refuses writes under a closed matter with 409 after the gate", async () => {
    const m = await readyMatter();
    await made(api.post(`/v1/matters/${m.matterId}/close`, { reason: "settled" }), 200);
    for (const [path] of ENDPOINTS)
      expectError(
        await api.post(`/v1/packets/${path}`, {
          matter_id: m.matterId,
          authorized_sender: COUNSEL,
        }),
        409,
        "matter_closed",
      );
  });

  it("replays an idempotent creation: one packet, the same body", async () => {
    const m = await readyMatter();
    const body = { matter_id: m.matterId, authorized_sender: COUNSEL };
    const headers = { "Idempotency-Key": `pkt-${m.matterId}` };
    const first = await api.post("/v1/packets/exchange-intercept", body, { headers });
    const second = await api.post("/v1/packets/exchange-intercept", body, { headers });
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.body.packet_id).toBe(first.body.packet_id);
    expect(await app.db.root.packet.count({ where: { matterId: m.matterId } })).toBe(1);
  });
});

describe("the channel rule and the law-enforcement rule", () => {
  it("never uses a relationship not usable by the provider as the channel", async () => {
    const m = await readyMatter();
    const counselOnly = await channel({ usable_by_provider: false, counterparty_name: "Binance" });
    const before = await app.db.root.packet.count();
    for (const [path] of ENDPOINTS) {
      const res = await api.post(`/v1/packets/${path}`, {
        matter_id: m.matterId,
        authorized_sender: COUNSEL,
        relationship_id: counselOnly.relationship_id,
      });
      expectError(res, 422, "channel_not_usable", "relationship_id");
      expect(errorOf(res).details).toMatchObject({ usable_by_provider: false });
    }
    expect(await app.db.root.packet.count()).toBe(before);
  });

  it("sends a referral as the provider or counsel, never through a law-enforcement-only channel", async () => {
    const m = await readyMatter();
    const portal = await channel({
      counterparty_type: "law_enforcement_only",
      counterparty_name: "IC3",
      channel_type: "law_enforcement_portal",
    });
    const refused = await api.post("/v1/packets/law-enforcement-referral", {
      matter_id: m.matterId,
      authorized_sender: COUNSEL,
      relationship_id: portal.relationship_id,
    });
    expectError(refused, 422, "channel_not_usable", "relationship_id");
    expect(errorOf(refused).message).toContain("law-enforcement-only");
    for (const sender of [
      "FBI Cyber Division",
      "Detective Smith, Metro Police",
      "Agent of Law Enforcement",
    ])
      expectError(
        await api.post("/v1/packets/law-enforcement-referral", {
          matter_id: m.matterId,
          authorized_sender: sender,
        }),
        400,
        "parameter_invalid",
        "authorized_sender",
      );
    const counsel = await channel({
      counterparty_type: "counsel",
      counterparty_name: "Referral Counsel LLP",
      usable_by_law_enforcement: true,
    });
    const referral = await made(
      api.post("/v1/packets/law-enforcement-referral", {
        matter_id: m.matterId,
        judgment_id: m.judgmentId,
        authorized_sender: COUNSEL,
        relationship_id: counsel.relationship_id,
      }),
    );
    expect(referral.content.sender).toMatchObject({
      authorized_sender: COUNSEL,
      organization_id: org.id,
    });
    expect(referral.content.sender.statement).toMatch(
      /not a law-enforcement agency.*not a request or order of law enforcement/s,
    );
    expect(referral.content.channel).toMatchObject({
      relationship_id: counsel.relationship_id,
      counterparty_type: "counsel",
    });
  });
});

describe("POST /v1/packets/sanctions-review", () => {
  it("opens the screen's review through the sanctions service and records the packet", async () => {
    const m = await readyMatter();
    const screen = await made(
      api.post("/v1/sanctions/screen", { matter_id: m.matterId, wallets: [LISTED_WALLET] }),
      200,
    );
    const res = await api.post("/v1/packets/sanctions-review", {
      matter_id: m.matterId,
      judgment_id: m.judgmentId,
      wallets: [LISTED_WALLET],
      authorized_sender: COUNSEL,
      notes: "Listed wallet received the funds.",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      review_id: expect.stringMatching(/^srv_/),
      matter_id: m.matterId,
      screen_id: screen.screen_id,
      status: "open",
      packet_id: expect.stringMatching(/^pkt_/),
      notes: "Listed wallet received the funds.",
    });
    expect(res.body.blocked_property_analysis).toContain("Lifshits");
    const packet = (await api.get(`/v1/packets/${res.body.packet_id}`)).body;
    expect(packet).toMatchObject({
      type: "sanctions_review",
      packet_type: "blocked_property_review",
      sanctions_review_id: res.body.review_id,
      status: "in_review",
    });
    expect(packet.content.sanctions).toMatchObject({
      screen_id: screen.screen_id,
      screen_status: "match",
      review_id: res.body.review_id,
      match_count: 1,
    });
    const review = await api.get(`/v1/sanctions/${res.body.review_id}`);
    expect(review.body.packet_id).toBe(res.body.packet_id);
    const audit = (await auditOf(res)).map((a) => a.eventType).sort();
    expect(audit).toEqual(["packet.created", "sanctions_review.opened"]);
  });

  it("takes a named screen of the matter, and needs a screen to exist", async () => {
    const m = await readyMatter();
    expectError(
      await api.post("/v1/packets/sanctions-review", {
        matter_id: m.matterId,
        authorized_sender: COUNSEL,
      }),
      403,
      "sanctions_screen_required",
    );
    const other = await readyMatter();
    const theirs = await made(
      api.post("/v1/sanctions/screen", { matter_id: other.matterId, entities: ["Nobody"] }),
      200,
    );
    expectError(
      await api.post("/v1/packets/sanctions-review", {
        matter_id: m.matterId,
        authorized_sender: COUNSEL,
        screen_id: theirs.screen_id,
      }),
      400,
      "parameter_invalid",
      "screen_id",
    );
    const mine = await made(
      api.post("/v1/sanctions/screen", { matter_id: m.matterId, entities: ["Nobody"] }),
      200,
    );
    const res = await made(
      api.post("/v1/packets/sanctions-review", {
        matter_id: m.matterId,
        authorized_sender: COUNSEL,
        screen_id: mine.screen_id,
        packet_type: "sanctions_evidence",
      }),
    );
    expect(res.screen_id).toBe(mine.screen_id);
  });
});

describe("POST /v1/packets/{packet_id}/review", () => {
  async function packet(path = "exchange-freeze") {
    const m = await readyMatter();
    const p = await made(
      api.post(`/v1/packets/${path}`, {
        matter_id: m.matterId,
        judgment_id: m.judgmentId,
        authorized_sender: COUNSEL,
      }),
    );
    return { ...m, packetId: p.packet_id as string, status: p.status as string };
  }
  const review = (id: string, decision: string, client = api) =>
    client.post(`/v1/packets/${id}/review`, { decision, reviewer: "Riley Partner", notes: "ok" });

  it("moves in_review → draft → approved → draft and records the reviewer", async () => {
    const p = await packet();
    expect(p.status).toBe("in_review");
    const back = await review(p.packetId, "changes_requested");
    expect(back.status, back.text).toBe(200);
    expect(back.body).toMatchObject({
      status: "draft",
      draft: true,
      review_state: {
        review_required: true,
        review_status: "changes_requested",
        review_owner: "Riley Partner",
        review_notes: "ok",
      },
    });
    const approved = await review(p.packetId, "approved");
    expect(approved.body).toMatchObject({
      status: "approved",
      draft: false,
      review_state: { review_required: false, review_status: "approved" },
    });
    const [audit] = await auditOf(approved);
    expect(audit).toMatchObject({ eventType: "packet.reviewed", matterId: p.matterId });
    expect(audit!.details).toMatchObject({ from: "draft", to: "approved", decision: "approved" });
    const twice = await review(p.packetId, "approved");
    expectError(twice, 409, "invalid_state_transition");
    expect(errorOf(twice).details).toMatchObject({ from: "approved", allowed: ["draft"] });
    const reopened = await review(p.packetId, "changes_requested");
    expect(reopened.body.status).toBe("draft");
  });

  it("approves an in_review packet directly, and refuses packets out of review", async () => {
    const p = await packet();
    expect((await review(p.packetId, "approved")).body.status).toBe("approved");
    await app.db.root.packet.update({ where: { id: p.packetId }, data: { status: "sent" } });
    const res = await review(p.packetId, "changes_requested");
    expectError(res, 409, "invalid_state_transition");
    expect(errorOf(res).details.allowed).toEqual([]);
  });

  it("checks body, reach, authority and the matter in the contract's order", async () => {
    const p = await packet();
    expectError(
      await api.post(`/v1/packets/${p.packetId}/review`, { decision: "maybe", reviewer: "R" }),
      400,
      "parameter_invalid",
      "decision",
    );
    expectError(
      await api.post(`/v1/packets/${p.packetId}/review`, { decision: "approved" }),
      400,
      "parameter_missing",
      "reviewer",
    );
    expectError(
      await api.post(`/v1/packets/${p.packetId}/review`, { decision: "approved", reviewer: " " }),
      400,
      "parameter_invalid",
      "reviewer",
    );
    const stranger = (await seed.org()).admin;
    expectError(await review(p.packetId, "approved", stranger), 404, "resource_missing");
    const limited = await org.key({ matter_ids: [await seed.matter(api)] });
    expectError(await review(p.packetId, "approved", limited), 404, "resource_missing");
    expectError(await limited.get(`/v1/packets/${p.packetId}`), 404, "resource_missing");
    await made(api.post(`/v1/matters/${p.matterId}/authority/${p.authorityId}/revoke`, {}), 200);
    expectError(await review(p.packetId, "approved"), 403, "authority_required");
    const q = await packet();
    await made(api.post(`/v1/matters/${q.matterId}/close`, { reason: "paid" }), 200);
    expectError(await review(q.packetId, "approved"), 409, "matter_closed");
    const rows = await app.db.root.packet.findMany({
      where: { id: { in: [p.packetId, q.packetId] } },
    });
    expect(rows.map((r) => r.status)).toEqual(["in_review", "in_review"]);
  });

  it("needs packets:write", async () => {
    const p = await packet();
    const reader = await org.key({ scopes: ["packets:read"] });
    expectError(await review(p.packetId, "approved", reader), 403, "insufficient_scope");
    expect((await reader.get(`/v1/packets/${p.packetId}`)).status).toBe(200);
  });
});

describe("GraphQL", () => {
  it("creates and reviews through mutations, and lists packets on the matter", async () => {
    const m = await readyMatter();
    const created = await api.graphql(
      `mutation ($m: ID!, $j: ID!) {
         createExchangeFreezePacket(input: { matterId: $m, judgmentId: $j, authorizedSender: "Jordan Counsel, Esq.", packetType: hold }) {
           id type packetType status draft sourceManifest { sourceId citedBy } reviewState { reviewStatus }
         }
       }`,
      { m: m.matterId, j: m.judgmentId },
    );
    expect(created.body.errors).toBeUndefined();
    const p = created.body.data.createExchangeFreezePacket;
    expect(p).toMatchObject({ type: "exchange_freeze", packetType: "hold", status: "in_review" });
    const reviewed = await api.graphql(
      `mutation ($id: ID!) { reviewPacket(id: $id, input: { decision: approved, reviewer: "R" }) { status draft } }`,
      { id: p.id },
    );
    expect(reviewed.body.data.reviewPacket).toEqual({ status: "approved", draft: false });
    const read = await api.graphql(
      `query ($m: ID!, $p: ID!) {
         matter(id: $m) { packets(first: 5) { edges { node { id status } } } }
         node(id: $p) { ... on Packet { packetId audit { actorId } } }
         packets(first: 5, matterId: $m, status: approved) { edges { node { id } } }
       }`,
      { m: m.matterId, p: p.id },
    );
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.matter.packets.edges).toEqual([
      { node: { id: p.id, status: "approved" } },
    ]);
    expect(read.body.data.node.packetId).toBe(p.id);
    expect(read.body.data.packets.edges).toHaveLength(1);
    const refused = await api.graphql(
      `mutation ($m: ID!) { createLawEnforcementReferralPacket(input: { matterId: $m, authorizedSender: "Sheriff's Office" }) { id } }`,
      { m: m.matterId },
    );
    expect(refused.body.errors[0].extensions.code).toBe("parameter_invalid");
  });

  it("loads packets of a page of matters in a bounded number of SQL statements", async () => {
    const tenant = await seed.org();
    for (let i = 0; i < 3; i++) {
      const m = await readyMatter(tenant.admin);
      await made(
        tenant.admin.post("/v1/packets/exchange-intercept", {
          matter_id: m.matterId,
          authorized_sender: COUNSEL,
        }),
      );
    }
    const query = `{ matters(first: 10) { edges { node { packets(first: 5) { edges { node { id status reviewState { reviewStatus } } } } } } } }`;
    const small = await statementsOf(app, () => tenant.admin.graphql(query));
    const again = await readyMatter(tenant.admin);
    await made(
      tenant.admin.post("/v1/packets/exchange-intercept", {
        matter_id: again.matterId,
        authorized_sender: COUNSEL,
      }),
    );
    const larger = await statementsOf(app, () => tenant.admin.graphql(query));
    expect(larger).toBe(small);
  });

  it("shows scope and authority directives on the packet fields", () => {
    const sdl = printSdl();
    const expectations: Array<[string, string, boolean]> = [
      ["createExchangeInterceptPacket", "packets:write", true],
      ["createSanctionsReviewPacket", "packets:write", true],
      ["createLawEnforcementReferralPacket", "packets:write", true],
      ["reviewPacket", "packets:write", true],
      ["packet", "packets:read", false],
      ["createRelationship", "relationships:write", false],
      ["counterpartyHistory", "relationships:read", false],
    ];
    for (const [field, scope, authority] of expectations) {
      const line = new RegExp(`\\n  ${field}\\([\\s\\S]*?\\): [^\\n]*`).exec(sdl)?.[0] ?? "";
      expect(line, field).toContain(`@scope(name: "${scope}")`);
      expect(line.includes("@authority"), field).toBe(authority);
    }
  });
});
