import type { Filter } from '../../../application/shared/ports/readModelStore.port.js';
import { isPlainObject } from './documentPaths.js';

// Above this many key combinations of several fields a lookup is no cheaper than a scan (the
// product of `$in` lists explodes). One field's `$in` is as many keys as values, each looked
// up once: never capped (a deletion by `_id: {$in: victims}` of thousands must not scan).
const MAX_TUPLES = 256;

// Values an index can look up exactly. null is left out: `{a: null}` also matches a missing
// field, and its MongoDB semantics around arrays are subtler than a key lookup.
export function isLookupScalar(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

function lookupValues(condition: unknown): unknown[] | undefined {
  if (isLookupScalar(condition)) return [condition];
  if (!isPlainObject(condition)) return undefined;
  const keys = Object.keys(condition);
  if (keys.length !== 1) return undefined;
  if (keys[0] === '$eq' && isLookupScalar(condition.$eq)) return [condition.$eq];
  const candidates = condition.$in;
  if (keys[0] === '$in' && Array.isArray(candidates) && candidates.every(isLookupScalar)) return candidates;
  return undefined;
}

// The key tuples to look up in an index over `fields` when the filter pins every one of them
// at top level (`v`, `{$eq: v}` or `{$in: [...]}`); undefined when the index cannot answer.
export function equalityLookups(filter: Filter, fields: readonly string[]): unknown[][] | undefined {
  // The common case, every field pinned to one value: one tuple, without the cartesian
  // product's arrays.
  const single: unknown[] = [];
  for (const field of fields) {
    if (!Object.hasOwn(filter, field)) return undefined;
    const condition = filter[field];
    if (!isLookupScalar(condition)) break;
    single.push(condition);
  }
  if (single.length === fields.length) return [single];
  let tuples: unknown[][] = [[]];
  for (const field of fields) {
    if (!Object.hasOwn(filter, field)) return undefined;
    const values = lookupValues(filter[field]);
    if (!values) return undefined;
    tuples = tuples.flatMap((tuple) => values.map((value) => [...tuple, value]));
    if (fields.length > 1 && tuples.length > MAX_TUPLES) return undefined;
  }
  return tuples;
}
