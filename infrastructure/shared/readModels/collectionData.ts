import {
  DuplicateKeyError,
  type Document,
  type Filter,
  type IndexSpec,
} from '../../../application/shared/ports/readModelStore.port.js';
import { CollectionIndex } from './collectionIndex.js';
import { encodeKey } from './documentPaths.js';
import { equalityLookups } from './equalityLookups.js';

export const ID_INDEX = '_id_';

// A write to one document: insert (after only), replace (both), delete (before only).
export interface DocumentChange {
  readonly id: string;
  readonly before?: Document;
  readonly after?: Document;
}

export function idKey(id: unknown): string {
  return encodeKey([id]);
}

// The documents of one collection and their indexes. Stored documents are never mutated in
// place (a write stores a new object), so an array of them is a consistent point-in-time view.
export class CollectionData {
  private readonly documents = new Map<string, Document>();
  private readonly indexes = new Map<string, CollectionIndex>();

  constructor(public name: string) {}

  get size(): number {
    return this.documents.size;
  }

  all(): Document[] {
    return Array.from(this.documents.values());
  }

  indexSpecs(): IndexSpec[] {
    return Array.from(this.indexes.values(), (index) => index.spec);
  }

  // The documents that may match: an index's hits when the filter pins indexed fields by
  // equality, every document otherwise. Callers still test the whole filter on each.
  candidates(filter: Filter): Iterable<Document> {
    const ids = this.lookupIds(filter);
    if (ids === undefined) return this.documents.values();
    const found: Document[] = [];
    for (const id of ids) {
      const document = this.documents.get(id);
      if (document) found.push(document);
    }
    return found;
  }

  private lookupIds(filter: Filter): Iterable<string> | undefined {
    const idTuples = equalityLookups(filter, ['_id']);
    if (idTuples) return new Set(idTuples.map((tuple) => encodeKey(tuple)));
    const byUniqueFirst = [...this.indexes.values()].sort((a, b) => Number(!!b.spec.unique) - Number(!!a.spec.unique));
    for (const index of byUniqueFirst) {
      const tuples = equalityLookups(filter, index.fields);
      if (!tuples) continue;
      const ids = new Set<string>();
      for (const tuple of tuples) for (const id of index.lookup(tuple)) ids.add(id);
      return ids;
    }
    return undefined;
  }

  // Applies all changes or none: a unique index refusing one of them undoes the others.
  commit(changes: readonly DocumentChange[]): void {
    for (const change of changes) if (change.before) this.unindex(change.id, change.before);
    const indexed: DocumentChange[] = [];
    const insertedIds = new Set<string>();
    for (const change of changes) {
      if (!change.after) continue;
      const refusedBy = this.refusingIndex(change, insertedIds);
      if (refusedBy !== undefined) {
        for (const done of indexed) this.unindex(done.id, done.after!);
        for (const undone of changes) if (undone.before) this.index(undone.id, undone.before);
        throw new DuplicateKeyError(this.name, refusedBy);
      }
      this.index(change.id, change.after);
      indexed.push(change);
      if (!change.before) insertedIds.add(change.id);
    }
    for (const change of changes) {
      if (change.after) this.documents.set(change.id, change.after);
      else this.documents.delete(change.id);
    }
  }

  private refusingIndex(change: DocumentChange, insertedIds: ReadonlySet<string>): string | undefined {
    const after = change.after!;
    if (!change.before && (this.documents.has(change.id) || insertedIds.has(change.id))) return ID_INDEX;
    for (const index of this.indexes.values()) if (index.rejects(change.id, after)) return index.spec.name;
    return undefined;
  }

  private index(id: string, document: Document): void {
    for (const index of this.indexes.values()) index.add(id, document);
  }

  private unindex(id: string, document: Document): void {
    for (const index of this.indexes.values()) index.remove(id, document);
  }

  // All or nothing, as MongoDB's createIndexes: an existing duplicate refuses the unique index.
  createIndexes(specs: readonly IndexSpec[]): void {
    const built: CollectionIndex[] = [];
    for (const spec of specs) {
      assertIndexSpec(spec);
      const existing = this.indexes.get(spec.name);
      if (existing?.sameSpecAs(spec) || isIdIndex(spec)) continue;
      if (existing) throw new Error(`index ${spec.name} already exists in ${this.name} with different keys or options`);
      const namedOtherwise = [...this.indexes.values()].find((index) => sameKeys(index.spec, spec));
      if (namedOtherwise) throw new Error(`index ${namedOtherwise.spec.name} already exists in ${this.name} on the keys of ${spec.name}`);
      built.push(this.build(spec));
    }
    for (const index of built) this.indexes.set(index.spec.name, index);
  }

  private build(spec: IndexSpec): CollectionIndex {
    const index = new CollectionIndex({ name: spec.name, keys: { ...spec.keys }, unique: spec.unique ?? false });
    for (const [id, document] of this.documents) {
      if (index.rejects(id, document)) throw new DuplicateKeyError(this.name, spec.name);
      index.add(id, document);
    }
    return index;
  }
}

function sameKeys(left: IndexSpec, right: IndexSpec): boolean {
  return JSON.stringify(left.keys) === JSON.stringify(right.keys);
}

function isIdIndex(spec: IndexSpec): boolean {
  const fields = Object.keys(spec.keys);
  return spec.name === ID_INDEX || (fields.length === 1 && fields[0] === '_id');
}

function assertIndexSpec(spec: IndexSpec): void {
  if (!spec.name) throw new Error('an index needs a name');
  if (Object.keys(spec.keys).length === 0) throw new Error(`index ${spec.name} has no keys`);
}
