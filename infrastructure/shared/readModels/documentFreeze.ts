// Stored documents are frozen, deeply, when written: reads hand them out as they are, with
// no copy, and a caller that tried to change one would throw at once rather than corrupt
// the store. (Copying every document read measured as a twentieth of a small GET.) Values
// already frozen (kept from the previous version of a document) are not walked again.
//
// Frozen values are never changed, so equal small ones can be one object shared by every
// document holding them: while walking, an empty list becomes EMPTY_LIST, and a small object
// or list of scalars (an issue's reactions, nearly always all zero; [author id]) the first
// one frozen with the same content. Each issue held two empty arrays and a reactions object
// in every collection mirroring it (32 and 120 bytes, and the reactions a V8 map of its own),
// a third of its stored size. Only the nested values of the value given are replaced, in
// place, by equal ones: the value itself is kept.
export function freezeDocument<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const nested: unknown = value[index];
      if (typeof nested === 'object' && nested !== null && !Object.isFrozen(nested)) value[index] = shared(nested);
    }
  } else {
    const fields = value as Record<string, unknown>;
    for (const key in fields) {
      const nested = fields[key];
      if (typeof nested === 'object' && nested !== null && !Object.isFrozen(nested)) fields[key] = shared(nested);
    }
  }
  return Object.freeze(value);
}

const EMPTY_LIST: readonly unknown[] = Object.freeze([]);

// At most this many distinct values are kept for sharing (well under a megabyte): when full,
// they are forgotten and sharing starts again from the values that come (those already
// shared stay shared), so values unique to one document cannot keep out common ones.
const MAX_SHARED = 4096;
// A value of more fields or elements, or with a longer text, is not looked up.
const MAX_SHARED_FIELDS = 16;
const MAX_SHARED_TEXT = 64;
const sharedValues = new Map<string, object>();

// The nested value frozen, or an equal frozen one already in use.
function shared(value: object): object {
  // An empty list is most common of all: no key needed. Only a plain one, though: not one
  // carrying other properties, nor a subclass.
  if (Array.isArray(value) && value.length === 0 && Object.getPrototypeOf(value) === Array.prototype && Object.keys(value).length === 0) return EMPTY_LIST;
  const key = contentKey(value);
  if (key === undefined) return freezeDocument(value);
  const existing = sharedValues.get(key);
  if (existing !== undefined) return existing;
  freezeDocument(value);
  if (sharedValues.size >= MAX_SHARED) sharedValues.clear();
  sharedValues.set(key, value);
  return value;
}

// A key naming the value's content exactly, when it is a plain object or list of a few
// scalars (finite numbers but -0, booleans, null, short texts); undefined otherwise. JSON's
// text is exact for those, and keeps the fields' order (which reads and answers show).
function contentKey(value: object): string | undefined {
  const isList = Array.isArray(value);
  if (Object.getPrototypeOf(value) !== (isList ? Array.prototype : Object.prototype)) return undefined;
  // Before walking: for-in over a list first makes a text key of every element (a feed's
  // 1,200 entries cost a fifth of a fan-out's time that way).
  if (isList && (value as unknown[]).length > MAX_SHARED_FIELDS) return undefined;
  let fields = 0;
  for (const key in value) {
    if (++fields > MAX_SHARED_FIELDS || !Object.hasOwn(value, key) || !isSharedScalar((value as Record<string, unknown>)[key])) return undefined;
  }
  // Nothing JSON would not show: no hole in a list (its `length` aside, every own property
  // is an element), no non-enumerable or symbol-keyed property (none in JSON data).
  const names = Object.getOwnPropertyNames(value).length;
  if (names !== fields + (isList ? 1 : 0) || (isList && (value as unknown[]).length !== fields)) return undefined;
  if (Object.getOwnPropertySymbols(value).length > 0) return undefined;
  return JSON.stringify(value);
}

function isSharedScalar(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (typeof value === 'string') return value.length <= MAX_SHARED_TEXT;
  return typeof value === 'boolean' || value === null;
}
