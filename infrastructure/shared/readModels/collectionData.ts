import { DuplicateKeyError, type Document, type Filter, type IndexSpec } from '../../../application/shared/ports/readModelStore.port.js';
import { CollectionIndex } from './collectionIndex.js';
import { encodeKey } from './documentPaths.js';
import { equalityLookups } from './equalityLookups.js';
import { freezeDocument } from './documentFreeze.js';
import { IndexSet } from './indexSet.js';

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
// place (a write stores a new object, frozen), so an array of them is a consistent
// point-in-time view, and reads can hand them out without copying.
export class CollectionData {
  private readonly documents = new Map<string, Document>();
  private readonly indexes = new IndexSet();

  constructor(public name: string) {}

  get size(): number {
    return this.documents.size;
  }

  all(): Document[] {
    return Array.from(this.documents.values());
  }

  indexSpecs(): IndexSpec[] {
    return this.indexes.all().map((index) => index.spec);
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
    return this.indexes.lookupIds(filter);
  }

  // Applies all changes or none: a unique index refusing one of them undoes the others.
  commit(changes: readonly DocumentChange[]): void {
    const insertedIds = new Set<string>();
    for (const { id, before } of changes) {
      if (before) continue;
      if (this.documents.has(id) || insertedIds.has(id)) throw new DuplicateKeyError(this.name, ID_INDEX);
      insertedIds.add(id);
    }
    const refusedBy = this.indexes.apply(changes);
    if (refusedBy !== undefined) throw new DuplicateKeyError(this.name, refusedBy);
    for (const change of changes) {
      if (change.after) this.documents.set(change.id, freezeDocument(change.after));
      else this.documents.delete(change.id);
    }
  }

  // All or nothing, as MongoDB's createIndexes: an existing duplicate refuses the unique index.
  createIndexes(specs: readonly IndexSpec[]): void {
    const built: CollectionIndex[] = [];
    for (const spec of specs) {
      assertIndexSpec(spec);
      const existing = this.indexes.get(spec.name);
      if (existing?.sameSpecAs(spec) || isIdIndex(spec)) continue;
      if (existing) throw new Error(`index ${spec.name} already exists in ${this.name} with different keys or options`);
      const namedOtherwise = this.indexes.all().find((index) => sameKeys(index.spec, spec));
      if (namedOtherwise) throw new Error(`index ${namedOtherwise.spec.name} already exists in ${this.name} on the keys of ${spec.name}`);
      built.push(this.build(spec));
    }
    this.indexes.install(built);
  }

  private build(spec: IndexSpec): CollectionIndex {
    const index = new CollectionIndex({ name: spec.name, keys: { ...spec.keys }, unique: spec.unique ?? false });
    for (const [id, document] of this.documents) {
      const keys = index.keysOf(document);
      if (index.rejects(id, keys)) throw new DuplicateKeyError(this.name, spec.name);
      index.add(id, keys);
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
