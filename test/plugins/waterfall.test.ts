import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type ApiResponse, type Client, errorOf, expectError } from "../helpers/http.js";
import { Seed, type SeededOrg } from "../helpers/seed.js";

let app: TestApp;
let seed: Seed;
let org: SeededOrg;
let api: Client;

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  org = await seed.org();
  api = org.admin;
});
afterAll(() => app.dispose());

const ECONOMICS = { holdback_percentage: 10, counsel_fee_percentage: 25, provider_percentage: 15 };

async function matterWith(economics: Record<string, number> = ECONOMICS, client = api) {
  const res = await client.post("/v1/matters", { name: "Waterfall matter", economics });
  expect(res.status, res.text).toBe(201);
  return res.body.matter_id as string;
}

async function claimant(matterId: string, share?: number, client = api) {
  const res = await client.post(`/v1/matters/${matterId}/claimants`, {
    name: `Claimant ${share ?? "equal"}`,
    role: "victim",
    ...(share === undefined ? {} : { economics: { share_percentage: share } }),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.claimant_id as string;
}

async function recovery(
  matterId: string,
  usd: number | undefined,
  body: Record<string, unknown> = {},
  client = api,
) {
  const res = await client.post("/v1/ledger/recovery-events", {
    matter_id: matterId,
    event_type: "turned_over",
    asset: "USDC",
    network: "ethereum",
    gross_amount: usd ?? 1,
    ...(usd === undefined ? {} : { usd_value: usd }),
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.recovery_event_id as string;
}

const calculate = (body: Record<string, unknown>, client = api) =>
  client.post("/v1/waterfall/calculate", body);

/** Every part of a REST waterfall, in cents. */
const cents = (x: number) => Math.round(x * 100);
function partsInCents(w: any): number {
  return (
    cents(w.costs.covered) +
    w.holdbacks.reduce((s: number, h: any) => s + cents(h.amount), 0) +
    cents(w.counsel_fees.amount) +
    cents(w.provider_economics.amount) +
    w.claimant_distributions.reduce((s: number, c: any) => s + cents(c.amount), 0)
  );
}

describe("POST /v1/waterfall/calculate", () => {
  it("splits gross into costs, holdbacks, counsel fee, provider economics and claimants, and stores it", async () => {
    const matterId = await matterWith();
    const half = await claimant(matterId, 50);
    const [x, y] = [await claimant(matterId), await claimant(matterId)];
    const good = await recovery(matterId, 10_000);
    const blocked = await recovery(matterId, 2_500, { event_type: "blocked", asset: "USDT" });
    const res = await calculate({
      matter_id: matterId,
      recovery_event_ids: [good, blocked],
      costs: { court_costs: 100, enforcement_costs: 200 },
    });
    expect(res.status, res.text).toBe(200);
    const w = res.body;
    // 10,000 unblocked − 300 costs = 9,700; reserve 970; base 8,730: counsel 2,182.50,
    // provider 1,309.50, claimants 5,238 → 2,619 (50%) and 1,309.50 each (25%).
    expect(w).toMatchObject({
      waterfall_id: expect.stringMatching(/^wfl_[0-9a-z]{26}$/),
      matter_id: matterId,
      recovery_event_ids: [good, blocked].sort(),
      gross_recovered: { amount: 12_500, currency: "USD" },
      costs: {
        court_costs: 100,
        enforcement_costs: 200,
        vendor_costs: 0,
        other_costs: 0,
        total: 300,
        covered: 300,
        uncovered: 0,
        currency: "USD",
      },
      holdbacks: [
        {
          type: "blocked_property",
          amount: 2_500,
          recovery_event_id: blocked,
          reason: expect.any(String),
        },
        {
          type: "reserve",
          amount: 970,
          recovery_event_id: null,
          reason: expect.stringContaining("10%"),
        },
      ],
      counsel_fees: { amount: 2_182.5, currency: "USD" },
      provider_economics: { amount: 1_309.5, currency: "USD" },
      claimant_pool: { amount: 5_238 },
      terms: { holdback_percentage: 10, counsel_fee_percentage: 25, provider_percentage: 15 },
      review_state: { review_required: true, review_status: "pending" },
      remittance_constraints: {
        remittable: { amount: 10_000 - 970 },
        remitted: { amount: 0 },
        remaining: { amount: 9_030 },
        blocked_recovery_event_ids: [blocked],
      },
    });
    expect(w.claimant_distributions).toEqual(
      [
        { claimant_id: half, amount: 2_619, share_percentage: 50, effective_share_percentage: 50 },
        { claimant_id: x, amount: 1_309.5, share_percentage: null, effective_share_percentage: 25 },
        { claimant_id: y, amount: 1_309.5, share_percentage: null, effective_share_percentage: 25 },
      ]
        .map((c) => ({ ...c, remitted: 0, remaining: c.amount }))
        .sort((a, b) => (a.claimant_id < b.claimant_id ? -1 : 1)),
    );
    expect(w.review_state.review_notes).toContain("blocked property");
    expect(partsInCents(w)).toBe(cents(w.gross_recovered.amount));

    const latest = await api.get(`/v1/waterfall/matters/${matterId}`);
    expect(latest.status, latest.text).toBe(200);
    expect({ ...latest.body, audit_ref: null }).toEqual({
      ...w,
      audit_ref: null,
      remittance_constraints: expect.any(Object),
    });
    const [audit] = await app.db.root.auditEvent.findMany({ where: { requestId: w.audit_ref } });
    expect(audit).toMatchObject({ eventType: "waterfall.calculated", objectId: w.waterfall_id });
  });

  it("distributes every recovery event of the matter by default, equally, with the request's provider percentage", async () => {
    const matterId = await matterWith({});
    const ids = [await claimant(matterId), await claimant(matterId), await claimant(matterId)];
    await recovery(matterId, 60);
    await recovery(matterId, 40);
    const res = await calculate({ matter_id: matterId, provider_percentage: 0 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.gross_recovered.amount).toBe(100);
    expect(res.body.holdbacks).toEqual([]);
    expect(res.body.review_state).toMatchObject({
      review_required: false,
      review_status: "not_required",
    });
    expect(res.body.claimant_distributions.map((c: any) => c.amount)).toEqual([
      33.34, 33.33, 33.33,
    ]);
    expect(res.body.claimant_distributions.map((c: any) => c.claimant_id)).toEqual(ids.sort());
    const shared = await calculate({ matter_id: matterId, provider_percentage: 12.5 });
    expect(shared.body.provider_economics.amount).toBe(12.5);
    expect(partsInCents(shared.body)).toBe(10_000);
  });

  it("keeps the parts summing to gross when costs exceed it and no claimant has a share", async () => {
    const matterId = await matterWith({ holdback_percentage: 33.33 });
    const event = await recovery(matterId, 0.07);
    const res = await calculate({
      matter_id: matterId,
      recovery_event_ids: [event],
      costs: { vendor_costs: 0.05, other_costs: 0.01 },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.costs).toMatchObject({ total: 0.06, covered: 0.06, uncovered: 0 });
    expect(res.body.holdbacks.map((h: any) => h.type)).toEqual(["reserve", "unallocated"]);
    expect(partsInCents(res.body)).toBe(7);
    const over = await calculate({
      matter_id: matterId,
      recovery_event_ids: [event],
      costs: { court_costs: 1000 },
    });
    expect(over.body.costs).toMatchObject({ total: 1000, covered: 0.07, uncovered: 999.93 });
    expect(over.body.review_state.review_notes).toContain("not covered");
    expect(partsInCents(over.body)).toBe(7);
  });

  it("refuses bad input with the contract's error and stores nothing", async () => {
    const matterId = await matterWith();
    const other = await matterWith();
    const good = await recovery(matterId, 100);
    const unvalued = await recovery(matterId, undefined);
    const theirs = await recovery(other, 100);
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ matter_id: undefined }, 400, "parameter_missing", "matter_id"],
      [{ costs: { court_costs: -1 } }, 400, "parameter_invalid", "costs.court_costs"],
      [{ costs: { vendor_costs: 1.001 } }, 400, "parameter_invalid", "costs.vendor_costs"],
      [{ costs: { lawyer_costs: 1 } }, 400, "unknown_parameter", "costs.lawyer_costs"],
      [{ provider_percentage: 101 }, 400, "parameter_invalid", "provider_percentage"],
      [{ provider_percentage: 80 }, 400, "parameter_invalid", "provider_percentage"],
      [
        { recovery_event_ids: ["jdg_01jzzzzzzzzzzzzzzzzzzzzzzz"] },
        400,
        "parameter_invalid",
        "recovery_event_ids[0]",
      ],
      [{ recovery_event_ids: [good, good] }, 400, "parameter_invalid", "recovery_event_ids[1]"],
      [{ recovery_event_ids: [good, unvalued] }, 400, "parameter_invalid", "recovery_event_ids[1]"],
      [{ recovery_event_ids: [] }, 400, "parameter_invalid", "recovery_event_ids"],
      [{ recovery_event_ids: [good, theirs] }, 404, "resource_missing", "recovery_event_ids[1]"],
    ];
    for (const [body, status, code, param] of cases) {
      const res = await calculate({ matter_id: matterId, recovery_event_ids: [good], ...body });
      expectError(res, status, code, param);
    }
    expect(await app.db.root.waterfall.count({ where: { matterId } })).toBe(0);
    expectError(
      await api.get(`/v1/waterfall/matters/${matterId}`),
      404,
      "resource_missing",
      "matter_id",
    );
  });

  it("answers 404 to outsiders, 403 without the scope and 409 under a closed matter", async () => {
    const foreign = await seed.foreignMatter(api);
    const theirs = await recovery(foreign.matterId, 100, {}, foreign.owner.admin);
    const made = await calculate({ matter_id: foreign.matterId }, foreign.owner.admin);
    expect(made.status, made.text).toBe(200);
    for (const outsider of foreign.outsiders) {
      expectError(
        await calculate({ matter_id: foreign.matterId, recovery_event_ids: [theirs] }, outsider),
        404,
        "resource_missing",
        "matter_id",
      );
      expectError(
        await outsider.get(`/v1/waterfall/matters/${foreign.matterId}`),
        404,
        "resource_missing",
      );
    }
    const matterId = await matterWith();
    await recovery(matterId, 100);
    const reader = await org.key({ scopes: ["waterfall:read", "ledger:write"] });
    const refused = await calculate({ matter_id: matterId }, reader);
    expectError(refused, 403, "insufficient_scope");
    expect(errorOf(refused).details.required_scope).toBe("waterfall:calculate");
    expect((await api.post(`/v1/matters/${matterId}/close`, { reason: "paid" })).status).toBe(200);
    expectError(await calculate({ matter_id: matterId }), 409, "matter_closed");
  });

  it("returns the latest calculation and shows its provider economics on the dashboard", async () => {
    const matterId = await matterWith();
    await claimant(matterId);
    await recovery(matterId, 1000);
    const first = await calculate({ matter_id: matterId });
    const second = await calculate({ matter_id: matterId, provider_percentage: 5 });
    const latest = await api.get(`/v1/waterfall/matters/${matterId}`);
    expect(latest.body.waterfall_id).toBe(second.body.waterfall_id);
    expect(latest.body.waterfall_id).not.toBe(first.body.waterfall_id);
    const dash = await api.get(`/v1/matters/${matterId}/dashboard`);
    // 1000 − reserve 100 = 900 × 5%.
    expect(dash.body.provider_economics.amount).toBe(45);
  });
});

describe("remittances under a waterfall", () => {
  it("keep within the waterfall and each claimant line, and never touch blocked property", async () => {
    const matterId = await matterWith({});
    const a = await claimant(matterId, 60);
    const b = await claimant(matterId, 40);
    const event = await recovery(matterId, 1000);
    const blocked = await recovery(matterId, 500, { event_type: "blocked" });
    const outside = await recovery(matterId, 10);
    const w = (await calculate({ matter_id: matterId, recovery_event_ids: [event, blocked] })).body;
    expect(w.claimant_distributions.find((c: any) => c.claimant_id === a).amount).toBe(600);
    const remit = (body: Record<string, unknown>) =>
      api.post("/v1/ledger/remittance-events", {
        matter_id: matterId,
        destination: "claimant account",
        asset: "USDC",
        waterfall_id: w.waterfall_id,
        ...body,
      });
    const paid = await remit({ amount: 500, source_recovery_event_id: event, claimant_id: a });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body).toMatchObject({
      waterfall_id: w.waterfall_id,
      claimant_id: a,
      usd_value: 500,
    });
    const over = await remit({ amount: 100.01, source_recovery_event_id: event, claimant_id: a });
    expectError(over, 400, "parameter_invalid", "amount");
    expect(errorOf(over).details).toMatchObject({ claimant_id: a, remaining_usd: 100 });
    expectError(
      await remit({ amount: 1, source_recovery_event_id: blocked }),
      403,
      "sanctions_hold",
      "source_recovery_event_id",
    );
    expectError(
      await remit({ amount: 1, source_recovery_event_id: outside }),
      400,
      "parameter_invalid",
      "source_recovery_event_id",
    );
    const other = await matterWith({});
    expectError(
      await remit({ amount: 1, claimant_id: await claimant(other), asset: "USD" }),
      404,
      "resource_missing",
      "claimant_id",
    );
    expectError(await remit({ amount: 1, asset: "USDT" }), 400, "parameter_invalid", "asset");
    // USD without a source: counted against the waterfall (1,000 remittable, 500 remitted).
    const usd = await remit({ amount: 400, asset: "USD", claimant_id: b });
    expect(usd.status, usd.text).toBe(201);
    const tooMuch = await remit({ amount: 100.01, asset: "USD" });
    expectError(tooMuch, 400, "parameter_invalid", "amount");
    expect(errorOf(tooMuch).details).toMatchObject({
      waterfall_id: w.waterfall_id,
      remaining_usd: 100,
    });

    const now = (await api.get(`/v1/waterfall/matters/${matterId}`)).body;
    expect(now.remittance_constraints).toMatchObject({
      remittable: { amount: 1000 },
      remitted: { amount: 900 },
      remaining: { amount: 100 },
      blocked_recovery_event_ids: [blocked],
    });
    expect(
      now.claimant_distributions.map((c: any) => [c.claimant_id, c.remitted, c.remaining]),
    ).toEqual(
      [
        [a, 500, 100],
        [b, 400, 0],
      ].sort((x, y) => (x[0]! < y[0]! ? -1 : 1)),
    );
  });

  it("lets parallel remittances against one waterfall never overspend it", async () => {
    const matterId = await matterWith({});
    const c = await claimant(matterId);
    await recovery(matterId, 100);
    const w = (await calculate({ matter_id: matterId })).body;
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.post("/v1/ledger/remittance-events", {
          matter_id: matterId,
          destination: "claimant account",
          asset: "USD",
          amount: 25,
          waterfall_id: w.waterfall_id,
          claimant_id: c,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join("\n")).toEqual([
      201, 201, 201, 201, 400, 400, 400, 400,
    ]);
    const sum = await app.db.root.remittanceEvent.aggregate({
      where: { waterfallId: w.waterfall_id },
      _sum: { usdValue: true },
    });
    expect(sum._sum.usdValue!.toString()).toBe("100");
  });
});

describe("GraphQL", () => {
  it("calculates and reads waterfalls through the mutation, node(), latestWaterfall and Matter.waterfalls", async () => {
    const matterId = await matterWith();
    await claimant(matterId);
    const event = await recovery(matterId, 200);
    const made = await api.graphql(
      `mutation ($input: CalculateWaterfallInput!) {
         calculateWaterfall(input: $input) {
           id waterfallId grossRecovered { amount } counselFees { amount }
           costs { total covered } holdbacks { type amount }
           claimantDistributions { claimantId amount remaining }
           remittanceConstraints { remaining { amount } rules }
           reviewState { reviewRequired reviewStatus }
         }
       }`,
      { input: { matterId, recoveryEventIds: [event], costs: { courtCosts: 20 } } },
    );
    expect(made.body.errors).toBeUndefined();
    const w = made.body.data.calculateWaterfall;
    // 200 − 20 = 180; reserve 18; base 162: counsel 40.50, provider 24.30, claimant 97.20.
    expect(w).toMatchObject({
      grossRecovered: { amount: 200 },
      counselFees: { amount: 40.5 },
      costs: { total: 20, covered: 20 },
      holdbacks: [{ type: "reserve", amount: 18 }],
      claimantDistributions: [{ amount: 97.2, remaining: 97.2 }],
      remittanceConstraints: { remaining: { amount: 182 } },
      reviewState: { reviewRequired: false, reviewStatus: "not_required" },
    });
    expect(w.id).toBe(w.waterfallId);
    const read = await api.graphql(
      `query ($m: ID!, $id: ID!) {
         node(id: $id) { ... on Waterfall { providerEconomics { amount } } }
         latestWaterfall(matterId: $m) { waterfallId }
         matter(id: $m) { waterfalls(first: 5) { edges { node { waterfallId } } } }
       }`,
      { m: matterId, id: w.id },
    );
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data).toEqual({
      node: { providerEconomics: { amount: 24.3 } },
      latestWaterfall: { waterfallId: w.id },
      matter: { waterfalls: { edges: [{ node: { waterfallId: w.id } }] } },
    });
    const bad = await api.graphql(
      `mutation ($input: CalculateWaterfallInput!) { calculateWaterfall(input: $input) { id } }`,
      { input: { matterId, providerPercentage: 90 } },
    );
    expect(bad.body.errors[0].extensions.code).toBe("parameter_invalid");
  });
});
