import type { Collection, Document, ReadModelStore } from '../../../application/shared/ports/readModelStore.port.js';
import { CollectionData, idKey } from './collectionData.js';
import { type CollectionRegistry, EmbeddedCollection } from './embeddedCollection.js';
import { ReadModelSnapshotError, type SnapshotCollection, writeReadModelSnapshot } from './readModelSnapshot.js';
import { readReadModelSnapshot } from './readModelSnapshotReader.js';

// MongoDB's rules for collection names, so a name that works here works there.
function assertCollectionName(name: string): void {
  if (name.length === 0 || name.includes('$') || name.includes('\0') || name.startsWith('system.')) {
    throw new Error(`invalid collection name ${JSON.stringify(name)}`);
  }
}

function restoredCollection(snapshot: SnapshotCollection): CollectionData {
  const data = new CollectionData(snapshot.name);
  data.createIndexes(snapshot.indexes);
  const changes = snapshot.documents.map((document) => {
    if (document._id === undefined) throw new Error(`a document in ${snapshot.name} has no _id`);
    return { id: idKey(document._id), after: document };
  });
  data.commit(changes);
  return data;
}

// In-memory collections queried with mingo. Rebuilt from the event log at start; a snapshot
// only shortens that replay, so keep projection checkpoints in a collection of this store:
// the snapshot then captures them at the same instant as the documents they describe.
export class EmbeddedReadModelStore implements ReadModelStore, CollectionRegistry {
  private readonly collections = new Map<string, CollectionData>();

  static async fromSnapshot(path: string): Promise<EmbeddedReadModelStore> {
    const snapshot = await readReadModelSnapshot(path);
    const store = new EmbeddedReadModelStore();
    for (const collection of snapshot ?? []) {
      try {
        assertCollectionName(collection.name);
        if (store.collections.has(collection.name)) throw new Error(`collection ${collection.name} appears twice`);
        store.collections.set(collection.name, restoredCollection(collection));
      } catch (error) {
        throw new ReadModelSnapshotError(path, (error as Error).message);
      }
    }
    return store;
  }

  async snapshot(path: string): Promise<void> {
    const collections = Array.from(this.collections.values(), (data) => ({
      name: data.name,
      indexes: data.indexSpecs(),
      documents: data.all(),
    }));
    await writeReadModelSnapshot(path, collections);
  }

  collection<T extends Document = Document>(name: string): Collection<T> {
    assertCollectionName(name);
    return new EmbeddedCollection<T>(this, name);
  }

  // How many documents reads and writes have tested against a filter in this collection.
  examined(name: string): number {
    return this.collections.get(name)?.examined ?? 0;
  }

  existing(name: string): CollectionData | undefined {
    return this.collections.get(name);
  }

  ensure(name: string): CollectionData {
    let data = this.collections.get(name);
    if (!data) {
      data = new CollectionData(name);
      this.collections.set(name, data);
    }
    return data;
  }

  async listCollections(): Promise<string[]> {
    return [...this.collections.keys()].sort();
  }

  async dropCollection(name: string): Promise<void> {
    this.collections.delete(name);
  }

  async renameCollection(from: string, to: string): Promise<void> {
    assertCollectionName(to);
    const data = this.collections.get(from);
    if (!data) throw new Error(`cannot rename ${from}: no such collection`);
    if (from === to) throw new Error(`cannot rename ${from} onto itself`);
    this.collections.delete(from);
    data.name = to;
    this.collections.set(to, data);
  }

  async close(): Promise<void> {}
}
