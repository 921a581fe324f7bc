// Stored documents are frozen, deeply, when written: reads hand them out as they are, with
// no copy, and a caller that tried to change one would throw at once rather than corrupt
// the store. (Copying every document read measured as a twentieth of a small GET.) Values
// already frozen (kept from the previous version of a document) are not walked again.
//
// Frozen values are never changed, so equal small ones can be one object shared by every
// document holding them: while walking, an empty list becomes EMPTY_LIST and a small object
// of counters (an issue's reactions, nearly always all zero) the first one frozen with the
// same content. Each issue held two of each in every collection mirroring it (an empty array
// is 32 bytes, a reactions object 120), a third of its stored size. Only the nested values of
// the value given are replaced, in place, by equal ones: the value itself is kept.
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

// At most this many distinct objects are kept for sharing (a few hundred kilobytes): past
// it, new contents are frozen as they come, and those kept are still shared.
const MAX_SHARED = 4096;
// An object of more fields is not looked up: counters come in small groups.
const MAX_SHARED_FIELDS = 16;
const sharedObjects = new Map<string, object>();

// The nested value frozen, or an equal frozen one already in use.
function shared(value: object): object {
  if (Array.isArray(value)) {
    // Only a plain empty list: not one carrying other properties, nor a subclass.
    if (value.length === 0 && Object.getPrototypeOf(value) === Array.prototype && Object.keys(value).length === 0) return EMPTY_LIST;
    return freezeDocument(value);
  }
  const key = countersKey(value);
  if (key === undefined) return freezeDocument(value);
  const existing = sharedObjects.get(key);
  if (existing !== undefined) return existing;
  freezeDocument(value);
  if (sharedObjects.size < MAX_SHARED) sharedObjects.set(key, value);
  return value;
}

// A key naming the object's content exactly, when it is a plain object of a few fields that
// all hold finite numbers (not -0), booleans or null; undefined otherwise. JSON's text is
// exact for those values, and keeps the fields' order (which reads and answers show).
function countersKey(value: object): string | undefined {
  if (Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  let fields = 0;
  for (const key in value) {
    if (++fields > MAX_SHARED_FIELDS || !Object.hasOwn(value, key)) return undefined;
    const field = (value as Record<string, unknown>)[key];
    if (typeof field === 'number') {
      if (!Number.isFinite(field) || Object.is(field, -0)) return undefined;
    } else if (typeof field !== 'boolean' && field !== null) return undefined;
  }
  // Non-enumerable or symbol-keyed properties would be lost by sharing: none in JSON data.
  if (Object.getOwnPropertyNames(value).length !== fields || Object.getOwnPropertySymbols(value).length > 0) return undefined;
  return JSON.stringify(value);
}
