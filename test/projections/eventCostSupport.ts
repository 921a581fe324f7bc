import type { Document, IndexSpec } from '../../application/shared/ports/readModelStore.port.js';
import type { EmbeddedReadModelStore } from '../../infrastructure/shared/readModels/embeddedReadModelStore.js';

// An event costs what it changes: each case holds one event's handling (or one step of it) to
// the documents it touches, with 3,000 documents of others beside them, by counting what the
// embedded store tests against a filter (`examined`) or the events a stream read hands out.
export const BIG = 3000;

export async function withIndexes(store: EmbeddedReadModelStore, collections: readonly { name: string; indexes?: readonly IndexSpec[] }[]): Promise<void> {
  for (const collection of collections) if (collection.indexes?.length) await store.collection(collection.name).createIndexes(collection.indexes);
}

export async function insertAll(store: EmbeddedReadModelStore, name: string, documents: Document[]): Promise<void> {
  for (const document of documents) await store.collection(name).insertOne(document);
}

export function examinedIn(store: EmbeddedReadModelStore, names: readonly string[]): number {
  return names.reduce((sum, name) => sum + store.examined(name), 0);
}
