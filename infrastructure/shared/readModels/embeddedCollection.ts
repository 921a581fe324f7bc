import {
  DuplicateKeyError,
  type BatchWrite,
  type Collection,
  type Document,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type Update,
  type WriteResult,
} from '../../../application/shared/ports/readModelStore.port.js';
import { CollectionData, type DocumentChange, ID_INDEX, idKey } from './collectionData.js';
import { readOut, shaped } from './documentShaping.js';
import { type Refusal, writeInPasses } from './batchWritePasses.js';
import { matcherFor } from './documentMatcher.js';
import { assertReplacement, assertUpdateOperators, insertedReplacement, storedCopy } from './documentRules.js';
import { sameDocument, updatedCopy, upsertedDocument } from './documentUpdates.js';
import { assertUpdateParses } from './updateRefusals.js';

export interface CollectionRegistry {
  existing(name: string): CollectionData | undefined;
  ensure(name: string): CollectionData;
}

const NO_MATCH: WriteResult = { matched: 0, modified: 0, upserted: false };

export function assertStorableId(document: Document): void {
  if (Array.isArray(document._id)) throw new Error("can't use an array for _id");
}

export function assertIdUnchanged(before: Document, after: Document): void {
  if (idKey(before._id) !== idKey(after._id)) {
    throw new Error("Performing an update on the path '_id' would modify the immutable field '_id'");
  }
}

// The _id of a filter that pins nothing else, to a string or a finite number (`{_id: v}`, the
// look-up of most reads and of every checkpoint's write): the document is the one stored
// under that key, with no list of candidates and no matcher built (a findOne by _id cost
// 1.5 µs, now 0.8). undefined for any other filter.
function onlyIdPinned(filter: Filter): string | number | undefined {
  let id: unknown;
  let fields = 0;
  for (const field in filter) {
    if (++fields > 1 || field !== '_id') return undefined;
    id = filter[field];
  }
  return (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) && Object.hasOwn(filter, '_id') ? id : undefined;
}

// A handle by name, resolved on every call, so a handle taken before a rename sees the
// collection that now carries its name (how a rebuild switches over).
export class EmbeddedCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly registry: CollectionRegistry,
    private readonly name: string,
  ) {}

  private matches(data: CollectionData, filter: Filter): Document[] {
    const matcher = matcherFor(filter);
    const found: Document[] = [];
    for (const document of data.candidates(filter)) {
      data.examined++;
      if (matcher(document)) found.push(document);
    }
    return found;
  }

  // A sorted page read from an ordered index: walks the range and stops at the page.
  private pageInOrder(data: CollectionData, filter: Filter, options: FindOptions): Document[] | undefined {
    const ordered = data.inOrder(filter, options.sort!);
    if (!ordered) return undefined;
    const matcher = matcherFor(filter);
    const skip = options.skip ?? 0;
    const limit = options.limit && options.limit > 0 ? options.limit : Number.POSITIVE_INFINITY;
    const page: Document[] = [];
    let skipped = 0;
    for (const document of ordered) {
      data.examined++;
      if (!matcher(document)) continue;
      if (skipped < skip) {
        skipped++;
        continue;
      }
      page.push(document);
      if (page.length >= limit) break;
    }
    return page;
  }

  private firstMatch(data: CollectionData, filter: Filter): Document | undefined {
    const byId = onlyIdPinned(filter);
    if (byId !== undefined) {
      const document = data.documentWithId(idKey(byId));
      if (document === undefined) return undefined;
      data.examined++;
      return document._id === byId ? document : undefined;
    }
    const matcher = matcherFor(filter);
    for (const document of data.candidates(filter)) {
      data.examined++;
      if (matcher(document)) return document;
    }
    return undefined;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const data = this.registry.existing(this.name);
    if (!data) return [];
    const page = options.projection === undefined && options.sort ? this.pageInOrder(data, filter, options) : undefined;
    if (page) return page as T[];
    const found = shaped(this.matches(data, filter), options);
    return found.map((document) => readOut(document, options.projection !== undefined) as T);
  }

  // Without a sort or a projection the first match is the answer: no list.
  async findOne(filter: Filter, options: Pick<FindOptions, 'sort' | 'projection'> = {}): Promise<T | null> {
    if (options.projection === undefined && (options.sort === undefined || Object.keys(options.sort).length === 0)) {
      const data = this.registry.existing(this.name);
      const first = data && this.firstMatch(data, filter);
      return (first as T | undefined) ?? null;
    }
    const [first] = await this.find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async count(filter: Filter): Promise<number> {
    const data = this.registry.existing(this.name);
    if (!data) return 0;
    return data.countPinned(filter) ?? this.matches(data, filter).length;
  }

  async insertOne(document: T): Promise<void> {
    const stored = storedCopy(document);
    assertStorableId(stored);
    this.registry.ensure(this.name).commit([{ id: idKey(stored._id), after: stored }]);
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<WriteResult> {
    assertUpdateOperators(update);
    assertUpdateParses(update);
    const data = options.upsert ? this.registry.ensure(this.name) : this.registry.existing(this.name);
    const match = data && this.firstMatch(data, filter);
    if (data && match) return this.applyUpdates(data, [match], filter, update);
    if (!data || !options.upsert) return NO_MATCH;
    const inserted = upsertedDocument(filter, update);
    assertStorableId(inserted);
    data.commit([{ id: idKey(inserted._id), after: inserted }]);
    return { matched: 0, modified: 0, upserted: true };
  }

  async updateMany(filter: Filter, update: Update): Promise<WriteResult> {
    assertUpdateOperators(update);
    assertUpdateParses(update);
    const data = this.registry.existing(this.name);
    if (!data) return NO_MATCH;
    return this.applyUpdates(data, this.matches(data, filter), filter, update);
  }

  // All or nothing: a document the update is refused for (or a unique index refusing one)
  // leaves every one as it was. MongoDB's updateMany stops at the document it refuses and
  // keeps those it updated before; which ones came before is its plan's order, unspecified,
  // and refusing the first one it meets is an outcome it gives: the one taken here.
  private applyUpdates(data: CollectionData, matched: Document[], filter: Filter, update: Update): WriteResult {
    const changes: DocumentChange[] = [];
    for (const before of matched) {
      const after = updatedCopy(before, update, filter);
      if (!after) continue;
      assertIdUnchanged(before, after);
      changes.push({ id: idKey(before._id), before, after });
    }
    data.commit(changes);
    return { matched: matched.length, modified: changes.length, upserted: false };
  }

  async replaceOne(filter: Filter, document: T, options: { upsert?: boolean } = {}): Promise<WriteResult> {
    assertReplacement(document);
    const data = options.upsert ? this.registry.ensure(this.name) : this.registry.existing(this.name);
    const match = data && this.firstMatch(data, filter);
    if (data && match) {
      // A mirror's document equal to its twin's is that document: no copy made to be dropped.
      const replacement = data.equalInTwin(idKey(match._id), document) ?? storedCopy(document, document._id ?? match._id);
      assertIdUnchanged(match, replacement);
      if (sameDocument(match, replacement)) return { matched: 1, modified: 0, upserted: false };
      data.commit([{ id: idKey(match._id), before: match, after: replacement }]);
      return { matched: 1, modified: 1, upserted: false };
    }
    if (!data || !options.upsert) return NO_MATCH;
    const inserted = (document._id !== undefined ? data.equalInTwin(idKey(document._id), document) : undefined) ?? insertedReplacement(filter, document);
    assertStorableId(inserted);
    data.commit([{ id: idKey(inserted._id), after: inserted }]);
    return { matched: 0, modified: 0, upserted: true };
  }

  async deleteOne(filter: Filter): Promise<number> {
    const data = this.registry.existing(this.name);
    const match = data && this.firstMatch(data, filter);
    if (!data || !match) return 0;
    data.commit([{ id: idKey(match._id), before: match }]);
    return 1;
  }

  async deleteMany(filter: Filter): Promise<number> {
    const data = this.registry.existing(this.name);
    if (!data) return 0;
    const matched = this.matches(data, filter);
    data.commit(matched.map((before) => ({ id: idKey(before._id), before })));
    return matched.length;
  }

  async writeBatch(writes: readonly BatchWrite[]): Promise<void> {
    await writeInPasses(writes, async (pass) => {
      const refused: Refusal[] = [];
      for (const write of pass) {
        if ('delete' in write) {
          await this.deleteOne(write.filter);
          continue;
        }
        try {
          await this.replaceOne(write.filter, write.replacement as T, { upsert: true });
        } catch (error) {
          if (!(error instanceof DuplicateKeyError)) throw error;
          // A newer document holds the _id: the newer state stays (the port's rule).
          if (error.index !== ID_INDEX) refused.push({ write, error });
        }
      }
      return refused;
    });
  }

  async shareDocumentsWith(twin: string): Promise<void> {
    this.registry.ensure(this.name).shareWith(() => this.registry.existing(twin));
  }

  async createIndexes(indexes: readonly IndexSpec[]): Promise<void> {
    this.registry.ensure(this.name).createIndexes(indexes);
  }
}
