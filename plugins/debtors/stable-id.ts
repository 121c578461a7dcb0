import { createHash } from "node:crypto";
import { TypeID } from "typeid-js";

/**
 * A TypeID-shaped id derived from its inputs instead of the clock. Graph nodes, claims and
 * asset hypotheses are computed, so the same debtor and inputs must give the same ids.
 */
export function stableId(prefix: string, ...parts: string[]): string {
  const b = createHash("sha256").update(parts.join("\u0000")).digest();
  b[6] = (b[6]! & 0x0f) | 0x80; // UUID version 8 (custom)
  b[8] = (b[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const h = b.subarray(0, 16).toString("hex");
  const uuid = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  return TypeID.fromUUID(prefix, uuid).toString();
}
