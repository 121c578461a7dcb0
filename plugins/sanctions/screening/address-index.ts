import type { ListedAddress } from "../list/documents.js";
import { addressKey } from "./normalize.js";

/** Exact lookup of listed digital-currency addresses; delisted ones are never put in. */
export class AddressIndex {
  private readonly byKey = new Map<string, ListedAddress[]>();

  constructor(listed: readonly ListedAddress[]) {
    for (const a of listed) {
      const key = addressKey(a.address);
      const hits = this.byKey.get(key);
      if (hits) hits.push(a);
      else this.byKey.set(key, [a]);
    }
  }

  get size(): number {
    return this.byKey.size;
  }

  /** Every listing of the address (one per asset and SDN party). */
  lookup(address: string): readonly ListedAddress[] {
    return this.byKey.get(addressKey(address.trim())) ?? [];
  }
}
