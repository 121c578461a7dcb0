import type { NameEntry } from "../list/documents.js";
import { coverScore, tokenSimilarity } from "./name-score.js";
import { nameKey, nameTokens } from "./normalize.js";

/** One screenable name of an SDN entry (its primary name or an alias). */
interface IndexedName {
  entry: number;
  name: string;
  /** Its tokens as word ids of the index's vocabulary. */
  words: Int32Array;
  lengths: Int32Array;
  weak: boolean;
}

export interface NameHit {
  entry: NameEntry;
  /** The SDN name or alias that matched, as OFAC writes it. */
  matchedName: string;
  /** `match`: the normalised names are equal (never on a weak alias); otherwise similar enough. */
  exact: boolean;
  score: number;
}

/** A fuzzy hit needs at least this token-based Jaro-Winkler score. */
export const POTENTIAL_MATCH_THRESHOLD = 0.88;
/** Blocking keys: a word's first and last letters, so one typo in a word still finds it. */
const AFFIX = 3;
/** Similar (not exact) hits reported per screened name, best first. */
const MAX_HITS = 5;
/**
 * Postings longer than this (very common words: "ali", "mohammad", "trading") do not gather
 * candidates; such names are still found exactly and through their other words.
 */
const MAX_POSTING = 2000;
/** Weak aliases shorter than this ("40", "Mr") are not screened. */
const MIN_WEAK_LENGTH = 4;

/**
 * Names of the SDN list indexed three ways so a query never scans the whole list: by the
 * order-free normalised key (exact hits), by word and by a word's first letters (candidates for
 * fuzzy scoring). Words are interned, so scoring a candidate is arithmetic on word ids and each
 * query word is compared with each distinct listed word at most once per query.
 */
export class NameIndex {
  private readonly names: IndexedName[] = [];
  private readonly vocabulary = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly exact = new Map<string, number[]>();
  private readonly byWord = new Map<number, number[]>();
  private readonly byPrefix = new Map<string, number[]>();
  private readonly bySuffix = new Map<string, number[]>();
  private seenBy = new Int32Array(0);
  private shared = new Uint8Array(0);
  private stamp = 0;

  constructor(private readonly entries: readonly NameEntry[]) {
    entries.forEach((e, i) => {
      this.add(i, e.name, false);
      for (const a of e.aliases) this.add(i, a, false);
      for (const a of e.weak_aliases) if (a.length >= MIN_WEAK_LENGTH) this.add(i, a, true);
    });
  }

  get size(): number {
    return this.names.length;
  }

  private wordId(token: string): number {
    let id = this.vocabulary.get(token);
    if (id === undefined) {
      id = this.words.push(token) - 1;
      this.vocabulary.set(token, id);
    }
    return id;
  }

  private add(entry: number, name: string, weak: boolean) {
    const tokens = nameTokens(name);
    if (!tokens.length) return;
    const words = Int32Array.from(tokens, (t) => this.wordId(t));
    const id =
      this.names.push({
        entry,
        name,
        words,
        lengths: Int32Array.from(tokens, (t) => t.length),
        weak,
      }) - 1;
    push(this.exact, nameKey(tokens), id);
    for (const t of new Set(tokens)) {
      push(this.byWord, this.wordId(t), id);
      if (t.length >= AFFIX) {
        push(this.byPrefix, t.slice(0, AFFIX), id);
        push(this.bySuffix, t.slice(-AFFIX), id);
      }
    }
  }

  /** The best hits of a name, at most one per SDN entry, best first. */
  search(query: string): NameHit[] {
    const tokens = nameTokens(query);
    if (!tokens.length) return [];
    const best = new Map<number, NameHit>();
    const consider = (id: number, exact: boolean, score: number) => {
      const n = this.names[id]!;
      const hit = { entry: this.entries[n.entry]!, matchedName: n.name, exact, score };
      const seen = best.get(n.entry);
      if (!seen || rank(hit) > rank(seen)) best.set(n.entry, hit);
    };
    for (const id of this.exact.get(nameKey(tokens)) ?? []) consider(id, !this.names[id]!.weak, 1);
    const lengths = Int32Array.from(tokens, (t) => t.length);
    // memo[i].get(word) = similarity of query token i and that listed word.
    const memo = tokens.map(() => new Map<number, number>());
    const similarity = (words: Int32Array) => (i: number, j: number) => {
      const w = words[j]!;
      let s = memo[i]!.get(w);
      if (s === undefined) memo[i]!.set(w, (s = tokenSimilarity(tokens[i]!, this.words[w]!)));
      return s;
    };
    for (const id of this.candidates(tokens)) {
      const n = this.names[id]!;
      const score = coverScore(lengths, n.lengths, similarity(n.words));
      if (score >= POTENTIAL_MATCH_THRESHOLD) consider(id, false, round(score));
    }
    const hits = [...best.values()].sort(
      (a, b) => rank(b) - rank(a) || a.entry.profile_id - b.entry.profile_id,
    );
    // Every exact hit is reported; similar ones only the best few.
    const exact = hits.filter((h) => h.exact).length;
    return hits.slice(0, exact + MAX_HITS);
  }

  /**
   * Names sharing with every query word (very common words aside) the word itself or its first
   * or last letters. A name missing one of them cannot cover the query well enough to pass,
   * since words less similar than TOKEN_FLOOR count as absent.
   */
  private candidates(tokens: readonly string[]): number[] {
    const unique = [...new Set(tokens)];
    // Scratch arrays over every name, reused across queries: which query word last counted a
    // name, and how many query words it shares. Cheaper than sets for thousands of postings.
    if (this.seenBy.length !== this.names.length) {
      this.seenBy = new Int32Array(this.names.length);
      this.shared = new Uint8Array(this.names.length);
    }
    const touched: number[] = [];
    let common = 0;
    let partial = 0;
    for (const t of unique) {
      const word = this.vocabulary.get(t);
      const own = word === undefined ? undefined : this.byWord.get(word);
      if (own && own.length > MAX_POSTING) {
        common++;
        continue;
      }
      const postings = [own];
      if (t.length >= AFFIX)
        postings.push(this.byPrefix.get(t.slice(0, AFFIX)), this.bySuffix.get(t.slice(-AFFIX)));
      const stamp = ++this.stamp;
      // A word whose first or last letters are too common to look up may share nothing found.
      if (postings.some((p) => p && p.length > MAX_POSTING)) partial++;
      for (const posting of postings) {
        if (!posting || posting.length > MAX_POSTING) continue;
        for (const id of posting) {
          if (this.seenBy[id] === stamp) continue;
          this.seenBy[id] = stamp;
          if (this.shared[id]!++ === 0) touched.push(id);
        }
      }
    }
    const need = Math.max(1, unique.length - common - partial);
    const out = touched.filter((id) => this.shared[id]! >= need);
    for (const id of touched) this.shared[id] = 0;
    return out;
  }
}

const rank = (h: NameHit) => (h.exact ? 2 : 0) + h.score;
const round = (x: number) => Math.round(x * 1e4) / 1e4;

function push<K>(map: Map<K, number[]>, key: K, id: number) {
  const list = map.get(key);
  if (list) {
    if (list[list.length - 1] !== id) list.push(id);
  } else map.set(key, [id]);
}
