import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletsByAddress } from "../../plugins/attribution/service.js";
import type { RequestContext } from "../../src/context.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type ApiResponse, type Client, errorOf } from "../helpers/http.js";
import { Seed, type SeededOrg } from "../helpers/seed.js";

let app: TestApp;
let seed: Seed;
let org: SeededOrg;
let api: Client;
let matterId: string;

const EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const EVM2 = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
const EVM3 = "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB";
const BTC = "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0";
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const SOL = "So11111111111111111111111111111111111111112";

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  org = await seed.org({ features: ["live_access"] });
  api = org.admin;
  matterId = await seed.matter(api);
});
afterAll(() => app.dispose());

const auditOf = (res: ApiResponse) =>
  app.db.root.auditEvent.findMany({ where: { requestId: res.body.audit_ref } });

async function importWallets(wallets: unknown[], matter = matterId, client = api) {
  const res = await client.post("/v1/attribution/wallets/import", { matter_id: matter, wallets });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function claim(extra: Record<string, unknown>, client = api, matter = matterId) {
  const res = await client.post("/v1/attribution/claims", {
    matter_id: matter,
    predicate: "controlled_by",
    object: "Jane Doe",
    source_type: "on_chain",
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe("importing wallets over REST", () => {
  it("stores each wallet once, validated for its network, and audits the import", async () => {
    const matter = await seed.matter(api);
    const res = await api.post("/v1/attribution/wallets/import", {
      matter_id: matter,
      wallets: [
        {
          address: EVM,
          network: "ethereum",
          role: "debtor_controlled",
          source_refs: [{ source_id: "vasp-1", source_type: "vasp_response" }],
        },
        { address: BTC, network: "bitcoin" },
        { address: TRON },
        { address: SOL, network: "solana", confidence: 0.6 },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ imported: 4, merged: 0, audit_ref: expect.any(String) });
    expect(res.body.wallets[0]).toEqual({
      wallet_id: expect.stringMatching(/^wal_[0-9a-z]{26}$/),
      matter_id: matter,
      address: EVM,
      network: "ethereum",
      role: "debtor_controlled",
      source_refs: [
        {
          source_id: "vasp-1",
          source_type: "vasp_response",
          title: null,
          uri: null,
          hash: null,
          chain_of_custody_id: null,
          admissibility_notes: null,
        },
      ],
      confidence: 0.95,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(res.body.wallets.map((w: any) => [w.network, w.role, w.confidence])).toEqual([
      ["ethereum", "debtor_controlled", 0.95],
      ["bitcoin", null, 0.45],
      ["tron", null, 0.45],
      ["solana", null, 0.6],
    ]);
    const audit = await auditOf(res);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      eventType: "wallets.imported",
      matterId: matter,
      details: { imported: 4, merged: 0 },
    });
    expect(await app.db.root.wallet.count({ where: { matterId: matter } })).toBe(4);
  });

  it("merges duplicates by matter, network and normalised address, counting only new records", async () => {
    const matter = await seed.matter(api);
    const first = await importWallets(
      [
        {
          address: EVM,
          network: "ethereum",
          source_refs: [{ source_id: "a", source_type: "osint" }],
        },
        // Same EVM address in lower case: the same wallet, merged inside the request.
        { address: EVM.toLowerCase(), network: "ethereum", role: "intermediary" },
        // The same address on another EVM chain is another wallet.
        { address: EVM, network: "polygon" },
      ],
      matter,
    );
    expect(first.imported).toBe(2);
    expect(first.merged).toBe(1);
    expect(first.wallets.map((w: any) => [w.address, w.network, w.role])).toEqual([
      [EVM, "ethereum", "intermediary"],
      [EVM, "polygon", null],
    ]);
    const again = await importWallets(
      [
        {
          address: EVM.toUpperCase().replace("0X", "0x"),
          network: "ethereum",
          role: "victim",
          source_refs: [
            { source_id: "a", source_type: "osint" },
            { source_id: "b", source_type: "on_chain" },
          ],
        },
        { address: EVM2, network: "ethereum", confidence: 0.3 },
      ],
      matter,
    );
    expect(again.imported).toBe(1);
    expect(again.merged).toBe(1);
    const [merged, fresh] = again.wallets;
    expect(merged.wallet_id).toBe(first.wallets[0].wallet_id);
    // The first role stays; sources unite (a once, then b); confidence rises with the new source.
    expect(merged.role).toBe("intermediary");
    expect(merged.address).toBe(EVM);
    expect(merged.source_refs.map((r: any) => r.source_id)).toEqual(["a", "b"]);
    expect(merged.confidence).toBe(0.89);
    expect(fresh).toMatchObject({ address: EVM2, confidence: 0.3 });
    expect(await app.db.root.wallet.count({ where: { matterId: matter } })).toBe(3);
    // Another matter of the same tenant keeps its own record of the same address.
    const other = await importWallets([{ address: EVM, network: "ethereum" }]);
    expect(other.imported).toBe(1);
  });

  it("lets other stations find a matter's wallets by address in any case", async () => {
    const matter = await seed.matter(api);
    const { wallets } = await importWallets([{ address: EVM }, { address: BTC }], matter);
    await importWallets([{ address: EVM }]);
    const ctx = { db: app.db.root } as unknown as RequestContext;
    const found = await walletsByAddress(ctx, matter, [EVM.toLowerCase(), BTC.toUpperCase(), EVM2]);
    expect(found.map((w) => w.id).sort()).toEqual(wallets.map((w: any) => w.wallet_id).sort());
  });

  it("refuses a bad address naming the item, and stores nothing of the request", async () => {
    const matter = await seed.matter(api);
    const cases: Array<[unknown, string]> = [
      [{ address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", network: "ethereum" }, "address"],
      [{ address: "0x1234", network: "ethereum" }, "address"],
      [{ address: BTC, network: "ethereum" }, "address"],
      [{ address: EVM, network: "bitcoin" }, "address"],
      [{ address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", network: "bitcoin" }, "address"],
      [{ address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u", network: "tron" }, "address"],
      [{ address: "not-an-address" }, "address"],
      [{ address: EVM3, network: "ethereum", confidence: 1.5 }, "confidence"],
      [{ address: EVM3, network: "ethereum", confidence: -0.1 }, "confidence"],
      [{ address: EVM3, network: "ethereum", role: "  " }, "role"],
    ];
    for (const [bad, field] of cases) {
      const res = await api.post("/v1/attribution/wallets/import", {
        matter_id: matter,
        wallets: [{ address: EVM, network: "ethereum" }, { address: TRON, network: "tron" }, bad],
      });
      expect(res.status, `${JSON.stringify(bad)}: ${res.text}`).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: "parameter_invalid",
        param: `wallets[2].${field}`,
      });
    }
    expect(await app.db.root.wallet.count({ where: { matterId: matter } })).toBe(0);
  });

  it("checks required fields, types, unknown fields, enums and bounds", async () => {
    const post = (body: unknown) => api.post("/v1/attribution/wallets/import", body);
    const cases: Array<[unknown, string, string]> = [
      [{ wallets: [{ address: EVM }] }, "parameter_missing", "matter_id"],
      [{ matter_id: matterId }, "parameter_missing", "wallets"],
      [
        { matter_id: matterId, wallets: [{ network: "ethereum" }] },
        "parameter_missing",
        "wallets[0].address",
      ],
      [{ matter_id: matterId, wallets: [] }, "parameter_invalid", "wallets"],
      [{ matter_id: matterId, wallets: "0xabc" }, "parameter_invalid", "wallets"],
      [
        { matter_id: matterId, wallets: [{ address: 12 }] },
        "parameter_invalid",
        "wallets[0].address",
      ],
      [
        { matter_id: matterId, wallets: [{ address: EVM, network: "dogechain" }] },
        "parameter_invalid",
        "wallets[0].network",
      ],
      [
        { matter_id: matterId, wallets: [{ address: EVM, confidence: "high" }] },
        "parameter_invalid",
        "wallets[0].confidence",
      ],
      [
        { matter_id: matterId, wallets: [{ address: EVM }], label: "x" },
        "unknown_parameter",
        "label",
      ],
      [
        { matter_id: matterId, wallets: [{ address: EVM, balance: 1 }] },
        "unknown_parameter",
        "wallets[0].balance",
      ],
      [
        { matter_id: matterId, wallets: Array(1001).fill({ address: EVM }) },
        "parameter_invalid",
        "wallets",
      ],
    ];
    for (const [body, code, param] of cases) {
      const res = await post(body);
      expect(res.status, `${JSON.stringify(body).slice(0, 120)}: ${res.text}`).toBe(400);
      expect(errorOf(res), JSON.stringify(body).slice(0, 120)).toMatchObject({ code, param });
    }
    // 1000 items is within bounds (all one wallet, merged).
    const many = await importWallets(Array(1000).fill({ address: EVM3, network: "ethereum" }));
    expect(many).toMatchObject({ merged: 999, wallets: [{ address: EVM3 }] });
  });

  it("replays an idempotent import without writing twice", async () => {
    const matter = await seed.matter(api);
    const headers = { "Idempotency-Key": `wal-${Date.now()}` };
    const body = { matter_id: matter, wallets: [{ address: EVM2, network: "ethereum" }] };
    const first = await api.post("/v1/attribution/wallets/import", body, { headers });
    const again = await api.post("/v1/attribution/wallets/import", body, { headers });
    expect(first.status, first.text).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    const changed = await api.post(
      "/v1/attribution/wallets/import",
      { ...body, wallets: [{ address: EVM3 }] },
      { headers },
    );
    expect(errorOf(changed).code).toBe("idempotency_key_reused");
    const imports = { matterId: matter, eventType: "wallets.imported" };
    expect(await app.db.root.auditEvent.count({ where: imports })).toBe(1);
    expect(await app.db.root.wallet.count({ where: { matterId: matter } })).toBe(1);
  });

  it("refuses imports under a closed matter (409) and without the scope (403)", async () => {
    const matter = await seed.matter(api);
    const closed = await api.post(`/v1/matters/${matter}/close`, { reason: "paid" });
    expect(closed.status, closed.text).toBe(200);
    const res = await api.post("/v1/attribution/wallets/import", {
      matter_id: matter,
      wallets: [{ address: EVM }],
    });
    expect(res.status).toBe(409);
    expect(errorOf(res).code).toBe("matter_closed");
    const reader = await org.key({ scopes: ["attribution:read"] });
    const denied = await reader.post("/v1/attribution/wallets/import", {
      matter_id: matterId,
      wallets: [{ address: EVM }],
    });
    expect(denied.status).toBe(403);
    expect(errorOf(denied)).toMatchObject({
      code: "insufficient_scope",
      details: { required_scope: "attribution:write" },
    });
  });
});

describe("claims and confidence scores over REST", () => {
  it("creates a claim with its computed confidence, label and basis, audited", async () => {
    const res = await api.post("/v1/attribution/claims", {
      matter_id: matterId,
      subject: EVM,
      predicate: "controlled_by",
      object: "Jane Doe",
      source_type: "on_chain",
      source_refs: [
        { source_id: "trace-1", source_type: "on_chain", title: "Trace report" },
        { source_id: "label-1", source_type: "cluster_label" },
      ],
      basis: ["Funds from the victim's wallet reached this address in two hops."],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      claim_id: expect.stringMatching(/^acl_[0-9a-z]{26}$/),
      matter_id: matterId,
      subject: EVM,
      predicate: "controlled_by",
      object: "Jane Doe",
      source_type: "on_chain",
      evidence_tier: "tier_2",
      confidence: 0.93,
      label: "confirmed",
      basis: ["Funds from the victim's wallet reached this address in two hops."],
      corroboration: ["cluster_label label-1"],
      contradictions: [],
      score_basis: [
        "evidence: on_chain (tier_2, base 0.80)",
        "corroboration: cluster_label label-1 (tier_3, base 0.65)",
        "noisy-OR of 2 independent sources: 0.93",
        "label: confirmed",
      ],
    });
    expect(res.body.source_refs.map((r: any) => r.source_id)).toEqual(["trace-1", "label-1"]);
    const audit = await auditOf(res);
    expect(audit).toMatchObject([
      { eventType: "attribution_claim.created", objectId: res.body.claim_id, matterId },
    ]);
  });

  it("keeps a lower analyst confidence but never a higher one", async () => {
    const lower = await claim({ subject: EVM, confidence: 0.5 });
    expect(lower).toMatchObject({ confidence: 0.5, label: "moderate" });
    const higher = await claim({ subject: EVM, source_type: "osint", confidence: 0.99 });
    expect(higher).toMatchObject({ confidence: 0.45, label: "weak_signal" });
  });

  it("leaves a claim resting only on IP evidence at weak_signal however many signals there are", async () => {
    const ip = await claim({
      subject: EVM,
      source_type: "ip_signal",
      source_refs: [1, 2, 3, 4, 5].map((n) => ({ source_id: `ip-${n}`, source_type: "ip_signal" })),
    });
    expect(ip).toMatchObject({ evidence_tier: "tier_5", confidence: 0.25, label: "weak_signal" });
  });

  it("validates claim bodies before looking anything up", async () => {
    const ok = {
      matter_id: matterId,
      subject: EVM,
      predicate: "p",
      object: "o",
      source_type: "osint",
    };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...ok, subject: undefined }, "parameter_missing", "subject"],
      [{ ...ok, source_type: undefined }, "parameter_missing", "source_type"],
      [{ ...ok, predicate: " " }, "parameter_invalid", "predicate"],
      [{ ...ok, confidence: 1.01 }, "parameter_invalid", "confidence"],
      [{ ...ok, confidence: -1 }, "parameter_invalid", "confidence"],
      [{ ...ok, confidence: "0.5" }, "parameter_invalid", "confidence"],
      [{ ...ok, basis: "because" }, "parameter_invalid", "basis"],
      [{ ...ok, source_refs: [{ source_id: 1 }] }, "parameter_invalid", "source_refs[0].source_id"],
      [{ ...ok, label: "confirmed" }, "unknown_parameter", "label"],
      [{ ...ok, basis: Array(1001).fill("x") }, "parameter_invalid", "basis"],
      // Validation comes before the 404 of an unknown matter.
      [
        { ...ok, matter_id: "mat_01jxd4m5q6r7s8t9v0w1x2y3z4", confidence: 2 },
        "parameter_invalid",
        "confidence",
      ],
    ];
    for (const [body, code, param] of cases) {
      const res = await api.post("/v1/attribution/claims", body);
      expect(res.status, `${JSON.stringify(body).slice(0, 100)}: ${res.text}`).toBe(400);
      expect(errorOf(res)).toMatchObject({ code, param });
    }
    const missing = await api.post("/v1/attribution/claims", {
      ...ok,
      matter_id: "mat_01jxd4m5q6r7s8t9v0w1x2y3z4",
    });
    expect(missing.status).toBe(404);
    expect(errorOf(missing)).toMatchObject({ code: "resource_missing", param: "matter_id" });
  });

  it("scores a claim by tier, noisy-OR corroboration and contradiction halving, and stores it", async () => {
    const c = await claim({ subject: EVM2 });
    const other = await claim({ subject: EVM2, source_type: "cluster_label" });
    const res = await api.post("/v1/attribution/confidence-score", {
      claim_id: c.claim_id,
      evidence_tier: "tier_2",
      corroboration: ["cluster_label", other.claim_id, "cluster_label"],
      contradictions: [],
    });
    expect(res.status, res.text).toBe(200);
    // 1 - 0.2 × 0.35 × 0.35: the repeated cluster_label counts once.
    expect(res.body).toEqual({
      claim_id: c.claim_id,
      score: 0.9755,
      label: "confirmed",
      basis: [
        "evidence: evidence tier tier_2 (tier_2, base 0.80)",
        "corroboration: cluster_label (tier_3, base 0.65)",
        `corroboration: claim ${other.claim_id} (tier_3, base 0.65)`,
        "noisy-OR of 3 independent sources: 0.98",
        "label: confirmed",
      ],
      audit_ref: res.headers.get("MD-Request-Id"),
    });
    const halved = await api.post("/v1/attribution/confidence-score", {
      claim_id: c.claim_id,
      evidence_tier: "tier_2",
      corroboration: ["cluster_label"],
      contradictions: ["Exchange says the account belongs to someone else"],
    });
    expect(halved.body).toMatchObject({ score: 0.465, label: "weak_signal" });
    const stored = await app.db.root.attributionClaim.findUniqueOrThrow({
      where: { id: c.claim_id },
    });
    expect(stored).toMatchObject({
      confidence: 0.465,
      label: "weak_signal",
      contradictions: ["Exchange says the account belongs to someone else"],
    });
    expect(await auditOf(halved)).toMatchObject([
      {
        eventType: "attribution_claim.scored",
        objectId: c.claim_id,
        details: { score: 0.465, previous_score: 0.9755 },
      },
    ]);
    // Without evidence_tier the claim's own tier is used.
    const plain = await api.post("/v1/attribution/confidence-score", { claim_id: other.claim_id });
    expect(plain.body).toMatchObject({ score: 0.65, label: "moderate" });
  });

  it("validates score requests, then finds the claim and its corroborating claims in its matter", async () => {
    const c = await claim({ subject: EVM3 });
    const elsewhere = await claim({ subject: EVM3 }, api, await seed.matter(api));
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{}, 400, "parameter_missing", "claim_id"],
      [
        { claim_id: c.claim_id, evidence_tier: "tier_9" },
        400,
        "parameter_invalid",
        "evidence_tier",
      ],
      [{ claim_id: c.claim_id, corroboration: [""] }, 400, "parameter_invalid", "corroboration[0]"],
      [{ claim_id: c.claim_id, contradictions: "x" }, 400, "parameter_invalid", "contradictions"],
      [{ claim_id: c.claim_id, weight: 2 }, 400, "unknown_parameter", "weight"],
      [{ claim_id: "dbt_01jxd4m5q6r7s8t9v0w1x2y3z4" }, 400, "parameter_invalid", "claim_id"],
      [
        { claim_id: c.claim_id, corroboration: [c.claim_id] },
        400,
        "parameter_invalid",
        "corroboration[0]",
      ],
      [{ claim_id: "acl_01jxd4m5q6r7s8t9v0w1x2y3z4" }, 404, "resource_missing", "claim_id"],
      [
        { claim_id: c.claim_id, corroboration: ["osint", elsewhere.claim_id] },
        404,
        "resource_missing",
        "corroboration[1]",
      ],
    ];
    for (const [body, status, code, param] of cases) {
      const res = await api.post("/v1/attribution/confidence-score", body);
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(status);
      expect(errorOf(res)).toMatchObject({ code, param });
    }
    const scorer = await org.key({ scopes: ["attribution:write"] });
    const denied = await scorer.post("/v1/attribution/confidence-score", { claim_id: c.claim_id });
    expect(errorOf(denied)).toMatchObject({
      code: "insufficient_scope",
      details: { required_scope: "attribution:score" },
    });
  });
});

describe("attribution graphs over REST", () => {
  it("builds a graph of wallets, entities and claims with a confidence matrix, then refreshes it", async () => {
    const matter = await seed.matter(api);
    const { wallets } = await importWallets(
      [
        { address: EVM, network: "ethereum", role: "debtor_controlled" },
        { address: EVM2, network: "ethereum" },
        { address: EVM3, network: "ethereum" },
      ],
      matter,
    );
    const [w1, w2, w3] = wallets;
    // About w1 by address (another case), w2 by id, and an entity-to-entity claim reached through them.
    const c1 = await claim(
      { subject: EVM.toLowerCase(), source_type: "vasp_response" },
      api,
      matter,
    );
    const c2 = await claim({ subject: w2.wallet_id, object: "Doe Holdings Ltd" }, api, matter);
    const c3 = await claim(
      {
        subject: "Doe Holdings Ltd",
        predicate: "owned_by",
        object: "Jane Doe",
        source_type: "commercial_data",
      },
      api,
      matter,
    );
    const unrelated = await claim({ subject: "Someone", object: "Else" }, api, matter);
    const res = await api.post("/v1/attribution/graph", {
      matter_id: matter,
      wallet_ids: [w1.wallet_id, w2.wallet_id],
    });
    expect(res.status, res.text).toBe(200);
    const g = res.body;
    expect(g).toMatchObject({
      graph_id: expect.stringMatching(/^agr_[0-9a-z]{26}$/),
      matter_id: matter,
      wallet_ids: [w1.wallet_id, w2.wallet_id].sort(),
      include_contradictions: false,
      contradictions: [],
    });
    expect(g.nodes.map((n: any) => [n.kind, n.label])).toEqual([
      ["wallet", EVM],
      ["wallet", EVM2],
      ["entity", "Jane Doe"],
      ["entity", "Doe Holdings Ltd"],
    ]);
    expect(g.nodes[0]).toEqual({
      node_id: w1.wallet_id,
      kind: "wallet",
      label: EVM,
      network: "ethereum",
      role: "debtor_controlled",
    });
    const claimIds = [c1, c2, c3].map((c) => c.claim_id).sort();
    expect(g.claims.map((c: any) => c.claim_id)).toEqual(claimIds);
    expect(g.claims.map((c: any) => c.claim_id)).not.toContain(unrelated.claim_id);
    const jane = g.nodes[2].node_id;
    const holdings = g.nodes[3].node_id;
    expect(g.edges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: w1.wallet_id, target: jane, claim_id: c1.claim_id }),
        expect.objectContaining({ source: w2.wallet_id, target: holdings, claim_id: c2.claim_id }),
        expect.objectContaining({ source: holdings, target: jane, predicate: "owned_by" }),
      ]),
    );
    expect(g.confidence_matrix).toEqual(
      [c1, c2, c3]
        .map((c) => ({
          claim_id: c.claim_id,
          score: c.confidence,
          label: c.label,
          basis: c.score_basis,
        }))
        .sort((a, b) => a.claim_id.localeCompare(b.claim_id)),
    );
    expect(await auditOf(res)).toMatchObject([
      { eventType: "attribution_graph.built", objectId: g.graph_id, matterId: matter },
    ]);

    // The same wallet set (in any order) refreshes the same record; contradictions on request.
    const rival = await claim({ subject: w2.wallet_id, object: "Other Holdings Inc" }, api, matter);
    await api.post("/v1/attribution/confidence-score", {
      claim_id: c1.claim_id,
      contradictions: ["Exchange KYC names another person"],
    });
    const again = await api.post("/v1/attribution/graph", {
      matter_id: matter,
      wallet_ids: [w2.wallet_id, w1.wallet_id],
      include_contradictions: true,
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.graph_id).toBe(g.graph_id);
    expect(again.body.claims).toHaveLength(4);
    expect(again.body.contradictions).toEqual(
      expect.arrayContaining([
        {
          claim_id: c1.claim_id,
          kind: "recorded",
          description: "Exchange KYC names another person",
          conflicting_claim_id: null,
        },
        expect.objectContaining({
          kind: "conflicting_claim",
          claim_id: [c2.claim_id, rival.claim_id].sort()[0],
          conflicting_claim_id: [c2.claim_id, rival.claim_id].sort()[1],
        }),
      ]),
    );
    expect(again.body.confidence_matrix.find((r: any) => r.claim_id === c1.claim_id)).toMatchObject(
      { score: 0.475, label: "weak_signal" },
    );
    expect(await app.db.root.attributionGraph.count({ where: { matterId: matter } })).toBe(1);

    // Another set is another graph; leaving wallet_ids out means every wallet of the matter.
    const all = await api.post("/v1/attribution/graph", { matter_id: matter });
    expect(all.body.graph_id).not.toBe(g.graph_id);
    expect(all.body.wallet_ids).toHaveLength(3);
    expect(all.body.nodes.map((n: any) => n.node_id)).toContain(w3.wallet_id);

    const read = await api.get(`/v1/attribution/graphs/${g.graph_id}`);
    expect(read.status).toBe(200);
    expect({ ...read.body, audit_ref: null }).toEqual({ ...again.body, audit_ref: null });
  });

  it("refuses malformed, repeated and out-of-matter wallet ids naming the item", async () => {
    const matter = await seed.matter(api);
    const { wallets } = await importWallets([{ address: EVM }], matter);
    const { wallets: theirs } = await importWallets([{ address: EVM2 }]);
    const mine = wallets[0].wallet_id;
    const cases: Array<[unknown, number, string, string]> = [
      [{ wallet_ids: [] }, 400, "parameter_invalid", "wallet_ids"],
      [{ wallet_ids: [mine, "nope"] }, 400, "parameter_invalid", "wallet_ids[1]"],
      [{ wallet_ids: [mine, mine] }, 400, "parameter_invalid", "wallet_ids[1]"],
      [
        { wallet_ids: [mine], include_contradictions: "yes" },
        400,
        "parameter_invalid",
        "include_contradictions",
      ],
      [{ wallet_ids: [mine, theirs[0].wallet_id] }, 404, "resource_missing", "wallet_ids[1]"],
      [
        { wallet_ids: [mine, "wal_01jxd4m5q6r7s8t9v0w1x2y3z4"] },
        404,
        "resource_missing",
        "wallet_ids[1]",
      ],
    ];
    for (const [extra, status, code, param] of cases) {
      const res = await api.post("/v1/attribution/graph", {
        matter_id: matter,
        ...(extra as object),
      });
      expect(res.status, `${JSON.stringify(extra)}: ${res.text}`).toBe(status);
      expect(errorOf(res)).toMatchObject({ code, param });
    }
    // Under a closed matter: the foreign id's 404 comes first, then the 409.
    expect((await api.post(`/v1/matters/${matter}/close`, { reason: "paid" })).status).toBe(200);
    const foreignFirst = await api.post("/v1/attribution/graph", {
      matter_id: matter,
      wallet_ids: [theirs[0].wallet_id],
    });
    expect(errorOf(foreignFirst)).toMatchObject({
      code: "resource_missing",
      param: "wallet_ids[0]",
    });
    const closed = await api.post("/v1/attribution/graph", {
      matter_id: matter,
      wallet_ids: [mine],
    });
    expect(closed.status).toBe(409);
    expect(errorOf(closed).code).toBe("matter_closed");
    const empty = await api.post("/v1/attribution/graph", { matter_id: await seed.matter(api) });
    expect(empty.status).toBe(404);
    expect(errorOf(empty)).toMatchObject({ code: "resource_missing", param: "wallet_ids" });
    expect(await app.db.root.attributionGraph.count({ where: { matterId: matter } })).toBe(0);
  });
});

describe("attribution isolation across organizations, environments and matter-limited keys", () => {
  it("answers 404 to outsiders for the matter, its graph and its wallets and claims", async () => {
    const stranger = (await seed.org()).admin;
    const foreign = await seed.foreignMatter(stranger);
    const owner = foreign.owner.admin;
    const { wallets } = await importWallets([{ address: EVM }], foreign.matterId, owner);
    const walletId = wallets[0].wallet_id;
    const c = await claim({ subject: walletId }, owner, foreign.matterId);
    const graph = await owner.post("/v1/attribution/graph", { matter_id: foreign.matterId });
    expect(graph.status, graph.text).toBe(200);
    const before = await app.db.root.auditEvent.count();
    for (const outsider of foreign.outsiders) {
      const refusals: Array<[ApiResponse, string]> = [
        [
          await outsider.post("/v1/attribution/wallets/import", {
            matter_id: foreign.matterId,
            wallets: [{ address: EVM2 }],
          }),
          "matter_id",
        ],
        [
          await outsider.post("/v1/attribution/claims", {
            matter_id: foreign.matterId,
            subject: walletId,
            predicate: "p",
            object: "o",
            source_type: "osint",
          }),
          "matter_id",
        ],
        [
          await outsider.post("/v1/attribution/graph", {
            matter_id: foreign.matterId,
            wallet_ids: [walletId],
          }),
          "matter_id",
        ],
        [
          await outsider.post("/v1/attribution/confidence-score", { claim_id: c.claim_id }),
          "claim_id",
        ],
        [await outsider.get(`/v1/attribution/graphs/${graph.body.graph_id}`), "id"],
      ];
      for (const [res, param] of refusals) {
        expect(res.status, res.text).toBe(404);
        expect(errorOf(res)).toMatchObject({ code: "resource_missing", param });
      }
      const gql = await outsider.graphql(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, {
        ids: [walletId, c.claim_id, graph.body.graph_id],
      });
      expect(gql.body.data.nodes).toEqual([null, null, null]);
    }
    // The limited key, inside its own matter, cannot name the foreign wallet either.
    const { wallets: own } = await importWallets([{ address: EVM }], foreign.elsewhere, owner);
    const mixed = await foreign.limited.post("/v1/attribution/graph", {
      matter_id: foreign.elsewhere,
      wallet_ids: [own[0].wallet_id, walletId],
    });
    expect(mixed.status).toBe(404);
    expect(errorOf(mixed)).toMatchObject({ code: "resource_missing", param: "wallet_ids[1]" });
    expect(await app.db.root.auditEvent.count()).toBe(before + 1);
  });
});

describe("attribution over GraphQL", () => {
  it("imports, claims, scores, builds and reads through the same mutations and gates", async () => {
    const matter = await seed.matter(api);
    const imported = await api.graphql(
      `mutation ($m: ID!) { importWallets(input: { matterId: $m, wallets: [{ address: "${BTC}", network: bitcoin }, { address: "${SOL}" }] }) { imported merged wallets { walletId network confidence } } }`,
      { m: matter },
    );
    expect(imported.body.errors).toBeUndefined();
    const w = imported.body.data.importWallets;
    expect(w).toMatchObject({ imported: 2, merged: 0 });
    expect(w.wallets.map((x: any) => x.network)).toEqual(["bitcoin", "solana"]);
    const created = await api.graphql(
      `mutation ($m: ID!, $s: String!) { createAttributionClaim(input: { matterId: $m, subject: $s, predicate: "controlled_by", object: "Jane Doe", sourceType: "legal_process_return" }) { claimId confidence label evidenceTier } }`,
      { m: matter, s: BTC },
    );
    expect(created.body.data.createAttributionClaim).toMatchObject({
      confidence: 0.95,
      label: "confirmed",
      evidenceTier: "tier_1",
    });
    const claimId = created.body.data.createAttributionClaim.claimId;
    const scored = await api.graphql(
      `mutation ($c: ID!) { scoreAttributionClaim(input: { claimId: $c, evidenceTier: tier_5, corroboration: ["ip_signal"] }) { score label basis } }`,
      { c: claimId },
    );
    expect(scored.body.data.scoreAttributionClaim).toMatchObject({
      score: 0.25,
      label: "weak_signal",
    });
    const built = await api.graphql(
      `mutation ($m: ID!) { buildAttributionGraph(input: { matterId: $m, includeContradictions: true }) { graphId nodes { kind label } claims { claimId label } confidenceMatrix { claimId score label } } }`,
      { m: matter },
    );
    expect(built.body.errors).toBeUndefined();
    const graph = built.body.data.buildAttributionGraph;
    expect(graph.confidenceMatrix).toEqual([{ claimId, score: 0.25, label: "weak_signal" }]);
    const read = await api.graphql(
      `query ($g: ID!) { attributionGraph(id: $g) { graphId claims { claimId } } node(id: $g) { ... on AttributionGraph { matterId } } }`,
      { g: graph.graphId },
    );
    expect(read.body.data).toEqual({
      attributionGraph: { graphId: graph.graphId, claims: [{ claimId }] },
      node: { matterId: matter },
    });
    const bad = await api.graphql(
      `mutation ($m: ID!) { importWallets(input: { matterId: $m, wallets: [{ address: "${EVM}" }, { address: "0xdead" }] }) { imported } }`,
      { m: matter },
    );
    expect(bad.body.errors[0].extensions).toMatchObject({
      code: "parameter_invalid",
      param: "input.wallets[1].address",
    });
    const reader = await org.key({ scopes: ["attribution:read"] });
    const denied = await reader.graphql(
      `mutation ($m: ID!) { buildAttributionGraph(input: { matterId: $m }) { graphId } }`,
      { m: matter },
    );
    expect(denied.body.errors[0].extensions.code).toBe("insufficient_scope");
  });
});
