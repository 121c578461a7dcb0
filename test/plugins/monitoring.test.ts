import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type ApiResponse, type Client, errorOf, expectError } from "../helpers/http.js";
import { LISTED_WALLET, SANDBOX_WALLET, Seed, type SeededOrg } from "../helpers/seed.js";

let app: TestApp;
let seed: Seed;
let org: SeededOrg;
let api: Client;

const BTC = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
/** SANDBOX_WALLET with one letter's case flipped: its EIP-55 checksum fails. */
const BAD_CHECKSUM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD";

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  org = await seed.org({ features: ["live_access"] });
  api = org.admin;
}, 60_000);
afterAll(() => app?.dispose());

const auditOf = (res: ApiResponse) =>
  app.db.root.auditEvent.findMany({ where: { requestId: res.body.audit_ref } });

async function watchlistOf(matterId: string, body: Record<string, unknown> = {}, client = api) {
  const res = await client.post("/v1/watchlists", {
    matter_id: matterId,
    name: "Debtor wallets",
    chains: ["ethereum", "polygon"],
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const addTo = (id: string, addresses: string[], client = api, extra = {}) =>
  client.post(`/v1/watchlists/${id}/addresses`, {
    addresses,
    reason: "Debtor's deposit wallet per the exchange's subpoena return",
    ...extra,
  });

/** A matter with an open sanctions alert (its watchlist holds a listed wallet). */
async function alertOf(matterId: string, client = api) {
  const w = await watchlistOf(matterId, {}, client);
  const added = await addTo(w.watchlist_id, [LISTED_WALLET], client);
  expect(added.status, added.text).toBe(200);
  const list = await client.get(`/v1/alerts?matter_id=${matterId}&type=sanctions`);
  expect(list.body.items).toHaveLength(1);
  return list.body.items[0];
}

const closeMatter = async (matterId: string) => {
  const res = await api.post(`/v1/matters/${matterId}/close`, { reason: "paid" });
  expect(res.status, res.text).toBe(200);
};

describe("POST /v1/watchlists", () => {
  it("creates an empty watchlist with its thresholds and derived alert rules, audited", async () => {
    const matterId = await seed.matter(api);
    const res = await api.post("/v1/watchlists", {
      matter_id: matterId,
      name: "Debtor wallets",
      chains: ["ethereum", "polygon", "ethereum"],
      thresholds: { min_amount: 1000, min_usd_value: 5000.5, direction: "outgoing" },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      watchlist_id: expect.stringMatching(/^wls_[0-9a-z]{26}$/),
      matter_id: matterId,
      name: "Debtor wallets",
      status: "active",
      chains: ["ethereum", "polygon"],
      thresholds: { min_amount: 1000, min_usd_value: 5000.5, direction: "outgoing" },
      addresses: [],
      watched_addresses: [],
      alert_rules: [
        {
          alert_type: "wallet_movement",
          severity: "high",
          chains: ["ethereum", "polygon"],
          min_amount: 1000,
          min_usd_value: 5000.5,
          direction: "outgoing",
          description: expect.stringContaining("sends funds on ethereum, polygon"),
        },
        {
          alert_type: "sanctions",
          severity: "critical",
          chains: ["ethereum", "polygon"],
          min_amount: null,
          min_usd_value: null,
          direction: null,
          description: expect.stringContaining("OFAC SDN list"),
        },
      ],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: res.body.created_at,
      audit_ref: expect.stringMatching(/^req_/),
    });
    const [audit] = await auditOf(res);
    expect(audit).toMatchObject({
      eventType: "watchlist.created",
      objectId: res.body.watchlist_id,
      matterId,
      details: { chains: ["ethereum", "polygon"], name: "Debtor wallets" },
    });
  });

  it("defaults the thresholds to every movement in either direction", async () => {
    const w = await watchlistOf(await seed.matter(api));
    expect(w.thresholds).toEqual({ min_amount: null, min_usd_value: null, direction: "any" });
    expect(w.alert_rules[0]).toMatchObject({ direction: "any", min_amount: null });
  });

  it("refuses bad bodies with the contract's errors and creates nothing", async () => {
    const matterId = await seed.matter(api);
    const before = await app.db.root.watchlist.count();
    const base = { matter_id: matterId, name: "W", chains: ["ethereum"] };
    expectError(
      await api.post("/v1/watchlists", { ...base, name: undefined }),
      400,
      "parameter_missing",
      "name",
    );
    expectError(
      await api.post("/v1/watchlists", { ...base, name: "  " }),
      400,
      "parameter_invalid",
      "name",
    );
    expectError(
      await api.post("/v1/watchlists", { ...base, chains: [] }),
      400,
      "parameter_invalid",
      "chains",
    );
    expectError(
      await api.post("/v1/watchlists", { ...base, chains: ["ethereum", "dogecoin"] }),
      400,
      "parameter_invalid",
    );
    expectError(
      await api.post("/v1/watchlists", { ...base, thresholds: { min_amount: -1 } }),
      400,
      "parameter_invalid",
      "thresholds.min_amount",
    );
    expectError(
      await api.post("/v1/watchlists", { ...base, thresholds: { max_amount: 5 } }),
      400,
      "unknown_parameter",
    );
    expectError(
      await api.post("/v1/watchlists", { ...base, thresholds: { direction: "sideways" } }),
      400,
      "parameter_invalid",
    );
    expectError(
      await api.post("/v1/watchlists", { ...base, status: "closed" }),
      400,
      "unknown_parameter",
    );
    expect(await app.db.root.watchlist.count()).toBe(before);
  });

  it("answers 404 for matters out of reach, 409 under a closed matter, 403 without the scope", async () => {
    const foreign = await seed.foreignMatter(api);
    for (const outsider of foreign.outsiders) {
      const res = await outsider.post("/v1/watchlists", {
        matter_id: foreign.matterId,
        name: "W",
        chains: ["ethereum"],
      });
      expectError(res, 404, "resource_missing", "matter_id");
    }
    const closed = await seed.matter(api);
    await closeMatter(closed);
    expectError(
      await api.post("/v1/watchlists", { matter_id: closed, name: "W", chains: ["ethereum"] }),
      409,
      "matter_closed",
    );
    const reader = await org.key({ scopes: ["monitoring:read"] });
    const res = await reader.post("/v1/watchlists", {
      matter_id: await seed.matter(api),
      name: "W",
      chains: ["ethereum"],
    });
    expectError(res, 403, "insufficient_scope");
    expect(errorOf(res).details.required_scope).toBe("monitoring:write");
  });

  it("replays a repeated Idempotency-Key without creating a second watchlist", async () => {
    const matterId = await seed.matter(api);
    const body = { matter_id: matterId, name: "Once", chains: ["ethereum"] };
    const headers = { headers: { "Idempotency-Key": `wl-${matterId}` } };
    const first = await api.post("/v1/watchlists", body, headers);
    const again = await api.post("/v1/watchlists", body, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.watchlist_id).toBe(first.body.watchlist_id);
    expect(await app.db.root.watchlist.count({ where: { matterId } })).toBe(1);
  });
});

describe("POST /v1/watchlists/{watchlist_id}/addresses", () => {
  it("adds addresses with reason and evidence; a repeat (any case) changes nothing", async () => {
    const matterId = await seed.matter(api);
    const w = await watchlistOf(matterId);
    const refs = [{ source_type: "vasp_response", title: "Exchange subpoena return" }];
    const res = await addTo(w.watchlist_id, [SANDBOX_WALLET, SANDBOX_WALLET.toLowerCase()], api, {
      source_refs: refs,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.addresses).toEqual([SANDBOX_WALLET]);
    expect(res.body.watched_addresses).toEqual([
      {
        watched_address_id: expect.stringMatching(/^wla_/),
        watchlist_id: w.watchlist_id,
        address: SANDBOX_WALLET,
        networks: ["ethereum", "polygon"],
        reason: "Debtor's deposit wallet per the exchange's subpoena return",
        source_refs: [
          {
            source_id: null,
            source_type: "vasp_response",
            title: "Exchange subpoena return",
            uri: null,
            hash: null,
            chain_of_custody_id: null,
            admissibility_notes: null,
          },
        ],
        last_movement_at: null,
        added_at: expect.any(String),
      },
    ]);
    const [audit] = await auditOf(res);
    expect(audit).toMatchObject({
      eventType: "watchlist.addresses_added",
      details: { added: [SANDBOX_WALLET], already_watched: [], source_refs: refs },
    });

    const again = await addTo(w.watchlist_id, [SANDBOX_WALLET.toLowerCase()], api, {
      reason: "another reason",
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.watched_addresses).toEqual(res.body.watched_addresses);
    expect(again.body.updated_at).toBe(res.body.updated_at);
    const [second] = await auditOf(again);
    expect(second!.details).toMatchObject({
      added: [],
      already_watched: [SANDBOX_WALLET.toLowerCase()],
    });
    expect(
      await app.db.root.watchlistAddress.count({ where: { watchlistId: w.watchlist_id } }),
    ).toBe(1);
  });

  it("refuses invalid addresses and addresses of no watched chain, naming the item", async () => {
    const w = await watchlistOf(await seed.matter(api));
    expectError(
      await addTo(w.watchlist_id, [SANDBOX_WALLET, BAD_CHECKSUM]),
      400,
      "parameter_invalid",
      "addresses[1]",
    );
    expectError(
      await addTo(w.watchlist_id, ["not-an-address"]),
      400,
      "parameter_invalid",
      "addresses[0]",
    );
    const btc = await addTo(w.watchlist_id, [SANDBOX_WALLET, BTC]);
    expectError(btc, 400, "parameter_invalid", "addresses[1]");
    expect(errorOf(btc).message).toContain("bitcoin");
    expectError(await addTo(w.watchlist_id, []), 400, "parameter_invalid", "addresses");
    expectError(
      await addTo(w.watchlist_id, [SANDBOX_WALLET], api, { reason: " " }),
      400,
      "parameter_invalid",
      "reason",
    );
    expectError(
      await api.post(`/v1/watchlists/${w.watchlist_id}/addresses`, { addresses: [SANDBOX_WALLET] }),
      400,
      "parameter_missing",
      "reason",
    );
    expect(
      await app.db.root.watchlistAddress.count({ where: { watchlistId: w.watchlist_id } }),
    ).toBe(0);
    const both = await watchlistOf(await seed.matter(api), { chains: ["bitcoin", "base"] });
    const ok = await addTo(both.watchlist_id, [BTC, SANDBOX_WALLET]);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.watched_addresses.map((a: any) => a.networks)).toEqual([["bitcoin"], ["base"]]);
  });

  it("raises a sanctions alert at once for a listed address, once however often it is added", async () => {
    const matterId = await seed.matter(api);
    const w = await watchlistOf(matterId);
    const res = await addTo(w.watchlist_id, [LISTED_WALLET]);
    expect(res.status, res.text).toBe(200);
    const alerts = await app.db.root.alert.findMany({ where: { matterId } });
    expect(alerts).toEqual([
      expect.objectContaining({
        type: "sanctions",
        severity: "critical",
        status: "open",
        target: LISTED_WALLET,
        details: expect.objectContaining({
          watchlist_id: w.watchlist_id,
          sdn_profile_id: 29702,
          list_issue_date: "2025-11-19",
        }),
      }),
    ]);
    const events = await app.db.root.event.findMany({ where: { requestId: res.body.audit_ref } });
    expect(events.map((e) => e.type)).toEqual(["alert.created"]);
    const other = await watchlistOf(matterId, { name: "Second" });
    expect((await addTo(other.watchlist_id, [LISTED_WALLET])).status).toBe(200);
    expect(await app.db.root.alert.count({ where: { matterId } })).toBe(1);
  });

  it("answers 404 for another tenant's or matter's watchlist and 409 once its matter is closed", async () => {
    const foreign = await seed.foreignMatter(api);
    const w = await watchlistOf(foreign.matterId, {}, foreign.owner.admin);
    for (const outsider of foreign.outsiders)
      expectError(await addTo(w.watchlist_id, [SANDBOX_WALLET], outsider), 404, "resource_missing");
    expectError(
      await addTo("wls_01jdxd3mwbfq8t7y6n1qv2c3zz", [SANDBOX_WALLET]),
      404,
      "resource_missing",
    );
    const matterId = await seed.matter(api);
    const mine = await watchlistOf(matterId);
    await closeMatter(matterId);
    expectError(await addTo(mine.watchlist_id, [SANDBOX_WALLET]), 409, "matter_closed");
    const after = await api.get(`/v1/watchlists/${mine.watchlist_id}`);
    expect(after.body.status).toBe("closed");
  });
});

describe("GET /v1/watchlists and /v1/watchlists/{watchlist_id}", () => {
  it("lists newest first with keyset pages and a matter filter, and reads one", async () => {
    const matterId = await seed.matter(api);
    const first = await watchlistOf(matterId, { name: "First" });
    const second = await watchlistOf(matterId, { name: "Second" });
    await watchlistOf(await seed.matter(api), { name: "Elsewhere" });
    const page = await api.get(`/v1/watchlists?matter_id=${matterId}&limit=1`);
    expect(page.status, page.text).toBe(200);
    expect(page.body.items.map((w: any) => w.name)).toEqual(["Second"]);
    expect(page.body.has_more).toBe(true);
    const next = await api.get(
      `/v1/watchlists?matter_id=${matterId}&limit=1&cursor=${page.body.next_cursor}`,
    );
    expect(next.body.items.map((w: any) => w.name)).toEqual(["First"]);
    expect(next.body).toMatchObject({ has_more: false, next_cursor: null });
    const one = await api.get(`/v1/watchlists/${first.watchlist_id}`);
    expect(one.status).toBe(200);
    expect({ ...one.body, audit_ref: null }).toEqual({ ...first, audit_ref: null });
    expect(second.watchlist_id > first.watchlist_id).toBe(true);
    expectError(await api.get("/v1/watchlists?owner=me"), 400, "unknown_parameter");
    expectError(await api.get("/v1/watchlists?limit=0"), 400, "parameter_invalid");
  });

  it("keeps other tenants' and other matters' watchlists out of reach", async () => {
    const foreign = await seed.foreignMatter(api);
    const w = await watchlistOf(foreign.matterId, {}, foreign.owner.admin);
    for (const outsider of foreign.outsiders) {
      expectError(await outsider.get(`/v1/watchlists/${w.watchlist_id}`), 404, "resource_missing");
      const list = await outsider.get("/v1/watchlists?limit=100");
      expect(list.status).toBe(200);
      expect(list.text).not.toContain(w.watchlist_id);
    }
    const ownerList = await foreign.owner.admin.get("/v1/watchlists?limit=100");
    expect(ownerList.text).toContain(w.watchlist_id);
  });
});

describe("GET /v1/alerts", () => {
  it("lists alerts with matter, type, severity and status filters", async () => {
    const matterId = await seed.matter(api);
    const alert = await alertOf(matterId);
    expect(alert).toEqual({
      alert_id: expect.stringMatching(/^alr_/),
      matter_id: matterId,
      type: "sanctions",
      severity: "critical",
      status: "open",
      target: LISTED_WALLET,
      reason: expect.stringContaining("OFAC SDN list"),
      details: expect.objectContaining({ sdn_profile_id: 29702 }),
      triage_history: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const q = (query: string) => api.get(`/v1/alerts?matter_id=${matterId}&${query}`);
    expect((await q("severity=critical")).body.items).toHaveLength(1);
    expect((await q("severity=low")).body.items).toHaveLength(0);
    expect((await q("status=open")).body.items).toHaveLength(1);
    expect((await q("status=resolved")).body.items).toHaveLength(0);
    expect((await q("type=deadline")).body.items).toHaveLength(0);
    expectError(await q("severity=urgent"), 400, "parameter_invalid");
    expectError(await q("kind=sanctions"), 400, "unknown_parameter");
  });

  it("shows no other tenant's or matter's alerts, and needs monitoring:read", async () => {
    const foreign = await seed.foreignMatter(api);
    const alert = await alertOf(foreign.matterId, foreign.owner.admin);
    for (const outsider of foreign.outsiders) {
      const list = await outsider.get("/v1/alerts?limit=100");
      expect(list.status).toBe(200);
      expect(list.text).not.toContain(alert.alert_id);
      expectError(
        await outsider.post(`/v1/alerts/${alert.alert_id}/triage`, { status: "actionable" }),
        404,
        "resource_missing",
      );
    }
    const noScope = await org.key({ scopes: ["matters:read"] });
    expectError(await noScope.get("/v1/alerts"), 403, "insufficient_scope");
  });
});

describe("POST /v1/alerts/{alert_id}/triage", () => {
  it("moves an alert through triage, recording who, when, from, to and notes, audited", async () => {
    const matterId = await seed.matter(api);
    const alert = await alertOf(matterId);
    const operator = await org.key({ scopes: ["monitoring:read", "monitoring:write"] });
    const res = await operator.post(`/v1/alerts/${alert.alert_id}/triage`, {
      status: "actionable",
      notes: "Confirmed listing; pause collection.",
      create_action: false,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ alert_id: alert.alert_id, status: "actionable" });
    expect(res.body.triage_history).toEqual([
      {
        triage_id: expect.stringMatching(/^atr_/),
        alert_id: alert.alert_id,
        from_status: "open",
        to_status: "actionable",
        notes: "Confirmed listing; pause collection.",
        action_id: null,
        packet_id: null,
        triaged_by: operator.keyId,
        request_id: res.body.audit_ref,
        created_at: expect.any(String),
      },
    ]);
    const [audit] = await auditOf(res);
    expect(audit).toMatchObject({
      eventType: "alert.triaged",
      objectId: alert.alert_id,
      matterId,
      actorId: operator.keyId,
      details: { from: "open", to: "actionable", action_id: null, packet_id: null },
    });
    const path = `/v1/alerts/${alert.alert_id}/triage`;
    for (const status of ["monitoring", "resolved", "actionable"]) {
      const moved = await api.post(path, { status });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body.status).toBe(status);
    }
    const closed = await api.post(path, { status: "false_positive", notes: "Namesake." });
    expect(closed.body.status).toBe("false_positive");
    expect(closed.body.triage_history.map((h: any) => h.to_status)).toEqual([
      "actionable",
      "monitoring",
      "resolved",
      "actionable",
      "false_positive",
    ]);
    const final = await api.post(path, { status: "actionable" });
    expectError(final, 409, "invalid_state_transition", "status");
    expect(errorOf(final).details).toMatchObject({ from: "false_positive", allowed: [] });
    const dashboard = await api.get(`/v1/matters/${matterId}/dashboard`);
    expect(dashboard.body.alerts).toBe(0);
  });

  it("refuses a move back to open or to the same status, listing the allowed ones", async () => {
    const alert = await alertOf(await seed.matter(api));
    const path = `/v1/alerts/${alert.alert_id}/triage`;
    const toOpen = await api.post(path, { status: "open" });
    expectError(toOpen, 409, "invalid_state_transition");
    expect(errorOf(toOpen).details.allowed).toEqual([
      "actionable",
      "monitoring",
      "false_positive",
      "resolved",
    ]);
    expect((await api.post(path, { status: "monitoring" })).status).toBe(200);
    const same = await api.post(path, { status: "monitoring" });
    expectError(same, 409, "invalid_state_transition");
    expect(errorOf(same).details.allowed).toEqual(["actionable", "false_positive", "resolved"]);
  });

  it("refuses follow-ups without authority, unknown packet kinds, bad statuses, closed matters, changing nothing", async () => {
    const matterId = await seed.matter(api);
    const alert = await alertOf(matterId);
    const path = `/v1/alerts/${alert.alert_id}/triage`;
    // The matter has no authority grant: a triage asking for a follow-up is refused whole.
    const action = await api.post(path, { status: "actionable", create_action: true });
    expectError(action, 403, "authority_required", "matter_id");
    const packet = await api.post(path, {
      status: "actionable",
      create_packet_type: "exchange_freeze",
    });
    expectError(packet, 403, "authority_required");
    const unknown = await api.post(path, { status: "actionable", create_packet_type: "exchange" });
    expectError(unknown, 400, "parameter_invalid", "create_packet_type");
    expectError(await api.post(path, { status: "done" }), 400, "parameter_invalid", "status");
    expectError(await api.post(path, { notes: "x" }), 400, "parameter_missing", "status");
    expectError(
      await api.post(path, { status: "resolved", severity: "low" }),
      400,
      "unknown_parameter",
    );
    const reader = await org.key({ scopes: ["monitoring:read"] });
    expectError(await reader.post(path, { status: "resolved" }), 403, "insufficient_scope");
    await closeMatter(matterId);
    expectError(await api.post(path, { status: "resolved" }), 409, "matter_closed");
    const stored = await app.db.root.alert.findUniqueOrThrow({ where: { id: alert.alert_id } });
    expect(stored.status).toBe("open");
    expect(await app.db.root.alertTriage.count({ where: { alertId: alert.alert_id } })).toBe(0);
    expect(await app.db.root.action.count({ where: { matterId } })).toBe(0);
    expect(await app.db.root.packet.count({ where: { matterId } })).toBe(0);
    expectError(
      await api.post("/v1/alerts/alr_01jdxd3mwbfq8t7y6n1qv2c3zz/triage", { status: "resolved" }),
      404,
      "resource_missing",
    );
  });

  it("lets only one of two racing triages of the same move land", async () => {
    const alert = await alertOf(await seed.matter(api));
    const path = `/v1/alerts/${alert.alert_id}/triage`;
    const results = await Promise.all([
      api.post(path, { status: "resolved" }),
      api.post(path, { status: "resolved" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await app.db.root.alertTriage.count({ where: { alertId: alert.alert_id } })).toBe(1);
  });
});

describe("GraphQL", () => {
  it("creates, fills, reads and lists watchlists, with Node and Matter connections", async () => {
    const matterId = await seed.matter(api);
    const created = await api.graphql(
      `mutation($input: CreateWatchlistInput!) { createWatchlist(input: $input) {
         id watchlistId status chains thresholds { minAmount direction } alertRules { alertType severity }
       } }`,
      {
        input: {
          matterId,
          name: "GQL",
          chains: ["ethereum"],
          thresholds: { minAmount: 10, direction: "incoming" },
        },
      },
    );
    expect(created.body.errors).toBeUndefined();
    const w = created.body.data.createWatchlist;
    expect(w).toMatchObject({
      status: "active",
      chains: ["ethereum"],
      thresholds: { minAmount: 10, direction: "incoming" },
      alertRules: [
        { alertType: "wallet_movement", severity: "high" },
        { alertType: "sanctions", severity: "critical" },
      ],
    });
    expect(w.id).toBe(w.watchlistId);
    const added = await api.graphql(
      `mutation($id: ID!) { addWatchlistAddresses(id: $id, input: { addresses: ["${SANDBOX_WALLET}"], reason: "r" }) {
         addresses watchedAddresses { id address networks }
       } }`,
      { id: w.id },
    );
    expect(added.body.errors).toBeUndefined();
    const watched = added.body.data.addWatchlistAddresses.watchedAddresses[0];
    expect(watched).toMatchObject({ address: SANDBOX_WALLET, networks: ["ethereum"] });
    const read = await api.graphql(
      `query($id: ID!, $w: ID!, $m: ID!) {
         watchlist(id: $id) { name addresses }
         node(id: $w) { ... on WatchedAddress { reason } }
         watchlists(matterId: $m, first: 5) { edges { node { watchlistId } } }
         matter(id: $m) { watchlists(first: 5) { edges { node { name } } } }
       }`,
      { id: w.id, w: watched.id, m: matterId },
    );
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data).toEqual({
      watchlist: { name: "GQL", addresses: [SANDBOX_WALLET] },
      node: { reason: "r" },
      watchlists: { edges: [{ node: { watchlistId: w.id } }] },
      matter: { watchlists: { edges: [{ node: { name: "GQL" } }] } },
    });
    const bad = await api.graphql(
      `mutation($id: ID!) { addWatchlistAddresses(id: $id, input: { addresses: ["${BTC}"], reason: "r" }) { id } }`,
      { id: w.id },
    );
    expect(bad.body.errors[0].extensions.code).toBe("parameter_invalid");
    expect(bad.body.data.addWatchlistAddresses).toBeNull();
  });

  it("lists and triages alerts, with the same codes as REST", async () => {
    const matterId = await seed.matter(api);
    const alert = await alertOf(matterId);
    const triaged = await api.graphql(
      `mutation($id: ID!) { triageAlert(id: $id, input: { status: monitoring, notes: "watch" }) {
         id status triageHistory { id fromStatus toStatus notes }
       } }`,
      { id: alert.alert_id },
    );
    expect(triaged.body.errors).toBeUndefined();
    expect(triaged.body.data.triageAlert).toMatchObject({
      id: alert.alert_id,
      status: "monitoring",
      triageHistory: [{ fromStatus: "open", toStatus: "monitoring", notes: "watch" }],
    });
    const refused = await api.graphql(
      `mutation($id: ID!) { triageAlert(id: $id, input: { status: resolved, createAction: true }) { id } }`,
      { id: alert.alert_id },
    );
    expect(refused.body.errors[0].extensions).toMatchObject({ code: "authority_required" });
    const listed = await api.graphql(
      `query($m: ID!) {
         alerts(matterId: $m, status: monitoring, severity: critical, first: 5) { edges { node { alertId type } } }
         matter(id: $m) { alerts(first: 5, type: sanctions) { edges { node { status } } } }
       }`,
      { m: matterId },
    );
    expect(listed.body.errors).toBeUndefined();
    expect(listed.body.data).toEqual({
      alerts: { edges: [{ node: { alertId: alert.alert_id, type: "sanctions" } }] },
      matter: { alerts: { edges: [{ node: { status: "monitoring" } }] } },
    });
    const wrong = await api.graphql(
      `mutation($id: ID!) { triageAlert(id: $id, input: { status: open }) { id } }`,
      { id: alert.alert_id },
    );
    expect(wrong.body.errors[0].extensions.code).toBe("invalid_state_transition");
  });
});
