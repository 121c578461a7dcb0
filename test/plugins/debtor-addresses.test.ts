import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkBitcoinBase58,
  checkBitcoinSegwit,
  checkEvmAddress,
  checkSolanaAddress,
  checkTronAddress,
  checkWalletAddress,
  toEip55,
} from "../../plugins/debtors/addresses.js";

// EIP-55's own test vectors: all caps, all lower, and mixed-case checksummed.
const EIP55_VECTORS = [
  "0x52908400098527886E0F7030069857D2E4169EE7",
  "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
  "0xde709f2102306220921060314715629080e2fb77",
  "0x27b1fdb04752bbc536007a920d24acb045561c26",
  "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
  "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
  "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
];

// BIP-350's valid segwit addresses (v0 bech32 as in BIP-173, v1+ bech32m).
const BIP350_VALID = [
  "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",
  "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7",
  "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
  "BC1SW50QGDZ25J",
  "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs",
  "tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy",
  "tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c",
  "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
];

// BIP-350's invalid addresses, each with the rule it breaks.
const BIP350_INVALID: Array<[string, string]> = [
  ["tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut", "unknown human-readable part"],
  ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", "v1 with a bech32 checksum"],
  ["tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf", "v2 with a bech32 checksum"],
  ["BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL", "v16 with a bech32 checksum"],
  ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", "v0 with a bech32m checksum"],
  ["tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47", "v0 with a bech32m checksum"],
  ["bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4", "invalid character"],
  ["BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R", "witness version 17"],
  ["bc1pw5dgrnzv", "1-byte program"],
  [
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav",
    "41-byte program",
  ],
  ["BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", "16-byte v0 program"],
  ["bc1gmk9yu", "empty data"],
];

describe("EVM addresses (EIP-55)", () => {
  it.each(EIP55_VECTORS)("accepts the EIP-55 vector %s", (a) => {
    expect(checkEvmAddress(a)).toMatchObject({ ok: true, network: "evm" });
    expect(checkWalletAddress(a)).toMatchObject({ ok: true, network: "evm" });
  });

  it("recomputes each mixed-case vector's checksum exactly", () => {
    for (const a of EIP55_VECTORS.slice(4)) expect(toEip55(a.toLowerCase())).toBe(a);
  });

  it("refuses a wrong checksum, a short address and non-hex characters", () => {
    expect(checkEvmAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")).toMatchObject({
      ok: false,
      reason: expect.stringContaining("EIP-55"),
    });
    expect(checkEvmAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA").ok).toBe(false);
    expect(checkEvmAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg").ok).toBe(false);
    expect(checkWalletAddress("0x123").ok).toBe(false);
  });

  const addressArb = fc
    .uint8Array({ minLength: 20, maxLength: 20 })
    .map((b) => toEip55(`0x${Buffer.from(b).toString("hex")}`));

  it("accepts every checksummed address and its all-lowercase form (property)", () => {
    fc.assert(
      fc.property(addressArb, (a) => {
        expect(checkEvmAddress(a).ok).toBe(true);
        expect(checkEvmAddress(a.toLowerCase()).ok).toBe(true);
      }),
    );
  });

  it("fails the checksum of a valid address with one letter's case flipped (property)", () => {
    fc.assert(
      fc.property(addressArb, fc.nat(), (a, pick) => {
        const letters = [...a.slice(2)].flatMap((c, i) => (/[a-fA-F]/.test(c) ? [i + 2] : []));
        fc.pre(letters.length > 0);
        const at = letters[pick % letters.length]!;
        const c = a[at]!;
        const flipped =
          a.slice(0, at) +
          (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) +
          a.slice(at + 1);
        const body = flipped.slice(2);
        // Flipping the only letter of one case yields all-lower or all-upper, which carries no checksum.
        fc.pre(body !== body.toLowerCase() && body !== body.toUpperCase());
        expect(checkEvmAddress(flipped)).toMatchObject({
          ok: false,
          reason: expect.stringContaining("EIP-55"),
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe("Bitcoin addresses", () => {
  it.each(BIP350_VALID)("accepts the BIP-350 valid vector %s", (a) => {
    expect(checkBitcoinSegwit(a)).toMatchObject({ ok: true, network: "bitcoin" });
    expect(checkWalletAddress(a)).toMatchObject({ ok: true, network: "bitcoin" });
  });

  it.each(BIP350_INVALID)("refuses the BIP-350 invalid vector %s (%s)", (a) => {
    expect(checkWalletAddress(a).ok).toBe(false);
  });

  it("refuses a mutated checksum character and mixed case", () => {
    expect(checkWalletAddress("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5").ok).toBe(false);
    expect(checkWalletAddress("bc1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4").ok).toBe(false);
  });

  it("accepts real legacy P2PKH and P2SH addresses and refuses a changed character", () => {
    for (const a of [
      "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
      "1BoatSLRHtKNngkdXEeobR76b53LETtpyT",
      "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
    ]) {
      expect(checkBitcoinBase58(a)).toMatchObject({ ok: true, format: "base58check" });
      expect(checkWalletAddress(a)).toMatchObject({ ok: true, network: "bitcoin" });
    }
    expect(checkWalletAddress("1BoatSLRHtKNngkdXEeobR76b53LETtpyU").ok).toBe(false);
    expect(checkWalletAddress("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb").ok).toBe(false);
  });
});

describe("Tron and Solana addresses", () => {
  it("accepts real Tron addresses and refuses a changed last character", () => {
    for (const a of ["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL"]) {
      expect(checkTronAddress(a).ok).toBe(true);
      expect(checkWalletAddress(a)).toMatchObject({ ok: true, network: "tron" });
    }
    expect(checkWalletAddress("TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM")).toMatchObject({
      ok: false,
      reason: expect.stringContaining("Tron"),
    });
  });

  it("accepts 32-byte Solana keys, even one starting with T, and refuses other lengths", () => {
    for (const a of [
      "So11111111111111111111111111111111111111112",
      "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
      "11111111111111111111111111111111",
    ]) {
      expect(checkSolanaAddress(a).ok).toBe(true);
      expect(checkWalletAddress(a)).toMatchObject({ ok: true, network: "solana" });
    }
    expect(checkWalletAddress("So1111111111111111111111111111111111111111").ok).toBe(false);
    expect(checkSolanaAddress("0OIl1111111111111111111111111111").ok).toBe(false);
  });
});

describe("other shapes", () => {
  it("accepts other chains' checksummed base58check and bech32 addresses", () => {
    expect(checkWalletAddress("LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9")).toMatchObject({
      ok: true,
      network: "other",
    });
    expect(checkWalletAddress("rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh")).toMatchObject({
      ok: true,
      network: "xrp",
    });
    expect(checkWalletAddress("cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu")).toMatchObject({
      ok: true,
      network: "other",
    });
    expect(checkWalletAddress("cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xv").ok).toBe(false);
  });

  it("refuses text that is no address at all", () => {
    for (const a of [
      "",
      " 0x52908400098527886E0F7030069857D2E4169EE7",
      "not_a_wallet",
      "hello",
      "bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT",
    ]) {
      expect(checkWalletAddress(a).ok).toBe(false);
    }
  });
});
