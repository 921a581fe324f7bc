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
import { ID_INDEX, idKey } from './collectionData.js';
import { freezeDocument } from './documentFreeze.js';
import { matcherFor } from './documentMatcher.js';
import { assertReplacement, assertUpdateOperators, insertedReplacement, storedCopy } from './documentRules.js';
import { readOut, shaped } from './documentShaping.js';
import { sameDocument, updatedCopy, upsertedDocument } from './documentUpdates.js';
import { assertIdUnchanged, assertStorableId } from './embeddedCollection.js';
import { equalityLookups } from './equalityLookups.js';
import { assertUpdateParses } from './updateRefusals.js';

// A document written in the batch: its state in the store when the batch first touched it
// (null: not there), and its state now (null: deleted).
export interface HeldDocument {
  readonly before: Document | null;
  after: Document | null;
}

const NO_MATCH: WriteResult = { matched: 0, modified: 0, upserted: false };

// One collection seen through a write-behind batch: reads merge the held documents over the
// store's, writes change the held ones only (writeBehind.ts writes them). Held documents are
// frozen, as the embedded store's are: what a read hands out is never changed afterwards.
export class WriteBehindCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly inner: Collection<T>,
    private readonly name: string,
    readonly held: Map<string, HeldDocument>,
  ) {}

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    if (this.held.size === 0) return this.inner.find(filter, options);
    const matcher = matcherFor(filter);
    const ids = equalityLookups(filter, ['_id']);
    const heldCandidates = ids ? this.heldWithIds(ids.map(([id]) => id)) : [...this.held.values()];
    const everyIdHeld = ids !== undefined && heldCandidates.length === new Set(ids.map(([id]) => idKey(id))).size;
    const documents: Document[] = [];
    if (!everyIdHeld) {
      // The store's page may include held documents (left out below): read that many more.
      const { skip = 0, limit = 0 } = options;
      const displaced = heldCandidates.filter((document) => document.before !== null && matcher(document.before)).length;
      const page = limit > 0 ? { ...(options.sort ? { sort: options.sort } : {}), limit: skip + limit + displaced } : {};
      const stored = await this.inner.find(filter, page);
      for (const document of stored) if (!this.held.has(idKey(document._id))) documents.push(document);
    }
    for (const document of heldCandidates) if (document.after !== null && matcher(document.after)) documents.push(document.after);
    return shaped(documents, options).map((document) => readOut(document, options.projection !== undefined) as T);
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'sort' | 'projection'> = {}): Promise<T | null> {
    const [first] = await this.find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async count(filter: Filter): Promise<number> {
    const stored = await this.inner.count(filter);
    if (this.held.size === 0) return stored;
    const matcher = matcherFor(filter);
    let count = stored;
    for (const document of this.held.values()) {
      if (document.before !== null && matcher(document.before)) count--;
      if (document.after !== null && matcher(document.after)) count++;
    }
    return count;
  }

  async insertOne(document: T): Promise<void> {
    const stored = storedCopy(document);
    assertStorableId(stored);
    await this.insert(stored);
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<WriteResult> {
    assertUpdateOperators(update);
    assertUpdateParses(update);
    const [match] = await this.find(filter, { limit: 1 });
    if (match) return this.updateAll([match], filter, update);
    if (!options.upsert) return NO_MATCH;
    const inserted = upsertedDocument(filter, update);
    assertStorableId(inserted);
    await this.insert(inserted);
    return { matched: 0, modified: 0, upserted: true };
  }

  async updateMany(filter: Filter, update: Update): Promise<WriteResult> {
    assertUpdateOperators(update);
    assertUpdateParses(update);
    return this.updateAll(await this.find(filter), filter, update);
  }

  async replaceOne(filter: Filter, document: T, options: { upsert?: boolean } = {}): Promise<WriteResult> {
    assertReplacement(document);
    const [match] = await this.find(filter, { limit: 1 });
    if (match) {
      const replacement = storedCopy(document, document._id ?? match._id);
      assertIdUnchanged(match, replacement);
      if (sameDocument(match, replacement)) return { matched: 1, modified: 0, upserted: false };
      this.hold(match, replacement);
      return { matched: 1, modified: 1, upserted: false };
    }
    if (!options.upsert) return NO_MATCH;
    const inserted = insertedReplacement(filter, document);
    assertStorableId(inserted);
    await this.insert(inserted);
    return { matched: 0, modified: 0, upserted: true };
  }

  async deleteOne(filter: Filter): Promise<number> {
    const [match] = await this.find(filter, { limit: 1 });
    if (!match) return 0;
    this.hold(match, null);
    return 1;
  }

  async deleteMany(filter: Filter): Promise<number> {
    const matched = await this.find(filter);
    for (const document of matched) this.hold(document, null);
    return matched.length;
  }

  createIndexes(indexes: readonly IndexSpec[]): Promise<void> {
    return this.inner.createIndexes(indexes);
  }

  async shareDocumentsWith(twin: string): Promise<void> {
    await this.inner.shareDocumentsWith?.(twin);
  }

  writeBatch(writes: readonly BatchWrite[]): Promise<void> {
    return this.inner.writeBatch(writes);
  }

  private heldWithIds(ids: readonly unknown[]): HeldDocument[] {
    const found = new Map<string, HeldDocument>();
    for (const id of ids) {
      const key = idKey(id);
      const document = this.held.get(key);
      if (document) found.set(key, document);
    }
    return [...found.values()];
  }

  // All or nothing, as the store's own updateMany (embeddedCollection.ts says why): every
  // document's new state is made before any is held.
  private updateAll(matched: readonly Document[], filter: Filter, update: Update): WriteResult {
    const changes: Array<[Document, Document]> = [];
    for (const before of matched) {
      const after = updatedCopy(before, update, filter);
      if (!after) continue;
      assertIdUnchanged(before, after);
      changes.push([before, after]);
    }
    for (const [before, after] of changes) this.hold(before, after);
    return { matched: matched.length, modified: changes.length, upserted: false };
  }

  // `current` came from a read through this batch: held, or else the store's own.
  private hold(current: Document, after: Document | null): void {
    const key = idKey(current._id);
    const frozen = after === null ? null : freezeDocument(after);
    const held = this.held.get(key);
    if (held) held.after = frozen;
    else this.held.set(key, { before: current, after: frozen });
  }

  private async insert(document: Document): Promise<void> {
    const key = idKey(document._id);
    const held = this.held.get(key);
    if (held) {
      if (held.after !== null) throw new DuplicateKeyError(this.name, ID_INDEX);
      held.after = freezeDocument(document);
      return;
    }
    const stored = await this.inner.findOne({ _id: document._id });
    if (stored !== null) throw new DuplicateKeyError(this.name, ID_INDEX);
    this.held.set(key, { before: null, after: freezeDocument(document) });
  }
}
