// Event id -> position, for idempotent retries. Ids in the canonical lowercase UUID form (what the id
// generator produces) are kept as their 128 bits in typed arrays: about 24 bytes per event instead of
// about 100 for a string key in a Map, and no string hashing. Any other id goes to a plain Map.
export class EventIdTable {
  private words: Uint32Array = new Uint32Array(4 * 1024); // 4 words per position (only UUID ids)
  private slots: Int32Array = new Int32Array(2048).fill(-1); // open addressing: a position, or -1
  private uuidCount = 0;
  private readonly others = new Map<string, number>();
  private readonly parsed = new Uint32Array(4);

  get(id: string): number | undefined {
    if (!parseUuid(id, this.parsed)) return this.others.get(id);
    const mask = this.slots.length - 1;
    for (let slot = hashOf(this.parsed, 0) & mask; this.slots[slot] !== -1; slot = (slot + 1) & mask) {
      const position = this.slots[slot]!;
      if (this.sameWords(position)) return position;
    }
    return undefined;
  }

  // For an id not in the table yet.
  set(id: string, position: number): void {
    if (!parseUuid(id, this.parsed)) {
      this.others.set(id, position);
      return;
    }
    if (4 * position + 4 > this.words.length) this.words = grown(this.words, 4 * position + 4);
    this.words.set(this.parsed, 4 * position);
    if (2 * (this.uuidCount + 1) > this.slots.length) this.rehash(this.slots.length * 2);
    this.insert(position);
    this.uuidCount++;
  }

  private sameWords(position: number): boolean {
    const at = 4 * position;
    const words = this.words;
    const parsed = this.parsed;
    return words[at] === parsed[0] && words[at + 1] === parsed[1] && words[at + 2] === parsed[2] && words[at + 3] === parsed[3];
  }

  private insert(position: number): void {
    const mask = this.slots.length - 1;
    let slot = hashOf(this.words, 4 * position) & mask;
    while (this.slots[slot] !== -1) slot = (slot + 1) & mask;
    this.slots[slot] = position;
  }

  private rehash(capacity: number): void {
    const previous = this.slots;
    this.slots = new Int32Array(capacity).fill(-1);
    for (const position of previous) if (position !== -1) this.insert(position);
  }
}

function grown(words: Uint32Array, minimum: number): Uint32Array {
  const next = new Uint32Array(Math.max(minimum, words.length * 2));
  next.set(words);
  return next;
}

// Mixes all four words: time-based UUIDs (v1, v7) keep long runs of equal bits.
function hashOf(words: Uint32Array, at: number): number {
  let hash = Math.imul(words[at]!, 0x9e3779b1) ^ Math.imul(words[at + 1]!, 0x85ebca77);
  hash ^= Math.imul(words[at + 2]!, 0xc2b2ae3d) ^ Math.imul(words[at + 3]!, 0x27d4eb2f);
  return (hash ^ (hash >>> 15)) >>> 0;
}

// xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx in lowercase hex, into four 32-bit words.
function parseUuid(id: string, into: Uint32Array): boolean {
  if (id.length !== 36) return false;
  let word = 0;
  let digits = 0;
  for (let i = 0; i < 36; i++) {
    const code = id.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (code !== 45) return false;
      continue;
    }
    const nibble = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : -1;
    if (nibble < 0) return false;
    word = (word << 4) | nibble;
    if (++digits % 8 === 0) into[digits / 8 - 1] = word >>> 0;
  }
  return true;
}
