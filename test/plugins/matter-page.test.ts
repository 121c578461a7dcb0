import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import type { ApiResponse, Client } from "../helpers/http.js";
import { type MatterRecords, SANDBOX_WALLET, Seed } from "../helpers/seed.js";
import { statementsOf } from "../helpers/statements.js";

/** CONTRACT.md §14: a matter page query costs a bounded number of SQL statements. */
let app: TestApp;
let api: Client;

const PAGE = `query($id: ID!) {
  matter(id: $id) {
    matterId name status authorityStatus
    dashboard { openActions judgmentValue { amount currency } }
    authorityGrants(first: 20) { edges { node { authorityId status basis } } }
    claimants(first: 20) { edges { node { claimantId name role } } }
    judgments(first: 20) { edges { node { judgmentId caseNumber status amount { amount } } } }
    debtors(first: 20) { edges { node { debtorId legalName wallets } } }
  }
}`;

async function matterWith(n: number): Promise<string> {
  const m = (await api.post("/v1/matters", { name: `page ${n}` })).body.matter_id;
  for (let i = 0; i < n; i++) {
    expect(
      (
        await api.post(`/v1/matters/${m}/authority`, {
          basis: "court_order",
          granted_by: "Court",
          source_refs: [{ source_type: "court_order" }],
        })
      ).status,
    ).toBe(201);
    expect(
      (await api.post(`/v1/matters/${m}/claimants`, { name: `C${i}`, role: "creditor" })).status,
    ).toBe(201);
    expect(
      (await api.post("/v1/debtors", { matter_id: m, type: "individual", legal_name: `D${i}` }))
        .status,
    ).toBe(201);
    const j = await api.post("/v1/judgments/intake", {
      matter_id: m,
      court: "Court",
      case_number: `N${i}`,
      jurisdiction: "CA",
      creditor: "C",
      debtor: "D",
      amount: { amount: 1000 + i, currency: "USD" },
      date_entered: "2025-01-01",
    });
    expect(j.status, j.text).toBe(201);
  }
  return m;
}

function statementsFor(id: string): Promise<number> {
  return statementsOf(app, async () => {
    const res = await api.graphql(PAGE, { id });
    expect(res.body.errors).toBeUndefined();
  });
}

beforeAll(async () => {
  app = await startTestApp();
  api = (await new Seed(app).org()).admin;
});
afterAll(() => app.dispose());

describe("matter page query", () => {
  it("costs the same number of SQL statements for 1 and for 6 items in every list", async () => {
    const small = await matterWith(1);
    const large = await matterWith(6);
    const res = await api.graphql(PAGE, { id: large });
    expect(res.body.data.matter.judgments.edges).toHaveLength(6);
    expect(res.body.data.matter.debtors.edges).toHaveLength(6);
    const a = await statementsFor(small);
    const b = await statementsFor(large);
    expect(b).toBe(a);
    expect(a).toBeLessThan(25);
  });

  it("reads a matter with four child lists in two statements: the matter, then every list joined", async () => {
    const id = await matterWith(3);
    const FOUR = `query($id: ID!) { matter(id: $id) { matterId name status
      authorityGrants(first: 20) { edges { node { authorityId status basis } } }
      claimants(first: 20) { edges { node { claimantId name role } } }
      judgments(first: 20) { edges { node { judgmentId caseNumber status } } }
      debtors(first: 20) { edges { node { debtorId legalName } } } } }`;
    const res = await api.graphql(FOUR, { id });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.matter.judgments.edges).toHaveLength(3);
    expect(res.body.data.matter.claimants.edges).toHaveLength(3);
    expect(
      await statementsOf(app, async () => {
        expect((await api.graphql(FOUR, { id })).body.errors).toBeUndefined();
      }),
    ).toBe(2);
  });

  it("costs the same for a list of 2 or of 6 matters with every nested list, and pages each matter correctly", async () => {
    const LIST = `query($first: Int) {
      matters(first: $first) { edges { node {
        matterId authorityStatus
        authorityGrants(first: 3) { edges { node { authorityId } } pageInfo { hasNextPage } }
        claimants(first: 3) { edges { node { claimantId name } } pageInfo { hasNextPage } }
        judgments(first: 3) { edges { node { judgmentId amount { amount } } } pageInfo { hasNextPage } }
        debtors(first: 3) { edges { node { debtorId } } pageInfo { hasNextPage } }
        operations(first: 3) { edges { node { id } } pageInfo { hasNextPage } }
      } } }
    }`;
    const fresh = (await new Seed(app).org()).admin;
    const previous = api;
    api = fresh;
    try {
      const counts: number[] = [];
      // Every matter has children, so both pages run the same statements (an empty batch skips one).
      for (const n of [1, 5, 1, 1, 1, 1]) await matterWith(n);
      for (const first of [2, 6]) {
        counts.push(
          await statementsOf(app, async () => {
            const res = await api.graphql(LIST, { first });
            expect(res.body.errors).toBeUndefined();
            expect(res.body.data.matters.edges).toHaveLength(first);
          }),
        );
      }
      expect(counts[1]).toBe(counts[0]);
      const res = await api.graphql(LIST, { first: 6 });
      const busy = res.body.data.matters.edges.find(
        (e: any) => e.node.claimants.edges.length > 1,
      ).node;
      expect(busy.claimants.edges).toHaveLength(3);
      expect(busy.claimants.pageInfo.hasNextPage).toBe(true);
      expect(busy.judgments.edges).toHaveLength(3);
      const names = busy.claimants.edges.map((e: any) => e.node.name);
      expect(names).toEqual(["C4", "C3", "C2"]);
      const lone = res.body.data.matters.edges.find(
        (e: any) => e.node.claimants.edges.length === 1,
      ).node;
      expect(lone.claimants.pageInfo.hasNextPage).toBe(false);
    } finally {
      api = previous;
    }
  });
});

/** Every station of a case (SPEC.md) on one page: what a matter screen shows. */
const STATIONS = `
  matterId name status authorityStatus
  dashboard {
    judgmentValue { amount } knownCryptoExposure { amount } openActions openPackets alerts
    recoveryEvents providerEconomics { amount }
  }
  authorityGrants(first: 10) { edges { node { authorityId status basis } } pageInfo { hasNextPage } }
  claimants(first: 10) { edges { node { claimantId name role } } }
  judgments(first: 10) { edges { node { judgmentId caseNumber status amount { amount } } } }
  debtors(first: 10) { edges { node { debtorId legalName wallets } } }
  wallets(first: 10) { edges { node { walletId address network role confidence } } }
  attributionClaims(first: 10) { edges { node { claimId subject predicate confidence label } } }
  attributionGraphs(first: 10) { edges { node { graphId walletIds } } }
  networkSignals(first: 10) { edges { node { networkAttributionId signalType confidenceLevel } } }
  cryptoAssetMaps(first: 10) { edges { node { mapId chains includeStablecoins } } }
  sanctionsScreens(first: 10) { edges { node { screenId status ordinaryCollectionPaused } } }
  sanctionsReviews(first: 10) { edges { node { reviewId status ofacReportRequired } } }
  ofacReports(first: 10) { edges { node { ofacReportId status dueDate } } }
  packets(first: 10) { edges { node { packetId type status authorizedSender } } }
  contactLogs(first: 10) { edges { node { contactLogId outcome packetId } } }
  issuerRemediations(first: 10) { edges { node { remediationId issuer asset status } } }
  destinationWalletCertificates(first: 10) { edges { node { destinationWalletId walletAddress } } }
  campaigns(first: 10) { edges { node { campaignId mode pressureLevel status } } }
  actions(first: 10) { edges { node { actionId type title status } } }
  alerts(first: 10) { edges { node { alertId type severity status } } }
  watchlists(first: 10) { edges { node { watchlistId name status } } }
  operations(first: 10) { edges { node { id type } } }
  ledger { totalRecovered { amount } }
  waterfalls(first: 10) { edges { node { waterfallId grossRecovered { amount } } } }
  auditEvents(first: 10) { edges { node { eventId eventType objectType objectId } } }
`;

/**
 * The stations with ids only, for a list of matters: within the query cost limit (the older
 * stations, operations and claimants, are counted by the tests above).
 */
const STATION_IDS = `
  matterId dashboard { openPackets knownCryptoExposure { amount } }
  ledger { totalRecovered { amount } }
  authorityGrants(first: 10) { edges { node { id } } }
  judgments(first: 10) { edges { node { id } } }
  debtors(first: 10) { edges { node { id } } }
  wallets(first: 10) { edges { node { id } } }
  attributionClaims(first: 10) { edges { node { id } } }
  attributionGraphs(first: 10) { edges { node { id } } }
  networkSignals(first: 10) { edges { node { id } } }
  cryptoAssetMaps(first: 10) { edges { node { id } } }
  sanctionsScreens(first: 10) { edges { node { id } } }
  sanctionsReviews(first: 10) { edges { node { id } } }
  ofacReports(first: 10) { edges { node { id } } }
  packets(first: 10) { edges { node { id } } }
  contactLogs(first: 10) { edges { node { id } } }
  issuerRemediations(first: 10) { edges { node { id } } }
  destinationWalletCertificates(first: 10) { edges { node { id } } }
  campaigns(first: 10) { edges { node { id } } }
  actions(first: 10) { edges { node { id } } }
  alerts(first: 10) { edges { node { id } } }
  watchlists(first: 10) { edges { node { id } } }
  waterfalls(first: 10) { edges { node { id } } }
  auditEvents(first: 10) { edges { node { id } } }
`;

/** A distinct, valid (all lower-case) EVM address per label. */
const evm = (label: string) => `0x${createHash("sha256").update(label).digest("hex").slice(0, 40)}`;

/**
 * `extra` more children of each kind on top of Seed.matterRecords' one, through the API. The
 * matter already holds a blocked sanctions review, so only writes outside the sanctions gate.
 */
async function moreChildren(client: Client, records: MatterRecords, extra: number) {
  const m = records.matterId;
  const ok = async (res: Promise<ApiResponse>) => {
    const r = await res;
    expect(r.status, r.text).toBeLessThan(300);
    return r.body;
  };
  for (let i = 0; i < extra; i++) {
    const address = evm(`${m}:${i}`);
    await ok(client.post(`/v1/matters/${m}/claimants`, { name: `C${i}`, role: "creditor" }));
    await ok(
      client.post(`/v1/matters/${m}/authority`, {
        basis: "court_order",
        granted_by: "Court",
        source_refs: [{ source_type: "court_order" }],
      }),
    );
    await ok(client.post("/v1/debtors", { matter_id: m, type: "individual", legal_name: `D${i}` }));
    const imported = await ok(
      client.post("/v1/attribution/wallets/import", {
        matter_id: m,
        wallets: [{ address, network: "ethereum" }],
      }),
    );
    const walletId = imported.wallets[0].wallet_id;
    await ok(
      client.post("/v1/attribution/claims", {
        matter_id: m,
        subject: walletId,
        predicate: "controlled_by",
        object: `D${i}`,
        source_type: "vasp_response",
      }),
    );
    await ok(client.post("/v1/attribution/graph", { matter_id: m, wallet_ids: [walletId] }));
    await ok(
      client.post("/v1/network-attribution/signals", {
        matter_id: m,
        signal_type: "exchange_login_ip",
        source: "Exchange X",
        wallet_address: address,
      }),
    );
    await ok(client.post("/v1/crypto/asset-map", { matter_id: m, wallets: [address] }));
    await ok(client.post("/v1/sanctions/screen", { matter_id: m, wallets: [address] }));
    const packet = await ok(
      client.post("/v1/packets/exchange-freeze", {
        matter_id: m,
        judgment_id: records.judgmentId,
        wallets: [address],
        authorized_sender: "Jordan Counsel, Esq.",
      }),
    );
    await ok(
      client.post(`/v1/relationships/${records.relationshipId}/contact-log`, {
        matter_id: m,
        authorized_sender: "Jordan Counsel, Esq.",
        contact_type: "email",
        packet_id: packet.packet_id,
        outcome: "sent",
      }),
    );
    await ok(
      client.post("/v1/issuer-remediation/destination-wallet-certificate", {
        matter_id: m,
        wallet_address: evm(`${m}:destination:${i}`),
        network: "ethereum",
        purpose: "Receive reissued USDT",
        owner: "Acme Corp",
        signer_model: "2-of-3 multisig",
        allowed_assets: ["USDT"],
      }),
    );
    await ok(
      client.post("/v1/issuer-remediation/freeze-packet", {
        matter_id: m,
        wallets: [SANDBOX_WALLET],
        asset: "USDT",
        authorized_sender: "Jordan Counsel, Esq.",
      }),
    );
    await ok(client.post("/v1/actions", { matter_id: m, type: "watch", title: `Watch ${i}` }));
    await ok(
      client.post("/v1/watchlists", { matter_id: m, name: `List ${i}`, chains: ["ethereum"] }),
    );
    await ok(
      client.post("/v1/operations", {
        matter_id: m,
        type: "victim_recovery",
        intent: `trace ${i}`,
        posture: "monitoring",
      }),
    );
    const recovery = await ok(
      client.post("/v1/ledger/recovery-events", {
        matter_id: m,
        event_type: "recovered",
        asset: "USDC",
        gross_amount: 10 + i,
        usd_value: 10 + i,
      }),
    );
    await ok(
      client.post("/v1/waterfall/calculate", {
        matter_id: m,
        recovery_event_ids: [recovery.recovery_event_id],
      }),
    );
    await ok(client.post("/v1/audit/events", { matter_id: m, event_type: `note.${i}` }));
  }
}

describe("matter page touching every station", () => {
  let small: { api: Client; matters: string[] };
  let large: { api: Client; matters: string[] };

  /** A tenant with two matters, each with one record of every kind plus `extra` of most. */
  async function tenantWith(extra: number) {
    const seed = new Seed(app);
    const client = (await seed.org()).admin;
    const matters: string[] = [];
    for (let i = 0; i < 2; i++) {
      const records = await seed.matterRecords(client, await seed.matter(client));
      await moreChildren(client, records, extra);
      matters.push(records.matterId);
    }
    return { api: client, matters };
  }

  beforeAll(async () => {
    small = await tenantWith(0);
    large = await tenantWith(4);
  }, 300_000);

  it("shows every station of a matter through batched connections", async () => {
    const res = await large.api.graphql(`query($id: ID!) { matter(id: $id) { ${STATIONS} } }`, {
      id: large.matters[0]!,
    });
    expect(res.body.errors).toBeUndefined();
    const matter = res.body.data.matter;
    const sizes = Object.fromEntries(
      Object.entries(matter)
        .filter(([, v]) => (v as { edges?: unknown[] })?.edges)
        .map(([k, v]) => [k, (v as { edges: unknown[] }).edges.length]),
    );
    // Every connection shows the seeded record; those the extra children add show five.
    expect(Object.values(sizes).every((n) => n >= 1)).toBe(true);
    for (const list of ["claimants", "wallets", "packets", "contactLogs", "issuerRemediations"])
      expect(sizes[list], list).toBe(5);
    expect(matter.dashboard.openPackets).toBe(5);
    expect(matter.dashboard.recoveryEvents).toBe(5);
    expect(matter.dashboard.knownCryptoExposure.amount).toBeGreaterThan(0);
    expect(matter.ledger.totalRecovered.amount).toBe(1000 + 10 + 11 + 12 + 13);
  });

  it("costs the same SQL statements for one record of each kind as for five, for one matter and for a list", async () => {
    const page = async (who: typeof small, query: string, variables: object) =>
      statementsOf(app, async () => {
        const res = await who.api.graphql(query, variables as Record<string, unknown>);
        expect(res.body.errors).toBeUndefined();
      });
    const ONE = `query($id: ID!) { matter(id: $id) { ${STATIONS} } }`;
    const LIST = `query { matters(first: 2) { edges { node { ${STATION_IDS} } } } }`;
    const one = [
      await page(small, ONE, { id: small.matters[0] }),
      await page(large, ONE, { id: large.matters[0] }),
    ];
    const list = [await page(small, LIST, {}), await page(large, LIST, {})];
    console.log(
      `matter page SQL statements: one matter ${one.join("/")}, two matters ${list.join("/")}`,
    );
    expect(one[1]).toBe(one[0]);
    expect(list[1]).toBe(list[0]);
    // Every list is batched across the matters of the page, so two matters never cost twice
    // one (a lone parent's list takes one statement, a batch of parents' lists two).
    expect(list[0]!).toBeLessThan(2 * one[0]!);
    expect(one[0]!).toBeLessThan(80);
  });
});
