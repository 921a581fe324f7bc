// Stored documents are frozen, deeply, when written: reads hand them out as they are, with
// no copy, and a caller that tried to change one would throw at once rather than corrupt
// the store. (Copying every document read measured as a twentieth of a small GET.) Values
// already frozen (kept from the previous version of a document) are not walked again.
export function freezeDocument<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) {
    for (const nested of value) if (typeof nested === 'object' && nested !== null) freezeDocument(nested);
  } else {
    for (const key in value) {
      const nested = (value as Record<string, unknown>)[key];
      if (typeof nested === 'object' && nested !== null) freezeDocument(nested);
    }
  }
  return Object.freeze(value);
}
