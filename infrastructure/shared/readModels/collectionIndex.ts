import type { Document, IndexSpec } from '../../../application/shared/ports/readModelStore.port.js';
import { encodeKey, indexKeysOf } from './documentPaths.js';

// One secondary index: key -> ids of the documents holding it. Serves both the unique check
// (O(1) per key) and equality lookups, so `findOne({login_lower})` never scans the collection.
// A key held by one document keeps its id alone (most keys: a Set each cost two hundred bytes
// per document).
export class CollectionIndex {
  private readonly entries = new Map<string, string | Set<string>>();
  readonly fields: readonly string[];

  constructor(readonly spec: IndexSpec) {
    this.fields = Object.keys(spec.keys);
  }

  keysOf(document: Document): string[] {
    return indexKeysOf(document, this.fields);
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
