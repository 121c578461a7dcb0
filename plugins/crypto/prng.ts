import { createHash } from "node:crypto";

/**
 * A seeded PRNG (sfc32) for the sandbox provider: the seed is a SHA-256 of the inputs, so the
 * same address always yields the same sequence, in any process, on any machine.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `n` fresh pseudo-random bytes. */
  bytes(n: number): Uint8Array;
}

export function seedOf(...parts: string[]): Uint8Array {
  return createHash("sha256").update(parts.join("\u0000")).digest();
}

export function rngFrom(seed: Uint8Array): Rng {
  const view = new DataView(seed.buffer, seed.byteOffset, seed.byteLength);
  let a = view.getUint32(0);
  let b = view.getUint32(4);
  let c = view.getUint32(8);
  let d = view.getUint32(12);
  const u32 = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Discard the first outputs: sfc32 mixes its state over the first rounds.
  for (let i = 0; i < 12; i++) u32();
  const next = () => u32() / 4_294_967_296;
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    bytes(n) {
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i += 4) {
        const x = u32();
        for (let j = 0; j < 4 && i + j < n; j++) out[i + j] = (x >>> (8 * j)) & 0xff;
      }
      return out;
    },
  };
}

export const rngFor = (...parts: string[]) => rngFrom(seedOf(...parts));
