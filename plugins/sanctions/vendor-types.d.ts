// The two untyped packages the sanctions module uses.
declare module "unbzip2-stream" {
  import type { Transform } from "node:stream";
  export default function bz2(): Transform;
}

declare module "talisman/metrics/jaro-winkler.js" {
  export default function jaroWinkler(a: string, b: string): number;
}
