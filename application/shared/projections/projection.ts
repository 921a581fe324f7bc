import type { StoredEvent } from '../ports/eventStore.port.js';
import type { Collection, Document, IndexSpec } from '../ports/readModelStore.port.js';
import type { IndexSettings, SearchIndex } from '../ports/searchIndex.port.js';

// Where a projection writes. Names are logical; a rebuild hands the projection a target
// that maps them onto fresh collections and indexes, swapped in when caught up.
export interface ProjectionTarget {
  collection<T extends Document = Document>(name: string): Collection<T>;
  readonly search: SearchIndex;
  searchIndexName(name: string): string;
  // Where the runner applies a batch of events (a replay, or what a lane's turn delivers):
  // work that depends only on the models as they are when it runs (a search document rebuilt
  // from them) is held until the batch's end, once per key, so a document that ten events of
  // the batch touch is built once. Absent (one event at a time): the caller does it at once.
  readonly atBatchEnd?: (key: string, work: (target: ProjectionTarget) => Promise<void>) => void;
}

// The work now, or at the end of the batch when the target holds one.
export function onceThisBatch(target: ProjectionTarget, key: string, work: (target: ProjectionTarget) => Promise<void>): Promise<void> {
  if (target.atBatchEnd === undefined) return work(target);
  target.atBatchEnd(key, work);
  return Promise.resolve();
}

export interface ProjectionCollection {
  readonly name: string;
  readonly indexes?: readonly IndexSpec[];
  // Another collection (its logical name, read live) whose documents this one mostly repeats:
  // the embedded store then keeps equal documents once (Collection.shareDocumentsWith).
  readonly twin?: string;
}

export interface ProjectionSearchIndex {
  readonly name: string;
  readonly settings: IndexSettings;
}

export interface Projection {
  readonly name: string;
  // Bump when apply() changes meaning: a stored model of another version is rebuilt at start.
  readonly version: number;
  readonly collections: readonly ProjectionCollection[];
  readonly searchIndexes?: readonly ProjectionSearchIndex[];
  // 'read-your-writes' (the default): a command's answer waits for it. 'eventual': it runs
  // in a lane of its own and follows as fast as it can (feeds, search indexes).
  readonly consistency?: 'read-your-writes' | 'eventual';
  // An eventual projection that reads the read-your-writes models (search indexes build their
  // documents from them): each event reaches it only once those models have applied it, so
  // what it reads is never older than the event.
  readonly readsReadYourWritesModels?: boolean;
  // The event types apply() acts on, where a projection can name them: the runner passes
  // over the others without calling it (a replay hands every projection every event, and most
  // concern a few of them). Absent: every event is applied, but an id block's reservation
  // (bookkeeping of the id sequences, which no model shows).
  readonly eventTypes?: ReadonlySet<string>;
  // Must be idempotent: applying the same event twice leaves the same read model.
  apply(event: StoredEvent, target: ProjectionTarget): Promise<void>;
}

export interface Checkpoint extends Document {
  _id: string;
  position: number;
  version: number;
}

export const CHECKPOINTS_COLLECTION = '_checkpoints';
export const REBUILD_SUFFIX = '__rebuild';
