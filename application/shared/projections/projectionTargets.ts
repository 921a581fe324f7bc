import type { ReadModelStore } from '../ports/readModelStore.port.js';
import type { SearchIndex } from '../ports/searchIndex.port.js';
import { dropTombstones, PositionGuardedCollection, type TombstoneWatermark } from './positionGuardedCollection.js';
import { REBUILD_SUFFIX, type Projection, type ProjectionTarget } from './projection.js';

// Where one event is applied: every write carries the event's position (positionGuardedCollection.ts).
export function liveTarget(
  store: Pick<ReadModelStore, 'collection'>,
  search: SearchIndex,
  position = Number.MAX_SAFE_INTEGER,
  watermark?: TombstoneWatermark,
): ProjectionTarget {
  return {
    collection: (name) => new PositionGuardedCollection(store.collection(name), name, store, position, watermark),
    search,
    searchIndexName: (name) => name,
  };
}

// Every collection name maps onto a fresh one, except, for a projection that reads the
// read-your-writes models (search indexes), the collections it does not own: those it reads
// live, as it does outside a rebuild (they are never older than the event replayed).
export function rebuildTarget(
  store: Pick<ReadModelStore, 'collection'>,
  search: SearchIndex,
  position = Number.MAX_SAFE_INTEGER,
  ownCollections?: ReadonlySet<string>,
): ProjectionTarget {
  const physical = (name: string): string => (ownCollections === undefined || ownCollections.has(name) ? name + REBUILD_SUFFIX : name);
  return {
    collection: (name) => new PositionGuardedCollection(store.collection(physical(name)), physical(name), store, position),
    search,
    searchIndexName: (name) => name + REBUILD_SUFFIX,
  };
}

// Declares what a projection writes to: indexes on its collections, settings on its indexes.
export async function prepareTarget(projection: Projection, target: ProjectionTarget): Promise<void> {
  for (const collection of projection.collections) {
    if (collection.indexes?.length) await target.collection(collection.name).createIndexes(collection.indexes);
    if (collection.twin !== undefined) await target.collection(collection.name).shareDocumentsWith?.(collection.twin);
  }
  for (const index of projection.searchIndexes ?? []) {
    await target.search.ensureIndex(target.searchIndexName(index.name), index.settings);
  }
}

export async function clearTarget(projection: Projection, store: ReadModelStore, search: SearchIndex, suffix: string): Promise<void> {
  for (const collection of projection.collections) {
    await store.dropCollection(collection.name + suffix);
    await dropTombstones(store, collection.name + suffix);
  }
  for (const index of projection.searchIndexes ?? []) await search.dropIndex(index.name + suffix);
}

// The switch-over: each fresh collection and index replaces the live one in one step.
export async function swapRebuiltIntoLive(projection: Projection, store: ReadModelStore, search: SearchIndex): Promise<void> {
  const existing = new Set(await store.listCollections());
  for (const collection of projection.collections) {
    // A collection the rebuild never wrote to is an empty model: the live one goes too.
    // The live model's tombstones stay: a catch-up racing a worker on the new model needs them.
    if (existing.has(collection.name + REBUILD_SUFFIX)) await store.renameCollection(collection.name + REBUILD_SUFFIX, collection.name);
    else await store.dropCollection(collection.name);
    await dropTombstones(store, collection.name + REBUILD_SUFFIX);
  }
  for (const index of projection.searchIndexes ?? []) {
    await search.ensureIndex(index.name, index.settings);
    await search.swapIndexes(index.name + REBUILD_SUFFIX, index.name);
    await search.dropIndex(index.name + REBUILD_SUFFIX);
  }
}
