import { Decimal } from "decimal.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HoldingObservation, knownCryptoExposure } from "../../plugins/crypto/dashboard.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import type { ApiResponse, Client } from "../helpers/http.js";
import { LISTED_WALLET, SANDBOX_WALLET, Seed } from "../helpers/seed.js";
import { statementsOf } from "../helpers/statements.js";

/**
 * SPEC.md MatterDashboard: every figure comes from the module that owns the records, and each
 * test below moves one figure by creating (or closing) the record it counts.
 */
let app: TestApp;
let api: Client;
let seed: Seed;

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  api = (await seed.org()).admin;
});
afterAll(() => app.dispose());

const ok = async (res: Promise<ApiResponse>) => {
  const r = await res;
  expect(r.status, r.text).toBeLessThan(300);
  return r.body;
};

const GQL = `query($id: ID!) { matter(id: $id) { dashboard {
  matterId judgmentValue { amount currency } knownCryptoExposure { amount currency }
  openActions openPackets alerts recoveryEvents providerEconomics { amount currency }
} } }`;

/** The dashboard over REST, checked equal to the GraphQL one. */
async function dashboard(matterId: string) {
  const rest = await api.get(`/v1/matters/${matterId}/dashboard`);
  expect(rest.status, rest.text).toBe(200);
  const gql = await api.graphql(GQL, { id: matterId });
  expect(gql.body.errors).toBeUndefined();
  const d = gql.body.data.matter.dashboard;
  expect({
    matter_id: d.matterId,
    judgment_value: d.judgmentValue.amount,
    known_crypto_exposure: d.knownCryptoExposure.amount,
    open_actions: d.openActions,
    open_packets: d.openPackets,
    alerts: d.alerts,
    recovery_events: d.recoveryEvents,
    provider_economics: d.providerEconomics.amount,
  }).toEqual({
    matter_id: rest.body.matter_id,
    judgment_value: rest.body.judgment_value.amount,
    known_crypto_exposure: rest.body.known_crypto_exposure.amount,
    open_actions: rest.body.open_actions,
    open_packets: rest.body.open_packets,
    alerts: rest.body.alerts,
    recovery_events: rest.body.recovery_events,
    provider_economics: rest.body.provider_economics.amount,
  });
  return rest.body;
}

async function grantedMatter(economics?: Record<string, number>) {
  const m = await ok(api.post("/v1/matters", { name: "Dashboard", economics }));
  await ok(
    api.post(`/v1/matters/${m.matter_id}/authority`, {
      basis: "engagement_letter",
      granted_by: "Client",
      source_refs: [{ source_type: "engagement_letter", title: "Letter" }],
    }),
  );
  return m.matter_id as string;
}

const usdOf = (items: Array<{ usd_value: number | null }>) =>
  items.reduce((sum, e) => sum.plus(e.usd_value ?? 0), new Decimal(0)).toNumber();

describe("matter dashboard figures", () => {
  it("judgment_value grows with an intake", async () => {
    const m = await grantedMatter();
    expect((await dashboard(m)).judgment_value.amount).toBe(0);
    await ok(
      api.post("/v1/judgments/intake", {
        matter_id: m,
        court: "Court",
        case_number: "DASH-1",
        jurisdiction: "CA",
        creditor: "C",
        debtor: "D",
        amount: { amount: 1234.56, currency: "USD" },
        date_entered: "2025-01-01",
      }),
    );
    expect((await dashboard(m)).judgment_value).toMatchObject({ amount: 1234.56, currency: "USD" });
  });

  it("known_crypto_exposure sums the mapped holdings' USD values once each, at their newest reading", async () => {
    const m = await grantedMatter();
    expect((await dashboard(m)).known_crypto_exposure.amount).toBe(0);
    const map = await ok(
      api.post("/v1/crypto/asset-map", { matter_id: m, wallets: [SANDBOX_WALLET] }),
    );
    const held = usdOf(map.token_exposures);
    expect(held).toBeGreaterThan(0);
    expect((await dashboard(m)).known_crypto_exposure.amount).toBe(held);
    // The same wallet mapped again, or its stablecoins assessed again, is not counted twice.
    await ok(api.post("/v1/crypto/asset-map", { matter_id: m, wallets: [SANDBOX_WALLET] }));
    await ok(
      api.post("/v1/crypto/stablecoin-exposure", {
        matter_id: m,
        wallets: [SANDBOX_WALLET.toLowerCase()],
      }),
    );
    expect((await dashboard(m)).known_crypto_exposure.amount).toBe(held);
    // Another wallet adds its own holdings.
    const other = "0x1111111111111111111111111111111111111111";
    const second = await ok(api.post("/v1/crypto/asset-map", { matter_id: m, wallets: [other] }));
    const expected = new Decimal(held).plus(usdOf(second.token_exposures)).toNumber();
    expect((await dashboard(m)).known_crypto_exposure.amount).toBe(expected);
  });

  it("open_actions counts live actions and drops a completed one", async () => {
    const m = await grantedMatter();
    const action = await ok(
      api.post("/v1/actions", { matter_id: m, type: "watch", title: "Watch" }),
    );
    await ok(api.post("/v1/actions", { matter_id: m, type: "ledger", title: "Reconcile" }));
    expect((await dashboard(m)).open_actions).toBe(2);
    await ok(api.post(`/v1/actions/${action.action_id}/complete`, { completion_notes: "Done" }));
    expect((await dashboard(m)).open_actions).toBe(1);
  });

  it("open_packets counts prepared packets", async () => {
    const m = await grantedMatter();
    expect((await dashboard(m)).open_packets).toBe(0);
    for (const path of ["exchange-freeze", "vasp-legal-process"])
      await ok(
        api.post(`/v1/packets/${path}`, {
          matter_id: m,
          wallets: [SANDBOX_WALLET],
          authorized_sender: "Jordan Counsel, Esq.",
        }),
      );
    expect((await dashboard(m)).open_packets).toBe(2);
  });

  it("alerts counts alerts needing attention: open or actionable, not parked under monitoring", async () => {
    const m = await grantedMatter();
    await ok(api.post("/v1/sanctions/screen", { matter_id: m, wallets: [LISTED_WALLET] }));
    expect((await dashboard(m)).alerts).toBe(1);
    const alerts = await ok(api.get(`/v1/alerts?matter_id=${m}`));
    const path = `/v1/alerts/${alerts.items[0].alert_id}/triage`;
    await ok(api.post(path, { status: "actionable" }));
    expect((await dashboard(m)).alerts).toBe(1);
    await ok(api.post(path, { status: "monitoring" }));
    expect((await dashboard(m)).alerts).toBe(0);
  });

  it("recovery_events and provider_economics follow the ledger and the latest waterfall", async () => {
    const m = await grantedMatter({ provider_percentage: 10 });
    await ok(api.post(`/v1/matters/${m}/claimants`, { name: "Jane", role: "victim" }));
    const recovery = await ok(
      api.post("/v1/ledger/recovery-events", {
        matter_id: m,
        event_type: "recovered",
        asset: "USDC",
        gross_amount: 2500,
        usd_value: 2500,
      }),
    );
    const before = await dashboard(m);
    expect(before.recovery_events).toBe(1);
    expect(before.provider_economics.amount).toBe(0);
    const waterfall = await ok(
      api.post("/v1/waterfall/calculate", {
        matter_id: m,
        recovery_event_ids: [recovery.recovery_event_id],
      }),
    );
    expect(waterfall.provider_economics.amount).toBe(250);
    expect((await dashboard(m)).provider_economics.amount).toBe(250);
  });

  it("costs the same SQL statements for an empty matter and a busy one", async () => {
    const empty = await grantedMatter();
    const busy = await seed.matterRecords(api, await seed.matter(api));
    const figures = await dashboard(busy.matterId);
    expect(figures).toMatchObject({ open_actions: 1, open_packets: 1, recovery_events: 1 });
    const cost = (id: string) =>
      statementsOf(app, async () => {
        expect((await api.get(`/v1/matters/${id}/dashboard`)).status).toBe(200);
      });
    const [a, b] = [await cost(empty), await cost(busy.matterId)];
    expect(b).toBe(a);
    expect(a).toBeLessThanOrEqual(10);
  });
});

describe("knownCryptoExposure (pure)", () => {
  const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
  const reading = (o: Partial<HoldingObservation>): HoldingObservation => ({
    network: "ethereum",
    wallet: "0xAbC0000000000000000000000000000000000001",
    contract: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
    asset: "USDT",
    usdValue: "10.00",
    observedAt: at(0),
    recordId: "cam_1",
    ...o,
  });

  it("counts each holding once, at its newest reading, whatever the address case", () => {
    expect(
      knownCryptoExposure([
        reading({ usdValue: "10.00" }),
        reading({
          wallet: "0xabc0000000000000000000000000000000000001",
          usdValue: "4.50",
          observedAt: at(1),
        }),
        reading({ asset: "ETH", contract: null, usdValue: null }),
        reading({ network: "polygon", usdValue: "1.25" }),
      ]).toString(),
    ).toBe("5.75");
  });

  it("is the sum of the newest readings for any readings in any order", () => {
    const arb = fc.array(
      fc.record({
        wallet: fc.constantFrom("0xa1", "0xA1", "0xb2"),
        contract: fc.constantFrom("0xc1", "0xd2", null),
        cents: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
        ms: fc.integer({ min: 0, max: 5 }),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, (rows) => {
        const readings = rows.map((r, i) =>
          reading({
            wallet: r.wallet,
            contract: r.contract,
            usdValue: r.cents === null ? null : new Decimal(r.cents).div(100),
            observedAt: at(r.ms),
            recordId: `cam_${String(i).padStart(3, "0")}`,
          }),
        );
        const shuffled = [...readings].reverse();
        const sum = knownCryptoExposure(readings);
        expect(knownCryptoExposure(shuffled).toString()).toBe(sum.toString());
        const all = readings.reduce((s, r) => s.plus(r.usdValue ?? 0), new Decimal(0));
        expect(sum.lte(all)).toBe(true);
        expect(sum.gte(0)).toBe(true);
      }),
    );
  });
});
