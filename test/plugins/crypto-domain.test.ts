import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkWalletAddress } from "../../plugins/debtors/addresses.js";
import { TIER_BASE } from "../../plugins/core/confidence.js";
import {
  freezeCapableExposures,
  stablecoinExposures,
  tokenExposures,
} from "../../plugins/crypto/exposures.js";
import {
  confidenceLabel,
  DIRECT_CAP,
  hypothesesFrom,
  ONE_HOP_CAP,
  scoreLinks,
  type LinkEvidence,
} from "../../plugins/crypto/hypotheses.js";
import { NETWORKS } from "../../plugins/crypto/networks.js";
import { rngFor, rngFrom, seedOf } from "../../plugins/crypto/prng.js";
import {
  SandboxProvider,
  SANDBOX_PERIOD,
  syntheticAddress,
} from "../../plugins/crypto/providers/sandbox.js";
import { loadStablecoins, referenceData } from "../../plugins/crypto/reference.js";
import { buildTimeline } from "../../plugins/crypto/timeline.js";

const reference = referenceData();

describe("seeded PRNG", () => {
  it("gives the same sequence for the same inputs and a different one otherwise", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const x = rngFor("t", a);
        const y = rngFor("t", a);
        const seqX = Array.from({ length: 8 }, () => x.next());
        expect(Array.from({ length: 8 }, () => y.next())).toEqual(seqX);
        if (a !== b) {
          const z = rngFor("t", b);
          expect(Array.from({ length: 8 }, () => z.next())).not.toEqual(seqX);
        }
      }),
    );
  });

  it("stays in range: next in [0,1), int in [min,max], bytes of the asked length", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.integer({ min: -50, max: 50 }),
        fc.nat(100),
        (seed, min, span) => {
          const rng = rngFrom(seed);
          for (let i = 0; i < 20; i++) {
            const n = rng.next();
            expect(n >= 0 && n < 1).toBe(true);
            const k = rng.int(min, min + span);
            expect(k >= min && k <= min + span && Number.isInteger(k)).toBe(true);
          }
          expect(rng.bytes(13)).toHaveLength(13);
        },
      ),
    );
  });

  it("spreads values over the unit interval (no stuck state)", () => {
    const rng = rngFrom(seedOf("spread"));
    const buckets = new Array(10).fill(0);
    for (let i = 0; i < 10_000; i++) buckets[Math.floor(rng.next() * 10)]++;
    for (const b of buckets) expect(b).toBeGreaterThan(850);
  });
});

describe("synthetic addresses", () => {
  it("are valid addresses of their network", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NETWORKS),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (network, bytes) => {
          const check = checkWalletAddress(syntheticAddress(network, bytes));
          expect(check.ok).toBe(true);
          if (check.ok)
            expect(check.network).toBe(network.match(/bitcoin|tron|solana/) ? network : "evm");
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("sandbox provider", () => {
  const a = new SandboxProvider(reference);
  const b = new SandboxProvider(referenceData());
  const wallet = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
  const window = { from: new Date(0), to: new Date() };

  it("derives balances, transfers and counterparties from the address alone, in any case", async () => {
    expect(await a.balances("ethereum", wallet)).toEqual(await b.balances("ethereum", wallet));
    expect(await a.transfers("ethereum", wallet, window)).toEqual(
      await b.transfers("ethereum", wallet.toLowerCase(), window).then((ts) =>
        ts.map((t) => ({
          ...t,
          from: t.from === wallet.toLowerCase() ? wallet : t.from,
          to: t.to === wallet.toLowerCase() ? wallet : t.to,
        })),
      ),
    );
    expect(await a.counterparties("ethereum", wallet, window)).toEqual(
      await b.counterparties("ethereum", wallet, window),
    );
  });

  it("holds stablecoins on data/ contracts and trades with labelled exchange wallets", async () => {
    const wallets = Array.from({ length: 40 }, (_, i) =>
      syntheticAddress("ethereum", seedOf("w", String(i))),
    );
    let stable = 0;
    let exchange = 0;
    for (const w of wallets) {
      for (const bal of await a.balances("ethereum", w)) {
        if (bal.contract) {
          expect(reference.token("ethereum", bal.contract)?.symbol).toBe(bal.asset);
          stable++;
        }
      }
      for (const t of await a.transfers("ethereum", w, window)) {
        expect(t.timestamp >= SANDBOX_PERIOD.from && t.timestamp <= SANDBOX_PERIOD.to).toBe(true);
        if (reference.labelOf("ethereum", t.from) || reference.labelOf("ethereum", t.to))
          exchange++;
      }
    }
    expect(stable).toBeGreaterThan(40);
    expect(exchange).toBeGreaterThan(20);
  });

  it("filters transfers by the window", async () => {
    const all = await a.transfers("tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", window);
    const mid = all.map((t) => t.timestamp).sort((x, y) => x.getTime() - y.getTime())[
      Math.floor(all.length / 2)
    ]!;
    const later = await a.transfers("tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", {
      from: mid,
      to: window.to,
    });
    expect(later.length).toBeGreaterThan(0);
    expect(later.length).toBeLessThan(all.length);
    expect(later.every((t) => t.timestamp >= mid)).toBe(true);
  });
});

const evidenceArb = fc.record({
  hop: fc.constantFrom<"direct" | "one_hop">("direct", "one_hop"),
  counterparty: fc.constantFrom("0xa1", "0xa2", "0xa3", "0xa4"),
  via: fc.constantFrom("0xb1", "0xb2"),
});
const toEvidence = (
  e: { hop: "direct" | "one_hop"; counterparty: string; via: string },
  i: number,
): LinkEvidence => ({
  hop: e.hop,
  network: "ethereum",
  wallet: "0xsubject",
  exchange: "Binance",
  counterparty: e.counterparty,
  counterpartyLabel: null,
  labelSources: ["test"],
  via: e.hop === "one_hop" ? e.via : null,
  direction: "sent_to_exchange",
  transactionHash: `0x${i}`,
  asset: "ETH",
  amount: "1",
  timestamp: new Date(1_700_000_000_000 + i),
});

describe("exchange hypothesis scoring", () => {
  it("never lowers a score when evidence is added, and is deterministic", () => {
    fc.assert(
      fc.property(fc.array(evidenceArb, { maxLength: 8 }), evidenceArb, (base, extra) => {
        const before = scoreLinks(base.map(toEvidence));
        const after = scoreLinks([...base, extra].map(toEvidence));
        expect(after.confidence).toBeGreaterThanOrEqual(before.confidence);
        expect(scoreLinks(base.map(toEvidence))).toEqual(before);
      }),
    );
  });

  it("keeps one-hop-only links below any direct link and label-based links below confirmed", () => {
    fc.assert(
      fc.property(fc.array(evidenceArb, { minLength: 1, maxLength: 10 }), (items) => {
        const s = scoreLinks(items.map(toEvidence));
        if (items.some((e) => e.hop === "direct")) {
          expect(s).toMatchObject({ hop: "direct", tier: "tier_3" });
          expect(s.confidence).toBeGreaterThanOrEqual(TIER_BASE.tier_3);
          expect(s.confidence).toBeLessThanOrEqual(DIRECT_CAP);
        } else {
          expect(s).toMatchObject({ hop: "one_hop", tier: "tier_4" });
          expect(s.confidence).toBeLessThanOrEqual(ONE_HOP_CAP);
          expect(s.confidence).toBeLessThan(TIER_BASE.tier_3);
        }
        expect(confidenceLabel(s.confidence, s.tier)).not.toBe("confirmed");
      }),
    );
  });

  it("counts repeated transfers with the same labelled wallet once", () => {
    const one = scoreLinks([toEvidence({ hop: "direct", counterparty: "0xa1", via: "" }, 1)]);
    const many = scoreLinks(
      [1, 2, 3].map((i) => toEvidence({ hop: "direct", counterparty: "0xa1", via: "" }, i)),
    );
    expect(many).toEqual(one);
    expect(one.confidence).toBe(0.65);
    const two = scoreLinks(
      ["0xa1", "0xa2"].map((c, i) => toEvidence({ hop: "direct", counterparty: c, via: "" }, i)),
    );
    expect(two.confidence).toBe(0.8775);
    expect(confidenceLabel(two.confidence, two.tier)).toBe("strong");
  });

  it("filters by min_confidence and orders by confidence", () => {
    const ev = [
      toEvidence({ hop: "direct", counterparty: "0xa1", via: "" }, 1),
      {
        ...toEvidence({ hop: "one_hop", counterparty: "0xa2", via: "0xb1" }, 2),
        exchange: "Kraken",
      },
    ];
    expect(hypothesesFrom(ev).map((h) => [h.exchange, h.confidence])).toEqual([
      ["Binance", 0.65],
      ["Kraken", 0.45],
    ]);
    expect(hypothesesFrom(ev, 0.5).map((h) => h.exchange)).toEqual(["Binance"]);
    expect(hypothesesFrom(ev, 1)).toEqual([]);
  });

  it("labels by CONTRACT.md §13 thresholds", () => {
    expect(confidenceLabel(0.95, "tier_1")).toBe("confirmed");
    expect(confidenceLabel(0.95, "tier_3")).toBe("strong");
    expect(confidenceLabel(0.6, "tier_3")).toBe("moderate");
    expect(confidenceLabel(0.45, "tier_4")).toBe("weak_signal");
  });
});

describe("exposures", () => {
  const usdt = reference.tokensOn("ethereum").find((t) => t.symbol === "USDT")!;
  const balance = (asset: string, contract: string | null, amount: string) => ({
    network: "ethereum" as const,
    address: "0xw",
    asset,
    contract,
    decimals: 6,
    amount,
  });

  it("values stablecoins at par (half-even to cents) and leaves other assets null with a reason", () => {
    const out = tokenExposures(
      [
        balance("USDT", usdt.contract, "10.125"),
        balance("ETH", null, "2"),
        balance("USDT", usdt.contract, "0"),
      ],
      reference,
    );
    expect(out.map((e) => [e.asset, e.usdValue])).toEqual([
      ["USDT", 10.12],
      ["ETH", null],
    ]);
    expect(out[1]!.valuationNote).toMatch(/No price source/);
  });

  it("gives freeze capability and remediation routes from the data, and filters by asset", () => {
    const dai = reference.tokensOn("ethereum").find((t) => t.symbol === "DAI")!;
    const items = stablecoinExposures(
      [balance("USDT", usdt.contract, "5"), balance("DAI", dai.contract, "7")],
      reference,
    );
    expect(items.map((e) => [e.asset, e.freezeCapability, e.reviewRequired])).toEqual([
      ["USDT", "issuer_can_freeze", false],
      ["DAI", "no_issuer_freeze", true],
    ]);
    expect(items[0]!.remediationCandidates.map((r) => [r.actionType, r.function])).toEqual([
      ["freeze_only", "addBlackList(address _evilUser)"],
      ["burn_reissue", "destroyBlackFunds(address _blackListedUser)"],
    ]);
    expect(freezeCapableExposures(items).map((e) => e.asset)).toEqual(["USDT"]);
    expect(
      stablecoinExposures([balance("USDT", usdt.contract, "5")], reference, new Set(["DAI"])),
    ).toEqual([]);
  });

  it("never guesses decimals: deployments without confirmed decimals are left out", () => {
    const all = loadStablecoins();
    expect(all.every((s) => Number.isInteger(s.decimals))).toBe(true);
    expect(all.some((s) => s.symbol === "TUSD" && s.network === "bsc")).toBe(false);
  });
});

describe("timeline", () => {
  it("orders by time and keeps a transfer between two request wallets once", () => {
    const t = (hash: string, ms: number, from = "0xa", to = "0xb") => ({
      network: "ethereum" as const,
      transactionHash: hash,
      index: 0,
      block: null,
      timestamp: new Date(ms),
      from,
      to,
      asset: "ETH",
      contract: null,
      amount: "1",
    });
    const events = buildTimeline(reference, [t("0x2", 2000), t("0x1", 1000), t("0x2", 2000)]);
    expect(events.map((e) => e.transactionHash)).toEqual(["0x1", "0x2"]);
    const binance = reference.labelsByNetwork
      .get("ethereum")!
      .find((l) => l.exchange === "Binance")!;
    const [labelled] = buildTimeline(reference, [t("0x3", 1, "0xa", binance.address)]);
    expect(labelled!.toLabel).toContain("Binance");
    expect(labelled!.notes).toContain("to labelled exchange wallet");
  });
});
