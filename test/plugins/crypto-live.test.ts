import { readFileSync } from "node:fs";
import { createWalletClient, http, parseUnits, publicActions, type Abi, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assemble } from "../helpers/evm-asm.js";
import { type Anvil, ANVIL_KEYS, startAnvil } from "../helpers/anvil.js";
import { freePort } from "../helpers/ports.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type Client, errorOf } from "../helpers/http.js";
import { Seed } from "../helpers/seed.js";

/**
 * The live provider against a real EVM node (anvil): a minimal ERC-20 is deployed, tokens move,
 * and the API reads balances and the timeline back with a live key. No mocks.
 */
const fixture = JSON.parse(
  readFileSync(new URL("../fixtures/minimal-erc20.json", import.meta.url), "utf8"),
) as { bytecode: Hex; abi: Abi; decimals: number };

let anvil: Anvil;
let app: TestApp;
let live: Client;
let matterId: string;
let token: `0x${string}`;
let started: Date;
const deployer = privateKeyToAccount(ANVIL_KEYS[0]);
const holder = privateKeyToAccount(ANVIL_KEYS[1]);
const recipient = "0x000000000000000000000000000000000000bEEF";

beforeAll(async () => {
  anvil = await startAnvil();
  started = new Date(Date.now() - 5_000);
  const as = (account: typeof deployer) =>
    createWalletClient({ account, chain: foundry, transport: http(anvil.url) }).extend(
      publicActions,
    );
  const deploying = await as(deployer).deployContract({
    abi: fixture.abi,
    bytecode: fixture.bytecode,
  });
  const receipt = await as(deployer).waitForTransactionReceipt({ hash: deploying });
  token = receipt.contractAddress!;
  const units = (n: string) => parseUnits(n, fixture.decimals);
  const send = async (from: typeof deployer, to: string, amount: string) => {
    const hash = await as(from).writeContract({
      address: token,
      abi: fixture.abi,
      functionName: "transfer",
      args: [to, units(amount)],
    });
    const r = await as(from).waitForTransactionReceipt({ hash });
    expect(r.status).toBe("success");
    return hash;
  };
  await send(deployer, holder.address, "1500.25");
  await send(holder, recipient, "250");

  app = await startTestApp({
    chains: {
      rpcUrls: { ethereum: anvil.url },
      timeoutMs: 3000,
      retries: 1,
      extraTokens: [
        {
          network: "ethereum",
          symbol: "TST",
          contract: token,
          decimals: fixture.decimals,
          issuer: "Test Issuer",
          canFreeze: true,
        },
      ],
    },
  });
  const org = await new Seed(app).org({ features: ["live_access"] });
  live = await org.key({ environment: "live" });
  const matter = await live.post("/v1/matters", { name: "Live chain matter" });
  expect(matter.status, matter.text).toBe(201);
  matterId = matter.body.matter_id;
}, 60_000);

afterAll(async () => {
  await app?.dispose();
  await anvil?.stop();
});

describe("the live EVM provider against anvil", () => {
  it("assembles the checked-in bytecode from its assembly source", () => {
    const source = readFileSync(new URL("../fixtures/minimal-erc20.evm", import.meta.url), "utf8");
    expect(assemble(source)).toBe(fixture.bytecode);
  });

  it("reads native and token balances into the asset map, marked json_rpc", async () => {
    const res = await live.post("/v1/crypto/asset-map", {
      matter_id: matterId,
      wallets: [holder.address],
      chains: ["ethereum"],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.source_type).toBe("json_rpc");
    const tst = res.body.token_exposures.find((e: any) => e.asset === "TST");
    expect(tst).toEqual({
      asset: "TST",
      network: "ethereum",
      wallet: holder.address,
      contract: token,
      amount: 1250.25,
      usd_value: 1250.25,
      valuation_note: "TST valued at its 1.00 USD par.",
    });
    const eth = res.body.token_exposures.find((e: any) => e.asset === "ETH");
    // Anvil funds each default account with 10,000 ETH; the holder paid gas once.
    expect(eth.amount).toBeGreaterThan(9999);
    expect(eth.amount).toBeLessThan(10000);
    expect(eth.usd_value).toBeNull();
    expect(res.body.stablecoin_exposure).toEqual([
      expect.objectContaining({
        issuer: "Test Issuer",
        asset: "TST",
        amount: 1250.25,
        can_freeze: true,
        source_type: "json_rpc",
      }),
    ]);
    // Read back by id: the stored record, not a one-off answer.
    const again = await live.get(`/v1/crypto/asset-map/${res.body.map_id}`);
    expect(again.status).toBe(200);
    expect({ ...again.body, audit_ref: null }).toEqual({ ...res.body, audit_ref: null });
  });

  it("reads the Transfer logs in the window into an ordered timeline", async () => {
    const res = await live.post("/v1/crypto/transaction-timeline", {
      matter_id: matterId,
      wallets: [holder.address],
      from: started.toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.source_type).toBe("json_rpc");
    const events = res.body.events.map((e: any) => ({
      from: e.from_address.toLowerCase(),
      to: e.to_address.toLowerCase(),
      asset: e.asset,
      amount: e.amount,
    }));
    expect(events).toEqual([
      {
        from: deployer.address.toLowerCase(),
        to: holder.address.toLowerCase(),
        asset: "TST",
        amount: 1500.25,
      },
      {
        from: holder.address.toLowerCase(),
        to: recipient.toLowerCase(),
        asset: "TST",
        amount: 250,
      },
    ]);
    expect(res.body.events[0].block_number).toBeLessThan(res.body.events[1].block_number);
    expect(res.body.events.every((e: any) => /^0x[0-9a-f]{64}$/.test(e.transaction_hash))).toBe(
      true,
    );

    const before = await live.post("/v1/crypto/transaction-timeline", {
      matter_id: matterId,
      wallets: [holder.address],
      from: "2020-01-01T00:00:00.000Z",
      to: "2020-12-31T00:00:00.000Z",
    });
    expect(before.status, before.text).toBe(200);
    expect(before.body.events).toEqual([]);
  });

  it("answers 503 provider_unavailable for a network with no endpoint, naming the variable", async () => {
    const maps = await app.db.root.cryptoAssetMap.count();
    const res = await live.post("/v1/crypto/asset-map", {
      matter_id: matterId,
      wallets: [holder.address],
      chains: ["polygon"],
    });
    expect(res.status, res.text).toBe(503);
    expect(errorOf(res)).toMatchObject({
      type: "api_error",
      code: "provider_unavailable",
      details: { network: "polygon", missing: "MD_RPC_URL_POLYGON" },
    });
    expect(errorOf(res).message).toContain("MD_RPC_URL_POLYGON");
    expect(await app.db.root.cryptoAssetMap.count()).toBe(maps);
    expect(await app.db.root.auditEvent.count({ where: { requestId: res.body.audit_ref } })).toBe(
      0,
    );
  });

  it("answers 503 for a non-EVM network in live, naming what is missing", async () => {
    const res = await live.post("/v1/crypto/stablecoin-exposure", {
      matter_id: matterId,
      wallets: ["bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"],
    });
    expect(res.status, res.text).toBe(503);
    expect(errorOf(res)).toMatchObject({
      code: "provider_unavailable",
      details: { network: "bitcoin" },
    });
    expect(errorOf(res).message).toMatch(/bitcoin/);
  });

  it("answers 503 when the configured node does not answer, and nothing is stored", async () => {
    const closed = await freePort();
    const down = await startTestApp({
      chains: {
        rpcUrls: { ethereum: `http://127.0.0.1:${closed}` },
        timeoutMs: 1000,
        retries: 1,
        extraTokens: [],
      },
    });
    try {
      const org = await new Seed(down).org({ features: ["live_access"] });
      const key = await org.key({ environment: "live" });
      const matter = await key.post("/v1/matters", { name: "Node down" });
      for (const [path, body] of [
        ["/v1/crypto/asset-map", {}],
        ["/v1/crypto/transaction-timeline", {}],
        ["/v1/crypto/exchange-hypotheses", {}],
        ["/v1/crypto/stablecoin-exposure", {}],
      ] as const) {
        const res = await key.post(path, {
          matter_id: matter.body.matter_id,
          wallets: [holder.address],
          ...body,
        });
        expect(res.status, `${path}: ${res.text}`).toBe(503);
        expect(errorOf(res)).toMatchObject({
          code: "provider_unavailable",
          details: { network: "ethereum" },
        });
      }
      expect(await down.db.root.cryptoAssetMap.count()).toBe(0);
      expect(await down.db.root.transactionTimeline.count()).toBe(0);
    } finally {
      await down.dispose();
    }
  });

  it("answers 503 once the node has stopped", async () => {
    await anvil.stop();
    const res = await live.post("/v1/crypto/asset-map", {
      matter_id: matterId,
      wallets: [holder.address],
    });
    expect(res.status, res.text).toBe(503);
    expect(errorOf(res).code).toBe("provider_unavailable");
  });
});
