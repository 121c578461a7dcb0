/**
 * The seams between modules: campaign actions (actions × campaigns), what actions and recovery
 * events link to (actions, ledger × campaigns, packets), the campaigns' focus candidates and
 * board packet queue (campaigns × packets, actions, relationships), and the follow-ups of an
 * alert triage (alerts × actions, packets). Over HTTP and GraphQL.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionReadiness, actionUrgency } from "../../plugins/actions/campaign-focus.js";
import { walletOfAlert } from "../../plugins/alerts/triage-follow-ups.js";
import { packetReadiness } from "../../plugins/packets/campaign-focus.js";
import { newId } from "../../src/ids.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type ApiResponse, type Client, errorOf, expectError } from "../helpers/http.js";
import { LISTED_WALLET, SANDBOX_WALLET, Seed, type SeededOrg } from "../helpers/seed.js";
import { statementsOf } from "../helpers/statements.js";

let app: TestApp;
let seed: Seed;
let org: SeededOrg;
let api: Client;
/** A matter with authority, a validated judgment, crypto evidence, a clear screen, a campaign. */
let m: Ready;

/** A name the shipped SDN list holds in a similar spelling (TREVINO MORALES, Miguel). */
const SIMILAR_NAME = "Miguel Trevino Moralez";
const DAY = 86_400_000;

interface Ready {
  matterId: string;
  judgmentId: string;
  walletId: string;
  exchanges: string[];
  issuers: string[];
  campaignId: string;
}

const ok = async (res: Promise<ApiResponse>, status = 200) => {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.body;
};

const grant = (matterId: string, client = api) =>
  seed.grant(client, matterId, { granted_by: "Acme Corp (client)" });

/** The unvalidated judgment these campaigns rest on (USD 250,000.00, entered 200 days ago). */
const JUDGMENT = {
  creditor: "Acme Corp",
  amount: { amount: 250000, currency: "USD" },
  date_entered: new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10),
};
const intake = async (matterId: string, client = api) =>
  (await seed.judgment(client, matterId, JUDGMENT, { validate: false })).judgment_id as string;

const screenClear = (matterId: string, client = api) =>
  ok(client.post("/v1/sanctions/screen", { matter_id: matterId, wallets: [SANDBOX_WALLET] }));

const newCampaign = async (matterId: string, judgmentId: string, extra = {}, client = api) =>
  (
    await ok(
      client.post("/v1/claw/campaigns", {
        matter_id: matterId,
        judgment_id: judgmentId,
        mode: "measured",
        ...extra,
      }),
      201,
    )
  ).campaign_id as string;

/** A matter a campaign runs on, with its campaign, through the API. */
async function readyMatter(client: Client = api): Promise<Ready> {
  const matterId = await seed.matter(client);
  await grant(matterId, client);
  const judgmentId = await intake(matterId, client);
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
      ],
    }),
    201,
  );
  const walletId = imported.wallets[0].wallet_id as string;
  const map = await ok(
    client.post("/v1/crypto/asset-map", { matter_id: matterId, wallets: [SANDBOX_WALLET] }),
  );
  await screenClear(matterId, client);
  const exchanges = [...new Set<string>(map.exchange_hypotheses.map((h: any) => h.exchange))];
  const issuers = [...new Set<string>(map.stablecoin_exposure.map((x: any) => x.issuer))];
  const campaignId = await newCampaign(
    matterId,
    judgmentId,
    { target_set: { wallets: [walletId], exchanges, issuers } },
    client,
  );
  return { matterId, judgmentId, walletId, exchanges, issuers, campaignId };
}

const packetOf = async (matterId: string, kind = "exchange-intercept", extra = {}, client = api) =>
  (
    await ok(
      client.post(`/v1/packets/${kind}`, {
        matter_id: matterId,
        authorized_sender: "Jordan Counsel, Esq.",
        ...extra,
      }),
      201,
    )
  ).packet_id as string;

const campaignAction = (campaignId: string, body: Record<string, unknown>, client = api) =>
  client.post(`/v1/claw/campaigns/${campaignId}/actions`, {
    type: "exchange",
    title: "Send the preservation request",
    ...body,
  });

const auditOf = (res: ApiResponse) =>
  app.db.root.auditEvent.findMany({
    where: { requestId: res.headers.get("MD-Request-Id")! },
    orderBy: { sequence: "asc" },
  });
const actionCount = () => app.db.root.action.count();

async function invite(roles: string[], matterIds: string[] = []): Promise<string> {
  const res = await seed.root.post(`/v1/organizations/${org.id}/users`, {
    email: `user${Math.random().toString(36).slice(2)}@example.com`,
    roles,
    matter_ids: matterIds,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.user_id;
}

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  org = await seed.org({ name: "Acme Recovery Partners", features: ["live_access"] });
  api = org.admin;
  m = await readyMatter();
  expect(m.exchanges.length, "sandbox exchange hypotheses").toBeGreaterThan(0);
  expect(m.issuers.length, "sandbox stablecoin exposure").toBeGreaterThan(0);
}, 120_000);
afterAll(() => app.dispose());

describe("POST /v1/claw/campaigns/{campaign_id}/actions", () => {
  it("creates an open action of the campaign in its matter through the action service, audited", async () => {
    const packetId = await packetOf(m.matterId);
    const owner = await invite(["operator"], [m.matterId]);
    const res = await campaignAction(m.campaignId, {
      type: "packet",
      title: "Send the intercept packet to the exchange",
      owner_id: owner,
      due_at: "2026-12-01T09:00:00.000Z",
      linked_packet_id: packetId,
      review_required: true,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      action_id: expect.stringMatching(/^act_[0-9a-z]{26}$/),
      matter_id: m.matterId,
      campaign_id: m.campaignId,
      type: "packet",
      title: "Send the intercept packet to the exchange",
      owner_id: owner,
      priority: "normal",
      status: "open",
      due_at: "2026-12-01T09:00:00.000Z",
      linked_packet_id: packetId,
      review_state: { review_required: true, review_status: "pending" },
      audit_ref: res.headers.get("MD-Request-Id"),
    });
    const [audit, ...more] = await auditOf(res);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      eventType: "action.created",
      objectId: res.body.action_id,
      matterId: m.matterId,
      details: { campaign_id: m.campaignId, linked_packet_id: packetId, owner_id: owner },
    });
    const listed = await ok(api.get(`/v1/actions?campaign_id=${m.campaignId}`));
    expect(listed.items.map((a: any) => a.action_id)).toContain(res.body.action_id);
    const plain = await ok(campaignAction(m.campaignId, {}), 201);
    expect(plain).toMatchObject({
      owner_id: null,
      due_at: null,
      linked_packet_id: null,
      review_state: { review_required: false, review_status: "not_required" },
    });
  });

  it("refuses bad input with 400 before any lookup and writes nothing", async () => {
    const before = await actionCount();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ type: "freeze_everything" }, "parameter_invalid", "type"],
      [{ title: "  " }, "parameter_invalid", "title"],
      [{ title: undefined }, "parameter_missing", "title"],
      [{ linked_packet_id: m.campaignId }, "parameter_invalid", "linked_packet_id"],
      [{ due_at: "soon" }, "parameter_invalid", "due_at"],
      [{ review_required: "yes" }, "parameter_invalid", "review_required"],
      [{ campaign_id: m.campaignId }, "unknown_parameter", "campaign_id"],
      [{ matter_id: m.matterId }, "unknown_parameter", "matter_id"],
    ];
    for (const [body, code, param] of cases)
      expectError(await campaignAction("cmp_01jzzzzzzzzzzzzzzzzzzzzzzz", body), 400, code, param);
    expect(await actionCount()).toBe(before);
  });

  it("answers 404 for a campaign out of reach and for another matter's packet or an unknown owner", async () => {
    const before = await actionCount();
    expectError(
      await campaignAction("cmp_01jzzzzzzzzzzzzzzzzzzzzzzz", {}),
      404,
      "resource_missing",
      "campaign_id",
    );
    const outsiders = [
      (await seed.org()).admin,
      await org.key({ environment: "live" }),
      await org.key({ matter_ids: [await seed.matter(api)] }),
    ];
    for (const outsider of outsiders)
      expectError(await campaignAction(m.campaignId, {}, outsider), 404, "resource_missing");
    const other = await seed.matter(api);
    await grant(other);
    const elsewhere = await packetOf(other);
    expectError(
      await campaignAction(m.campaignId, { linked_packet_id: elsewhere }),
      404,
      "resource_missing",
      "linked_packet_id",
    );
    expectError(
      await campaignAction(m.campaignId, { owner_id: "usr_01jzzzzzzzzzzzzzzzzzzzzzzz" }),
      404,
      "resource_missing",
      "owner_id",
    );
    expect(await actionCount()).toBe(before);
  });

  it("passes the campaign's gates: no screen 403, an uncleared match holds, a cleared review passes", async () => {
    // A campaign is only made once its matter is screened, so this unscreened matter's campaign
    // row is put in place directly, as a copy of a real one.
    const bare = await seed.matter(api);
    await grant(bare);
    const bareJudgment = await intake(bare);
    const model = await app.db.root.campaign.findUniqueOrThrow({ where: { id: m.campaignId } });
    const copied = await app.db.root.campaign.create({
      data: {
        ...model,
        id: newId("campaign"),
        matterId: bare,
        judgmentId: bareJudgment,
        targetSet: {},
        focusWeights: {},
      } as never,
    });
    expectError(await campaignAction(copied.id, {}), 403, "sanctions_screen_required");

    const matterId = await seed.matter(api);
    await grant(matterId);
    const judgmentId = await intake(matterId);
    await screenClear(matterId);
    const campaignId = await newCampaign(matterId, judgmentId);
    const screen = await ok(
      api.post("/v1/sanctions/screen", { matter_id: matterId, entities: [SIMILAR_NAME] }),
    );
    expect(screen.status).toBe("potential_match");
    const before = await actionCount();
    const held = expectError(await campaignAction(campaignId, {}), 403, "sanctions_hold");
    expect(held.details.uncleared_screen_ids).toEqual([screen.screen_id]);
    expect(await actionCount()).toBe(before);
    const review = await ok(
      api.post("/v1/sanctions/review-packet", { matter_id: matterId, screen_id: screen.screen_id }),
      201,
    );
    await ok(
      api.post(`/v1/sanctions/${review.review_id}/decision`, {
        decision: "cleared",
        counsel_owner: "Jordan Counsel, Esq.",
      }),
    );
    expect((await campaignAction(campaignId, {})).status).toBe(201);

    const grants = await ok(api.get(`/v1/matters/${matterId}/authority`));
    for (const g of grants.items)
      await ok(
        api.post(`/v1/matters/${matterId}/authority/${g.authority_id}/revoke`, {
          reason: "Engagement ended.",
        }),
      );
    expectError(await campaignAction(campaignId, {}), 403, "authority_required");
    const operator = await org.key({ scopes: ["actions:write", "claw:read"] });
    expectError(await campaignAction(m.campaignId, {}, operator), 403, "insufficient_scope");
  });

  it("refuses a closed campaign (409 invalid_state_transition) on both endpoints, and a closed matter", async () => {
    const r = await readyMatter();
    await ok(api.patch(`/v1/claw/campaigns/${r.campaignId}`, { status: "closed" }));
    const before = await actionCount();
    const closed = expectError(
      await campaignAction(r.campaignId, {}),
      409,
      "invalid_state_transition",
    );
    expect(closed.details.allowed).toEqual([]);
    const linked = await api.post("/v1/actions", {
      matter_id: r.matterId,
      type: "watch",
      title: "Watch",
      campaign_id: r.campaignId,
    });
    expectError(linked, 409, "invalid_state_transition");
    expect(await actionCount()).toBe(before);

    const open = await readyMatter();
    await ok(api.post(`/v1/matters/${open.matterId}/close`, { reason: "paid" }));
    expectError(await campaignAction(open.campaignId, {}), 409, "matter_closed");
    expect(await actionCount()).toBe(before);
  });

  it("replays an idempotent creation without a second action", async () => {
    const headers = { "Idempotency-Key": `campaign-action-${Math.random()}` };
    const path = `/v1/claw/campaigns/${m.campaignId}/actions`;
    const body = { type: "watch", title: "Watch the deposit address" };
    const first = await api.post(path, body, { headers });
    expect(first.status, first.text).toBe(201);
    const before = await actionCount();
    const again = await api.post(path, body, { headers });
    expect(again.status).toBe(201);
    expect(again.body.action_id).toBe(first.body.action_id);
    expect(await actionCount()).toBe(before);
  });

  it("is the GraphQL mutation createCampaignAction, gated as documented", async () => {
    const res = await api.graphql(
      `mutation ($id: ID!, $input: CreateCampaignActionInput!) {
         createCampaignAction(id: $id, input: $input) { id campaignId matterId type reviewState { reviewRequired } }
       }`,
      { id: m.campaignId, input: { type: "discovery", title: "Subpoena", reviewRequired: true } },
    );
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    expect(res.body.data.createCampaignAction).toMatchObject({
      campaignId: m.campaignId,
      matterId: m.matterId,
      type: "discovery",
      reviewState: { reviewRequired: true },
    });
    const missing = await api.graphql(
      `mutation { createCampaignAction(id: "cmp_01jzzzzzzzzzzzzzzzzzzzzzzz", input: { type: watch, title: "x" }) { id } }`,
    );
    expect(missing.body.errors[0].extensions.code).toBe("resource_missing");
    const gate = (app.schema.getMutationType()!.getFields().createCampaignAction!.extensions as any)
      .gate;
    expect(gate.scope).toBe("claw:operate");
    expect(gate.authority).toBeTypeOf("function");
    expect(gate.sanctions).toBeTypeOf("function");
  });
});

describe("what an action links to", () => {
  it("looks the campaign and the packet up in the action's matter (404 naming the field)", async () => {
    const other = await readyMatter();
    const otherPacket = await packetOf(other.matterId);
    const stranger = await seed.org();
    const strangerReady = await readyMatter(stranger.admin);
    const strangerPacket = await packetOf(strangerReady.matterId, undefined, {}, stranger.admin);
    const before = await actionCount();
    const body = { matter_id: m.matterId, type: "watch", title: "Watch" };
    for (const campaignId of [
      other.campaignId,
      strangerReady.campaignId,
      "cmp_01jzzzzzzzzzzzzzzzzzzzzzzz",
    ])
      expectError(
        await api.post("/v1/actions", { ...body, campaign_id: campaignId }),
        404,
        "resource_missing",
        "campaign_id",
      );
    for (const packetId of [otherPacket, strangerPacket])
      expectError(
        await api.post("/v1/actions", { ...body, linked_packet_id: packetId }),
        404,
        "resource_missing",
        "linked_packet_id",
      );
    const gql = await api.graphql(
      `mutation ($input: CreateActionInput!) { createAction(input: $input) { id } }`,
      {
        input: {
          matterId: m.matterId,
          type: "watch",
          title: "Watch",
          campaignId: other.campaignId,
        },
      },
    );
    expect(gql.body.errors[0].extensions).toMatchObject({
      code: "resource_missing",
      param: "input.campaignId",
    });
    expect(await actionCount()).toBe(before);
    const mine = await packetOf(m.matterId);
    const made = await ok(
      api.post("/v1/actions", { ...body, campaign_id: m.campaignId, linked_packet_id: mine }),
      201,
    );
    expect(made).toMatchObject({ campaign_id: m.campaignId, linked_packet_id: mine });
  });
});

describe("campaign focus and board with packets, actions and relationships", () => {
  /** A ready matter with `n` packets (every other one approved) and `n` actions. */
  async function populated(n: number) {
    const r = await readyMatter();
    const packets: string[] = [];
    for (let i = 0; i < n; i++) {
      const id = await packetOf(r.matterId);
      if (i % 2 === 0)
        await ok(
          api.post(`/v1/packets/${id}/review`, { decision: "approved", reviewer: "Counsel" }),
        );
      packets.push(id);
    }
    const actions: string[] = [];
    for (let i = 0; i < n; i++)
      actions.push(
        (
          await ok(
            campaignAction(r.campaignId, {
              type: "legal_process",
              title: `Filing ${i}`,
              due_at: new Date(Date.now() + (i * 30 - 1) * DAY).toISOString(),
            }),
            201,
          )
        ).action_id,
      );
    return { r, packets, actions };
  }

  it("ranks packets by readiness and live actions by due time, and shows the channel of usable relationships", async () => {
    const r = await readyMatter();
    const inReview = await packetOf(r.matterId, "exchange-freeze");
    const approved = await packetOf(r.matterId);
    await ok(
      api.post(`/v1/packets/${approved}/review`, { decision: "approved", reviewer: "Counsel" }),
    );
    const overdue = await ok(
      campaignAction(r.campaignId, {
        type: "legal_process",
        title: "Serve the restraining notice",
        due_at: new Date(Date.now() - DAY).toISOString(),
      }),
      201,
    );
    const unscheduled = await ok(
      campaignAction(r.campaignId, { type: "watch", title: "Watch" }),
      201,
    );
    const loose = await ok(
      api.post("/v1/actions", { matter_id: r.matterId, type: "ledger", title: "Book it" }),
      201,
    );
    const done = await ok(campaignAction(r.campaignId, { type: "watch", title: "Done" }), 201);
    await ok(api.post(`/v1/actions/${done.action_id}/complete`, {}));
    const otherCampaign = await newCampaign(r.matterId, r.judgmentId);
    const foreignAction = await ok(
      campaignAction(otherCampaign, { type: "watch", title: "x" }),
      201,
    );

    // A usable channel to the first exchange; the issuers only have a law-enforcement channel.
    const [exchange] = r.exchanges;
    await ok(
      api.post("/v1/relationships", {
        counterparty_type: "exchange",
        counterparty_name: `${exchange!.toUpperCase()}.`,
        channel_type: "compliance_portal",
      }),
      201,
    );
    for (const issuer of r.issuers)
      await ok(
        api.post("/v1/relationships", {
          counterparty_type: "law_enforcement_only",
          counterparty_name: issuer,
          channel_type: "agency_portal",
        }),
        201,
      );

    const focus = await ok(api.post(`/v1/claw/campaigns/${r.campaignId}/focus`, {}));
    const ranked = focus.ranked_targets as any[];
    const of = (id: string) => ranked.find((t) => t.target_id === id);
    expect(of(approved)).toMatchObject({ target_type: "packet" });
    expect(of(approved).signals.readiness).toBe(1);
    expect(of(inReview).signals.readiness).toBe(0.25);
    expect(of(overdue.action_id)).toMatchObject({ target_type: "action" });
    expect(of(overdue.action_id).signals).toMatchObject({ urgency: 1, readiness: 1 });
    expect(of(unscheduled.action_id).signals.urgency).toBe(0);
    expect(of(loose.action_id)).toBeDefined();
    expect(of(done.action_id)).toBeUndefined();
    expect(of(foreignAction.action_id)).toBeUndefined();
    expect(of(exchange!).signals.channel).toBe(1);
    for (const issuer of r.issuers) expect(of(issuer).signals.channel).toBe(0);
    expect(ranked.find((t) => t.target_type === "wallet").signals.channel).toBe(1);

    const board = await ok(api.get(`/v1/claw/campaigns/${r.campaignId}/board`));
    expect(board.packet_queue.map((p: any) => p.packet_id)).toEqual([approved, inReview]);
    expect(board.packet_queue[0]).toMatchObject({
      packet_id: approved,
      matter_id: r.matterId,
      type: "exchange_intercept",
      status: "approved",
      authorized_sender: "Jordan Counsel, Esq.",
    });
    expect(board.focus_queue.some((t: any) => t.target_type === "packet")).toBe(false);
    expect(board.focus_queue.map((t: any) => t.target_id)).toContain(overdue.action_id);

    // Urgency alone: the overdue action leads (act_ sorts before alr_ and ddl_ on ties) and
    // becomes the next claw action.
    const urgent = await ok(
      api.post(`/v1/claw/campaigns/${r.campaignId}/focus`, { criteria: ["urgency"] }),
    );
    expect(urgent.ranked_targets[0].target_id).toBe(overdue.action_id);
    const after = await ok(api.get(`/v1/claw/campaigns/${r.campaignId}`));
    expect(after.operator_state).toMatchObject({
      next_claw_action_kind: "legal_process",
      next_claw_action: expect.stringContaining("Serve the restraining notice"),
    });
    // Channel alone (neither packet names one): the packets tie and go by id.
    await ok(api.post(`/v1/claw/campaigns/${r.campaignId}/focus`, { criteria: ["channel"] }));
    const byChannel = await ok(api.get(`/v1/claw/campaigns/${r.campaignId}/board`));
    expect(byChannel.packet_queue.map((p: any) => p.packet_id)).toEqual(
      [approved, inReview].sort(),
    );

    const gql = await api.graphql(
      `query ($id: ID!) { campaignBoard(id: $id) {
         packetQueue { id packetId status type }
         focusQueue { targetType targetId }
       } }`,
      { id: r.campaignId },
    );
    expect(gql.body.errors, JSON.stringify(gql.body.errors)).toBeUndefined();
    expect(gql.body.data.campaignBoard.packetQueue.map((p: any) => p.id).sort()).toEqual(
      [approved, inReview].sort(),
    );
  });

  it("shows every open packet and live action, and costs the same statements at two sizes", async () => {
    const small = await populated(1);
    const large = await populated(6);
    const sizes = async (id: string) => {
      const board = await ok(api.get(`/v1/claw/campaigns/${id}/board`));
      return [
        board.packet_queue.length,
        board.focus_queue.filter((t: any) => t.target_type === "action").length,
      ];
    };
    expect(await sizes(small.r.campaignId)).toEqual([1, 1]);
    expect(await sizes(large.r.campaignId)).toEqual([6, 6]);
    const board = await ok(api.get(`/v1/claw/campaigns/${large.r.campaignId}/board`));
    expect(board.packet_queue.map((p: any) => p.packet_id).sort()).toEqual(
      [...large.packets].sort(),
    );
    const approved = large.packets.filter((_, i) => i % 2 === 0);
    expect(board.packet_queue.slice(0, approved.length).map((p: any) => p.status)).toEqual(
      approved.map(() => "approved"),
    );
    const count = (id: string) =>
      statementsOf(app, () => api.get(`/v1/claw/campaigns/${id}/board`));
    expect(await count(large.r.campaignId)).toBe(await count(small.r.campaignId));
    const query = `query ($id: ID!) { campaignBoard(id: $id) {
      packetQueue { packetId status } focusQueue { targetId } alerts { alertId } } }`;
    const gqlCount = (id: string) =>
      statementsOf(app, async () => {
        const res = await api.graphql(query, { id });
        expect(res.body.errors).toBeUndefined();
      });
    expect(await gqlCount(large.r.campaignId)).toBe(await gqlCount(small.r.campaignId));
  });
});

describe("alert triage follow-ups", () => {
  /** A sanctions alert (with its screen) on a matter with authority. */
  async function sanctionsAlert(matterId: string) {
    const screen = await ok(
      api.post("/v1/sanctions/screen", { matter_id: matterId, wallets: [LISTED_WALLET] }),
    );
    const alerts = await ok(api.get(`/v1/alerts?matter_id=${matterId}&type=sanctions`));
    const alert = alerts.items.find((a: any) => a.details.screen_id === screen.screen_id);
    expect(alert, "the screen's sanctions alert").toBeDefined();
    return { alert, screen };
  }

  it("creates a linked action and packet in the triage's write and names them in its history", async () => {
    const matterId = await seed.matter(api);
    await grant(matterId);
    const { alert } = await sanctionsAlert(matterId);
    const res = await api.post(`/v1/alerts/${alert.alert_id}/triage`, {
      status: "actionable",
      notes: "Freeze what the exchange holds.",
      create_action: true,
      create_packet_type: "exchange_freeze",
    });
    expect(res.status, res.text).toBe(200);
    const [entry] = res.body.triage_history;
    expect(entry).toMatchObject({
      action_id: expect.stringMatching(/^act_/),
      packet_id: expect.stringMatching(/^pkt_/),
      to_status: "actionable",
    });
    const action = await ok(api.get(`/v1/actions/${entry.action_id}`));
    expect(action).toMatchObject({
      matter_id: matterId,
      type: "sanctions",
      title: alert.reason,
      priority: "urgent",
      status: "open",
      linked_packet_id: entry.packet_id,
      campaign_id: null,
    });
    const packet = await ok(api.get(`/v1/packets/${entry.packet_id}`));
    expect(packet).toMatchObject({
      matter_id: matterId,
      type: "exchange_freeze",
      packet_type: "freeze",
      wallets: [LISTED_WALLET],
      authorized_sender: "Acme Recovery Partners",
    });
    expect(["draft", "in_review"]).toContain(packet.status);
    expect(packet.notes).toContain(alert.alert_id);
    const audits = (await auditOf(res)).map((a) => a.eventType);
    expect(audits).toEqual(["packet.created", "action.created", "alert.triaged"]);
    const [triaged] = (await auditOf(res)).filter((a) => a.eventType === "alert.triaged");
    expect(triaged!.details).toMatchObject({
      action_id: entry.action_id,
      packet_id: entry.packet_id,
    });
  });

  it("takes the wallet from a stablecoin exposure alert and reviews a sanctions alert's screen", async () => {
    const r = await readyMatter();
    const exposure = (
      await ok(api.get(`/v1/alerts?matter_id=${r.matterId}&type=stablecoin_exposure`))
    ).items[0];
    expect(exposure, "the asset map's stablecoin_exposure alert").toBeDefined();
    const made = await ok(
      api.post(`/v1/alerts/${exposure.alert_id}/triage`, {
        status: "monitoring",
        create_packet_type: "exchange_intercept",
      }),
    );
    const [entry] = made.triage_history;
    expect(entry.action_id).toBeNull();
    const packet = await ok(api.get(`/v1/packets/${entry.packet_id}`));
    expect(packet.wallets.map((w: string) => w.toLowerCase())).toEqual([
      SANDBOX_WALLET.toLowerCase(),
    ]);

    const { alert, screen } = await sanctionsAlert(r.matterId);
    const reviewed = await api.graphql(
      `mutation ($id: ID!) { triageAlert(id: $id, input: { status: actionable, createPacketType: sanctions_review }) {
         status triageHistory { actionId packetId } } }`,
      { id: alert.alert_id },
    );
    expect(reviewed.body.errors, JSON.stringify(reviewed.body.errors)).toBeUndefined();
    const [history] = reviewed.body.data.triageAlert.triageHistory;
    expect(history.actionId).toBeNull();
    const sanctionsPacket = await ok(api.get(`/v1/packets/${history.packetId}`));
    expect(sanctionsPacket).toMatchObject({ type: "sanctions_review" });
    const review = await app.db.root.sanctionsReview.findUniqueOrThrow({
      where: { id: sanctionsPacket.sanctions_review_id },
    });
    expect(review.screenId).toBe(screen.screen_id);
  });

  it("needs the follow-ups' scopes and authority, refusing the whole triage", async () => {
    const matterId = await seed.matter(api);
    const g = await grant(matterId);
    const { alert } = await sanctionsAlert(matterId);
    const path = `/v1/alerts/${alert.alert_id}/triage`;
    const monitor = await org.key({ scopes: ["monitoring:read", "monitoring:write"] });
    const scoped = expectError(
      await monitor.post(path, { status: "actionable", create_action: true }),
      403,
      "insufficient_scope",
    );
    expect(scoped.details.required_scope).toBe("actions:write");
    const noPackets = expectError(
      await monitor.post(path, { status: "actionable", create_packet_type: "exchange_freeze" }),
      403,
      "insufficient_scope",
    );
    expect(noPackets.details.required_scope).toBe("packets:write");
    await ok(
      api.post(`/v1/matters/${matterId}/authority/${g.authority_id}/revoke`, { reason: "Ended." }),
    );
    expectError(
      await api.post(path, { status: "actionable", create_action: true }),
      403,
      "authority_required",
    );
    const stored = await app.db.root.alert.findUniqueOrThrow({ where: { id: alert.alert_id } });
    expect(stored.status).toBe("open");
    expect(await app.db.root.alertTriage.count({ where: { alertId: alert.alert_id } })).toBe(0);
    expect(await app.db.root.action.count({ where: { matterId } })).toBe(0);
    expect(await app.db.root.packet.count({ where: { matterId } })).toBe(0);
    // Without follow-ups, triage needs no authority.
    expect((await monitor.post(path, { status: "monitoring" })).status).toBe(200);
  });
});

describe("focus signals of packets and actions, and an alert's wallet (pure)", () => {
  const statuses = ["draft", "in_review", "approved", "exported"] as const;
  const reviews = ["pending", "not_requested", "approved", "changes_requested"] as const;

  it("rates approved and exported packets ready, drafts half, packets awaiting review or rework low", () => {
    fc.assert(
      fc.property(fc.constantFrom(...statuses), fc.constantFrom(...reviews), (status, review) => {
        const r = packetReadiness({ status, reviewState: { reviewStatus: review } });
        expect(r).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThanOrEqual(packetReadiness({ status: "approved", reviewState: {} }));
      }),
    );
    expect(packetReadiness({ status: "exported", reviewState: {} })).toBe(1);
    expect(
      packetReadiness({ status: "draft", reviewState: { reviewStatus: "not_requested" } }),
    ).toBe(0.5);
    expect(
      packetReadiness({ status: "draft", reviewState: { reviewStatus: "changes_requested" } }),
    ).toBe(0.25);
    expect(packetReadiness({ status: "in_review", reviewState: { reviewStatus: "pending" } })).toBe(
      0.25,
    );
  });

  it("makes an action more urgent as its due time nears, 1 once due, 0 without one", () => {
    const today = "2026-06-11";
    const due = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * DAY);
    fc.assert(
      fc.property(
        fc.integer({ min: -400, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        (d, more) => {
          const sooner = actionUrgency(due(d), today);
          const later = actionUrgency(due(d + more), today);
          expect(sooner).toBeGreaterThanOrEqual(later);
          expect(sooner).toBeGreaterThanOrEqual(0);
          expect(sooner).toBeLessThanOrEqual(1);
        },
      ),
    );
    expect(actionUrgency(due(0), today)).toBe(1);
    expect(actionUrgency(due(-3), today)).toBe(1);
    expect(actionUrgency(due(90), today)).toBe(0);
    expect(actionUrgency(null, today)).toBe(0);
    expect(actionReadiness({ status: "blocked", reviewState: {} })).toBe(0);
    expect(
      actionReadiness({
        status: "open",
        reviewState: { reviewRequired: true, reviewStatus: "pending" },
      }),
    ).toBe(0.5);
    expect(actionReadiness({ status: "in_progress", reviewState: {} })).toBe(1);
  });

  it("finds the wallet an alert is about in its target", () => {
    expect(walletOfAlert(LISTED_WALLET)).toBe(LISTED_WALLET);
    expect(walletOfAlert(`ethereum:USDT:${SANDBOX_WALLET}`)).toBe(SANDBOX_WALLET);
    expect(walletOfAlert(`ethereum:${SANDBOX_WALLET}:0x${"ab".repeat(32)}:3`)).toBe(SANDBOX_WALLET);
    expect(walletOfAlert("ddl_01jxd4m5q6r7s8t9v0w1x2y3z4")).toBeNull();
    expect(walletOfAlert("Miguel Trevino Moralez")).toBeNull();
  });
});
