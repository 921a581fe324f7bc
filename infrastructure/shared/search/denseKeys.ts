// A number per document key, for sets of documents kept as bits (DenseKeys). A removed key's
// number is reused by the next key added, so numbers stay within the most documents held.
export class KeyNumbers {
  private readonly numberOf = new Map<string, number>();
  private readonly keys: (string | undefined)[] = [];
  private readonly free: number[] = [];

  get capacity(): number {
    return this.keys.length;
  }

  numberFor(key: string): number {
    let number = this.numberOf.get(key);
    if (number === undefined) {
      number = this.free.pop() ?? this.keys.length;
      this.keys[number] = key;
      this.numberOf.set(key, number);
    }
    return number;
  }

  existing(key: string): number | undefined {
    return this.numberOf.get(key);
  }

  keyOf(number: number): string {
    return this.keys[number]!;
  }

  // Only once the key is in no DenseKeys any more: its number may go to another key.
  release(key: string): void {
    const number = this.numberOf.get(key);
    if (number === undefined) return;
    this.numberOf.delete(key);
    this.keys[number] = undefined;
    this.free.push(number);
  }
}

// A set of document keys as one bit per document number: for a value most documents hold
// (state = open, public = true), where a Set<string> cost 20 to 40 bytes per document and
// this an eighth of a byte per document. Iterates in number order, not insertion order
// (searches order their results fully, by score and primary key).
export class DenseKeys implements ReadonlySet<string> {
  private words: Uint32Array;
  private count = 0;

  constructor(
    private readonly numbers: KeyNumbers,
    keys: Iterable<string>,
  ) {
    this.words = new Uint32Array(((numbers.capacity + 31) >>> 5) + 1);
    for (const key of keys) this.add(key);
  }

  get size(): number {
    return this.count;
  }

  // The keys in every one of the sets (all numbered by the same KeyNumbers).
  static intersection(sets: readonly DenseKeys[]): DenseKeys {
    const length = Math.min(...sets.map((set) => set.words.length));
    const words = sets[0]!.words.slice(0, length);
    for (const set of sets.slice(1)) for (let word = 0; word < length; word++) words[word]! &= set.words[word]!;
    return DenseKeys.ofWords(sets[0]!.numbers, words);
  }

  // The keys in any of the sets (all numbered by the same KeyNumbers).
  static union(sets: readonly DenseKeys[]): DenseKeys {
    const words = new Uint32Array(Math.max(...sets.map((set) => set.words.length)));
    for (const set of sets) for (let word = 0; word < set.words.length; word++) words[word]! |= set.words[word]!;
    return DenseKeys.ofWords(sets[0]!.numbers, words);
  }

  private static ofWords(numbers: KeyNumbers, words: Uint32Array): DenseKeys {
    const set = new DenseKeys(numbers, []);
    set.words = words;
    for (const word of words) set.count += bitCount(word);
    return set;
  }

  // Bytes held by the bits: compared with a Set's cost by EqualityPostings.
  get byteLength(): number {
    return this.words.byteLength;
  }

  add(key: string): void {
    const number = this.numbers.numberFor(key);
    const word = number >>> 5;
    if (word >= this.words.length) {
      // A quarter more each time: documents are numbered one after another as they come.
      const grown = new Uint32Array(Math.max(word + 1, this.words.length + (this.words.length >>> 2) + 4));
      grown.set(this.words);
      this.words = grown;
    }
    const bit = 1 << (number & 31);
    if ((this.words[word]! & bit) !== 0) return;
    this.words[word]! |= bit;
    this.count += 1;
  }

  delete(key: string): boolean {
    const number = this.numbers.existing(key);
    if (number === undefined || !this.hasNumber(number)) return false;
    this.words[number >>> 5]! &= ~(1 << (number & 31));
    this.count -= 1;
    return true;
  }

  has(key: string): boolean {
    const number = this.numbers.existing(key);
    return number !== undefined && this.hasNumber(number);
  }

  private hasNumber(number: number): boolean {
    const word = number >>> 5;
    return word < this.words.length && (this.words[word]! & (1 << (number & 31))) !== 0;
  }

  // An iterator object rather than a generator: a filter of `state = open` walks tens of
  // thousands of keys, and a generator's resumption cost a tenth of such a search.
  keys(): SetIterator<string> {
    return new DenseKeyIterator(this.words, this.numbers);
  }

  values(): SetIterator<string> {
    return this.keys();
  }

  [Symbol.iterator](): SetIterator<string> {
    return this.keys();
  }

  *entries(): SetIterator<[string, string]> {
    for (const key of this.keys()) yield [key, key];
  }

  forEach(visit: (value: string, key: string, set: ReadonlySet<string>) => void, thisArg?: unknown): void {
    for (const key of this.keys()) visit.call(thisArg, key, key, this);
  }
}

class DenseKeyIterator implements SetIterator<string> {
  private word = -1;
  private bits = 0;

  constructor(
    private readonly words: Uint32Array,
    private readonly numbers: KeyNumbers,
  ) {}

  next(): IteratorResult<string, undefined> {
    while (this.bits === 0) {
      if (++this.word >= this.words.length) return { done: true, value: undefined };
      this.bits = this.words[this.word]!;
    }
    const low = this.bits & -this.bits;
    this.bits ^= low;
    return { done: false, value: this.numbers.keyOf((this.word << 5) + 31 - Math.clz32(low)) };
  }

  [Symbol.iterator](): SetIterator<string> {
    return this;
  }
}

function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
