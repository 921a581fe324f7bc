// An inverted index of words per searchable attribute, built for AND queries over large
// collections: a query walks only the postings of its own words, rarest first, in typed
// arrays indexed by document number, and scores with BM25. (MiniSearch, used before, built a
// map entry per document for every word, so a common word cost a hundred milliseconds at a
// hundred thousand documents.)

const K1 = 1.2;
const B = 0.75;

interface Postings {
  docs: number[];
  // null while the word occurs once in every document listed (most words, most documents):
  // an array of ones per word was a third of the index's memory.
  frequencies: number[] | null;
}

// A word's postings as kept: a number alone is the one document holding the word, once
// (most words: an issue's number in its title); Postings otherwise. The object and its
// array cost about ninety bytes a word more.
type Kept = Postings | number;

export interface KeywordMatch {
  readonly key: string;
  readonly score: number;
}

export class KeywordIndex {
  // A removed (or replaced) document's number is not searched again: its postings are
  // skipped, and dropped from every list when removed entries outnumber live ones; only then
  // is the number reused, so numbers (and the scratch
  // arrays below) stay within twice the documents indexed, whatever the history.
  private readonly keyOf: (string | undefined)[] = [];
  private readonly entriesOf: number[] = [];
  private readonly numberOf = new Map<string, number>();
  private free: number[] = [];
  private pendingFree: number[] = [];
  private readonly fields = new Map<string, Map<string, Kept>>();
  private readonly lengths = new Map<string, number[]>();
  private readonly totalLength = new Map<string, number>();
  private live = 0;
  private deadEntries = 0;
  private liveEntries = 0;
  // Scratch space for a query, reused: scores and how many terms each document has matched.
  private scores = new Float64Array(0);
  private hits = new Int32Array(0);
  private seen = new Int32Array(0);
  private generation = 0;

  constructor(fieldNames: readonly string[]) {
    for (const field of fieldNames) {
      this.fields.set(field, new Map());
      this.lengths.set(field, []);
      this.totalLength.set(field, 0);
    }
  }

  get size(): number {
    return this.live;
  }

  // `wordsOf(field)`: the normalized words of the document's text in that field.
  add(key: string, wordsOf: (field: string) => readonly string[]): void {
    this.remove(key);
    const number = this.free.pop() ?? this.keyOf.length;
    this.keyOf[number] = key;
    this.numberOf.set(key, number);
    this.live += 1;
    let entries = 0;
    for (const [field, terms] of this.fields) {
      const words = wordsOf(field);
      this.lengths.get(field)![number] = words.length;
      this.totalLength.set(field, this.totalLength.get(field)! + words.length);
      const counts = new Map<string, number>();
      for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
      for (const [word, frequency] of counts) {
        entries += 1;
        const kept = terms.get(word);
        if (kept === undefined) {
          terms.set(word, frequency === 1 ? number : { docs: [number], frequencies: [frequency] });
          continue;
        }
        if (typeof kept === 'number') {
          // Made holding both numbers: an empty array pushed to grows room for seventeen.
          terms.set(word, { docs: [kept, number], frequencies: frequency === 1 ? null : [1, frequency] });
          continue;
        }
        const postings = kept;
        postings.docs.push(number);
        if (postings.frequencies !== null) postings.frequencies.push(frequency);
        else if (frequency !== 1) postings.frequencies = postings.docs.map((_, index) => (index === postings.docs.length - 1 ? frequency : 1));
      }
    }
    this.entriesOf[number] = entries;
    this.liveEntries += entries;
  }

  remove(key: string): void {
    const number = this.numberOf.get(key);
    if (number === undefined) return;
    this.numberOf.delete(key);
    this.keyOf[number] = undefined;
    this.live -= 1;
    for (const [field] of this.fields) {
      const lengths = this.lengths.get(field)!;
      this.totalLength.set(field, this.totalLength.get(field)! - (lengths[number] ?? 0));
      lengths[number] = 0;
    }
    this.pendingFree.push(number);
    this.deadEntries += this.entriesOf[number] ?? 0;
    this.liveEntries -= this.entriesOf[number] ?? 0;
    if (this.deadEntries > 4096 && this.deadEntries > this.liveEntries) this.compact();
  }

  // Documents holding every term (the last one as a prefix when asked) in any of `fields`.
  search(terms: readonly string[], lastTermIsPrefix: boolean, fields: readonly string[]): KeywordMatch[] {
    const matches: KeywordMatch[] = [];
    this.eachMatch(terms, lastTermIsPrefix, fields, (key, score) => matches.push({ key, score }));
    return matches;
  }

  // The same, one call per matching document (no list in between: a common word matches many).
  eachMatch(terms: readonly string[], lastTermIsPrefix: boolean, fields: readonly string[], found: (key: string, score: number) => void): void {
    if (terms.length === 0) return;
    const perTerm = terms.map((term, position) => this.postingsFor(term, lastTermIsPrefix && position === terms.length - 1, fields));
    const order = perTerm.map((lists, position) => ({ position, total: lists.reduce((sum, { postings }) => sum + postings.docs.length, 0) }));
    order.sort((a, b) => a.total - b.total);
    this.prepareScratch();
    const generation = ++this.generation;
    let candidates: number[] = [];
    for (const [step, { position }] of order.entries()) {
      const lists = perTerm[position]!;
      const idf = this.idf(lists);
      const next: number[] = [];
      for (const { field, postings } of lists) {
        const lengths = this.lengths.get(field)!;
        const average = this.live === 0 ? 1 : Math.max(1, this.totalLength.get(field)! / this.live);
        const { docs, frequencies } = postings;
        const { seen, hits, scores, keyOf } = this;
        for (let index = 0; index < docs.length; index++) {
          const number = docs[index]!;
          // Later terms only add to documents every earlier term matched: most entries stop here.
          if (step > 0 && (seen[number] !== generation || hits[number]! < step)) continue;
          if (keyOf[number] === undefined) continue;
          if (step === 0 && seen[number] !== generation) {
            seen[number] = generation;
            hits[number] = 0;
            scores[number] = 0;
          }
          const frequency = frequencies === null ? 1 : frequencies[index]!;
          scores[number]! += (idf * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * lengths[number]!) / average));
          if (hits[number] === step) {
            hits[number] = step + 1;
            next.push(number);
          }
        }
      }
      candidates = next;
      if (candidates.length === 0) return;
    }
    for (const number of candidates) found(this.keyOf[number]!, this.scores[number]!);
  }

  private postingsFor(term: string, prefix: boolean, fields: readonly string[]): { field: string; postings: Postings }[] {
    const found: { field: string; postings: Postings }[] = [];
    for (const field of fields) {
      const terms = this.fields.get(field);
      if (terms === undefined) continue;
      if (!prefix) {
        const kept = terms.get(term);
        if (kept !== undefined) found.push({ field, postings: postingsOf(kept) });
        continue;
      }
      for (const [word, kept] of terms) if (word.startsWith(term)) found.push({ field, postings: postingsOf(kept) });
    }
    return found;
  }

  // Entries of removed documents still count until the next compaction (at most as many as
  // the live ones): close enough for a weight.
  private idf(lists: readonly { postings: Postings }[]): number {
    const frequency = Math.min(
      this.live,
      lists.reduce((sum, { postings }) => sum + postings.docs.length, 0),
    );
    return Math.log(1 + (this.live - frequency + 0.5) / (frequency + 0.5));
  }

  private dropDead(postings: Postings): void {
    const docs: number[] = [];
    const frequencies: number[] | null = postings.frequencies === null ? null : [];
    for (let index = 0; index < postings.docs.length; index++) {
      if (this.keyOf[postings.docs[index]!] === undefined) continue;
      docs.push(postings.docs[index]!);
      frequencies?.push(postings.frequencies![index]!);
    }
    postings.docs = docs;
    postings.frequencies = frequencies;
  }

  // Every list without the entries of removed documents; their numbers become free.
  private compact(): void {
    for (const terms of this.fields.values()) {
      for (const [word, kept] of terms) {
        if (typeof kept === 'number') {
          if (this.keyOf[kept] === undefined) terms.delete(word);
          continue;
        }
        this.dropDead(kept);
        if (kept.docs.length === 0) terms.delete(word);
      }
    }
    // Not push(...pendingFree): spread into arguments, a hundred thousand numbers overflow the stack.
    this.free = this.free.concat(this.pendingFree);
    this.pendingFree = [];
    this.deadEntries = 0;
  }

  private prepareScratch(): void {
    const needed = this.keyOf.length;
    if (this.scores.length >= needed) return;
    const size = Math.max(needed, this.scores.length * 2, 1024);
    this.scores = new Float64Array(size);
    this.hits = new Int32Array(size);
    this.seen = new Int32Array(size);
    this.generation = 0;
  }
}

function postingsOf(kept: Kept): Postings {
  return typeof kept === 'number' ? { docs: [kept], frequencies: null } : kept;
}
