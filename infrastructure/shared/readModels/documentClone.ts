// Read models are plain JSON, for which a direct copy is several times faster than
// structuredClone; anything else (a Map, a class instance) still goes through structuredClone.
export function cloneDocument<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  // A list of plain values (a feed's entries) is copied in one go: a frozen one (stored) by
  // Array.from, as V8's slice takes a slow generic path on frozen lists (ten times slower).
  if (Array.isArray(value)) {
    if (!value.every(isPlainValue)) return value.map(cloneDocument) as T;
    return (Object.isFrozen(value) ? Array.from(value) : value.slice()) as T;
  }
  if (value instanceof Date) return new Date(value.getTime()) as T;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  // Spread, then nested values replaced in place: properties added one by one with computed
  // keys leave V8 objects in dictionary mode past a dozen or so (about 750 bytes more each).
  // Spread into a literal, not alone: V8 gives a lone spread's copy a map of its own, and
  // freezing it (documentFreeze.ts) then made a new map for every stored copy (an issue's
  // reactions object cost about 230 bytes more, and the copy plus freeze three times longer).
  const copy: Record<string, unknown> = { ...{}, ...(value as Record<string, unknown>) };
  for (const key of Object.keys(copy)) {
    const nested = copy[key];
    if (typeof nested === 'object' && nested !== null) copy[key] = cloneDocument(nested);
  }
  return copy as T;
}

function isPlainValue(value: unknown): boolean {
  return typeof value !== 'object' || value === null;
}
