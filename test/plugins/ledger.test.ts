import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type ApiResponse, type Client, errorOf, expectError } from "../helpers/http.js";
import { Seed, type SeededOrg } from "../helpers/seed.js";
import { statementsOf } from "../helpers/statements.js";

let app: TestApp;
let seed: Seed;
let org: SeededOrg;
let api: Client;

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  org = await seed.org({ features: ["live_access"] });
  api = org.admin;
});
afterAll(() => app.dispose());

const recovery = (matterId: string, body: Record<string, unknown> = {}, client = api) =>
  client.post("/v1/ledger/recovery-events", {
    matter_id: matterId,
    event_type: "turned_over",
    asset: "USDT",
    network: "ethereum",
    gross_amount: 1000,
    usd_value: 1000,
    source: "Exchange X turnover",
    ...body,
  });

async function recorded(matterId: string, body: Record<string, unknown> = {}) {
  const res = await recovery(matterId, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const remit = (matterId: string, body: Record<string, unknown>, client = api) =>
  client.post("/v1/ledger/remittance-events", {
    matter_id: matterId,
    destination: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    asset: "USDT",
    ...body,
  });

const auditOf = (res: ApiResponse) =>
  app.db.root.auditEvent.findMany({ where: { requestId: res.body.audit_ref } });
const eventsOf = (res: ApiResponse) =>
  app.db.root.event.findMany({ where: { requestId: res.body.audit_ref } });
const rows = (matterId: string) =>
  Promise.all([
    app.db.root.recoveryEvent.count({ where: { matterId } }),
    app.db.root.remittanceEvent.count({ where: { matterId } }),
  ]);

/** A packet of the matter (after an authority grant, which packets need). */
async function packetOf(matterId: string, client = api): Promise<string> {
  const grant = await client.post(`/v1/matters/${matterId}/authority`, {
    basis: "engagement_letter",
    granted_by: "Acme Corp (client)",
    source_refs: [{ source_type: "engagement_letter", title: "Engagement letter" }],
  });
  expect(grant.status, grant.text).toBe(201);
  const packet = await client.post("/v1/packets/exchange-turnover", {
    matter_id: matterId,
    authorized_sender: "Jordan Counsel, Esq.",
  });
  expect(packet.status, packet.text).toBe(201);
  return packet.body.packet_id;
}

describe("POST /v1/ledger/recovery-events", () => {
  it("records a recovery exactly, audits it and emits recovery_event.recorded", async () => {
    const matterId = await seed.matter(api);
    const packetId = await packetOf(matterId);
    const res = await recovery(matterId, {
      gross_amount: 1234.567890123456789,
      usd_value: 1234.57,
      packet_id: packetId,
      occurred_at: "2026-01-15T10:00:00.000Z",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      recovery_event_id: expect.stringMatching(/^rce_[0-9a-z]{26}$/),
      matter_id: matterId,
      event_type: "turned_over",
      status: "unremitted",
      asset: "USDT",
      network: "ethereum",
      gross_amount: 1234.567890123456789,
      usd_value: 1234.57,
      remitted_amount: 0,
      unremitted_amount: 1234.567890123456789,
      source: "Exchange X turnover",
      packet_id: packetId,
      occurred_at: "2026-01-15T10:00:00.000Z",
      created_at: expect.any(String),
      audit: {
        request_id: res.body.audit_ref,
        actor_id: expect.stringMatching(/^key_/),
        organization_id: org.id,
        matter_id: matterId,
        timestamp: res.body.created_at,
      },
      audit_ref: res.headers.get("md-request-id"),
    });
    const stored = await app.db.root.recoveryEvent.findUniqueOrThrow({
      where: { id: res.body.recovery_event_id },
    });
    // JSON numbers carry ~17 digits; what arrived is stored exactly, in a numeric column.
    expect(stored.grossAmount.toString()).toBe(String(1234.567890123456789));
    expect(stored.usdValue!.toString()).toBe("1234.57");
    const [audit] = await auditOf(res);
    expect(audit).toMatchObject({
      eventType: "recovery_event.recorded",
      objectType: "recovery_event",
      objectId: res.body.recovery_event_id,
      matterId,
    });
    const events = await eventsOf(res);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      [
        "recovery_event.recorded",
        expect.objectContaining({
          matter_id: matterId,
          recovery_event_id: res.body.recovery_event_id,
          event_type: "turned_over",
          usd_value: 1234.57,
        }),
      ],
    ]);
  });

  it("marks blocked property held and records an event without usd_value or network", async () => {
    const matterId = await seed.matter(api);
    const blocked = await recorded(matterId, { event_type: "blocked" });
    expect(blocked).toMatchObject({ status: "held", unremitted_amount: 0 });
    const fiat = await recorded(matterId, {
      event_type: "settled",
      asset: "USD",
      network: undefined,
      usd_value: undefined,
      gross_amount: 50,
    });
    expect(fiat).toMatchObject({ network: null, usd_value: null, packet_id: null });
  });

  it("refuses bad input with the contract's error and writes nothing", async () => {
    const matterId = await seed.matter(api);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ event_type: undefined }, "parameter_missing", "event_type"],
      [{ event_type: "stolen" }, "parameter_invalid", "event_type"],
      [{ gross_amount: 0 }, "parameter_invalid", "gross_amount"],
      [{ gross_amount: -5 }, "parameter_invalid", "gross_amount"],
      [{ gross_amount: "10" }, "parameter_invalid", "gross_amount"],
      [{ gross_amount: 1e-19 }, "parameter_invalid", "gross_amount"],
      [{ usd_value: 10.005 }, "parameter_invalid", "usd_value"],
      [{ usd_value: -1 }, "parameter_invalid", "usd_value"],
      [{ asset: "  " }, "parameter_invalid", "asset"],
      [{ packet_id: "jdg_01jzzzzzzzzzzzzzzzzzzzzzzz" }, "parameter_invalid", "packet_id"],
      [{ packet_id: "pkt_short" }, "parameter_invalid", "packet_id"],
      [{ occurred_at: "2999-01-01T00:00:00.000Z" }, "parameter_invalid", "occurred_at"],
      [{ amount: 5 }, "unknown_parameter", "amount"],
    ];
    for (const [body, code, param] of cases) {
      const res = await recovery(matterId, body);
      expectError(res, 400, code, param);
    }
    const bad = await recovery(matterId, { event_type: "stolen" });
    expect(errorOf(bad).details.allowed).toEqual([
      "frozen",
      "blocked",
      "seized",
      "turned_over",
      "remitted",
      "settled",
      "recovered",
    ]);
    expect(await rows(matterId)).toEqual([0, 0]);
  });

  it("cites only a packet of the same matter: unknown, other matters' and other tenants' packets are 404 packet_id", async () => {
    const matterId = await seed.matter(api);
    const mine = await packetOf(matterId);
    const sibling = await packetOf(await seed.matter(api));
    const stranger = await seed.org();
    const foreign = await packetOf(await seed.matter(stranger.admin), stranger.admin);
    for (const packetId of ["pkt_01jzzzzzzzzzzzzzzzzzzzzzzz", sibling, foreign]) {
      const res = await recovery(matterId, { packet_id: packetId });
      expectError(res, 404, "resource_missing", "packet_id");
      expect(res.text).not.toContain("Jordan");
    }
    expect(await rows(matterId)).toEqual([0, 0]);
    const gql = await api.graphql(
      `mutation ($input: RecordRecoveryEventInput!) { recordRecoveryEvent(input: $input) { packetId } }`,
      {
        input: {
          matterId,
          eventType: "frozen",
          asset: "USDT",
          grossAmount: 5,
          packetId: sibling,
        },
      },
    );
    expect(gql.body.errors[0].extensions).toMatchObject({
      code: "resource_missing",
      param: "input.packetId",
    });
    expect((await recorded(matterId, { packet_id: mine })).packet_id).toBe(mine);
  });

  it("answers 404 for other tenants' and other matters' matters, 409 under a closed matter", async () => {
    const foreign = await seed.foreignMatter(api);
    for (const outsider of foreign.outsiders) {
      expectError(
        await recovery(foreign.matterId, {}, outsider),
        404,
        "resource_missing",
        "matter_id",
      );
    }
    expect(await rows(foreign.matterId)).toEqual([0, 0]);
    const matterId = await seed.matter(api);
    expect((await api.post(`/v1/matters/${matterId}/close`, { reason: "paid" })).status).toBe(200);
    expectError(await recovery(matterId), 409, "matter_closed", "matter_id");
  });

  it("needs ledger:write and replays an idempotent request without a second row", async () => {
    const matterId = await seed.matter(api);
    const reader = await org.key({ scopes: ["ledger:read"] });
    const refused = await recovery(matterId, {}, reader);
    expectError(refused, 403, "insufficient_scope");
    expect(errorOf(refused).details.required_scope).toBe("ledger:write");
    const headers = { "Idempotency-Key": `ledger-${matterId}` };
    const body = { matter_id: matterId, event_type: "seized", asset: "ETH", gross_amount: 2 };
    const first = await api.post("/v1/ledger/recovery-events", body, { headers });
    const again = await api.post("/v1/ledger/recovery-events", body, { headers });
    expect(first.status, first.text).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.recovery_event_id).toBe(first.body.recovery_event_id);
    expect(await rows(matterId)).toEqual([1, 0]);
  });
});

describe("POST /v1/ledger/remittance-events", () => {
  it("remits from a recovery event, tracks what is left and emits remittance_event.recorded", async () => {
    const matterId = await seed.matter(api);
    const source = await recorded(matterId, { gross_amount: 100, usd_value: 99.5 });
    const res = await remit(matterId, {
      amount: 33.3333,
      source_recovery_event_id: source.recovery_event_id,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      remittance_event_id: expect.stringMatching(/^rme_[0-9a-z]{26}$/),
      matter_id: matterId,
      destination: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      asset: "USDT",
      amount: 33.3333,
      // 33.3333 × 99.50 / 100 = 33.1666335 → half-even to cents.
      usd_value: 33.17,
      status: "recorded",
      source_recovery_event_id: source.recovery_event_id,
      waterfall_id: null,
      claimant_id: null,
      audit: { request_id: res.body.audit_ref, matter_id: matterId },
    });
    const [event] = await eventsOf(res);
    expect(event).toMatchObject({
      type: "remittance_event.recorded",
      data: expect.objectContaining({ remittance_event_id: res.body.remittance_event_id }),
    });
    expect((await auditOf(res)).map((a) => a.eventType)).toEqual(["remittance_event.recorded"]);
    const after = await api.graphql(
      `query ($id: ID!) { recoveryEvent(id: $id) { status remittedAmount unremittedAmount } }`,
      { id: source.recovery_event_id },
    );
    expect(after.body.data.recoveryEvent).toEqual({
      status: "partially_remitted",
      remittedAmount: 33.3333,
      unremittedAmount: 66.6667,
    });

    const over = await remit(matterId, {
      amount: 66.6668,
      source_recovery_event_id: source.recovery_event_id,
    });
    expectError(over, 400, "parameter_invalid", "amount");
    expect(errorOf(over).details).toMatchObject({ unremitted_amount: 66.6667, asset: "USDT" });
    const rest = await remit(matterId, {
      amount: 66.6667,
      source_recovery_event_id: source.recovery_event_id,
    });
    expect(rest.status, rest.text).toBe(201);
    const done = await app.db.root.recoveryEvent.findUniqueOrThrow({
      where: { id: source.recovery_event_id },
    });
    expect([done.status, done.remittedAmount.toString()]).toEqual(["fully_remitted", "100"]);
  });

  it("never remits blocked property (403 sanctions_hold) and writes nothing", async () => {
    const matterId = await seed.matter(api);
    const blocked = await recorded(matterId, { event_type: "blocked" });
    const res = await remit(matterId, {
      amount: 1,
      source_recovery_event_id: blocked.recovery_event_id,
    });
    expectError(res, 403, "sanctions_hold", "source_recovery_event_id");
    expect(errorOf(res).details.recovery_event_id).toBe(blocked.recovery_event_id);
    expect(await rows(matterId)).toEqual([1, 0]);
  });

  it("refuses bad input, other matters' events and a wrong asset", async () => {
    const matterId = await seed.matter(api);
    const other = await seed.matter(api);
    const source = await recorded(matterId);
    const elsewhere = await recorded(other);
    const id = source.recovery_event_id;
    expectError(
      await remit(matterId, { amount: 1 }),
      400,
      "parameter_missing",
      "source_recovery_event_id",
    );
    expectError(
      await remit(matterId, { amount: 0, source_recovery_event_id: id }),
      400,
      "parameter_invalid",
      "amount",
    );
    expectError(
      await remit(matterId, { amount: 1, destination: "", source_recovery_event_id: id }),
      400,
      "parameter_invalid",
      "destination",
    );
    expectError(
      await remit(matterId, { amount: 1, source_recovery_event_id: id, claimant_id: "clm_x" }),
      400,
      "parameter_missing",
      "waterfall_id",
    );
    expectError(
      await remit(matterId, { amount: 1, asset: "ETH", source_recovery_event_id: id }),
      400,
      "parameter_invalid",
      "asset",
    );
    expectError(
      await remit(matterId, { amount: 1, source_recovery_event_id: elsewhere.recovery_event_id }),
      404,
      "resource_missing",
      "source_recovery_event_id",
    );
    expectError(
      await remit(matterId, {
        amount: 1,
        waterfall_id: "wfl_01jzzzzzzzzzzzzzzzzzzzzzzz",
        asset: "USD",
      }),
      404,
      "resource_missing",
      "waterfall_id",
    );
    expect(await rows(matterId)).toEqual([1, 0]);
    const foreign = await seed.foreignMatter(api);
    const theirs = await recovery(foreign.matterId, {}, foreign.owner.admin);
    expect(theirs.status, theirs.text).toBe(201);
    for (const outsider of foreign.outsiders)
      expectError(
        await remit(
          foreign.matterId,
          { amount: 1, source_recovery_event_id: theirs.body.recovery_event_id },
          outsider,
        ),
        404,
        "resource_missing",
        "matter_id",
      );
    expect(await rows(foreign.matterId)).toEqual([1, 0]);
    expect((await api.post(`/v1/matters/${matterId}/close`, { reason: "paid" })).status).toBe(200);
    expectError(
      await remit(matterId, { amount: 1, source_recovery_event_id: id }),
      409,
      "matter_closed",
    );
  });

  it("lets parallel remittances against one recovery event never overspend it", async () => {
    const matterId = await seed.matter(api);
    const source = await recorded(matterId, { gross_amount: 100, usd_value: 100 });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        remit(matterId, {
          amount: 30,
          destination: `payee ${i}`,
          source_recovery_event_id: source.recovery_event_id,
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses, results.map((r) => r.text).join("\n")).toEqual([
      201, 201, 201, 400, 400, 400, 400, 400,
    ]);
    for (const r of results.filter((x) => x.status === 400))
      expect(errorOf(r)).toMatchObject({ code: "parameter_invalid", param: "amount" });
    const stored = await app.db.root.recoveryEvent.findUniqueOrThrow({
      where: { id: source.recovery_event_id },
    });
    expect(stored.remittedAmount.toString()).toBe("90");
    expect(await rows(matterId)).toEqual([1, 3]);
  });
});

describe("GET /v1/ledger/matters/{matter_id}", () => {
  it("lists the events newest first with exact USD totals by kind", async () => {
    const matterId = await seed.matter(api);
    const a = await recorded(matterId, { usd_value: 0.1 });
    const b = await recorded(matterId, { event_type: "recovered", usd_value: 0.2 });
    await recorded(matterId, { event_type: "frozen", usd_value: 500 });
    await recorded(matterId, { event_type: "seized", usd_value: 0.05 });
    await recorded(matterId, { event_type: "blocked", usd_value: 70 });
    await recorded(matterId, { event_type: "settled", usd_value: undefined, asset: "USD" });
    const r = await remit(matterId, { amount: 10, source_recovery_event_id: a.recovery_event_id });
    expect(r.status, r.text).toBe(201);
    const res = await api.get(`/v1/ledger/matters/${matterId}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.matter_id).toBe(matterId);
    expect(res.body.recovery_events.map((e: any) => e.event_type)).toEqual([
      "settled",
      "blocked",
      "seized",
      "frozen",
      "recovered",
      "turned_over",
    ]);
    expect(res.body.recovery_events[4].recovery_event_id).toBe(b.recovery_event_id);
    expect(res.body.remittance_events.map((e: any) => e.remittance_event_id)).toEqual([
      r.body.remittance_event_id,
    ]);
    // 0.1 + 0.2 is exactly 0.3 here.
    expect(res.body.total_recovered).toEqual({
      amount: 0.3,
      currency: "USD",
      valuation_time: expect.any(String),
    });
    expect(res.body.total_secured.amount).toBe(500.05);
    expect(res.body.total_blocked.amount).toBe(70);
    // 10 of 1000 USDT valued at 0.10 USD → 0.001 → 0.00 (half-even to cents).
    expect(res.body.total_remitted.amount).toBe(0);
    expect(res.body.unvalued_recovery_events).toBe(1);
  });

  it("answers 404 to outsiders and needs ledger:read", async () => {
    const foreign = await seed.foreignMatter(api);
    for (const outsider of foreign.outsiders)
      expectError(
        await outsider.get(`/v1/ledger/matters/${foreign.matterId}`),
        404,
        "resource_missing",
      );
    const matterId = await seed.matter(api);
    const writer = await org.key({ scopes: ["matters:read"] });
    expectError(await writer.get(`/v1/ledger/matters/${matterId}`), 403, "insufficient_scope");
  });

  it("counts recovery events on the matter dashboard", async () => {
    const matterId = await seed.matter(api);
    await recorded(matterId);
    await recorded(matterId, { event_type: "frozen" });
    const dash = await api.get(`/v1/matters/${matterId}/dashboard`);
    expect(dash.body.recovery_events).toBe(2);
  });
});

describe("judgment balances", () => {
  it("subtract the recoveries in hand, valued in the judgment's currency, from the date they occurred", async () => {
    const matterId = await seed.matter(api);
    const grant = await api.post(`/v1/matters/${matterId}/authority`, {
      basis: "court_order",
      granted_by: "Court",
      source_refs: [{ source_type: "court_order" }],
    });
    expect(grant.status, grant.text).toBe(201);
    const intake = async (currency: string, amount: number) => {
      const res = await api.post("/v1/judgments/intake", {
        matter_id: matterId,
        court: "Superior Court",
        case_number: `BC-${currency}-${Date.now()}`,
        jurisdiction: "TX", // variable rate: no interest accrues, so payments show plainly
        creditor: "Acme",
        debtor: "Doe",
        amount: { amount, currency },
        date_entered: "2025-01-10",
      });
      expect(res.status, res.text).toBe(201);
      return res.body.judgment_id as string;
    };
    const usd = await intake("USD", 10_000);
    const eur = await intake("EUR", 5_000);
    await recorded(matterId, { usd_value: 1500.25, occurred_at: "2025-06-01T00:00:00.000Z" });
    await recorded(matterId, { event_type: "settled", usd_value: 499.75 });
    await recorded(matterId, { event_type: "frozen", usd_value: 3000 });
    await recorded(matterId, { event_type: "blocked", usd_value: 3000 });
    await recorded(matterId, {
      event_type: "recovered",
      asset: "EUR",
      network: undefined,
      gross_amount: 1200.5,
      usd_value: 1300,
    });
    const balance = async (id: string) => (await api.get(`/v1/judgments/${id}`)).body.balance;
    const b = await balance(usd);
    // 1500.25 + 499.75 + 1300 (the EUR recovery's usd_value): frozen and blocked are not paid.
    expect(b.payments).toMatchObject({ amount: 3300, currency: "USD" });
    expect(b.outstanding.amount).toBe(b.principal.amount + b.interest_accrued.amount - 3300);
    const e = await balance(eur);
    expect(e.payments).toMatchObject({ amount: 1200.5, currency: "EUR" });
  });
});

describe("GraphQL", () => {
  it("records and reads the ledger through mutations, node() and Matter.ledger", async () => {
    const matterId = await seed.matter(api);
    const made = await api.graphql(
      `mutation ($input: RecordRecoveryEventInput!) {
         recordRecoveryEvent(input: $input) { id recoveryEventId eventType status grossAmount usdValue }
       }`,
      {
        input: {
          matterId,
          eventType: "recovered",
          asset: "USDC",
          grossAmount: 250,
          usdValue: 250,
        },
      },
    );
    expect(made.body.errors).toBeUndefined();
    const event = made.body.data.recordRecoveryEvent;
    expect(event).toMatchObject({ eventType: "recovered", status: "unremitted", grossAmount: 250 });
    expect(event.id).toBe(event.recoveryEventId);
    const paid = await api.graphql(
      `mutation ($input: RecordRemittanceEventInput!) {
         recordRemittanceEvent(input: $input) { remittanceEventId amount usdValue sourceRecoveryEventId }
       }`,
      {
        input: {
          matterId,
          destination: "client trust account",
          asset: "usdc",
          amount: 50,
          sourceRecoveryEventId: event.id,
        },
      },
    );
    expect(paid.body.errors).toBeUndefined();
    expect(paid.body.data.recordRemittanceEvent).toMatchObject({ amount: 50, usdValue: 50 });
    const read = await api.graphql(
      `query ($m: ID!, $id: ID!) {
         node(id: $id) { ... on RecoveryEvent { remittedAmount status } }
         matter(id: $m) { ledger { totalRecovered { amount } recoveryEvents { id } remittanceEvents { amount } } }
         matterLedger(matterId: $m) { totalRemitted { amount currency } }
       }`,
      { m: matterId, id: event.id },
    );
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data).toEqual({
      node: { remittedAmount: 50, status: "partially_remitted" },
      matter: {
        ledger: {
          totalRecovered: { amount: 250 },
          recoveryEvents: [{ id: event.id }],
          remittanceEvents: [{ amount: 50 }],
        },
      },
      matterLedger: { totalRemitted: { amount: 50, currency: "USD" } },
    });
    const held = await api.graphql(
      `mutation ($input: RecordRecoveryEventInput!) { recordRecoveryEvent(input: $input) { id } }`,
      { input: { matterId, eventType: "blocked", asset: "USDT", grossAmount: 5 } },
    );
    const refused = await api.graphql(
      `mutation ($input: RecordRemittanceEventInput!) { recordRemittanceEvent(input: $input) { id } }`,
      {
        input: {
          matterId,
          destination: "x",
          asset: "USDT",
          amount: 1,
          sourceRecoveryEventId: held.body.data.recordRecoveryEvent.id,
        },
      },
    );
    expect(refused.body.errors[0].extensions.code).toBe("sanctions_hold");
  });
});

describe("a matters page with ledgers and waterfalls", () => {
  const PAGE = `{
    matters(first: 10) { edges { node {
      matterId
      dashboard { recoveryEvents providerEconomics { amount } }
      ledger { totalRecovered { amount } recoveryEvents { recoveryEventId audit { requestId } } remittanceEvents { amount } }
      waterfalls(first: 5) { edges { node {
        claimantDistributions { claimantId remitted }
        remittanceConstraints { remaining { amount } }
      } } }
    } } }
  }`;

  async function tenantWith(matters: number): Promise<Client> {
    const tenant = (await seed.org()).admin;
    for (let m = 0; m < matters; m++) {
      const matterId = await seed.matter(tenant);
      const c = await tenant.post(`/v1/matters/${matterId}/claimants`, {
        name: "C",
        role: "victim",
      });
      expect(c.status, c.text).toBe(201);
      for (let i = 0; i < matters; i++) await recovery(matterId, { usd_value: 100 + i }, tenant);
      const w = await tenant.post("/v1/waterfall/calculate", { matter_id: matterId });
      expect(w.status, w.text).toBe(200);
      const r = await remit(
        matterId,
        {
          amount: 5,
          waterfall_id: w.body.waterfall_id,
          asset: "USD",
          claimant_id: c.body.claimant_id,
        },
        tenant,
      );
      expect(r.status, r.text).toBe(201);
    }
    return tenant;
  }

  it("costs the same number of SQL statements for two matters and for three", async () => {
    const one = await tenantWith(2);
    const three = await tenantWith(3);
    const run = (client: Client) => async () => {
      const res = await client.graphql(PAGE);
      expect(res.body.errors).toBeUndefined();
      return res;
    };
    const shown = await run(three)();
    expect(shown.body.data.matters.edges).toHaveLength(3);
    expect(shown.body.data.matters.edges[0].node.ledger.recoveryEvents).toHaveLength(3);
    expect(shown.body.data.matters.edges[0].node.dashboard.recoveryEvents).toBe(3);
    const a = await statementsOf(app, run(one));
    const b = await statementsOf(app, run(three));
    expect(b).toBe(a);
  });
});
