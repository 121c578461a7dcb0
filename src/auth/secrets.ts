import { createHash, randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const SECRET_SHAPE = /^md_(test|live)_[0-9A-Za-z]{32,}$/;

export type Environment = "sandbox" | "live";

export function environmentOfSecret(secret: string): Environment | null {
  const m = SECRET_SHAPE.exec(secret);
  if (!m) return null;
  return m[1] === "live" ? "live" : "sandbox";
}

/** A new secret: prefix plus 40 random base62 characters (rejection sampling, no modulo bias). */
export function generateSecret(environment: Environment): string {
  let out = "";
  while (out.length < 40) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && out.length < 40) out += BASE62[byte % 62];
    }
  }
  return `${environment === "live" ? "md_live_" : "md_test_"}${out}`;
}

/** Only this hash is stored; secrets have 238 bits of entropy, so a fast hash is sufficient. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}
