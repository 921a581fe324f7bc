// Copy-on-write inside one fold. An aggregate's evolve is pure: each event returns a new state,
// and a state holding a collection (a board's cards, an organization's members) copied it per
// event, so folding a stream from its start cost its length times the collection: a board of
// 10,000 cards took a minute after a restart. Inside `foldOnce` a collection is copied the
// first time an event changes it and changed in place after that: the states between the
// events of the fold are never seen, the state it started from is never changed, and the state
// it returns is a new value. Outside a fold (one event at a time) every change copies, as before.
let owned: WeakSet<object> | null = null;

// Entries of collections copied, ever: what specs hold a fold to (its work, not its time), as
// the embedded store counts the documents it examines.
export const collectionCopies = { entries: 0 };

// Runs a synchronous fold with its own set of collections it may change in place.
export function foldOnce<State>(fold: () => State): State {
  const outer = owned;
  owned = new WeakSet();
  try {
    return fold();
  } finally {
    owned = outer;
  }
}

// The map itself when this fold made it, else a copy this fold now owns.
export function ownedMap<K, V>(map: ReadonlyMap<K, V>): Map<K, V> {
  if (owned?.has(map)) return map as Map<K, V>;
  const copy = new Map(map);
  collectionCopies.entries += map.size;
  owned?.add(copy);
  return copy;
}

export function ownedRecord<T>(record: Readonly<Record<string, T>>): Record<string, T> {
  if (owned?.has(record)) return record as Record<string, T>;
  const copy = { ...record };
  collectionCopies.entries += Object.keys(copy).length;
  owned?.add(copy);
  return copy;
}

export function ownedArray<T>(array: readonly T[]): T[] {
  if (owned?.has(array)) return array as T[];
  const copy = [...array];
  collectionCopies.entries += array.length;
  owned?.add(copy);
  return copy;
}

// A record with the key set, or removed: a copy, or inside a fold the fold's own copy changed.
export function withKey<T>(record: Readonly<Record<string, T>>, key: string, value: T): Record<string, T> {
  const copy = ownedRecord(record);
  copy[key] = value;
  return copy;
}

export function withoutKey<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const copy = ownedRecord(record);
  delete copy[key];
  return copy;
}
