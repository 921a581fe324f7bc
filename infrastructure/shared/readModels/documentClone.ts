// Read models are plain JSON, for which a direct copy is several times faster than
// structuredClone; anything else (a Map, a class instance) still goes through structuredClone.
export function cloneDocument<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(cloneDocument) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = cloneDocument((value as Record<string, unknown>)[key]);
  return copy as T;
}
