import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type ApiResponse, type Client, errorOf } from "../helpers/http.js";
import { SANDBOX_WALLET, Seed, type SeededOrg } from "../helpers/seed.js";

let app: TestApp;
let seed: Seed;
let org: SeededOrg;
let api: Client;
let matterId: string;

const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const BTC = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const SOL = "So11111111111111111111111111111111111111112";
/** SANDBOX_WALLET with one letter's case flipped: fails its EIP-55 checksum. */
const BAD_EIP55 = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD";

const ENDPOINTS = [
  "/v1/crypto/asset-map",
  "/v1/crypto/transaction-timeline",
  "/v1/crypto/exchange-hypotheses",
  "/v1/crypto/stablecoin-exposure",
] as const;

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  org = await seed.org({ features: ["live_access"] });
  api = org.admin;
  matterId = await seed.matter(api);
}, 60_000);
afterAll(() => app.dispose());

const auditOf = (res: ApiResponse) =>
  app.db.root.auditEvent.findMany({ where: { requestId: res.body.audit_ref } });
const counts = async () => ({
  maps: await app.db.root.cryptoAssetMap.count(),
  timelines: await app.db.root.transactionTimeline.count(),
  hypotheses: await app.db.root.exchangeHypothesis.count(),
  exposures: await app.db.root.stablecoinExposure.count(),
});
/** The parts of a body that depend on the data, not on ids and times of this run. */
const content = (items: any[]) =>
  items.map(
    ({
      hypothesis_id,
      exposure_id,
      created_at,
      asset_map_id,
      matter_id,
      packet_readiness,
      ...rest
    }) => rest,
  );

describe("asset map over REST", () => {
  it("stores a map of the wallets with exposures, hypotheses and review state, audited with the request id", async () => {
    const res = await api.post("/v1/crypto/asset-map", {
      matter_id: matterId,
      wallets: [SANDBOX_WALLET, TRON],
      source_refs: [{ source_id: "vasp-1", source_type: "vasp_response", title: "KYC return" }],
    });
    expect(res.status, res.text).toBe(200);
    const map = res.body;
    expect(map).toMatchObject({
      map_id: expect.stringMatching(/^cam_[0-9a-z]{26}$/),
      matter_id: matterId,
      chains: ["ethereum", "tron"],
      include_stablecoins: true,
      include_exchanges: true,
      source_type: "synthetic",
      audit_ref: expect.stringMatching(/^req_/),
      review_state: { review_required: expect.any(Boolean), review_status: expect.any(String) },
    });
    const subjects = map.wallets.filter((w: any) => w.role === "subject");
    expect(subjects.map((w: any) => [w.address, w.network, w.confidence])).toEqual([
      [SANDBOX_WALLET, "ethereum", 0.95],
      [TRON, "tron", 0.95],
    ]);
    expect(subjects[0].source_refs[0]).toMatchObject({ source_id: "vasp-1" });
    const exchangeWallets = map.wallets.filter((w: any) => w.role === "exchange");
    expect(exchangeWallets.length).toBeGreaterThan(0);
    expect(exchangeWallets.every((w: any) => w.exchange && w.confidence === 0.65)).toBe(true);

    expect(map.token_exposures.length).toBeGreaterThan(1);
    for (const e of map.token_exposures) {
      expect(e.amount).toBeGreaterThan(0);
      // Stablecoins at par; yield-bearing sUSDe and native coins have no price source.
      if (e.contract && e.asset !== "sUSDe")
        expect(e.usd_value).toBe(Math.round(e.amount * 100) / 100);
      else expect(e.usd_value).toBeNull();
      expect(e.valuation_note).toEqual(expect.any(String));
    }

    expect(map.exchange_hypotheses.length).toBeGreaterThan(0);
    const h = map.exchange_hypotheses[0];
    expect(h).toMatchObject({
      hypothesis_id: expect.stringMatching(/^exh_/),
      asset_map_id: map.map_id,
      matter_id: matterId,
      source_type: "synthetic",
      packet_readiness: {
        ready: false,
        missing: expect.arrayContaining(["authority_grant", "judgment"]),
      },
    });
    expect(h.basis.length).toBeGreaterThan(0);
    expect(h.basis[0]).toMatchObject({
      transaction_hash: expect.any(String),
      counterparty: expect.any(String),
    });
    const confidences = map.exchange_hypotheses.map((x: any) => x.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));

    expect(map.stablecoin_exposure.length).toBeGreaterThan(0);
    for (const s of map.stablecoin_exposure) {
      expect(s).toMatchObject({
        exposure_id: expect.stringMatching(/^sce_/),
        issuer: expect.any(String),
        can_freeze: s.freeze_capability === "issuer_can_freeze",
        remediation_candidates: expect.any(Array),
        review_required: expect.any(Boolean),
      });
    }

    const event = (await auditOf(res)).find((e) => e.eventType === "crypto_asset_map.built");
    expect(event).toMatchObject({
      eventType: "crypto_asset_map.built",
      objectId: map.map_id,
      matterId,
      requestId: map.audit_ref,
    });

    const read = await api.get(`/v1/crypto/asset-map/${map.map_id}`);
    expect(read.status, read.text).toBe(200);
    expect({ ...read.body, audit_ref: null }).toEqual({ ...map, audit_ref: null });
  });

  it("reads an EVM wallet on every named EVM chain and leaves out what was not asked for", async () => {
    const res = await api.post("/v1/crypto/asset-map", {
      matter_id: matterId,
      wallets: [SANDBOX_WALLET, BTC],
      chains: ["ethereum", "polygon"],
      include_stablecoins: false,
      include_exchanges: false,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.chains).toEqual(["ethereum", "polygon"]);
    const subjects = res.body.wallets.filter((w: any) => w.role === "subject");
    // The Bitcoin wallet is listed under its own network, which the request did not ask to read.
    expect(subjects.map((w: any) => w.network)).toEqual(["ethereum", "polygon", "bitcoin"]);
    expect(subjects[0].confidence).toBe(0.45);
    expect(res.body.exchange_hypotheses).toEqual([]);
    expect(res.body.stablecoin_exposure).toEqual([]);
    expect(new Set(res.body.token_exposures.map((e: any) => e.network))).toEqual(
      new Set(["ethereum", "polygon"]),
    );
  });

  it("shows packet readiness moving once authority is granted", async () => {
    const m = await seed.matter(api);
    await seed.matterRecords(api, m);
    const res = await api.post("/v1/crypto/exchange-hypotheses", {
      matter_id: m,
      wallets: [SANDBOX_WALLET],
      source_refs: [{ source_type: "vasp_response", title: "KYC" }],
    });
    expect(res.status, res.text).toBe(200);
    const direct = res.body.items.find((x: any) => x.hop === "direct");
    expect(direct.packet_readiness).toMatchObject({ ready: true, missing: [] });
    expect(direct.packet_readiness.checks.map((c: any) => [c.item, c.status])).toEqual([
      ["authority_grant", "present"],
      ["judgment", "present"],
      ["source_refs", "present"],
      ["direct_link", "present"],
      ["label_confirmation", "review"],
    ]);
  });
});

describe("GraphQL face", () => {
  it("builds a map through the mutation and reads it, its hypotheses and exposures by id", async () => {
    const built = await api.graphql(
      `mutation($input: BuildCryptoAssetMapInput!) {
         buildCryptoAssetMap(input: $input) {
           mapId sourceType
           wallets { address role network }
           exchangeHypotheses { hypothesisId exchange confidence label hop packetReadiness { ready missing } }
           stablecoinExposure { exposureId asset canFreeze freezeCapability }
         }
       }`,
      { input: { matterId, wallets: [SANDBOX_WALLET], chains: ["ethereum"] } },
    );
    expect(built.body.errors, built.text).toBeUndefined();
    const map = built.body.data.buildCryptoAssetMap;
    expect(map.sourceType).toBe("synthetic");
    expect(map.exchangeHypotheses.length).toBeGreaterThan(0);
    const read = await api.graphql(
      `query($id: ID!, $h: ID!, $s: ID!) {
         cryptoAssetMap(id: $id) { mapId wallets { address } }
         h: node(id: $h) { id ... on ExchangeHypothesis { exchange } }
         s: node(id: $s) { id ... on StablecoinExposure { asset } }
       }`,
      {
        id: map.mapId,
        h: map.exchangeHypotheses[0].hypothesisId,
        s: map.stablecoinExposure[0].exposureId,
      },
    );
    expect(read.body.errors, read.text).toBeUndefined();
    expect(read.body.data.cryptoAssetMap.mapId).toBe(map.mapId);
    expect(read.body.data.h.exchange).toBe(map.exchangeHypotheses[0].exchange);
    expect(read.body.data.s.asset).toBe(map.stablecoinExposure[0].asset);
  });

  it("refuses a bad address with parameter_invalid naming the item", async () => {
    const res = await api.graphql(
      `mutation($input: AssessStablecoinExposureInput!) { assessStablecoinExposure(input: $input) { items { asset } } }`,
      { input: { matterId, wallets: [SANDBOX_WALLET, TRON, BAD_EIP55] } },
    );
    expect(res.body.errors?.[0]?.extensions).toMatchObject({
      code: "parameter_invalid",
      param: "input.wallets[2]",
    });
  });

  it("shows the scopes in the SDL", async () => {
    const { printSdl } = await import("../../src/schema/index.js");
    const sdl = printSdl();
    expect(sdl).toMatch(
      /buildCryptoAssetMap\([\s\S]*?\): CryptoAssetMap @scope\(name: "crypto:map"\)/,
    );
    expect(sdl).toMatch(/cryptoAssetMap\([\s\S]*?\): CryptoAssetMap @scope\(name: "crypto:read"\)/);
  });
});

describe("timeline, hypotheses and stablecoin exposure over REST", () => {
  it("stores an ordered timeline over from/to with labelled counterparties", async () => {
    const res = await api.post("/v1/crypto/transaction-timeline", {
      matter_id: matterId,
      wallets: [SANDBOX_WALLET, TRON],
      from: "2024-06-01T00:00:00.000Z",
      to: "2026-01-01T00:00:00.000Z",
    });
    expect(res.status, res.text).toBe(200);
    const { events } = res.body;
    expect(res.body).toMatchObject({
      timeline_id: expect.stringMatching(/^ttl_/),
      from: "2024-06-01T00:00:00.000Z",
      to: "2026-01-01T00:00:00.000Z",
      source_type: "synthetic",
    });
    expect(events.length).toBeGreaterThan(2);
    const times = events.map((e: any) => e.timestamp);
    expect(times).toEqual([...times].sort());
    expect(times.every((t: string) => t >= "2024-06-01" && t <= "2026-01-01")).toBe(true);
    expect(events.some((e: any) => e.notes?.includes("labelled exchange wallet"))).toBe(true);
    const [event] = await auditOf(res);
    expect(event).toMatchObject({
      eventType: "transaction_timeline.built",
      objectId: res.body.timeline_id,
    });
  });

  it("filters hypotheses by min_confidence and stores each one", async () => {
    const all = await api.post("/v1/crypto/exchange-hypotheses", {
      matter_id: matterId,
      wallets: [SANDBOX_WALLET, TRON],
    });
    expect(all.status, all.text).toBe(200);
    expect(all.body.items.length).toBeGreaterThan(1);
    const floor = 0.6;
    const some = await api.post("/v1/crypto/exchange-hypotheses", {
      matter_id: matterId,
      wallets: [SANDBOX_WALLET, TRON],
      min_confidence: floor,
    });
    expect(some.body.items.every((h: any) => h.confidence >= floor)).toBe(true);
    expect(content(some.body.items)).toEqual(
      content(all.body.items.filter((h: any) => h.confidence >= floor)),
    );
    const stored = await app.db.root.exchangeHypothesis.findMany({
      where: { id: { in: all.body.items.map((h: any) => h.hypothesis_id) } },
    });
    expect(stored).toHaveLength(all.body.items.length);
    const none = await api.post("/v1/crypto/exchange-hypotheses", {
      matter_id: matterId,
      wallets: [SANDBOX_WALLET],
      min_confidence: 1,
    });
    expect(none.body.items).toEqual([]);
  });

  it("assesses stablecoin exposure per issuer, asset, network and wallet, optionally for some assets", async () => {
    const all = await api.post("/v1/crypto/stablecoin-exposure", {
      matter_id: matterId,
      wallets: [SANDBOX_WALLET, TRON],
    });
    expect(all.status, all.text).toBe(200);
    expect(all.body.items.length).toBeGreaterThan(0);
    const asset = all.body.items[0].asset;
    const some = await api.post("/v1/crypto/stablecoin-exposure", {
      matter_id: matterId,
      wallets: [SANDBOX_WALLET, TRON],
      assets: [asset],
    });
    expect(some.body.items.length).toBeGreaterThan(0);
    expect(some.body.items.every((e: any) => e.asset === asset)).toBe(true);
    const [event] = await auditOf(some);
    expect(event).toMatchObject({ eventType: "stablecoin_exposure.assessed", matterId });
  });

  it("raises one stablecoin_exposure alert per freeze-capable holding, however often it is seen", async () => {
    const fresh = await seed.matter(api);
    const first = await api.post("/v1/crypto/stablecoin-exposure", {
      matter_id: fresh,
      wallets: [SANDBOX_WALLET, TRON],
    });
    expect(first.status, first.text).toBe(200);
    const freezable = first.body.items.filter(
      (e: any) => e.freeze_capability === "issuer_can_freeze",
    );
    expect(freezable.length, "the sandbox wallets hold a freeze-capable coin").toBeGreaterThan(0);
    const alerts = () =>
      app.db.root.alert.findMany({ where: { matterId: fresh, type: "stablecoin_exposure" } });
    const raised = await alerts();
    expect(raised).toHaveLength(freezable.length);
    expect(raised.every((a) => a.status === "open" && a.severity === "high")).toBe(true);
    const events = await app.db.root.event.count({
      where: { matterId: fresh, type: "alert.created" },
    });
    expect(events).toBe(freezable.length);

    await api.post("/v1/crypto/asset-map", { matter_id: fresh, wallets: [SANDBOX_WALLET, TRON] });
    await api.post("/v1/crypto/stablecoin-exposure", {
      matter_id: fresh,
      wallets: [SANDBOX_WALLET, TRON],
    });
    expect(await alerts()).toHaveLength(freezable.length);
    const gql = await api.graphql(
      `query ($id: ID!) { node(id: $id) { ... on Matter { alerts(first: 50) { edges { node { type } } } } } }`,
      { id: fresh },
    );
    expect(
      gql.body.data.node.alerts.edges.filter((e: any) => e.node.type === "stablecoin_exposure"),
    ).toHaveLength(freezable.length);
  });
});

describe("request validation", () => {
  it.each(ENDPOINTS)(
    "%s refuses a body without matter_id or wallets (parameter_missing)",
    async (path) => {
      for (const field of ["matter_id", "wallets"]) {
        const body: Record<string, unknown> = { matter_id: matterId, wallets: [SANDBOX_WALLET] };
        delete body[field];
        const res = await api.post(path, body);
        expect(res.status, res.text).toBe(400);
        expect(errorOf(res)).toMatchObject({ code: "parameter_missing", param: field });
      }
    },
  );

  it.each(ENDPOINTS)("%s names the bad address (wallets[2]) and writes nothing", async (path) => {
    const before = await counts();
    for (const bad of [
      BAD_EIP55,
      "0x123",
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T",
      "not an address",
      "",
    ]) {
      const res = await api.post(path, {
        matter_id: matterId,
        wallets: [SANDBOX_WALLET, SOL, bad],
      });
      expect(res.status, res.text).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: "parameter_invalid", param: "wallets[2]" });
    }
    expect(await counts()).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ["/v1/crypto/asset-map", { wallets: SANDBOX_WALLET }, "parameter_invalid", "wallets"],
    ["/v1/crypto/asset-map", { wallets: [42] }, "parameter_invalid", "wallets[0]"],
    ["/v1/crypto/asset-map", { wallets: [] }, "parameter_invalid", "wallets"],
    ["/v1/crypto/asset-map", { chains: ["dogechain"] }, "parameter_invalid", "chains[0]"],
    ["/v1/crypto/asset-map", { chains: [] }, "parameter_invalid", "chains"],
    [
      "/v1/crypto/asset-map",
      { include_stablecoins: "yes" },
      "parameter_invalid",
      "include_stablecoins",
    ],
    [
      "/v1/crypto/asset-map",
      { source_refs: [{ source_type: 5 }] },
      "parameter_invalid",
      "source_refs[0].source_type",
    ],
    ["/v1/crypto/asset-map", { matter_id: 7 }, "parameter_invalid", "matter_id"],
    ["/v1/crypto/asset-map", { wallet: [SANDBOX_WALLET] }, "unknown_parameter", "wallet"],
    ["/v1/crypto/transaction-timeline", { from: "yesterday" }, "parameter_invalid", "from"],
    [
      "/v1/crypto/transaction-timeline",
      { from: "2026-01-02T00:00:00Z", to: "2026-01-01T00:00:00Z" },
      "parameter_invalid",
      "from",
    ],
    [
      "/v1/crypto/transaction-timeline",
      { include_exchanges: true },
      "unknown_parameter",
      "include_exchanges",
    ],
    [
      "/v1/crypto/exchange-hypotheses",
      { min_confidence: "high" },
      "parameter_invalid",
      "min_confidence",
    ],
    [
      "/v1/crypto/exchange-hypotheses",
      { min_confidence: -0.1 },
      "parameter_invalid",
      "min_confidence",
    ],
    [
      "/v1/crypto/exchange-hypotheses",
      { min_confidence: 1.01 },
      "parameter_invalid",
      "min_confidence",
    ],
    ["/v1/crypto/exchange-hypotheses", { assets: ["USDT"] }, "unknown_parameter", "assets"],
    [
      "/v1/crypto/stablecoin-exposure",
      { assets: ["USDT", "XYZ"] },
      "parameter_invalid",
      "assets[1]",
    ],
    ["/v1/crypto/stablecoin-exposure", { assets: [] }, "parameter_invalid", "assets"],
    [
      "/v1/crypto/stablecoin-exposure",
      { min_confidence: 0.5 },
      "unknown_parameter",
      "min_confidence",
    ],
  ])("%s refuses %j (%s on %s)", async (path, extra, code, param) => {
    const res = await api.post(path, { matter_id: matterId, wallets: [SANDBOX_WALLET], ...extra });
    expect(res.status, res.text).toBe(400);
    expect(errorOf(res)).toMatchObject({ code, param });
  });

  it("accepts up to 1000 wallets and refuses 1001", async () => {
    const many = Array.from({ length: 1001 }, () => SANDBOX_WALLET);
    const res = await api.post("/v1/crypto/stablecoin-exposure", {
      matter_id: matterId,
      wallets: many,
    });
    expect(res.status, res.text).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: "parameter_invalid", param: "wallets" });
    const ok = await api.post("/v1/crypto/stablecoin-exposure", {
      matter_id: matterId,
      wallets: many.slice(1),
    });
    expect(ok.status, ok.text).toBe(200);
  });

  it("accepts min_confidence at both bounds", async () => {
    for (const min_confidence of [0, 1]) {
      const res = await api.post("/v1/crypto/exchange-hypotheses", {
        matter_id: matterId,
        wallets: [TRON],
        min_confidence,
      });
      expect(res.status, res.text).toBe(200);
    }
  });

  it("needs the endpoint's scope", async () => {
    const reader = await org.key({ scopes: ["crypto:read"] });
    for (const [path, scope] of [
      ["/v1/crypto/asset-map", "crypto:map"],
      ["/v1/crypto/transaction-timeline", "crypto:timeline"],
      ["/v1/crypto/exchange-hypotheses", "crypto:exchange"],
      ["/v1/crypto/stablecoin-exposure", "crypto:stablecoin"],
    ]) {
      const res = await reader.post(path!, { matter_id: matterId, wallets: [SANDBOX_WALLET] });
      expect(res.status).toBe(403);
      expect(errorOf(res)).toMatchObject({
        code: "insufficient_scope",
        details: { required_scope: scope },
      });
    }
  });

  it("refuses writes under a closed matter (409 matter_closed)", async () => {
    const m = await seed.matter(api);
    expect((await api.post(`/v1/matters/${m}/close`, { reason: "paid" })).status).toBe(200);
    const res = await api.post("/v1/crypto/asset-map", { matter_id: m, wallets: [SANDBOX_WALLET] });
    expect(res.status, res.text).toBe(409);
    expect(errorOf(res).code).toBe("matter_closed");
  });
});

describe("isolation", () => {
  it("answers 404 to other organizations, the other environment and matter-limited keys", async () => {
    const foreign = await seed.foreignMatter(api);
    const map = await foreign.owner.admin.post("/v1/crypto/asset-map", {
      matter_id: foreign.matterId,
      wallets: [SANDBOX_WALLET],
    });
    expect(map.status, map.text).toBe(200);
    const before = await counts();
    for (const outsider of foreign.outsiders) {
      for (const path of ENDPOINTS) {
        const res = await outsider.post(path, {
          matter_id: foreign.matterId,
          wallets: [SANDBOX_WALLET],
        });
        expect(res.status, `${path}: ${res.text}`).toBe(404);
        expect(errorOf(res)).toMatchObject({ code: "resource_missing", param: "matter_id" });
      }
      const read = await outsider.get(`/v1/crypto/asset-map/${map.body.map_id}`);
      expect(read.status).toBe(404);
      expect(errorOf(read).code).toBe("resource_missing");
      const node = await outsider.graphql(`query($id: ID!) { node(id: $id) { id } }`, {
        id: map.body.exchange_hypotheses[0].hypothesis_id,
      });
      expect(node.body.data.node).toBeNull();
    }
    expect(await counts()).toEqual(before);
    // The matter-limited key works on its own matter.
    const own = await foreign.limited.post("/v1/crypto/asset-map", {
      matter_id: foreign.elsewhere,
      wallets: [TRON],
    });
    expect(own.status, own.text).toBe(200);
  });
});

describe("idempotency", () => {
  it.each(ENDPOINTS)("%s replays a retried request without writing twice", async (path) => {
    const headers = { "Idempotency-Key": `crypto-${path}-${Date.now()}` };
    const body = { matter_id: matterId, wallets: [SANDBOX_WALLET] };
    const before = await counts();
    const first = await api.post(path, body, { headers });
    expect(first.status, first.text).toBe(200);
    const after = await counts();
    const again = await api.post(path, body, { headers });
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expect(await counts()).toEqual(after);
    expect(after).not.toEqual(before);
    expect(await auditOf(first)).toHaveLength(1);
    const other = await api.post(path, { ...body, wallets: [TRON] }, { headers });
    expect(other.status).toBe(422);
    expect(errorOf(other).code).toBe("idempotency_key_reused");
  });
});

describe("sandbox determinism across restarts", () => {
  it("gives the same balances, transfers and counterparties for the same wallet in a new process and database", async () => {
    const run = async (target: TestApp) => {
      const s = new Seed(target);
      const o = await s.org();
      const m = await s.matter(o.admin);
      const map = await o.admin.post("/v1/crypto/asset-map", {
        matter_id: m,
        wallets: [SANDBOX_WALLET, TRON, BTC, SOL],
      });
      const timeline = await o.admin.post("/v1/crypto/transaction-timeline", {
        matter_id: m,
        wallets: [SANDBOX_WALLET, TRON, BTC, SOL],
        to: "2026-07-01T00:00:00.000Z",
      });
      expect(map.status, map.text).toBe(200);
      expect(timeline.status, timeline.text).toBe(200);
      return {
        tokens: map.body.token_exposures,
        wallets: map.body.wallets.map(({ wallet_id, ...w }: any) => w),
        hypotheses: content(map.body.exchange_hypotheses),
        stablecoins: content(map.body.stablecoin_exposure),
        events: timeline.body.events,
      };
    };
    const first = await run(app);
    const restarted = await startTestApp();
    try {
      const second = await run(restarted);
      expect(second).toEqual(first);
      expect(first.events.length).toBeGreaterThan(10);
      expect(first.hypotheses.length).toBeGreaterThan(0);
    } finally {
      await restarted.dispose();
    }
  }, 60_000);
});
