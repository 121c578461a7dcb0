/** The newest event of an audit chain: the next append's `sequence - 1` and `prev_hash`. */
export interface ChainHead {
  sequence: number;
  hash: string;
}

/**
 * The head of each audit chain as this process last appended or read it, so the next append
 * under the chain's lock can skip reading the head: it inserts on the condition that the head
 * is still this one, and reads it only when another process (or a rolled-back transaction of
 * this one) made the entry stale. A hint, never trusted: the database decides (src/write.ts).
 */
export class ChainHeads {
  private readonly heads = new Map<string, ChainHead>();

  constructor(private readonly maxChains = 10_000) {}

  get(chain: string): ChainHead | undefined {
    return this.heads.get(chain);
  }

  set(chain: string, head: ChainHead): void {
    this.heads.delete(chain);
    if (this.heads.size >= this.maxChains) {
      const oldest = this.heads.keys().next().value;
      if (oldest !== undefined) this.heads.delete(oldest);
    }
    this.heads.set(chain, head);
  }
}
