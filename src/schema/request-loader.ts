import DataLoader from "dataloader";
import type { RequestContext } from "../context.js";

/**
 * The one way to batch lookups behind fields (no N+1): a DataLoader made once per request and
 * kept in the request's memo under `key`, so every field of the response shares its batch.
 */
export function requestLoader<K, V>(
  ctx: RequestContext,
  key: string,
  batch: (keys: readonly K[]) => Promise<V[]>,
): DataLoader<K, V> {
  let loader = ctx.memo.get(key) as DataLoader<K, V> | undefined;
  if (!loader) {
    loader = new DataLoader(batch);
    ctx.memo.set(key, loader);
  }
  return loader;
}
