import { keccak_256 } from "@noble/hashes/sha3.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { base58, base58xrp, bech32, bech32m } from "@scure/base";

/**
 * Wallet address checks of CONTRACT.md §12, as pure functions. The network is inferred from the
 * address's shape; an address that looks like one of the families below must pass that family's
 * checksum. Shapes we cannot place at all are refused rather than stored unchecked.
 */
export type AddressNetwork = "evm" | "bitcoin" | "tron" | "solana" | "xrp" | "other";

export type AddressCheck =
  | { ok: true; network: AddressNetwork; format: string }
  | { ok: false; reason: string };

const ok = (network: AddressNetwork, format: string): AddressCheck => ({
  ok: true,
  network,
  format,
});
const bad = (reason: string): AddressCheck => ({ ok: false, reason });

const HEX40 = /^0x[0-9a-fA-F]{40}$/;
const BASE58_CHARS = /^[1-9A-HJ-NP-Za-km-z]+$/;
const BITCOIN_HRPS = new Set(["bc", "tb", "bcrt"]);
/** Bitcoin base58check version bytes: P2PKH / P2SH on mainnet, then testnet. */
const BITCOIN_VERSIONS = new Set([0x00, 0x05, 0x6f, 0xc4]);
const TRON_VERSION = 0x41;
/** bech32 prefixes of other chains whose addresses we accept on the checksum alone. */
const OTHER_BECH32_HRPS = new Set([
  "ltc",
  "tltc",
  "cosmos",
  "osmo",
  "addr",
  "bnb",
  "terra",
  "inj",
  "celestia",
]);

/** The EIP-55 mixed-case form of a 0x address (any case in, checksummed case out). */
export function toEip55(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let out = "0x";
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i]!;
    out += parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** EVM: 0x + 40 hex; all-lower or all-upper carries no checksum, mixed case must be EIP-55. */
export function checkEvmAddress(address: string): AddressCheck {
  if (!HEX40.test(address))
    return bad("an EVM address is 0x followed by 40 hexadecimal characters");
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return ok("evm", "hex");
  return toEip55(address) === address
    ? ok("evm", "eip55")
    : bad("the EIP-55 mixed-case checksum does not match");
}

/** Splits a base58check string into version byte and payload, or null when the checksum fails. */
function decodeBase58Check(
  address: string,
  alphabet: "bitcoin" | "xrp",
): { version: number; payload: Uint8Array } | null {
  let raw: Uint8Array;
  try {
    raw = alphabet === "xrp" ? base58xrp.decode(address) : base58.decode(address);
  } catch {
    return null;
  }
  if (raw.length < 5) return null;
  const body = raw.subarray(0, raw.length - 4);
  const sum = sha256(sha256(body)).subarray(0, 4);
  if (!sum.every((b, i) => b === raw[raw.length - 4 + i])) return null;
  return { version: body[0]!, payload: body.subarray(1) };
}

/** Bitcoin segwit (BIP-173 bech32 for v0, BIP-350 bech32m for v1+), with the BIP-141 program rules. */
export function checkBitcoinSegwit(address: string): AddressCheck {
  const lower = address.toLowerCase();
  const sep = lower.lastIndexOf("1");
  const hrp = sep > 0 ? lower.slice(0, sep) : "";
  if (!BITCOIN_HRPS.has(hrp)) return bad("a Bitcoin segwit address starts with bc1, tb1 or bcrt1");
  const data = lower.slice(sep + 1);
  const version = "qpzry9x8gf2tvdw0s3jn54khce6mua7l".indexOf(data[0] ?? "");
  if (version < 0 || version > 16) return bad("the segwit version must be 0 to 16");
  // BIP-350: v0 keeps bech32, v1+ must use bech32m (bech32 lets characters be inserted near a
  // trailing "p" undetected); a string carrying the other variant's checksum is invalid.
  const coder = version === 0 ? bech32 : bech32m;
  let words: number[];
  try {
    words = coder.decode(address as `${string}1${string}`, 90).words;
  } catch {
    return bad(`the ${version === 0 ? "bech32" : "bech32m"} checksum or encoding is not valid`);
  }
  const program = coder.fromWordsUnsafe(words.slice(1));
  if (!program || program.length < 2 || program.length > 40)
    return bad("the witness program must be 2 to 40 bytes");
  if (version === 0 && program.length !== 20 && program.length !== 32)
    return bad("a v0 witness program must be 20 or 32 bytes");
  return ok("bitcoin", version === 0 ? "bech32" : "bech32m");
}

/** Bitcoin legacy (P2PKH/P2SH) base58check. */
export function checkBitcoinBase58(address: string): AddressCheck {
  const decoded = BASE58_CHARS.test(address) ? decodeBase58Check(address, "bitcoin") : null;
  if (!decoded) return bad("the base58check checksum does not match");
  if (!BITCOIN_VERSIONS.has(decoded.version) || decoded.payload.length !== 20)
    return bad("not a Bitcoin P2PKH or P2SH address");
  return ok("bitcoin", "base58check");
}

/** Tron: base58check, version byte 0x41 (hence the leading T), 20-byte payload. */
export function checkTronAddress(address: string): AddressCheck {
  const decoded = BASE58_CHARS.test(address) ? decodeBase58Check(address, "bitcoin") : null;
  if (!decoded) return bad("the Tron base58check checksum does not match");
  if (decoded.version !== TRON_VERSION || decoded.payload.length !== 20)
    return bad("not a Tron address (version 0x41, 20 bytes)");
  return ok("tron", "base58check");
}

/** Solana: base58 of a 32-byte public key (no checksum exists to check). */
export function checkSolanaAddress(address: string): AddressCheck {
  if (!BASE58_CHARS.test(address)) return bad("a Solana address is base58");
  try {
    return base58.decode(address).length === 32
      ? ok("solana", "base58")
      : bad("a Solana address decodes to 32 bytes");
  } catch {
    return bad("a Solana address is base58");
  }
}

/** bech32 family: Bitcoin segwit by its prefixes, other chains by OTHER_BECH32_HRPS; null if neither. */
function checkBech32Family(address: string): AddressCheck | null {
  const hrp = address.slice(0, Math.max(0, address.lastIndexOf("1"))).toLowerCase();
  if (BITCOIN_HRPS.has(hrp)) return checkBitcoinSegwit(address);
  if (!OTHER_BECH32_HRPS.has(hrp)) return null;
  const decoded = bech32.decodeUnsafe(address, false) ?? bech32m.decodeUnsafe(address, false);
  return decoded ? ok("other", "bech32") : bad("the bech32 checksum does not match");
}

/** base58 family: Bitcoin legacy, Tron, Solana, XRP and other coins' base58check; null if not base58. */
function checkBase58Family(address: string): AddressCheck | null {
  if (!BASE58_CHARS.test(address)) return null;
  const decoded = decodeBase58Check(address, "bitcoin");
  if (decoded?.version === TRON_VERSION && decoded.payload.length === 20)
    return ok("tron", "base58check");
  if (decoded && BITCOIN_VERSIONS.has(decoded.version) && decoded.payload.length === 20)
    return ok("bitcoin", "base58check");
  const solana = checkSolanaAddress(address);
  if (solana.ok) return solana;
  if (address.startsWith("r") && decodeBase58Check(address, "xrp")?.payload.length === 20)
    return ok("xrp", "base58check");
  // Another coin's base58check (Litecoin, Dogecoin, …): the checksum holds; the network is not ours to judge.
  if (decoded && decoded.payload.length === 20) return ok("other", "base58check");
  if (address.startsWith("T") && address.length === 34) return checkTronAddress(address);
  if (/^[13mn2]/.test(address) && address.length >= 25 && address.length <= 35)
    return checkBitcoinBase58(address);
  return bad("not a valid base58check address, nor a 32-byte Solana address");
}

/**
 * Infers the network and checks the address. Shapes overlap (a bech32 string without 0 or l is
 * also base58, and a Solana key may start with "T" or "bc1"), so an address is valid when any
 * family that could hold it accepts it; otherwise the most specific family's reason is given.
 * bech32 prefixes of unknown chains are refused, so a mistyped "bc1" (BIP-173's "tc1…" vector)
 * cannot pass as some other network.
 */
export function checkWalletAddress(address: string): AddressCheck {
  if (address === "" || address.trim() !== address)
    return bad("an address must be non-empty with no surrounding whitespace");
  if (/^0x/i.test(address)) return checkEvmAddress(address);
  const bech = checkBech32Family(address);
  if (bech?.ok) return bech;
  const b58 = checkBase58Family(address);
  if (b58?.ok) return b58;
  if (bech) return bech;
  if (b58) return b58;
  if (/^[a-z0-9]+1[02-9ac-hj-np-z]+$/i.test(address)) {
    return bad(
      `'${address.slice(0, address.lastIndexOf("1"))}' is not a known bech32 address prefix`,
    );
  }
  return bad(
    "not a recognised address format (EVM, Bitcoin, Tron, Solana, or another base58check/bech32 address)",
  );
}
