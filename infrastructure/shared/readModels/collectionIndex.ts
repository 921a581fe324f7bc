import type { Document, IndexSpec } from '../../../application/shared/ports/readModelStore.port.js';
import { encodeKey, indexKeysOf, scalarTuple, valuesAtPath } from './documentPaths.js';
import { isLookupScalar } from './equalityLookups.js';

// The keys of indexKeysOf whose values are all ones a look-up can pin.
function lookupKeysOf(document: Document, fields: readonly string[]): string[] {
  const scalars = scalarTuple(document, fields);
  if (scalars) return scalars.every(isLookupScalar) ? [encodeKey(scalars)] : [];
  let tuples: unknown[][] = [[]];
  for (const field of fields) {
    const values = valuesAtPath(document, field.split('.')).filter(isLookupScalar);
    if (values.length === 0) return [];
    tuples = tuples.flatMap((tuple) => values.map((value) => [...tuple, value]));
  }
  return [...new Set(tuples.map(encodeKey))];
}

// One secondary index: key -> ids of the documents holding it. Serves both the unique check
// (O(1) per key) and equality lookups, so `findOne({login_lower})` never scans the collection.
// A key held by one document keeps its id alone (most keys: a Set each cost two hundred bytes
// per document).
export class CollectionIndex {
  private readonly entries = new Map<string, string | Set<string>>();
  readonly fields: readonly string[];
  // The top-level field each indexed path starts from: a document's keys depend on these alone.
  readonly topFields: readonly string[];

  constructor(readonly spec: IndexSpec) {
    this.fields = Object.keys(spec.keys);
    this.topFields = this.fields.map((field) => field.split('.')[0]!);
  }

  // A unique index keeps every key (null and missing included: MongoDB refuses a second
  // document without the field). A plain one serves look-ups only, and those pin fields to
  // strings, numbers and booleans (equalityLookups.ts): keys holding anything else (null, a
  // missing field, an empty array) are never asked for, and are not kept. Most issues have
  // no milestone: their null would otherwise hold a set of nearly every issue.
  keysOf(document: Document): string[] {
    return this.spec.unique ? indexKeysOf(document, this.fields) : lookupKeysOf(document, this.fields);
  }

  add(id: string, keys: readonly string[]): void {
    for (const key of keys) {
      const ids = this.entries.get(key);
      if (ids === undefined) this.entries.set(key, id);
      else if (typeof ids === 'string') {
        if (ids !== id) this.entries.set(key, new Set([ids, id]));
      } else ids.add(id);
    }
  }

  remove(id: string, keys: readonly string[]): void {
    for (const key of keys) {
      const ids = this.entries.get(key);
      if (ids === undefined) continue;
      if (typeof ids === 'string') {
        if (ids === id) this.entries.delete(key);
        continue;
      }
      ids.delete(id);
      if (ids.size === 1) this.entries.set(key, ids.values().next().value!);
    }
  }

  // True when a unique index already holds one of these keys for another document.
  rejects(id: string, keys: readonly string[]): boolean {
    if (!this.spec.unique) return false;
    return keys.some((key) => {
      const ids = this.entries.get(key);
      if (ids === undefined) return false;
      return typeof ids === 'string' ? ids !== id : ids.size > 1 || !ids.has(id);
    });
  }

  // Ids whose indexed fields equal `tuple` (values in the order of the index's fields).
  lookup(tuple: readonly unknown[]): Iterable<string> {
    const ids = this.entries.get(encodeKey(tuple));
    return ids === undefined ? [] : typeof ids === 'string' ? [ids] : ids;
  }

  sameSpecAs(other: IndexSpec): boolean {
    return JSON.stringify(this.spec.keys) === JSON.stringify(other.keys) && Boolean(this.spec.unique) === Boolean(other.unique);
  }
}
