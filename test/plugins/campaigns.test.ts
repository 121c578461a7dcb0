import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type ApiResponse, type Client, errorOf } from "../helpers/http.js";
import { SANDBOX_WALLET, Seed, type SeededOrg } from "../helpers/seed.js";
import { statementsOf } from "../helpers/statements.js";

let app: TestApp;
let seed: Seed;
let org: SeededOrg;
let api: Client;
/** A matter with authority, a validated judgment, crypto evidence and a clear screen. */
let m: Ready;

/** A second EVM wallet (lower case, so no checksum applies). */
const OTHER_WALLET = "0x00000000219ab540356cbb839cbe05303d7705fa";
/** A name the shipped SDN list holds in a similar spelling (TREVINO MORALES, Miguel). */
const SIMILAR_NAME = "Miguel Trevino Moralez";

interface Ready {
  matterId: string;
  judgmentId: string;
  walletId: string;
  otherWalletId: string;
  debtorId: string;
  exchanges: string[];
  issuers: string[];
}

const ok = async (res: Promise<ApiResponse>, status = 200) => {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.body;
};

const grant = (client: Client, matterId: string) =>
  seed.grant(client, matterId, { granted_by: "Acme Corp (client)" });

/** The unvalidated judgment these campaigns rest on (USD 250,000.00, entered 200 days ago). */
const JUDGMENT = {
  creditor: "Acme Corp",
  amount: { amount: 250000, currency: "USD" },
  date_entered: new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10),
};
const intake = async (client: Client, matterId: string) =>
  (await seed.judgment(client, matterId, JUDGMENT, { validate: false })).judgment_id as string;

const screenClear = (client: Client, matterId: string) =>
  ok(client.post("/v1/sanctions/screen", { matter_id: matterId, wallets: [SANDBOX_WALLET] }));

/** A matter a campaign can run on, through the API. */
async function readyMatter(client: Client = api): Promise<Ready> {
  const matterId = await seed.matter(client);
  await grant(client, matterId);
  const judgmentId = await intake(client, matterId);
  await ok(client.post(`/v1/judgments/${judgmentId}/validate`, {}));
  const imported = await ok(
    client.post("/v1/attribution/wallets/import", {
      matter_id: matterId,
      wallets: [
        {
          address: SANDBOX_WALLET,
          network: "ethereum",
          source_refs: [{ source_type: "vasp_response", title: "KYC return" }],
        },
        { address: OTHER_WALLET, network: "ethereum" },
      ],
    }),
    201,
  );
  const [walletId, otherWalletId] = imported.wallets.map((w: any) => w.wallet_id as string);
  const map = await ok(
    client.post("/v1/crypto/asset-map", { matter_id: matterId, wallets: [SANDBOX_WALLET] }),
  );
  await ok(
    client.post("/v1/crypto/transaction-timeline", {
      matter_id: matterId,
      wallets: [SANDBOX_WALLET],
    }),
  );
  const debtor = await ok(
    client.post("/v1/debtors", {
      matter_id: matterId,
      type: "individual",
      legal_name: "John Doe",
      wallets: [SANDBOX_WALLET],
    }),
    201,
  );
  await ok(
    client.post("/v1/attribution/claims", {
      matter_id: matterId,
      subject: walletId,
      predicate: "controlled_by",
      object: "John Doe",
      source_type: "vasp_response",
    }),
    201,
  );
  await ok(
    client.post("/v1/attribution/claims", {
      matter_id: matterId,
      subject: walletId,
      predicate: "sent_funds_to",
      object: otherWalletId,
      source_type: "on_chain_trace",
    }),
    201,
  );
  await ok(
    client.post("/v1/attribution/graph", {
      matter_id: matterId,
      wallet_ids: [walletId, otherWalletId],
    }),
  );
  await screenClear(client, matterId);
  return {
    matterId,
    judgmentId,
    walletId,
    otherWalletId,
    debtorId: debtor.debtor_id,
    exchanges: [...new Set<string>(map.exchange_hypotheses.map((h: any) => h.exchange))],
    issuers: [...new Set<string>(map.stablecoin_exposure.map((x: any) => x.issuer))],
  };
}

const create = (body: Record<string, unknown>, client: Client = api) =>
  client.post("/v1/claw/campaigns", body);
const campaignOf = async (r: Ready, extra: Record<string, unknown> = {}, client = api) =>
  ok(
    create(
      {
        matter_id: r.matterId,
        judgment_id: r.judgmentId,
        mode: "measured",
        target_set: { wallets: [r.walletId], exchanges: r.exchanges, issuers: r.issuers },
        ...extra,
      },
      client,
    ),
    201,
  );
const auditOf = (res: ApiResponse) =>
  app.db.root.auditEvent.findMany({ where: { requestId: res.body.audit_ref } });
const campaignCount = () => app.db.root.campaign.count();

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  org = await seed.org({ features: ["live_access"] });
  api = org.admin;
  m = await readyMatter();
  expect(m.exchanges.length, "sandbox exchange hypotheses").toBeGreaterThan(0);
  expect(m.issuers.length, "sandbox stablecoin exposure").toBeGreaterThan(0);
}, 120_000);
afterAll(() => app.dispose());

describe("creating a campaign over REST", () => {
  it("starts at the mode's level under its cap, with computed state, gates and history", async () => {
    const res = await create({
      matter_id: m.matterId,
      judgment_id: m.judgmentId,
      mode: "measured",
      target_set: {
        wallets: [m.walletId],
        exchanges: m.exchanges,
        issuers: m.issuers,
        debtors: [m.debtorId],
      },
    });
    expect(res.status, res.text).toBe(201);
    const c = res.body;
    expect(c).toMatchObject({
      campaign_id: expect.stringMatching(/^cmp_[0-9a-z]{26}$/),
      matter_id: m.matterId,
      judgment_id: m.judgmentId,
      mode: "measured",
      status: "active",
      pressure_level: 1,
      pressure_name: "prepare",
      pressure_cap: 3,
      target_set: {
        wallets: [m.walletId],
        exchanges: m.exchanges,
        issuers: m.issuers,
        debtors: [m.debtorId],
      },
      focus_criteria: ["confidence", "amount", "freezability", "channel", "urgency", "readiness"],
      expansion_types: [
        "timeline_counterparties",
        "exchange_hypotheses",
        "attribution_neighbours",
        "stablecoin_issuers",
      ],
      max_leads: 20,
      audit_ref: expect.stringMatching(/^req_/),
    });
    expect(c.operator_state.focus_score).toBeGreaterThan(0);
    expect(c.operator_state.focus_score).toBeLessThanOrEqual(1);
    expect(c.operator_state.expand_queue).toBeGreaterThan(0);
    expect(c.operator_state.next_claw_action).toEqual(expect.any(String));
    expect(c.gates.map((g: any) => [g.gate, g.status])).toEqual([
      ["authority", "pass"],
      ["sanctions", "pass"],
      ["pressure_cap", "pass"],
    ]);
    expect(c.pressure_history).toEqual([
      expect.objectContaining({
        from_level: null,
        to_level: 1,
        pressure_name: "prepare",
        mode: "measured",
        source: "create",
        counsel_approval_id: null,
        actor_id: expect.stringMatching(/^(key|usr)_/),
        request_id: c.audit_ref,
      }),
    ]);
    const [audit] = await auditOf(res);
    expect(audit).toMatchObject({
      eventType: "campaign.created",
      objectId: c.campaign_id,
      matterId: m.matterId,
    });
    const again = await api.get(`/v1/claw/campaigns/${c.campaign_id}`);
    expect(again.status).toBe(200);
    const { audit_ref: _a, ...stored } = again.body;
    const { audit_ref: _b, ...made } = c;
    expect(stored).toEqual(made);
  });

  it("starts each mode at its own level: measured 1, assertive 2, maximum_lawful 3", async () => {
    for (const [mode, level, cap] of [
      ["assertive", 2, 5],
      ["maximum_lawful", 3, 6],
    ] as const) {
      const c = await campaignOf(m, { mode });
      expect([c.pressure_level, c.pressure_cap]).toEqual([level, cap]);
    }
  });

  it("refuses bad input with the contract's errors and writes nothing", async () => {
    const before = await campaignCount();
    const base = { matter_id: m.matterId, judgment_id: m.judgmentId, mode: "measured" };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ matter_id: m.matterId, judgment_id: m.judgmentId }, "parameter_missing", "mode"],
      [{ ...base, mode: "gentle" }, "parameter_invalid", "mode"],
      [{ ...base, pressure_level: 2 }, "unknown_parameter", "pressure_level"],
      [{ ...base, target_set: { wallets: "x" } }, "parameter_invalid", "target_set.wallets"],
      [{ ...base, target_set: { accounts: [] } }, "unknown_parameter", "target_set.accounts"],
      [
        { ...base, target_set: { wallets: [m.walletId, m.walletId] } },
        "parameter_invalid",
        "target_set.wallets[1]",
      ],
      [
        { ...base, target_set: { exchanges: [m.exchanges[0], m.exchanges[0]!.toUpperCase()] } },
        "parameter_invalid",
        "target_set.exchanges[1]",
      ],
      [{ ...base, target_set: { issuers: [" "] } }, "parameter_invalid", "target_set.issuers[0]"],
    ];
    for (const [body, code, param] of cases) {
      const res = await create(body);
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(400);
      expect(errorOf(res)).toMatchObject({ code, param });
    }
    expect(await campaignCount()).toBe(before);
  });

  it("answers 404 for a judgment, wallet, debtor, exchange or issuer outside the matter", async () => {
    const other = await seed.matter(api);
    await grant(api, other);
    const otherJudgment = await intake(api, other);
    const base = { matter_id: m.matterId, judgment_id: m.judgmentId, mode: "measured" };
    const debtor = await ok(
      api.post("/v1/debtors", { matter_id: other, type: "individual", legal_name: "X" }),
      201,
    );
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, judgment_id: otherJudgment }, "judgment_id"],
      [{ ...base, judgment_id: "jdg_01jxd4m5q6r7s8t9v0w1x2y3z4" }, "judgment_id"],
      [{ ...base, matter_id: "mat_01jxd4m5q6r7s8t9v0w1x2y3z4" }, "matter_id"],
      [{ ...base, target_set: { debtors: [debtor.debtor_id] } }, "target_set.debtors[0]"],
      [
        { ...base, target_set: { wallets: [m.walletId, "wal_01jxd4m5q6r7s8t9v0w1x2y3z4"] } },
        "target_set.wallets[1]",
      ],
      [{ ...base, target_set: { exchanges: ["Nowhere Exchange"] } }, "target_set.exchanges[0]"],
      [{ ...base, target_set: { issuers: ["Nobody Issuer"] } }, "target_set.issuers[0]"],
    ];
    for (const [body, param] of cases) {
      const res = await create(body);
      expect(res.status, `${param}: ${res.text}`).toBe(404);
      expect(errorOf(res)).toMatchObject({ code: "resource_missing", param });
    }
    // A wallet of another matter is absent from this one.
    const theirs = await ok(
      api.post("/v1/attribution/wallets/import", {
        matter_id: other,
        wallets: [{ address: OTHER_WALLET, network: "ethereum" }],
      }),
      201,
    );
    const res = await create({
      ...base,
      target_set: { wallets: [theirs.wallets[0].wallet_id] },
    });
    expect(errorOf(res)).toMatchObject({
      code: "resource_missing",
      param: "target_set.wallets[0]",
    });
  });

  it("replays an idempotent creation byte for byte and creates one campaign", async () => {
    const before = await campaignCount();
    const headers = { "Idempotency-Key": `cmp-${Date.now()}` };
    const body = { matter_id: m.matterId, judgment_id: m.judgmentId, mode: "assertive" };
    const first = await api.post("/v1/claw/campaigns", body, { headers });
    const second = await api.post("/v1/claw/campaigns", body, { headers });
    expect(first.status, first.text).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.text).toBe(first.text);
    expect(await campaignCount()).toBe(before + 1);
  });
});

describe("the authority and sanctions gates on campaign writes", () => {
  it("refuses without a live authority grant (403 authority_required) before the sanctions gate", async () => {
    const matterId = await seed.matter(api);
    const granted = await grant(api, matterId);
    const judgmentId = await intake(api, matterId);
    await ok(
      api.post(`/v1/matters/${matterId}/authority/${granted.authority_id}/revoke`, {
        reason: "Engagement ended.",
      }),
    );
    const res = await create({ matter_id: matterId, judgment_id: judgmentId, mode: "measured" });
    expect(res.status, res.text).toBe(403);
    expect(errorOf(res).code).toBe("authority_required");
  });

  it("needs a screen, holds on an uncleared potential match and passes once a review clears it", async () => {
    const matterId = await seed.matter(api);
    await grant(api, matterId);
    const judgmentId = await intake(api, matterId);
    const body = { matter_id: matterId, judgment_id: judgmentId, mode: "measured" };

    const unscreened = await create(body);
    expect(unscreened.status, unscreened.text).toBe(403);
    expect(errorOf(unscreened).code).toBe("sanctions_screen_required");

    const screen = await ok(
      api.post("/v1/sanctions/screen", { matter_id: matterId, entities: [SIMILAR_NAME] }),
    );
    expect(screen.status).toBe("potential_match");
    const held = await create(body);
    expect(held.status, held.text).toBe(403);
    expect(errorOf(held)).toMatchObject({ code: "sanctions_hold" });
    expect(errorOf(held).details.uncleared_screen_ids).toEqual([screen.screen_id]);

    const review = await ok(
      api.post("/v1/sanctions/review-packet", { matter_id: matterId, screen_id: screen.screen_id }),
      201,
    );
    expect(errorOf(await create(body)).code).toBe("sanctions_hold");
    await ok(
      api.post(`/v1/sanctions/${review.review_id}/decision`, {
        decision: "cleared",
        counsel_owner: "Jordan Counsel, Esq.",
      }),
    );
    const passed = await create(body);
    expect(passed.status, passed.text).toBe(201);

    // A later match holds every write of the campaign and shows on its board as a blocker.
    const id = passed.body.campaign_id;
    const listed = await ok(
      api.post("/v1/sanctions/screen", {
        matter_id: matterId,
        wallets: ["0x901bb9583b24d97e995513c6778dc6888ab6870e"],
      }),
    );
    expect(listed.status).toBe("match");
    for (const [path, payload] of [
      [`/v1/claw/campaigns/${id}/pressure`, { pressure_level: 2 }],
      [`/v1/claw/campaigns/${id}/focus`, {}],
      [`/v1/claw/campaigns/${id}/expand`, {}],
    ] as const) {
      const res = await api.post(path, payload);
      expect(res.status, `${path}: ${res.text}`).toBe(403);
      expect(errorOf(res).code).toBe("sanctions_hold");
    }
    const patch = await api.patch(`/v1/claw/campaigns/${id}`, { mode: "assertive" });
    expect(errorOf(patch).code).toBe("sanctions_hold");
    const board = await ok(api.get(`/v1/claw/campaigns/${id}/board`));
    expect(board.blockers).toEqual([
      expect.objectContaining({ gate: "sanctions", status: "fail" }),
    ]);
    expect(board.campaign.operator_state).toMatchObject({
      next_claw_action: expect.stringContaining("sanctions"),
      next_claw_action_kind: "sanctions",
    });
    expect(board.campaign.pressure_level).toBe(1);
  });

  it("reports a revoked grant as a failing authority gate at read time", async () => {
    const r = await readyMatter();
    const c = await campaignOf(r);
    const grants = await ok(api.get(`/v1/matters/${r.matterId}/authority`));
    await ok(
      api.post(`/v1/matters/${r.matterId}/authority/${grants.items[0].authority_id}/revoke`, {
        reason: "Engagement ended.",
      }),
    );
    const after = await ok(api.get(`/v1/claw/campaigns/${c.campaign_id}`));
    expect(after.gates[0]).toMatchObject({ gate: "authority", status: "fail" });
    expect(after.operator_state.next_claw_action_kind).toBe("legal_process");
    const res = await api.post(`/v1/claw/campaigns/${c.campaign_id}/pressure`, {
      pressure_level: 2,
    });
    expect(errorOf(res).code).toBe("authority_required");
  });
});

describe("pressure", () => {
  it("moves within the cap, needs counsel approval from 4, refuses above the cap, and records every change", async () => {
    const c = await campaignOf(m);
    const id = c.campaign_id;
    const path = `/v1/claw/campaigns/${id}/pressure`;
    const up = await api.post(path, { pressure_level: 3, reason: "Discovery served." });
    expect(up.status, up.text).toBe(200);
    expect(up.body).toMatchObject({ pressure_level: 3, pressure_name: "discover" });

    const unapproved = await api.post(path, { pressure_level: 4, reason: "Freeze now." });
    expect(unapproved.status).toBe(403);
    expect(errorOf(unapproved)).toMatchObject({
      type: "permission_error",
      code: "counsel_approval_required",
    });
    const overCap = await api.post(path, { pressure_level: 4, counsel_approval_id: "memo-1" });
    expect(overCap.status, overCap.text).toBe(422);
    expect(errorOf(overCap)).toMatchObject({
      code: "pressure_exceeds_profile",
      details: { cap: 3, mode: "measured", pressure_level: 4 },
    });

    const mode = await api.patch(`/v1/claw/campaigns/${id}`, { mode: "assertive" });
    expect(mode.status, mode.text).toBe(200);
    expect(mode.body).toMatchObject({ mode: "assertive", pressure_level: 3, pressure_cap: 5 });
    const freeze = await api.post(path, {
      pressure_level: 4,
      reason: "USDT about to move.",
      counsel_approval_id: "counsel-memo-2026-014",
    });
    expect(freeze.status, freeze.text).toBe(200);
    expect(freeze.body).toMatchObject({ pressure_level: 4, pressure_name: "freeze_block" });

    // Lowering the cap below the level is refused; so is PATCHing 5 without approval.
    const lower = await api.patch(`/v1/claw/campaigns/${id}`, { mode: "measured" });
    expect(lower.status).toBe(422);
    expect(errorOf(lower).code).toBe("pressure_exceeds_profile");
    const patch5 = await api.patch(`/v1/claw/campaigns/${id}`, { pressure_level: 5 });
    expect(errorOf(patch5).code).toBe("counsel_approval_required");
    const patch6 = await api.patch(`/v1/claw/campaigns/${id}`, {
      pressure_level: 6,
      counsel_approval_id: "memo-2",
    });
    expect(errorOf(patch6).code).toBe("pressure_exceeds_profile");
    const both = await api.patch(`/v1/claw/campaigns/${id}`, {
      mode: "measured",
      pressure_level: 2,
      reason: "Settlement talks.",
    });
    expect(both.status, both.text).toBe(200);
    expect(both.body).toMatchObject({ mode: "measured", pressure_level: 2 });

    const history = (await ok(api.get(`/v1/claw/campaigns/${id}`))).pressure_history;
    expect(
      history.map((h: any) => [h.source, h.from_level, h.to_level, h.mode, h.counsel_approval_id]),
    ).toEqual([
      ["create", null, 1, "measured", null],
      ["pressure", 1, 3, "measured", null],
      ["update", 3, 3, "assertive", null],
      ["pressure", 3, 4, "assertive", "counsel-memo-2026-014"],
      ["update", 4, 2, "measured", null],
    ]);
    expect(history[1]).toMatchObject({
      reason: "Discovery served.",
      request_id: up.body.audit_ref,
    });
    expect(history[3]).toMatchObject({
      reason: "USDT about to move.",
      pressure_name: "freeze_block",
    });
    const [audit] = await auditOf(freeze);
    expect(audit).toMatchObject({
      eventType: "campaign.pressure_changed",
      details: { from_level: 3, to_level: 4, counsel_approval_id: "counsel-memo-2026-014" },
    });
  });

  it("refuses out-of-range levels and blank approvals with 400 before any lookup", async () => {
    const c = await campaignOf(m);
    const path = `/v1/claw/campaigns/${c.campaign_id}/pressure`;
    for (const [body, param] of [
      [{ pressure_level: 7 }, "pressure_level"],
      [{ pressure_level: -1 }, "pressure_level"],
      [{ pressure_level: 2.5 }, "pressure_level"],
      [{}, "pressure_level"],
      [{ pressure_level: 4, counsel_approval_id: "   " }, "counsel_approval_id"],
      [{ pressure_level: 2, urgency: "high" }, "urgency"],
    ] as const) {
      const res = await api.post(path, body);
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(400);
      expect(errorOf(res).param).toBe(param);
    }
    const missing = await api.post("/v1/claw/campaigns/cmp_01jxd4m5q6r7s8t9v0w1x2y3z4/pressure", {
      pressure_level: 2,
    });
    expect(missing.status).toBe(404);
    const after = await ok(api.get(`/v1/claw/campaigns/${c.campaign_id}`));
    expect(after.pressure_history).toHaveLength(1);
  });

  it("needs claw:pressure for POST …/pressure and for a PATCH of pressure_level", async () => {
    const c = await campaignOf(m);
    const operator = await org.key({ scopes: ["claw:read", "claw:write", "claw:operate"] });
    const post = await operator.post(`/v1/claw/campaigns/${c.campaign_id}/pressure`, {
      pressure_level: 2,
    });
    expect(post.status).toBe(403);
    expect(errorOf(post)).toMatchObject({ code: "insufficient_scope" });
    const patch = await operator.patch(`/v1/claw/campaigns/${c.campaign_id}`, {
      pressure_level: 2,
    });
    expect(errorOf(patch).code).toBe("insufficient_scope");
    const allowed = await operator.patch(`/v1/claw/campaigns/${c.campaign_id}`, {
      mode: "assertive",
    });
    expect(allowed.status, allowed.text).toBe(200);
  });
});

describe("focus", () => {
  it("ranks the targets and operator tasks deterministically, best first, ties by id", async () => {
    const c = await campaignOf(m);
    const path = `/v1/claw/campaigns/${c.campaign_id}/focus`;
    const first = await api.post(path, {});
    expect(first.status, first.text).toBe(200);
    const ranked = first.body.ranked_targets;
    expect(first.body).toMatchObject({
      campaign_id: c.campaign_id,
      criteria: ["confidence", "amount", "freezability", "channel", "urgency", "readiness"],
      weights: { confidence: 1, amount: 1, freezability: 1, channel: 1, urgency: 1, readiness: 1 },
    });
    const types = new Set(ranked.map((r: any) => r.target_type));
    expect([...types].sort()).toEqual(["exchange", "issuer", "operator_task", "wallet"]);
    for (const r of ranked) {
      expect(r.focus_score).toBeGreaterThanOrEqual(0);
      expect(r.focus_score).toBeLessThanOrEqual(1);
      expect(r.reason).toEqual(expect.any(String));
      expect(Object.keys(r.signals).sort()).toEqual([
        "amount",
        "channel",
        "confidence",
        "freezability",
        "readiness",
        "urgency",
      ]);
    }
    for (let i = 1; i < ranked.length; i++) {
      const [a, b] = [ranked[i - 1], ranked[i]];
      expect(
        a.focus_score > b.focus_score ||
          (a.focus_score === b.focus_score && a.target_id <= b.target_id),
      ).toBe(true);
    }
    const second = await api.post(path, {});
    expect(second.body.ranked_targets).toEqual(ranked);
    const [audit] = await auditOf(first);
    expect(audit).toMatchObject({ eventType: "campaign.focused", objectId: c.campaign_id });
  });

  it("weighs only the selected criteria and stores them as the campaign's focus settings", async () => {
    const c = await campaignOf(m);
    const res = await api.post(`/v1/claw/campaigns/${c.campaign_id}/focus`, {
      criteria: ["freezability"],
    });
    expect(res.status, res.text).toBe(200);
    const ranked = res.body.ranked_targets;
    for (const r of ranked) expect(r.focus_score).toBe(r.signals.freezability);
    expect(ranked[0].reason).toContain("freezability");
    expect(res.body.weights).toEqual({
      confidence: null,
      amount: null,
      freezability: 1,
      channel: null,
      urgency: null,
      readiness: null,
    });
    const board = await ok(api.get(`/v1/claw/campaigns/${c.campaign_id}/board`));
    expect(board.campaign.focus_criteria).toEqual(["freezability"]);
    expect(board.focus_queue.map((r: any) => r.target_id)).toEqual(
      ranked.map((r: any) => r.target_id),
    );
    expect(board.campaign.operator_state.focus_score).toBe(ranked[0].focus_score);

    const weighted = await api.post(`/v1/claw/campaigns/${c.campaign_id}/focus`, {
      criteria: ["confidence", "amount"],
      weights: { confidence: 3, amount: 1 },
    });
    for (const r of weighted.body.ranked_targets)
      expect(r.focus_score).toBeCloseTo((3 * r.signals.confidence + r.signals.amount) / 4, 4);
  });

  it("refuses bad criteria and weights with 400", async () => {
    const c = await campaignOf(m);
    const path = `/v1/claw/campaigns/${c.campaign_id}/focus`;
    for (const [body, code, param] of [
      [{ criteria: ["luck"] }, "parameter_invalid", "criteria[0]"],
      [{ criteria: [] }, "parameter_invalid", "criteria"],
      [{ criteria: ["amount", "amount"] }, "parameter_invalid", "criteria[1]"],
      [{ weights: { amount: -1 } }, "parameter_invalid", "weights.amount"],
      [{ weights: { amount: 101 } }, "parameter_invalid", "weights.amount"],
      [{ weights: { luck: 1 } }, "unknown_parameter", "weights.luck"],
      [{ criteria: ["amount"], weights: { urgency: 2 } }, "parameter_invalid", "weights.urgency"],
      [{ criteria: ["amount"], weights: { amount: 0 } }, "parameter_invalid", "weights"],
    ] as const) {
      const res = await api.post(path, body);
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(400);
      expect(errorOf(res)).toMatchObject({ code, param });
    }
  });

  it("lists due deadlines and untriaged alerts as operator tasks", async () => {
    const r = await readyMatter();
    const c = await campaignOf(r, { target_set: {} });
    const res = await ok(api.post(`/v1/claw/campaigns/${c.campaign_id}/focus`, {}));
    const tasks = res.ranked_targets.filter((t: any) => t.target_type === "operator_task");
    const alerts = await app.db.root.alert.findMany({ where: { matterId: r.matterId } });
    expect(alerts.length, "the asset map raised stablecoin alerts").toBeGreaterThan(0);
    expect(tasks.map((t: any) => t.target_id).sort()).toEqual(alerts.map((a) => a.id).sort());
    expect(tasks[0]).toMatchObject({ signals: { urgency: 0.75, readiness: 1, confidence: 1 } });
  });
});

describe("expand", () => {
  it("finds leads around the campaign's wallets with basis and confidence, at most max_leads", async () => {
    const c = await campaignOf(m, { target_set: { wallets: [m.walletId] } });
    const path = `/v1/claw/campaigns/${c.campaign_id}/expand`;
    const res = await api.post(path, {});
    expect(res.status, res.text).toBe(200);
    const { leads } = res.body;
    expect(res.body).toMatchObject({ campaign_id: c.campaign_id, max_leads: 20 });
    expect(leads.length).toBeGreaterThan(0);
    expect(leads.length).toBeLessThanOrEqual(20);
    expect(res.body.leads_available).toBeGreaterThanOrEqual(leads.length);
    for (const l of leads) {
      expect(l.basis.length).toBeGreaterThan(0);
      expect(l.confidence).toBeGreaterThan(0);
      expect(l.confidence).toBeLessThanOrEqual(1);
      expect(l.source_ids.length).toBeGreaterThan(0);
    }
    const kinds = new Set(leads.flatMap((l: any) => l.expansion_types));
    expect(kinds).toEqual(
      new Set([
        "timeline_counterparties",
        "exchange_hypotheses",
        "attribution_neighbours",
        "stablecoin_issuers",
      ]),
    );
    // The graph neighbour (the other wallet) and the hypotheses' exchanges are leads.
    expect(leads).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ target_type: "wallet", target_id: m.otherWalletId }),
        expect.objectContaining({ target_type: "exchange", target_id: m.exchanges[0] }),
        expect.objectContaining({ target_type: "issuer", target_id: m.issuers[0] }),
      ]),
    );
    for (let i = 1; i < leads.length; i++)
      expect(leads[i - 1].confidence).toBeGreaterThanOrEqual(leads[i].confidence);
    expect((await api.post(path, {})).body.leads).toEqual(leads);

    const two = await ok(
      api.post(path, { max_leads: 2, expansion_types: ["exchange_hypotheses"] }),
    );
    expect(two.leads.length).toBeLessThanOrEqual(2);
    expect(two.leads.every((l: any) => l.target_type === "exchange")).toBe(true);
    const board = await ok(api.get(`/v1/claw/campaigns/${c.campaign_id}/board`));
    expect(board.expand_queue).toEqual(two.leads);
    expect(board.campaign.operator_state.expand_queue).toBe(two.leads.length);

    // Targeting a lead takes it off the list.
    await ok(
      api.patch(`/v1/claw/campaigns/${c.campaign_id}`, {
        target_set: { wallets: [m.walletId, m.otherWalletId], exchanges: m.exchanges },
      }),
    );
    const after = await ok(api.post(path, { max_leads: 100 }));
    const ids = after.leads.map((l: any) => l.target_id);
    expect(ids).not.toContain(m.otherWalletId);
    for (const e of m.exchanges) expect(ids).not.toContain(e);
  });

  it("refuses max_leads outside 1–100 and unknown expansion types", async () => {
    const c = await campaignOf(m);
    const path = `/v1/claw/campaigns/${c.campaign_id}/expand`;
    for (const [body, param] of [
      [{ max_leads: 0 }, "max_leads"],
      [{ max_leads: 101 }, "max_leads"],
      [{ max_leads: "5" }, "max_leads"],
      [{ expansion_types: ["rumours"] }, "expansion_types[0]"],
      [{ expansion_types: [] }, "expansion_types"],
    ] as const) {
      const res = await api.post(path, body);
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(400);
      expect(errorOf(res).param).toBe(param);
    }
  });
});

describe("board, list, status and isolation", () => {
  it("shows the campaign, its queues, the matter's live alerts and no blockers", async () => {
    const c = await campaignOf(m);
    const board = await ok(api.get(`/v1/claw/campaigns/${c.campaign_id}/board`));
    expect(Object.keys(board).sort()).toEqual(
      [
        "alerts",
        "alerts_total",
        "audit_ref",
        "blockers",
        "campaign",
        "expand_queue",
        "expand_total",
        "focus_queue",
        "focus_total",
        "packet_queue",
      ].sort(),
    );
    expect(board.campaign.campaign_id).toBe(c.campaign_id);
    expect(board.packet_queue).toEqual([]);
    expect(board.blockers).toEqual([]);
    const alerts = await app.db.root.alert.findMany({
      where: { matterId: m.matterId },
      orderBy: { id: "desc" },
    });
    expect(board.alerts.map((a: any) => a.alert_id)).toEqual(alerts.map((a) => a.id));
    expect(board.alerts_total).toBe(alerts.length);
    expect(board.focus_total).toBe(board.focus_queue.length);
  });

  it("lists campaigns newest first with filters and keyset pages", async () => {
    const r = await readyMatter();
    const a = await campaignOf(r);
    const b = await campaignOf(r, { mode: "assertive" });
    const list = await ok(api.get(`/v1/claw/campaigns?matter_id=${r.matterId}`));
    expect(list.items.map((i: any) => i.campaign_id)).toEqual([b.campaign_id, a.campaign_id]);
    expect(list.items[0].operator_state).toBeDefined();
    const page = await ok(api.get(`/v1/claw/campaigns?matter_id=${r.matterId}&limit=1`));
    expect(page).toMatchObject({ has_more: true, next_cursor: expect.any(String) });
    const next = await ok(
      api.get(`/v1/claw/campaigns?matter_id=${r.matterId}&limit=1&cursor=${page.next_cursor}`),
    );
    expect(next.items.map((i: any) => i.campaign_id)).toEqual([a.campaign_id]);
    const assertive = await ok(
      api.get(`/v1/claw/campaigns?matter_id=${r.matterId}&mode=assertive`),
    );
    expect(assertive.items.map((i: any) => i.campaign_id)).toEqual([b.campaign_id]);
    await ok(api.patch(`/v1/claw/campaigns/${a.campaign_id}`, { status: "paused" }));
    const paused = await ok(api.get(`/v1/claw/campaigns?matter_id=${r.matterId}&status=paused`));
    expect(paused.items.map((i: any) => i.campaign_id)).toEqual([a.campaign_id]);
    for (const q of ["limit=0", "limit=101", "cursor=zzz", "status=sleeping", "colour=red"]) {
      const res = await api.get(`/v1/claw/campaigns?${q}`);
      expect(res.status, q).toBe(400);
    }
  });

  it("moves status active ⇄ paused → closed, and a closed campaign refuses every write", async () => {
    const c = await campaignOf(m);
    const path = `/v1/claw/campaigns/${c.campaign_id}`;
    expect((await ok(api.patch(path, { status: "paused" }))).status).toBe("paused");
    expect((await ok(api.patch(path, { status: "active" }))).status).toBe("active");
    expect((await ok(api.patch(path, { status: "closed" }))).status).toBe("closed");
    const reopen = await api.patch(path, { status: "active" });
    expect(reopen.status).toBe(409);
    expect(errorOf(reopen)).toMatchObject({
      code: "invalid_state_transition",
      details: { allowed: [] },
    });
    for (const [sub, body] of [
      ["/pressure", { pressure_level: 2 }],
      ["/focus", {}],
      ["/expand", {}],
    ] as const)
      expect(errorOf(await api.post(`${path}${sub}`, body)).code).toBe("invalid_state_transition");
    const board = await ok(api.get(`${path}/board`));
    expect(board.campaign.operator_state.next_claw_action_kind).toBe("reporting_task");
  });

  it("refuses writes under a closed matter with 409 matter_closed", async () => {
    const r = await readyMatter();
    const c = await campaignOf(r);
    await ok(api.post(`/v1/matters/${r.matterId}/close`, { reason: "paid" }));
    const pressure = await api.post(`/v1/claw/campaigns/${c.campaign_id}/pressure`, {
      pressure_level: 2,
    });
    expect(pressure.status).toBe(409);
    expect(errorOf(pressure).code).toBe("matter_closed");
    const created = await create({
      matter_id: r.matterId,
      judgment_id: r.judgmentId,
      mode: "measured",
    });
    expect(errorOf(created).code).toBe("matter_closed");
  });

  it("hides campaigns from other tenants, environments and matter-limited keys (404)", async () => {
    const c = await campaignOf(m);
    const outsiders = [
      (await seed.org()).admin,
      await org.key({ environment: "live" }),
      await org.key({ matter_ids: [await seed.matter(api)] }),
    ];
    for (const outsider of outsiders) {
      for (const path of [
        `/v1/claw/campaigns/${c.campaign_id}`,
        `/v1/claw/campaigns/${c.campaign_id}/board`,
      ]) {
        const res = await outsider.get(path);
        expect(res.status, `${path}: ${res.text}`).toBe(404);
        expect(errorOf(res).code).toBe("resource_missing");
      }
      const patch = await outsider.patch(`/v1/claw/campaigns/${c.campaign_id}`, {
        mode: "assertive",
      });
      expect(patch.status).toBe(404);
      const list = await outsider.get("/v1/claw/campaigns?limit=100");
      expect(list.text).not.toContain(c.campaign_id);
      const made = await create(
        { matter_id: m.matterId, judgment_id: m.judgmentId, mode: "measured" },
        outsider,
      );
      expect(made.status).toBe(404);
    }
  });
});

describe("GraphQL", () => {
  const CAMPAIGN_FIELDS = `campaignId mode pressureLevel pressureName pressureCap
    targetSet { wallets exchanges issuers debtors }
    operatorState { focusScore expandQueue nextClawAction nextClawActionKind }
    gates { gate status reasons requiredActions }
    pressureHistory { fromLevel toLevel pressureName source reason counselApprovalId actorId }`;

  it("creates, focuses, expands and raises pressure with the same rules and error codes", async () => {
    const created = await api.graphql(
      `mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { id ${CAMPAIGN_FIELDS} } }`,
      {
        input: {
          matterId: m.matterId,
          judgmentId: m.judgmentId,
          mode: "assertive",
          targetSet: { wallets: [m.walletId], issuers: m.issuers },
        },
      },
    );
    expect(created.body.errors, JSON.stringify(created.body.errors)).toBeUndefined();
    const c = created.body.data.createCampaign;
    expect(c).toMatchObject({
      id: c.campaignId,
      mode: "assertive",
      pressureLevel: 2,
      pressureCap: 5,
    });
    const id = c.id;

    const pressure = `mutation ($id: ID!, $input: SetCampaignPressureInput!) {
      setCampaignPressure(id: $id, input: $input) { pressureLevel pressureName pressureHistory { toLevel counselApprovalId } } }`;
    const refused = await api.graphql(pressure, { id, input: { pressureLevel: 5 } });
    expect(refused.body.errors[0].extensions.code).toBe("counsel_approval_required");
    const tooHigh = await api.graphql(pressure, {
      id,
      input: { pressureLevel: 6, counselApprovalId: "memo-7" },
    });
    expect(tooHigh.body.errors[0].extensions.code).toBe("pressure_exceeds_profile");
    const raised = await api.graphql(pressure, {
      id,
      input: { pressureLevel: 5, counselApprovalId: "memo-7", reason: "Turnover motion." },
    });
    expect(raised.body.errors).toBeUndefined();
    expect(raised.body.data.setCampaignPressure).toMatchObject({
      pressureLevel: 5,
      pressureName: "seize_turnover",
      pressureHistory: [
        { toLevel: 2, counselApprovalId: null },
        { toLevel: 5, counselApprovalId: "memo-7" },
      ],
    });

    const focused = await api.graphql(
      `mutation ($id: ID!) { focusCampaign(id: $id, input: { criteria: [freezability, amount] }) {
         campaignId criteria rankedTargets { targetType targetId focusScore reason } } }`,
      { id },
    );
    expect(focused.body.errors).toBeUndefined();
    expect(focused.body.data.focusCampaign.criteria).toEqual(["freezability", "amount"]);
    const expanded = await api.graphql(
      `mutation ($id: ID!) { expandCampaign(id: $id, input: { maxLeads: 3 }) {
         maxLeads leads { targetType targetId confidence basis expansionTypes } } }`,
      { id },
    );
    expect(expanded.body.errors).toBeUndefined();
    expect(expanded.body.data.expandCampaign.leads.length).toBeLessThanOrEqual(3);

    const updated = await api.graphql(
      `mutation ($id: ID!) { updateCampaign(id: $id, input: { status: paused }) { status } }`,
      { id },
    );
    expect(updated.body.data.updateCampaign.status).toBe("paused");

    const read = await api.graphql(
      `query ($id: ID!, $m: ID!) {
         node(id: $id) { ... on Campaign { campaignId pressureLevel } }
         campaigns(matterId: $m, first: 100) { edges { node { campaignId } } }
         matter(id: $m) { campaigns(first: 100) { edges { node { campaignId } } } }
         campaignBoard(id: $id) { campaign { campaignId } focusQueue { targetId } blockers { gate } }
       }`,
      { id, m: m.matterId },
    );
    expect(read.body.errors, JSON.stringify(read.body.errors)).toBeUndefined();
    expect(read.body.data.node).toEqual({ campaignId: id, pressureLevel: 5 });
    expect(read.body.data.campaigns.edges.map((e: any) => e.node.campaignId)).toContain(id);
    expect(read.body.data.matter.campaigns.edges.map((e: any) => e.node.campaignId)).toContain(id);
    expect(read.body.data.campaignBoard.campaign.campaignId).toBe(id);
  });

  it("shows each change in the history of later mutations of the same document", async () => {
    const c = await campaignOf(m, { mode: "maximum_lawful" });
    const res = await api.graphql(
      `mutation ($id: ID!) {
         a: setCampaignPressure(id: $id, input: { pressureLevel: 2 }) { pressureHistory { toLevel } }
         b: setCampaignPressure(id: $id, input: { pressureLevel: 1 }) { pressureHistory { toLevel } }
       }`,
      { id: c.campaign_id },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.a.pressureHistory.map((h: any) => h.toLevel)).toEqual([3, 2]);
    expect(res.body.data.b.pressureHistory.map((h: any) => h.toLevel)).toEqual([3, 2, 1]);
  });

  it("shows the gates as directives on the campaign mutations", () => {
    const fields = app.schema.getMutationType()!.getFields();
    for (const [name, scope] of [
      ["createCampaign", "claw:write"],
      ["updateCampaign", "claw:write"],
      ["focusCampaign", "claw:operate"],
      ["expandCampaign", "claw:operate"],
      ["setCampaignPressure", "claw:pressure"],
      ["createCampaignAction", "claw:operate"],
    ] as const) {
      const gate = (fields[name]!.extensions as any).gate;
      expect(gate.scope, name).toBe(scope);
      expect(gate.authority, name).toBeTypeOf("function");
      expect(gate.sanctions, name).toBeTypeOf("function");
    }
  });
});

describe("cost of a board and of a campaign page", () => {
  /** A campaign on a ready matter with `n` extra wallets targeted. */
  async function campaignWithWallets(n: number) {
    const r = await readyMatter();
    const wallets = Array.from({ length: n }, (_, i) => ({
      address: `0x${(i + 1).toString(16).padStart(40, "0")}`,
      network: "ethereum",
    }));
    const imported = n
      ? await ok(
          api.post("/v1/attribution/wallets/import", { matter_id: r.matterId, wallets }),
          201,
        )
      : { wallets: [] };
    const c = await campaignOf(r, {
      target_set: {
        wallets: [r.walletId, ...imported.wallets.map((w: any) => w.wallet_id)],
        exchanges: r.exchanges,
        issuers: r.issuers,
      },
    });
    return { r, c };
  }

  it("costs the same SQL statements for a board of 1 and of 60 targeted wallets", async () => {
    const small = await campaignWithWallets(0);
    const large = await campaignWithWallets(60);
    const count = (id: string) =>
      statementsOf(app, () => api.get(`/v1/claw/campaigns/${id}/board`));
    const [a, b] = [await count(small.c.campaign_id), await count(large.c.campaign_id)];
    expect(b).toBe(a);
    expect(a).toBeLessThan(25);
  });

  it("costs the same for a matter page of 1 and of 4 campaigns with state, gates, history and board", async () => {
    const one = await campaignWithWallets(0);
    const four = await campaignWithWallets(5);
    for (let i = 0; i < 3; i++) await campaignOf(four.r);
    const query = `query ($m: ID!) { matter(id: $m) { campaigns(first: 20) { edges { node {
      campaignId operatorState { focusScore expandQueue nextClawAction } gates { gate status }
      pressureHistory { toLevel } board { focusQueue { targetId } expandQueue { targetId } alerts { alertId } blockers { gate } }
    } } } } }`;
    const count = (matterId: string) =>
      statementsOf(app, async () => {
        const res = await api.graphql(query, { m: matterId });
        expect(res.body.errors).toBeUndefined();
      });
    const size = async (matterId: string) =>
      (await api.graphql(query, { m: matterId })).body.data.matter.campaigns.edges.length;
    expect([await size(one.r.matterId), await size(four.r.matterId)]).toEqual([1, 4]);
    expect(await count(four.r.matterId)).toBe(await count(one.r.matterId));
  });
});
