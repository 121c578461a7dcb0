import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { certificateApproval } from "../../plugins/issuer-remediation/approval.js";
import { allowedTargets, rank } from "../../plugins/issuer-remediation/state-machine.js";
import {
  REMEDIATION_STATUSES,
  type RemediationStatus,
} from "../../plugins/issuer-remediation/values.js";
import { printSdl } from "../../src/schema/index.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type ApiResponse, type Client, errorOf, expectError } from "../helpers/http.js";
import { LISTED_WALLET, SANDBOX_WALLET, Seed, type SeededOrg } from "../helpers/seed.js";

/** Synthetic sandbox holdings (deterministic): on ethereum, SANDBOX_WALLET holds USDT, FDUSD,
 * TUSD, DAI, USDS, USDe and sUSDe; OTHER holds USDT, USDC, PYUSD, TUSD, DAI, USDS and sUSDe. */
const OTHER = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
/** Holds no stablecoin in the sandbox on ethereum (only native coins, if anything). */
const EMPTY = "0x0000000000000000000000000000000000000001";
const TRON_WALLET = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
/** Clean destination wallets (not on the SDN list). */
const DESTINATION = "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB";
const USDT_ETHEREUM = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
const SENDER = "Jordan Counsel, Esq., counsel to Acme Capital LLC";

let app: TestApp;
let seed: Seed;
let org: SeededOrg;
let api: Client;

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  org = await seed.org({ features: ["live_access"] });
  api = org.admin;
}, 60_000);
afterAll(() => app?.dispose());

const auditOf = (res: ApiResponse) =>
  app.db.root.auditEvent.findMany({
    where: { requestId: res.body.audit_ref ?? res.body.error?.request_id },
    orderBy: { sequence: "asc" },
  });

const rowCounts = async () => ({
  remediations: await app.db.root.issuerRemediation.count(),
  certificates: await app.db.root.destinationWalletCertificate.count(),
  screens: await app.db.root.sanctionsScreen.count(),
  audit: await app.db.root.auditEvent.count(),
});

/** A refused request writes nothing (CONTRACT.md §2). */
async function refusedUnchanged(run: () => Promise<ApiResponse>) {
  const before = await rowCounts();
  const res = await run();
  expect(await rowCounts()).toEqual(before);
  return res;
}

async function grant(matterId: string, client = api) {
  const res = await client.post(`/v1/matters/${matterId}/authority`, {
    basis: "court_order",
    granted_by: "Superior Court of California",
    source_refs: [{ source_type: "court_order", title: "Order for turnover" }],
  });
  expect(res.status, res.text).toBe(201);
  return res.body.authority_id as string;
}

async function exposure(matterId: string, wallets: string[], chains = ["ethereum"], client = api) {
  const res = await client.post("/v1/crypto/stablecoin-exposure", {
    matter_id: matterId,
    wallets,
    chains,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.items as Array<{
    exposure_id: string;
    asset: string;
    network: string;
    wallet: string;
    amount: number;
  }>;
}

/** A matter with a live authority grant and the stablecoin exposure of `wallets`. */
async function readyMatter(wallets = [SANDBOX_WALLET, OTHER], chains = ["ethereum"]) {
  const matterId = await seed.matter(api);
  const authorityId = await grant(matterId);
  const items = await exposure(matterId, wallets, chains);
  return { matterId, authorityId, items };
}

const freeze = (body: Record<string, unknown>, client = api, headers?: Record<string, string>) =>
  client.post(
    "/v1/issuer-remediation/freeze-packet",
    { authorized_sender: SENDER, ...body },
    headers ? { headers } : undefined,
  );
const burn = (body: Record<string, unknown>, client = api) =>
  client.post("/v1/issuer-remediation/burn-reissue-packet", { authorized_sender: SENDER, ...body });
const certify = (body: Record<string, unknown>, client = api) =>
  client.post("/v1/issuer-remediation/destination-wallet-certificate", {
    wallet_address: DESTINATION,
    network: "ethereum",
    purpose: "Receive reissued USDT for the judgment creditor",
    owner: "Acme Capital LLC",
    custodian: "Anchorage Digital Bank",
    signer_model: "2-of-3 multisig",
    allowed_assets: ["USDT", "PYUSD"],
    ...body,
  });

async function certificate(matterId: string, body: Record<string, unknown> = {}) {
  const res = await certify({ matter_id: matterId, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function freezePacket(body: Record<string, unknown>) {
  const res = await freeze(body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const amountOf = (items: Awaited<ReturnType<typeof exposure>>, wallet: string, asset: string) =>
  items.find((e) => e.wallet === wallet && e.asset === asset && e.network === "ethereum")!.amount;

describe("POST /v1/issuer-remediation/freeze-packet", () => {
  it("prepares a USDT freeze from the matter's exposure: contract, addBlackList per wallet, amounts, nothing on chain", async () => {
    const { matterId, authorityId, items } = await readyMatter();
    const res = await freeze({
      matter_id: matterId,
      wallets: [SANDBOX_WALLET, OTHER],
      asset: "USDT",
      source_refs: [{ source_type: "court_order", title: "Freeze order" }],
      notes: "Urgent: funds moving.",
    });
    expect(res.status, res.text).toBe(201);
    const a = amountOf(items, SANDBOX_WALLET, "USDT");
    const b = amountOf(items, OTHER, "USDT");
    expect(res.body).toMatchObject({
      remediation_id: expect.stringMatching(/^irm_[0-9a-z]{26}$/),
      matter_id: matterId,
      judgment_id: null,
      issuer: expect.stringContaining("Tether"),
      asset: "USDT",
      network: "ethereum",
      action_type: "freeze_only",
      packet_type: "issuer_freeze",
      status: "draft",
      allowed_statuses: [
        "submitted",
        "frozen",
        "burned",
        "reissued",
        "remitted",
        "rejected",
        "closed",
      ],
      destination_wallet_certificate_id: null,
      destination_wallet_certificate: null,
      wallets: [SANDBOX_WALLET, OTHER],
      authorized_sender: SENDER,
      legal_authority_id: authorityId,
      source_refs: [expect.objectContaining({ source_type: "court_order", title: "Freeze order" })],
      notes: "Urgent: funds moving.",
      audit_ref: expect.stringMatching(/^req_/),
    });
    const request = res.body.prepared_request;
    expect(request).toMatchObject({
      contract_address: USDT_ETHEREUM,
      network: "ethereum",
      action_type: "freeze_only",
      destination_address: null,
      functions_confirmed: true,
      executed_by_service: false,
      statement: expect.stringContaining("does not freeze, burn, mint, transfer or redeem"),
      reference_source: expect.stringContaining("data/stablecoins.json"),
    });
    expect(request.steps).toEqual([
      expect.objectContaining({
        step: 1,
        action: "freeze",
        function: "addBlackList(address _evilUser)",
        target_address: SANDBOX_WALLET,
        amount: a,
      }),
      expect.objectContaining({
        step: 2,
        action: "freeze",
        function: "addBlackList(address _evilUser)",
        target_address: OTHER,
        amount: b,
      }),
    ]);
    expect(request.targets.map((t: any) => [t.address, t.amount, t.source_type])).toEqual([
      [SANDBOX_WALLET, a, "synthetic"],
      [OTHER, b, "synthetic"],
    ]);
    expect(request.total_amount).toBeCloseTo(a + b, 2);
    expect(request.total_usd_value).toBeCloseTo(a + b, 2);
    expect(res.body.status_history).toEqual([
      expect.objectContaining({ from: null, to: "draft", request_id: res.body.audit_ref }),
    ]);
    const audit = await auditOf(res);
    expect(audit.map((e) => e.eventType)).toEqual(["issuer_remediation.prepared"]);
    expect(audit[0]).toMatchObject({ objectId: res.body.remediation_id, matterId });
    expect(audit[0]!.details).toMatchObject({ executed_by_service: false, asset: "USDT" });
  });

  it("derives the asset and network when the wallets hold only one stablecoin", async () => {
    const { matterId } = await readyMatter([TRON_WALLET], ["tron"]);
    const body = await freezePacket({ matter_id: matterId, wallets: [TRON_WALLET] });
    expect(body).toMatchObject({ asset: "USDT", network: "tron" });
    expect(body.prepared_request.contract_address).toBe("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    expect(body.prepared_request.steps[0].function).toBe("addBlackList(address _evilUser)");
  });

  it("asks which asset or network when the wallets hold several", async () => {
    const { matterId } = await readyMatter([SANDBOX_WALLET], ["ethereum", "arbitrum"]);
    const asset = await refusedUnchanged(() =>
      freeze({ matter_id: matterId, wallets: [SANDBOX_WALLET] }),
    );
    expectError(asset, 400, "parameter_missing", "asset");
    expect(errorOf(asset).message).toContain("USDT");
    const network = await refusedUnchanged(() =>
      freeze({ matter_id: matterId, wallets: [SANDBOX_WALLET], asset: "USDT" }),
    );
    expectError(network, 400, "parameter_missing", "network");
    const chosen = await freezePacket({
      matter_id: matterId,
      wallets: [SANDBOX_WALLET],
      asset: "usdt",
      network: "arbitrum",
    });
    expect(chosen).toMatchObject({ asset: "USDT", network: "arbitrum" });
  });

  it("refuses with 422 a token whose issuer cannot freeze on that network", async () => {
    const { matterId } = await readyMatter();
    for (const asset of ["DAI", "USDS", "USDe"]) {
      const res = await refusedUnchanged(() =>
        freeze({ matter_id: matterId, wallets: [SANDBOX_WALLET], asset }),
      );
      expectError(res, 422, "issuer_action_unavailable", "asset");
      expect(errorOf(res).message).toContain(`cannot freeze ${asset} on ethereum`);
      expect(errorOf(res).details).toMatchObject({ asset, network: "ethereum" });
    }
  });

  it("prepares a freeze the sources cannot name the function of, and says so", async () => {
    const { matterId } = await readyMatter();
    const body = await freezePacket({
      matter_id: matterId,
      wallets: [SANDBOX_WALLET],
      asset: "FDUSD",
    });
    expect(body.prepared_request).toMatchObject({ functions_confirmed: false });
    expect(body.prepared_request.steps[0]).toMatchObject({ action: "freeze", function: null });
  });

  it("needs the wallets' stablecoin exposure on record, and every wallet to hold the asset", async () => {
    const { matterId } = await readyMatter();
    expectError(
      await refusedUnchanged(() => freeze({ matter_id: matterId, wallets: [EMPTY] })),
      409,
      "stablecoin_exposure_required",
      "wallets",
    );
    // SANDBOX_WALLET holds no USDC on ethereum; OTHER does.
    expectError(
      await refusedUnchanged(() =>
        freeze({ matter_id: matterId, wallets: [SANDBOX_WALLET, OTHER], asset: "USDC" }),
      ),
      400,
      "parameter_invalid",
      "wallets[0]",
    );
  });

  it("refuses bad bodies with 400 naming the field, before any lookup", async () => {
    const ungranted = await seed.matter(api);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ wallets: [SANDBOX_WALLET] }, "parameter_missing", "matter_id"],
      [{ matter_id: ungranted }, "parameter_missing", "wallets"],
      [{ matter_id: ungranted, wallets: [] }, "parameter_invalid", "wallets"],
      [
        { matter_id: ungranted, wallets: [SANDBOX_WALLET, "0xnope"] },
        "parameter_invalid",
        "wallets[1]",
      ],
      [
        { matter_id: ungranted, wallets: [SANDBOX_WALLET, SANDBOX_WALLET.toLowerCase()] },
        "parameter_invalid",
        "wallets[1]",
      ],
      [
        { matter_id: ungranted, wallets: [OTHER], authorized_sender: " " },
        "parameter_invalid",
        "authorized_sender",
      ],
      [
        { matter_id: ungranted, wallets: [OTHER], packet_type: "issuer_burn_reissue" },
        "parameter_invalid",
        "packet_type",
      ],
      [
        { matter_id: ungranted, wallets: [OTHER], network: "dogecoin" },
        "parameter_invalid",
        "network",
      ],
      [{ matter_id: ungranted, wallets: [OTHER], amount: 5 }, "unknown_parameter", "amount"],
      [
        { matter_id: ungranted, wallets: [OTHER], destination_wallet_certificate_id: "dwc_x" },
        "unknown_parameter",
        "destination_wallet_certificate_id",
      ],
    ];
    for (const [body, code, param] of cases) {
      // The matter has no grant: a 400 still comes first (CONTRACT.md §2 order).
      expectError(await refusedUnchanged(() => freeze(body)), 400, code, param);
    }
  });

  it("applies the authority gate after the lookups, and refuses a closed matter", async () => {
    const ungranted = await seed.matter(api);
    await exposure(ungranted, [OTHER]);
    expectError(
      await refusedUnchanged(() =>
        freeze({ matter_id: ungranted, wallets: [OTHER], asset: "USDT" }),
      ),
      403,
      "authority_required",
    );
    expectError(
      await freeze({ matter_id: "mat_01h00000000000000000000000", wallets: [OTHER] }),
      404,
      "resource_missing",
      "matter_id",
    );
    expectError(
      await freeze({
        matter_id: ungranted,
        wallets: [OTHER],
        judgment_id: "jdg_01h00000000000000000000000",
      }),
      404,
      "resource_missing",
      "judgment_id",
    );
    const { matterId } = await readyMatter();
    const closed = await api.post(`/v1/matters/${matterId}/close`, { reason: "paid" });
    expect(closed.status, closed.text).toBe(200);
    expectError(
      await refusedUnchanged(() =>
        freeze({ matter_id: matterId, wallets: [OTHER], asset: "USDT" }),
      ),
      409,
      "matter_closed",
    );
    const reader = await org.key({ scopes: ["issuer:read"] });
    expectError(
      await freeze({ matter_id: matterId, wallets: [OTHER] }, reader),
      403,
      "insufficient_scope",
    );
  });

  it("relies on the named live grant, refuses a revoked one and another matter's judgment", async () => {
    const { matterId, authorityId } = await readyMatter();
    const second = await grant(matterId);
    const named = await freezePacket({
      matter_id: matterId,
      wallets: [OTHER],
      asset: "USDT",
      legal_authority_id: authorityId,
    });
    expect(named.legal_authority_id).toBe(authorityId);
    const revoked = await api.post(`/v1/matters/${matterId}/authority/${authorityId}/revoke`, {
      reason: "Superseded by the turnover order.",
    });
    expect(revoked.status, revoked.text).toBe(200);
    expectError(
      await refusedUnchanged(() =>
        freeze({
          matter_id: matterId,
          wallets: [OTHER],
          asset: "USDT",
          legal_authority_id: authorityId,
        }),
      ),
      403,
      "authority_required",
      "legal_authority_id",
    );
    const newest = await freezePacket({ matter_id: matterId, wallets: [OTHER], asset: "USDT" });
    expect(newest.legal_authority_id).toBe(second);

    const other = await seed.matter(api);
    await grant(other);
    const judgment = await api.post("/v1/judgments/intake", {
      matter_id: other,
      court: "Superior Court of California, County of Los Angeles",
      case_number: "BC-ISSUER-1",
      jurisdiction: "CA",
      creditor: "Acme Capital LLC",
      debtor: "John Doe",
      amount: { amount: 250000, currency: "USD" },
      date_entered: "2025-01-15",
    });
    expect(judgment.status, judgment.text).toBe(201);
    expectError(
      await freeze({
        matter_id: matterId,
        wallets: [OTHER],
        asset: "USDT",
        judgment_id: judgment.body.judgment_id,
      }),
      400,
      "parameter_invalid",
      "judgment_id",
    );
  });

  it("hides other tenants', other environments' and other matters' matters (404)", async () => {
    const foreign = await seed.foreignMatter(api);
    await grant(foreign.matterId, foreign.owner.admin);
    await exposure(foreign.matterId, [OTHER], ["ethereum"], foreign.owner.admin);
    for (const outsider of foreign.outsiders) {
      expectError(
        await refusedUnchanged(() =>
          freeze({ matter_id: foreign.matterId, wallets: [OTHER], asset: "USDT" }, outsider),
        ),
        404,
        "resource_missing",
        "matter_id",
      );
    }
    const own = await freeze(
      { matter_id: foreign.matterId, wallets: [OTHER], asset: "USDT" },
      foreign.owner.admin,
    );
    expect(own.status, own.text).toBe(201);
    for (const outsider of foreign.outsiders)
      expectError(
        await outsider.get(`/v1/issuer-remediation/${own.body.remediation_id}`),
        404,
        "resource_missing",
      );
  });

  it("replays an idempotent request without preparing it twice", async () => {
    const { matterId } = await readyMatter();
    const headers = { "Idempotency-Key": `freeze-${matterId}` };
    const body = { matter_id: matterId, wallets: [OTHER], asset: "USDT" };
    const first = await freeze(body, api, headers);
    expect(first.status, first.text).toBe(201);
    const again = await freeze(body, api, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.remediation_id).toBe(first.body.remediation_id);
    expect(await app.db.root.issuerRemediation.count({ where: { matterId } })).toBe(1);
    expectError(
      await freeze({ ...body, asset: "PYUSD" }, api, headers),
      422,
      "idempotency_key_reused",
    );
  });
});

describe("POST /v1/issuer-remediation/destination-wallet-certificate", () => {
  it("certifies a clean wallet: checked, screened in the same request, approved", async () => {
    const matterId = await seed.matter(api);
    await grant(matterId);
    const res = await certify({ matter_id: matterId });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      destination_wallet_id: expect.stringMatching(/^dwc_[0-9a-z]{26}$/),
      matter_id: matterId,
      wallet_address: DESTINATION,
      network: "ethereum",
      purpose: "Receive reissued USDT for the judgment creditor",
      owner: "Acme Capital LLC",
      custodian: "Anchorage Digital Bank",
      signer_model: "2-of-3 multisig",
      allowed_assets: ["USDT", "PYUSD"],
      approval_status: "approved",
      approval_reason: expect.stringContaining("screened clear"),
      sanctions_screen_complete: true,
      sanctions_screen_id: expect.stringMatching(/^scr_/),
      sanctions_screen_status: "clear",
    });
    const screen = await app.db.root.sanctionsScreen.findUniqueOrThrow({
      where: { id: res.body.sanctions_screen_id },
    });
    expect(screen).toMatchObject({
      matterId,
      status: "clear",
      wallets: [DESTINATION],
      entities: ["Acme Capital LLC"],
      counterparties: ["Anchorage Digital Bank"],
    });
    const audit = await auditOf(res);
    expect(audit.map((e) => e.eventType)).toEqual([
      "sanctions.screened",
      "destination_wallet_certificate.created",
    ]);
    expect(audit[0]!.details).toMatchObject({
      reason: { destination_wallet_certificate_id: res.body.destination_wallet_id },
    });
  });

  it("rejects a wallet on the SDN list and raises the sanctions alert", async () => {
    const matterId = await seed.matter(api);
    await grant(matterId);
    const body = await certificate(matterId, { wallet_address: LISTED_WALLET });
    expect(body).toMatchObject({
      approval_status: "rejected",
      sanctions_screen_complete: true,
      sanctions_screen_status: "match",
    });
    expect(body.approval_reason).toContain("Lifshits");
    const alerts = await api.get(`/v1/matters/${matterId}`);
    expect(alerts.status).toBe(200);
    expect(
      await app.db.root.alert.count({
        where: { matterId, type: "sanctions", target: LISTED_WALLET },
      }),
    ).toBe(1);
  });

  it("holds a name hit for review, then follows the review: cleared approves, blocked rejects", async () => {
    const matterId = await seed.matter(api);
    await grant(matterId);
    const pending = await certificate(matterId, { owner: "Miguel Trevino Moralez" });
    expect(pending).toMatchObject({
      approval_status: "pending_review",
      sanctions_screen_status: "potential_match",
    });
    const review = await api.post("/v1/sanctions/review-packet", {
      matter_id: matterId,
      screen_id: pending.sanctions_screen_id,
    });
    expect(review.status, review.text).toBe(201);
    const decided = await api.post(`/v1/sanctions/${review.body.review_id}/decision`, {
      decision: "cleared",
      counsel_owner: "Jordan Counsel, Esq.",
      notes: "Different date of birth.",
    });
    expect(decided.status, decided.text).toBe(200);
    const read = await api.graphql(
      `query ($id: ID!) { node(id: $id) { ... on DestinationWalletCertificate { approvalStatus approvalReason } } }`,
      { id: pending.destination_wallet_id },
    );
    expect(read.body.data.node).toEqual({
      approvalStatus: "approved",
      approvalReason: expect.stringContaining(review.body.review_id),
    });

    const second = await certificate(matterId, { custodian: "Miguel Trevino Moralez" });
    expect(second.approval_status).toBe("pending_review");
    const r2 = await api.post("/v1/sanctions/review-packet", {
      matter_id: matterId,
      screen_id: second.sanctions_screen_id,
    });
    await api.post(`/v1/sanctions/${r2.body.review_id}/decision`, {
      decision: "blocked",
      counsel_owner: "Jordan Counsel, Esq.",
    });
    const q = await api.graphql(
      `query ($id: ID!) { destinationWalletCertificate(id: $id) { approvalStatus } }`,
      { id: second.destination_wallet_id },
    );
    expect(q.body.data.destinationWalletCertificate.approvalStatus).toBe("rejected");
  });

  it("checks the address for its network and the other fields, before any lookup", async () => {
    const ungranted = await seed.matter(api);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ network: "tron" }, "parameter_invalid", "wallet_address"],
      [
        { wallet_address: "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6Fb" },
        "parameter_invalid",
        "wallet_address",
      ],
      [
        { wallet_address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" },
        "parameter_invalid",
        "wallet_address",
      ],
      [{ network: "ripple" }, "parameter_invalid", "network"],
      [{ owner: "" }, "parameter_invalid", "owner"],
      [{ allowed_assets: [] }, "parameter_invalid", "allowed_assets"],
      [{ allowed_assets: ["USDT", "not a symbol"] }, "parameter_invalid", "allowed_assets[1]"],
      [{ signer_model: undefined }, "parameter_missing", "signer_model"],
      [{ approval_status: "approved" }, "unknown_parameter", "approval_status"],
    ];
    for (const [body, code, param] of cases)
      expectError(
        await refusedUnchanged(() => certify({ matter_id: ungranted, ...body })),
        400,
        code,
        param,
      );
    expectError(
      await refusedUnchanged(() => certify({ matter_id: ungranted })),
      403,
      "authority_required",
    );
    const foreign = await seed.foreignMatter(api);
    await grant(foreign.matterId, foreign.owner.admin);
    for (const outsider of foreign.outsiders)
      expectError(
        await refusedUnchanged(() => certify({ matter_id: foreign.matterId }, outsider)),
        404,
        "resource_missing",
        "matter_id",
      );
  });

  it("refuses a certificate under a closed matter", async () => {
    const matterId = await seed.matter(api);
    await grant(matterId);
    await api.post(`/v1/matters/${matterId}/close`, { reason: "settled" });
    expectError(
      await refusedUnchanged(() => certify({ matter_id: matterId })),
      409,
      "matter_closed",
    );
  });
});

describe("POST /v1/issuer-remediation/burn-reissue-packet", () => {
  it("prepares freeze, destroyBlackFunds and reissue to an approved certificate", async () => {
    const { matterId, items } = await readyMatter();
    const cert = await certificate(matterId);
    const res = await burn({
      matter_id: matterId,
      wallets: [SANDBOX_WALLET],
      asset: "USDT",
      destination_wallet_certificate_id: cert.destination_wallet_id,
    });
    expect(res.status, res.text).toBe(201);
    const amount = amountOf(items, SANDBOX_WALLET, "USDT");
    expect(res.body).toMatchObject({
      action_type: "burn_reissue",
      packet_type: "issuer_burn_reissue",
      status: "draft",
      network: "ethereum",
      destination_wallet_certificate_id: cert.destination_wallet_id,
      destination_wallet_certificate: expect.objectContaining({
        destination_wallet_id: cert.destination_wallet_id,
        approval_status: "approved",
      }),
    });
    expect(res.body.prepared_request.destination_address).toBe(DESTINATION);
    expect(
      res.body.prepared_request.steps.map((s: any) => [
        s.action,
        s.function,
        s.target_address,
        s.amount,
      ]),
    ).toEqual([
      ["freeze", "addBlackList(address _evilUser)", SANDBOX_WALLET, amount],
      ["burn", "destroyBlackFunds(address _blackListedUser)", SANDBOX_WALLET, amount],
      ["reissue", null, DESTINATION, amount],
    ]);
    expect(res.body.prepared_request.executed_by_service).toBe(false);
  });

  it("uses PYUSD's wipeFrozenAddress and refuses USDC, whose issuer publishes no wipe", async () => {
    const { matterId } = await readyMatter();
    const cert = await certificate(matterId, { allowed_assets: ["USDC", "PYUSD"] });
    const body = {
      matter_id: matterId,
      wallets: [OTHER],
      destination_wallet_certificate_id: cert.destination_wallet_id,
    };
    const pyusd = await burn({ ...body, asset: "PYUSD" });
    expect(pyusd.status, pyusd.text).toBe(201);
    expect(pyusd.body.prepared_request.steps[1].function).toBe("wipeFrozenAddress(address)");
    const usdc = await refusedUnchanged(() => burn({ ...body, asset: "USDC" }));
    expectError(usdc, 422, "issuer_action_unavailable", "asset");
    expect(errorOf(usdc).message).toContain("no function that destroys a frozen USDC balance");
  });

  it("refuses a certificate that is missing, foreign, of another network or asset, or the target itself", async () => {
    const { matterId } = await readyMatter();
    const cert = await certificate(matterId);
    const base = { matter_id: matterId, wallets: [SANDBOX_WALLET], asset: "USDT" };
    expectError(
      await refusedUnchanged(() => burn(base)),
      400,
      "parameter_missing",
      "destination_wallet_certificate_id",
    );
    expectError(
      await refusedUnchanged(() =>
        burn({ ...base, destination_wallet_certificate_id: "dwc_01h00000000000000000000000" }),
      ),
      404,
      "resource_missing",
      "destination_wallet_certificate_id",
    );
    const elsewhere = await readyMatter();
    const foreignCert = await certificate(elsewhere.matterId);
    expectError(
      await refusedUnchanged(() =>
        burn({ ...base, destination_wallet_certificate_id: foreignCert.destination_wallet_id }),
      ),
      400,
      "parameter_invalid",
      "destination_wallet_certificate_id",
    );
    const polygon = await certificate(matterId, { network: "polygon" });
    expectError(
      await refusedUnchanged(() =>
        burn({
          ...base,
          network: "ethereum",
          destination_wallet_certificate_id: polygon.destination_wallet_id,
        }),
      ),
      400,
      "parameter_invalid",
      "network",
    );
    // Without `network` the certificate's network is used: the wallet holds nothing on polygon.
    expectError(
      await refusedUnchanged(() =>
        burn({ ...base, destination_wallet_certificate_id: polygon.destination_wallet_id }),
      ),
      409,
      "stablecoin_exposure_required",
    );
    const pyusdOnly = await certificate(matterId, { allowed_assets: ["PYUSD"] });
    expectError(
      await refusedUnchanged(() =>
        burn({ ...base, destination_wallet_certificate_id: pyusdOnly.destination_wallet_id }),
      ),
      400,
      "parameter_invalid",
      "destination_wallet_certificate_id",
    );
    const self = await certificate(matterId, { wallet_address: SANDBOX_WALLET.toLowerCase() });
    expectError(
      await refusedUnchanged(() =>
        burn({ ...base, destination_wallet_certificate_id: self.destination_wallet_id }),
      ),
      400,
      "parameter_invalid",
      "destination_wallet_certificate_id",
    );
    expect(cert.approval_status).toBe("approved");
  });

  it("refuses with 403 sanctions_hold a pending or rejected certificate, and blocked property", async () => {
    const pendingMatter = await readyMatter();
    const pending = await certificate(pendingMatter.matterId, { owner: "Miguel Trevino Moralez" });
    const base = { wallets: [SANDBOX_WALLET], asset: "USDT" };
    const held = await refusedUnchanged(() =>
      burn({
        ...base,
        matter_id: pendingMatter.matterId,
        destination_wallet_certificate_id: pending.destination_wallet_id,
      }),
    );
    expectError(held, 403, "sanctions_hold", "destination_wallet_certificate_id");
    expect(errorOf(held).details).toMatchObject({ approval_status: "pending_review" });

    const listedMatter = await readyMatter();
    const listed = await certificate(listedMatter.matterId, { wallet_address: LISTED_WALLET });
    const rejected = await refusedUnchanged(() =>
      burn({
        ...base,
        matter_id: listedMatter.matterId,
        destination_wallet_certificate_id: listed.destination_wallet_id,
      }),
    );
    expectError(rejected, 403, "sanctions_hold");
    expect(errorOf(rejected).details).toMatchObject({ approval_status: "rejected" });

    // A clean certificate, but the debtor's wallet is listed and its review blocked: the frozen
    // tokens are blocked property and are not reissued to anyone.
    const blockedMatter = await readyMatter();
    const clean = await certificate(blockedMatter.matterId);
    const screen = await api.post("/v1/sanctions/screen", {
      matter_id: blockedMatter.matterId,
      wallets: [LISTED_WALLET],
    });
    const review = await api.post("/v1/sanctions/review-packet", {
      matter_id: blockedMatter.matterId,
      screen_id: screen.body.screen_id,
    });
    await api.post(`/v1/sanctions/${review.body.review_id}/decision`, {
      decision: "blocked",
      counsel_owner: "Jordan Counsel, Esq.",
    });
    const blocked = await refusedUnchanged(() =>
      burn({
        ...base,
        matter_id: blockedMatter.matterId,
        destination_wallet_certificate_id: clean.destination_wallet_id,
      }),
    );
    expectError(blocked, 403, "sanctions_hold", "matter_id");
    // A freeze is still possible: freezing blocked property moves nothing.
    expect((await freeze({ ...base, matter_id: blockedMatter.matterId })).status).toBe(201);
  });
});

describe("GET and PATCH /v1/issuer-remediation/{remediation_id}", () => {
  it("reads a remediation, and 404s an unknown id", async () => {
    const { matterId } = await readyMatter();
    const made = await freezePacket({ matter_id: matterId, wallets: [OTHER], asset: "USDT" });
    const res = await api.get(`/v1/issuer-remediation/${made.remediation_id}`);
    expect(res.status, res.text).toBe(200);
    const { audit_ref: _a, ...read } = res.body;
    const { audit_ref: _b, ...created } = made;
    expect(read).toEqual(created);
    expectError(
      await api.get("/v1/issuer-remediation/irm_01h00000000000000000000000"),
      404,
      "resource_missing",
    );
    const writer = await org.key({ scopes: ["issuer:write"] });
    expectError(
      await writer.get(`/v1/issuer-remediation/${made.remediation_id}`),
      403,
      "insufficient_scope",
    );
  });

  it("moves forward, records and audits each move, refuses backward moves with the allowed targets", async () => {
    const { matterId } = await readyMatter();
    const made = await freezePacket({ matter_id: matterId, wallets: [OTHER], asset: "USDT" });
    const url = `/v1/issuer-remediation/${made.remediation_id}`;
    const submitted = await api.patch(url, {
      status: "submitted",
      notes: "Emailed to Tether compliance.",
    });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body).toMatchObject({
      status: "submitted",
      notes: "Emailed to Tether compliance.",
    });
    const [audit] = await auditOf(submitted);
    expect(audit).toMatchObject({
      eventType: "issuer_remediation.status_changed",
      objectId: made.remediation_id,
      matterId,
    });
    expect(audit!.details).toMatchObject({ from_status: "draft", to_status: "submitted" });
    const frozen = await api.patch(url, { status: "frozen" });
    expect(frozen.body.status_history.map((h: any) => [h.from, h.to])).toEqual([
      [null, "draft"],
      ["draft", "submitted"],
      ["submitted", "frozen"],
    ]);
    const back = await refusedUnchanged(() => api.patch(url, { status: "submitted" }));
    expectError(back, 409, "invalid_state_transition", "status");
    expect(errorOf(back).details).toEqual({
      from: "frozen",
      to: "submitted",
      allowed: ["burned", "reissued", "remitted", "rejected", "closed"],
    });
    expectError(await api.patch(url, { status: "frozen" }), 409, "invalid_state_transition");
    const noted = await api.patch(url, { notes: "Tether confirmed the freeze." });
    expect(noted.body).toMatchObject({ status: "frozen", notes: "Tether confirmed the freeze." });
    expect(noted.body.status_history).toHaveLength(3);
    expect((await api.patch(url, { status: "closed" })).body.status).toBe("closed");
    const final = await api.patch(url, { status: "rejected" });
    expectError(final, 409, "invalid_state_transition");
    expect(errorOf(final).details.allowed).toEqual([]);
    expectError(await api.patch(url, { notes: "more" }), 409, "invalid_state_transition");
  });

  it("refuses an empty or bad PATCH, a missing grant and a closed matter", async () => {
    const { matterId, authorityId } = await readyMatter();
    const made = await freezePacket({ matter_id: matterId, wallets: [OTHER], asset: "USDT" });
    const url = `/v1/issuer-remediation/${made.remediation_id}`;
    expectError(
      await refusedUnchanged(() => api.patch(url, {})),
      400,
      "parameter_missing",
      "status",
    );
    expectError(await api.patch(url, { status: "minted" }), 400, "parameter_invalid", "status");
    expectError(
      await api.patch(url, { status: "submitted", asset: "USDC" }),
      400,
      "unknown_parameter",
    );
    expectError(
      await api.patch("/v1/issuer-remediation/irm_01h00000000000000000000000", {
        status: "submitted",
      }),
      404,
      "resource_missing",
    );
    await api.post(`/v1/matters/${matterId}/authority/${authorityId}/revoke`, { reason: "Ended." });
    expectError(
      await refusedUnchanged(() => api.patch(url, { status: "submitted" })),
      403,
      "authority_required",
    );
    await grant(matterId);
    await api.post(`/v1/matters/${matterId}/close`, { reason: "paid" });
    expectError(
      await refusedUnchanged(() => api.patch(url, { status: "submitted" })),
      409,
      "matter_closed",
    );
  });

  it("checks the destination certificate again when a burn-reissue moves to reissued", async () => {
    const { matterId } = await readyMatter();
    const cert = await certificate(matterId, { owner: "Miguel Trevino Moralez" });
    const review = await api.post("/v1/sanctions/review-packet", {
      matter_id: matterId,
      screen_id: cert.sanctions_screen_id,
    });
    await api.post(`/v1/sanctions/${review.body.review_id}/decision`, {
      decision: "cleared",
      counsel_owner: "Jordan Counsel, Esq.",
    });
    const made = await burn({
      matter_id: matterId,
      wallets: [SANDBOX_WALLET],
      asset: "USDT",
      destination_wallet_certificate_id: cert.destination_wallet_id,
    });
    expect(made.status, made.text).toBe(201);
    const url = `/v1/issuer-remediation/${made.body.remediation_id}`;
    expect((await api.patch(url, { status: "burned" })).status).toBe(200);
    // Counsel later blocks a second review of the same screen: the certificate is rejected.
    const again = await api.post("/v1/sanctions/review-packet", {
      matter_id: matterId,
      screen_id: cert.sanctions_screen_id,
    });
    await api.post(`/v1/sanctions/${again.body.review_id}/decision`, {
      decision: "blocked",
      counsel_owner: "Jordan Counsel, Esq.",
    });
    expectError(
      await refusedUnchanged(() => api.patch(url, { status: "reissued" })),
      403,
      "sanctions_hold",
    );
    expect((await api.patch(url, { status: "rejected" })).body.status).toBe("rejected");
  });

  it("never moves backward except to rejected or closed, and closed is final (random PATCH sequences)", async () => {
    const { matterId } = await readyMatter([OTHER]);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...REMEDIATION_STATUSES), { minLength: 1, maxLength: 8 }),
        async (moves) => {
          const made = await freezePacket({ matter_id: matterId, wallets: [OTHER], asset: "USDT" });
          const url = `/v1/issuer-remediation/${made.remediation_id}`;
          let status: RemediationStatus = "draft";
          for (const to of moves) {
            const res = await api.patch(url, { status: to });
            const forward = rank(to) > rank(status) && status !== "closed";
            const terminal = (to === "rejected" || to === "closed") && status !== "closed";
            const expected = status === "rejected" ? to === "closed" : forward || terminal;
            if (expected) {
              expect(res.status, res.text).toBe(200);
              status = to;
            } else {
              expectError(res, 409, "invalid_state_transition");
              expect(errorOf(res).details.allowed).toEqual(allowedTargets(status));
            }
            expect(res.status === 200 ? res.body.status : status).toBe(status);
          }
          const stored = await api.get(url);
          expect(stored.body.status).toBe(status);
          const history = stored.body.status_history as Array<{ from: string; to: string }>;
          for (const h of history.slice(1))
            expect(
              rank(h.to as RemediationStatus) > rank(h.from as RemediationStatus),
              `${h.from} → ${h.to}`,
            ).toBe(true);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});

describe("remediation rules as pure functions", () => {
  const status = fc.constantFrom(...REMEDIATION_STATUSES);

  it("allows only forward moves or rejected/closed, and nothing out of closed", () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        const allowed = allowedTargets(from).includes(to);
        if (from === "closed") expect(allowed).toBe(false);
        if (allowed)
          expect(rank(to) > rank(from) || to === "rejected" || to === "closed").toBe(true);
        if (allowed && from === "rejected") expect(to).toBe("closed");
        if (from !== "closed" && to === "closed") expect(allowed).toBe(true);
        if (rank(to) <= rank(from)) expect(allowed).toBe(false);
      }),
    );
  });

  it("derives the certificate approval from its screen and reviews", () => {
    const screen = (
      status: "clear" | "potential_match" | "match",
      kinds: string[],
      reviews: string[],
    ) =>
      certificateApproval({
        id: "scr_1",
        status,
        listIssueDate: "2025-11-19",
        matches: kinds.map((kind) => ({ kind, sdn_entry: { name: "X" } })) as never,
        reviews: reviews.map((s, i) => ({ id: `srv_${i}`, status: s as never })),
      }).status;
    expect(screen("clear", [], [])).toBe("approved");
    expect(screen("potential_match", ["entity"], [])).toBe("pending_review");
    expect(screen("potential_match", ["entity"], ["open"])).toBe("pending_review");
    expect(screen("potential_match", ["counterparty"], ["cleared"])).toBe("approved");
    expect(screen("match", ["entity"], ["cleared"])).toBe("approved");
    expect(screen("match", ["entity"], ["cleared", "blocked"])).toBe("rejected");
    expect(screen("match", ["wallet"], ["cleared"])).toBe("rejected");
  });
});

describe("GraphQL", () => {
  it("prepares, reads through node() and moves a remediation with the same rules and codes", async () => {
    const { matterId } = await readyMatter();
    const create = await api.graphql(
      `mutation ($input: CreateIssuerFreezePacketInput!) {
        createIssuerFreezePacket(input: $input) {
          id remediationId status actionType asset network
          preparedRequest { contractAddress executedByService steps { step action function targetAddress } }
        }
      }`,
      {
        input: { matterId, wallets: [OTHER], asset: "PYUSD", authorizedSender: SENDER },
      },
    );
    expect(create.body.errors).toBeUndefined();
    const made = create.body.data.createIssuerFreezePacket;
    expect(made).toMatchObject({
      status: "draft",
      actionType: "freeze_only",
      asset: "PYUSD",
      network: "ethereum",
      preparedRequest: {
        executedByService: false,
        steps: [
          {
            step: 1,
            action: "freeze",
            function: "freeze(address) / freezeBatch(address[])",
            targetAddress: OTHER,
          },
        ],
      },
    });
    expect(made.id).toBe(made.remediationId);

    const refused = await api.graphql(
      `mutation ($input: CreateIssuerFreezePacketInput!) { createIssuerFreezePacket(input: $input) { id } }`,
      { input: { matterId, wallets: [SANDBOX_WALLET], asset: "DAI", authorizedSender: SENDER } },
    );
    expect(refused.body.errors[0].extensions.code).toBe("issuer_action_unavailable");

    const cert = await api.graphql(
      `mutation ($input: CreateDestinationWalletCertificateInput!) {
        createDestinationWalletCertificate(input: $input) { id destinationWalletId approvalStatus sanctionsScreenComplete }
      }`,
      {
        input: {
          matterId,
          walletAddress: DESTINATION,
          network: "ethereum",
          purpose: "Reissue",
          owner: "Acme Capital LLC",
          signerModel: "MPC",
          allowedAssets: ["PYUSD"],
        },
      },
    );
    expect(cert.body.errors).toBeUndefined();
    const certId = cert.body.data.createDestinationWalletCertificate.id;
    const burnt = await api.graphql(
      `mutation ($input: CreateIssuerBurnReissuePacketInput!) {
        createIssuerBurnReissuePacket(input: $input) { id destinationWalletCertificate { id approvalStatus } }
      }`,
      {
        input: {
          matterId,
          wallets: [OTHER],
          authorizedSender: SENDER,
          asset: "PYUSD",
          destinationWalletCertificateId: certId,
        },
      },
    );
    expect(burnt.body.errors).toBeUndefined();
    expect(burnt.body.data.createIssuerBurnReissuePacket.destinationWalletCertificate).toEqual({
      id: certId,
      approvalStatus: "approved",
    });

    const nodes = await api.graphql(`query ($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`, {
      ids: [made.id, certId],
    });
    expect(nodes.body.data.nodes).toEqual([
      { __typename: "IssuerRemediation", id: made.id },
      { __typename: "DestinationWalletCertificate", id: certId },
    ]);

    const move = `mutation ($id: ID!, $input: UpdateIssuerRemediationInput!) {
      updateIssuerRemediation(id: $id, input: $input) { status allowedStatuses statusHistory { from to } }
    }`;
    const forward = await api.graphql(move, { id: made.id, input: { status: "frozen" } });
    expect(forward.body.data.updateIssuerRemediation).toMatchObject({
      status: "frozen",
      allowedStatuses: ["burned", "reissued", "remitted", "rejected", "closed"],
    });
    const backward = await api.graphql(move, { id: made.id, input: { status: "draft" } });
    expect(backward.body.errors[0].extensions).toMatchObject({
      code: "invalid_state_transition",
      details: { allowed: ["burned", "reissued", "remitted", "rejected", "closed"] },
    });
    const read = await api.graphql(`query ($id: ID!) { issuerRemediation(id: $id) { status } }`, {
      id: made.id,
    });
    expect(read.body.data.issuerRemediation.status).toBe("frozen");

    const elsewhere = await seed.matter(api);
    const outsiders = [
      (await seed.org()).admin,
      await org.key({ environment: "live" }),
      await org.key({ matter_ids: [elsewhere] }),
    ];
    for (const outsider of outsiders) {
      const hidden = await outsider.graphql(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, {
        ids: [made.id, certId],
      });
      expect(hidden.body.data.nodes).toEqual([null, null]);
    }
  });

  it("shows the gates on the mutations in the SDL", () => {
    const sdl = printSdl();
    for (const field of [
      "createIssuerFreezePacket",
      "createIssuerBurnReissuePacket",
      "createDestinationWalletCertificate",
      "updateIssuerRemediation",
    ])
      expect(sdl).toMatch(
        new RegExp(`${field}\\([\\s\\S]*?\\): \\w+ @scope\\(name: "issuer:write"\\) @authority`),
      );
  });
});
