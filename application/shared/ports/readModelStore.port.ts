// Read models are plain JSON documents queried with MongoDB's query language, so one
// filter document runs unchanged on MongoDB and on mingo.
export type Document = Record<string, unknown>;
export type Filter = Record<string, unknown>;
export type Update = Record<string, unknown>; // MongoDB update operators: $set, $inc, $push, $pull, $unset...
export type SortSpec = Record<string, 1 | -1>;

export interface FindOptions {
  readonly sort?: SortSpec;
  readonly skip?: number;
  readonly limit?: number;
  readonly projection?: Record<string, 0 | 1>;
}

export interface IndexSpec {
  readonly name: string;
  readonly keys: Record<string, 1 | -1>;
  readonly unique?: boolean;
}

export interface WriteResult {
  readonly matched: number;
  readonly modified: number;
  readonly upserted: boolean;
}

// A unique index refused the write: a value, because a projection may want to decide.
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    readonly index: string,
  ) {
    super(`duplicate key in ${collection} for index ${index}`);
    this.name = 'DuplicateKeyError';
  }
}

// Documents a read returns are the caller's to read, not to change: the embedded adapter
// hands out its stored documents, frozen, and a change to one throws.
export interface Collection<T extends Document = Document> {
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'sort' | 'projection'>): Promise<T | null>;
  count(filter: Filter): Promise<number>;
  insertOne(document: T): Promise<void>;
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<WriteResult>;
  updateMany(filter: Filter, update: Update): Promise<WriteResult>;
  replaceOne(filter: Filter, document: T, options?: { upsert?: boolean }): Promise<WriteResult>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter: Filter): Promise<number>;
  createIndexes(indexes: readonly IndexSpec[]): Promise<void>;
  // A memory hint: this collection's documents are mostly equal to those of `twin` with the
  // same _id (a copy kept by another lane), so a store holding documents in memory keeps one
  // object for both where they are equal. Absent where documents are not held in memory.
  shareDocumentsWith?(twin: string): Promise<void>;
  // Many documents' final states in one round trip (MongoDB's bulkWrite, unordered): a
  // replacement is an upsert of its filter, a deletion removes what its filter matches. A
  // replacement whose filter matched nothing because the stored document with that _id is
  // newer is skipped, not an error (the _id index refuses the insert); any other refusal
  // throws once the others are written.
  writeBatch(writes: readonly BatchWrite[]): Promise<void>;
}

export type BatchWrite = { readonly filter: Filter; readonly replacement: Document } | { readonly filter: Filter; readonly delete: true };

// Writes held in memory and written together (`flush`), read back merged with the store's
// documents as if they had been written: a projection lane applies a batch of events into
// one, so a document an event batch touches many times is written once, and in bulk.
export interface WriteBehind {
  collection<T extends Document = Document>(name: string): Collection<T>;
  // Documents held, not yet written.
  readonly held: number;
  // Writes what is held; what a failure left unwritten stays held for the next flush.
  flush(): Promise<void>;
}

export interface ReadModelStore {
  collection<T extends Document = Document>(name: string): Collection<T>;
  listCollections(): Promise<string[]>;
  dropCollection(name: string): Promise<void>;
  // Atomically replaces `to` (if present) with `from`; how a rebuild switches over.
  renameCollection(from: string, to: string): Promise<void>;
  // A write-behind buffer over this store, where batching writes pays (a remote store);
  // absent where each write is already a change in memory. A document holding
  // `versionField` is written only over a stored one whose value is not greater.
  writeBehind?(versionField?: string): WriteBehind;
  close(): Promise<void>;
}
