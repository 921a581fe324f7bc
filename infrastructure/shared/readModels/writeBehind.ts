import type { BatchWrite, Collection, Document, ReadModelStore, WriteBehind } from '../../../application/shared/ports/readModelStore.port.js';
import { type HeldDocument, WriteBehindCollection } from './writeBehindCollection.js';

// The writes of a batch of events, held per collection and written at `flush` with one
// writeBatch per collection (MongoDB: one bulkWrite), each document once, in its last state.
// `versionField`, when a document carries it, makes each write conditional on the stored
// document not being newer (the position guard, kept across the batch).
export class WriteBehindStore implements WriteBehind {
  private readonly collections = new Map<string, Map<string, HeldDocument>>();

  constructor(
    private readonly store: ReadModelStore,
    private readonly versionField?: string,
  ) {}

  collection<T extends Document = Document>(name: string): Collection<T> {
    let held = this.collections.get(name);
    if (!held) {
      held = new Map();
      this.collections.set(name, held);
    }
    return new WriteBehindCollection<T>(this.store.collection<T>(name), name, held);
  }

  get held(): number {
    let count = 0;
    for (const held of this.collections.values()) count += held.size;
    return count;
  }

  async flush(): Promise<void> {
    for (const [name, held] of this.collections) {
      const writes: BatchWrite[] = [];
      for (const document of held.values()) {
        const write = this.writeOf(document);
        if (write) writes.push(write);
      }
      if (writes.length > 0) await this.store.collection(name).writeBatch(writes);
      held.clear();
    }
  }

  private writeOf({ before, after }: HeldDocument): BatchWrite | undefined {
    if (after !== null) return { filter: this.notNewer(after), replacement: after };
    // Created and deleted within the batch: nothing to write.
    if (before === null) return undefined;
    return { filter: this.notNewer(before), delete: true };
  }

  // A deletion is conditional on the version the batch read: a document written since by
  // another writer stays.
  private notNewer(document: Document): Record<string, unknown> {
    const field = this.versionField;
    if (field === undefined || !Object.hasOwn(document, field)) return { _id: document._id };
    return { _id: document._id, [field]: { $not: { $gt: document[field] } } };
  }
}
