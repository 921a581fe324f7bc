import { DuplicateKeyError, type Document, type Filter, type IndexSpec } from '../../../application/shared/ports/readModelStore.port.js';
import { CollectionIndex } from './collectionIndex.js';
import { encodeKey } from './documentPaths.js';
import { equalityLookups } from './equalityLookups.js';
import { freezeDocument } from './documentFreeze.js';
import { equalValues } from './equalValues.js';
import { IndexSet } from './indexSet.js';
import { OrderedIndex } from './orderedIndex.js';
import type { SortSpec } from '../../../application/shared/ports/readModelStore.port.js';

export const ID_INDEX = '_id_';

// A write to one document: insert (after only), replace (both), delete (before only).
export interface DocumentChange {
  readonly id: string;
  readonly before?: Document;
  readonly after?: Document;
}

// A string id is its own key, unless it starts with '[' (as every encoded key does, so no two
// ids share a key): the document holds that string already, where an encoded key was a
// second string per document and collection (about 32 bytes each).
export function idKey(id: unknown): string {
  return typeof id === 'string' && id.charCodeAt(0) !== OPENING_BRACKET ? id : encodeKey([id]);
}

const OPENING_BRACKET = 0x5b;

// The documents of one collection and their indexes. Stored documents are never mutated in
// place (a write stores a new object, frozen), so an array of them is a consistent
// point-in-time view, and reads can hand them out without copying.
export class CollectionData {
  private readonly documents = new Map<string, Document>();
  private readonly indexes = new IndexSet();
  // Compound indexes also kept in order, for pages and counts that must not scan.
  private ordered: OrderedIndex[] = [];
  // Documents reads and writes have tested against a filter, ever: what the cost specs hold
  // a page to (the work it does, not its time).
  examined = 0;
  // The collection whose equal documents are stored here as the same object (shareWith).
  private twin: (() => CollectionData | undefined) | undefined;

  constructor(public name: string) {}

  get size(): number {
    return this.documents.size;
  }

  documentWithId(id: string): Document | undefined {
    return this.documents.get(id);
  }

  // Documents equal to the twin's with the same _id are kept as the twin's object (frozen,
  // never changed: sharing it is safe), from now on and for those already held (restored
  // from a snapshot). An activity mirror holds another copy of every issue, user and
  // repository: 37 MB of 233 at 141,470 events, before this.
  shareWith(twin: () => CollectionData | undefined): void {
    this.twin = twin;
    for (const [id, document] of this.documents) {
      const equal = this.equalInTwin(id, document);
      if (equal === undefined) continue;
      for (const index of this.ordered) index.replace(document, equal);
      this.documents.set(id, equal);
    }
  }

  // The twin's document with this id when it is deeply equal to `document` (fields in the
  // same order, _id first as stored), else undefined.
  equalInTwin(id: string, document: Document): Document | undefined {
    const candidate = this.twin?.()?.documentWithId(id);
    return candidate !== undefined && candidate !== document && equalValues(candidate, document) ? candidate : undefined;
  }

  all(): Document[] {
    return Array.from(this.documents.values());
  }

  indexSpecs(): IndexSpec[] {
    return [...this.indexes.all().map((index) => index.spec), ...this.ordered.map((index) => index.spec)];
  }

  // The documents that may match: an index's hits when the filter pins indexed fields by
  // equality, every document otherwise. Callers still test the whole filter on each.
  // A hash index's hits, unless an ordered index's range pins more of the filter's fields (a
  // label's issues, not every issue of the repository).
  candidates(filter: Filter): Iterable<Document> {
    const idTuples = equalityLookups(filter, ['_id']);
    const hashed = idTuples ? { ids: new Set(idTuples.map(([id]) => idKey(id))), pinned: 1, unique: true } : this.indexes.lookupIds(filter);
    const ordered = hashed?.unique ? undefined : this.orderedLookup(filter, hashed?.pinned ?? -1);
    if (ordered) return ordered;
    if (hashed === undefined) return this.documents.values();
    const found: Document[] = [];
    for (const id of hashed.ids) {
      const document = this.documents.get(id);
      if (document) found.push(document);
    }
    return found;
  }

  // The range of the ordered index whose leading fields the filter pins the most of, more than
  // `beyond` (-1: none pinned will do, where the filter puts a range on its first field); of
  // those pinning as many, one whose next field the filter ranges on (a user's private stars of
  // the owners between two ids, not all of them).
  private orderedLookup(filter: Filter, beyond: number): Iterable<Document> | undefined {
    let best: { documents: Iterable<Document>; pinned: number; ranged: boolean } | undefined;
    for (const index of this.ordered) {
      const prefix = index.pinnedPrefix(filter);
      if (prefix.length <= beyond || (best && prefix.length < best.pinned)) continue;
      const ranged = index.rangesAfter(prefix, filter);
      if (best && prefix.length === best.pinned && (best.ranged || !ranged)) continue;
      const documents = index.withPrefix(prefix, filter);
      if (documents) best = { documents, pinned: prefix.length, ranged };
    }
    return best?.documents;
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
      const after = change.after ? (this.equalInTwin(change.id, change.after) ?? freezeDocument(change.after)) : undefined;
      // The ordered indexes hold the stored documents themselves: a replaced one is moved.
      for (const index of this.ordered) {
        if (change.before && after) index.replace(change.before, after);
        else if (change.before) index.remove(change.before);
        else if (after) index.add(after);
      }
      if (after) this.documents.set(change.id, after);
      else this.documents.delete(change.id);
    }
  }

  // The documents the filter's pinned fields select, in the sort's order, from the ordered
  // index pinning the most fields that can give that order; undefined when none can.
  // Callers still test the whole filter on each and stop at their page.
  // A filter a unique look-up answers (by _id, or `id: {$in: [...]}` for a page's users) has
  // at most as many documents as keys it names: they are sorted, not met along a walk of an
  // index that pins none of its fields (every user, for a page of 30).
  inOrder(filter: Filter, sort: SortSpec): Iterable<Document> | undefined {
    if (equalityLookups(filter, ['_id']) || this.indexes.uniqueLookup(filter)) return undefined;
    let best: { documents: Iterable<Document>; pinned: number } | undefined;
    for (const index of this.ordered) {
      const prefix = index.pinnedPrefix(filter);
      if (best && prefix.length <= best.pinned) continue;
      const documents = index.inOrder(prefix, sort, filter);
      if (documents) best = { documents, pinned: prefix.length };
    }
    return best?.documents;
  }

  // How many documents match a filter that only pins fields to values (all of them a proper
  // prefix of an ordered index, or exactly a hash index's fields); undefined otherwise.
  countPinned(filter: Filter): number | undefined {
    const fields = Object.keys(filter);
    if (fields.length === 0) return this.documents.size;
    for (const index of this.ordered) {
      const prefix = index.pinnedPrefix(filter, true);
      if (prefix.length === fields.length) {
        const count = index.countPrefix(prefix);
        if (count !== undefined) return count;
      }
    }
    return undefined;
  }

  // All or nothing, as MongoDB's createIndexes: an existing duplicate refuses the unique index.
  // A non-unique index of three or more top-level fields is kept in order only (its pages
  // and prefixes are what it serves); the others as hash indexes.
  createIndexes(specs: readonly IndexSpec[]): void {
    const built: CollectionIndex[] = [];
    const ordered: OrderedIndex[] = [];
    const all = (): IndexSpec[] => [...this.indexSpecs(), ...built.map((index) => index.spec), ...ordered.map((index) => index.spec)];
    for (const spec of specs) {
      assertIndexSpec(spec);
      const existing = all().find((candidate) => candidate.name === spec.name);
      if ((existing && sameKeys(existing, spec) && Boolean(existing.unique) === Boolean(spec.unique)) || isIdIndex(spec)) continue;
      if (existing) throw new Error(`index ${spec.name} already exists in ${this.name} with different keys or options`);
      const namedOtherwise = all().find((candidate) => sameKeys(candidate, spec));
      if (namedOtherwise) throw new Error(`index ${namedOtherwise.name} already exists in ${this.name} on the keys of ${spec.name}`);
      if (!spec.unique && OrderedIndex.suits(spec)) {
        const index = new OrderedIndex({ name: spec.name, keys: { ...spec.keys }, unique: false });
        for (const document of this.documents.values()) index.add(document);
        ordered.push(index);
      } else built.push(this.build(spec));
    }
    this.indexes.install(built);
    this.ordered.push(...ordered);
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
