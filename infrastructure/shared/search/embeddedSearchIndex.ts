import type { IndexSettings, SearchDocument, SearchIndex, SearchQuery, SearchResult } from '../../../application/shared/ports/searchIndex.port.js';
import { EmbeddedIndex } from './embeddedIndex.js';
import { readSearchIndexSnapshot, SearchIndexSnapshotError, writeSearchIndexSnapshot } from './searchIndexSnapshot.js';

// Meilisearch's rule for index uids, so a name that works here works there.
const INDEX_NAME = /^[A-Za-z0-9_-]{1,400}$/;

function assertIndexName(name: string): void {
  if (!INDEX_NAME.test(name)) throw new Error(`invalid index name ${JSON.stringify(name)}: use [A-Za-z0-9_-]{1,400}`);
}

function sameSettings(left: IndexSettings, right: IndexSettings): boolean {
  const list = (values: readonly string[]) => JSON.stringify(values);
  return (
    left.primaryKey === right.primaryKey &&
    list(left.searchableAttributes) === list(right.searchableAttributes) &&
    list(left.filterableAttributes) === list(right.filterableAttributes) &&
    list(left.sortableAttributes) === list(right.sortableAttributes)
  );
}

// The search index in process. Projections rebuild it from the event log at start, so it
// needs no durability; a snapshot only makes that start fast. Every operation runs to
// completion synchronously, so each one is atomic with respect to the others.
export class EmbeddedSearchIndex implements SearchIndex {
  private readonly indexes = new Map<string, EmbeddedIndex>();

  static async fromSnapshot(path: string): Promise<EmbeddedSearchIndex> {
    const snapshot = await readSearchIndexSnapshot(path);
    const searchIndex = new EmbeddedSearchIndex();
    for (const { name, state } of snapshot ?? []) {
      try {
        assertIndexName(name);
        if (searchIndex.indexes.has(name)) throw new Error(`index ${name} appears twice`);
        searchIndex.indexes.set(name, EmbeddedIndex.restore(state));
      } catch (error) {
        throw new SearchIndexSnapshotError(path, `index ${name}: ${(error as Error).message}`);
      }
    }
    return searchIndex;
  }

  // The state is captured synchronously, so the snapshot is one instant even while writes continue.
  async snapshot(path: string): Promise<void> {
    const states = [...this.indexes].map(([name, index]) => ({ name, state: index.state() }));
    await writeSearchIndexSnapshot(path, states);
  }

  async ensureIndex(name: string, settings: IndexSettings): Promise<void> {
    assertIndexName(name);
    const existing = this.indexes.get(name);
    if (existing === undefined) {
      this.indexes.set(name, EmbeddedIndex.create(settings));
      return;
    }
    if (sameSettings(existing.settings, settings)) return;
    if (existing.settings.primaryKey !== settings.primaryKey && existing.count > 0) {
      throw new Error(`index ${name} has documents keyed by ${existing.settings.primaryKey}; its primary key cannot change`);
    }
    this.indexes.set(name, EmbeddedIndex.create(settings, existing.documentList()));
  }

  async upsert(name: string, documents: readonly SearchDocument[]): Promise<void> {
    this.index(name).upsert(documents);
  }

  async delete(name: string, ids: readonly (string | number)[]): Promise<void> {
    this.index(name).delete(ids);
  }

  async search<T extends SearchDocument = SearchDocument>(name: string, query: SearchQuery): Promise<SearchResult<T>> {
    return this.index(name).search<T>(query);
  }

  async count(name: string): Promise<number> {
    return this.index(name).count;
  }

  async listIndexes(): Promise<string[]> {
    return [...this.indexes.keys()].sort();
  }

  async dropIndex(name: string): Promise<void> {
    this.indexes.delete(name);
  }

  async swapIndexes(a: string, b: string): Promise<void> {
    const [first, second] = [this.index(a), this.index(b)];
    this.indexes.set(a, second);
    this.indexes.set(b, first);
  }

  async close(): Promise<void> {
    this.indexes.clear();
  }

  private index(name: string): EmbeddedIndex {
    const index = this.indexes.get(name);
    if (index === undefined) throw new Error(`index ${name} does not exist; call ensureIndex first`);
    return index;
  }
}
