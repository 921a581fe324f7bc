import { type EnqueuedTaskPromise, type IndexSwap, Meilisearch, type Task, type WaitOptions } from 'meilisearch';
import type { IndexSettings, SearchDocument, SearchIndex, SearchQuery, SearchResult } from '../../../application/shared/ports/searchIndex.port.js';
import { meilisearchFilter } from './meilisearchFilter.translate.js';
import { meilisearchSettings, pageWindow, searchHitFrom, sortExpressions } from './meilisearchSearch.translate.js';
import { pagingOf } from './searchPaging.js';

export interface MeilisearchSearchIndexOptions {
  readonly taskTimeoutMs?: number; // per task; indexing a large batch can take a while
  readonly maxTotalHits?: number; // totals are exact up to this many hits (Meilisearch's cap)
}

const PAGE_OF_INDEXES = 100;

// Meilisearch behind the SearchIndex port. Its writes are asynchronous tasks: every write
// here waits for its task, so the write is visible when the promise resolves, and a failed
// task becomes a thrown error.
export class MeilisearchSearchIndex implements SearchIndex {
  private readonly client: Meilisearch;
  private readonly waitOptions: WaitOptions;
  private readonly maxTotalHits: number;
  // Match positions are reported for searchable attributes only; learnt at ensureIndex, or
  // asked of the server the first time an index is searched by a process that did not create it.
  private readonly searchableAttributes = new Map<string, readonly string[]>();

  constructor(host: string, apiKey?: string, options: MeilisearchSearchIndexOptions = {}) {
    this.client = new Meilisearch({ host, apiKey });
    this.waitOptions = { timeout: options.taskTimeoutMs ?? 60_000, interval: 25 };
    this.maxTotalHits = options.maxTotalHits ?? 20_000;
  }

  async ensureIndex(index: string, settings: IndexSettings): Promise<void> {
    await this.createIndexIfMissing(index, settings.primaryKey);
    await this.completed(this.client.index(index).updateSettings(meilisearchSettings(settings, this.maxTotalHits)));
    this.searchableAttributes.set(index, settings.searchableAttributes);
  }

  private async createIndexIfMissing(index: string, primaryKey: string): Promise<void> {
    const task = await this.client.createIndex(index, { primaryKey }).waitTask(this.waitOptions);
    if (task.status === 'succeeded') return;
    if (task.error?.code !== 'index_already_exists') throw taskFailure(task);
    const existing = await this.client.getRawIndex(index);
    if (existing.primaryKey === undefined || existing.primaryKey === null) {
      await this.completed(this.client.updateIndex(index, { primaryKey }));
    } else if (existing.primaryKey !== primaryKey) {
      throw new Error(`index ${index} is keyed by ${existing.primaryKey}, not ${primaryKey}`);
    }
  }

  async upsert(index: string, documents: readonly SearchDocument[]): Promise<void> {
    if (documents.length === 0) return;
    await this.completed(this.client.index(index).addDocuments([...documents]));
  }

  async delete(index: string, ids: readonly (string | number)[]): Promise<void> {
    if (ids.length === 0) return;
    await this.completed(this.client.index(index).deleteDocuments([...ids] as string[]));
  }

  async search<T extends SearchDocument = SearchDocument>(index: string, query: SearchQuery): Promise<SearchResult<T>> {
    const { offset, limit } = pagingOf(query);
    const filter = query.filter === undefined ? true : meilisearchFilter(query.filter);
    if (filter === false) return { hits: [], total: 0 };
    const window = pageWindow(offset, limit);
    const withMatchPositions = query.withMatchPositions ?? false;
    const response = await this.client.index(index).search(query.q, {
      filter: typeof filter === 'string' ? filter : undefined,
      sort: sortExpressions(query.sort),
      page: window.page,
      hitsPerPage: window.hitsPerPage,
      matchingStrategy: 'all',
      attributesToSearchOn: query.fields === undefined ? undefined : [...query.fields],
      showRankingScore: true,
      showMatchesPosition: withMatchPositions,
    });
    // The time limit is the index's own (searchCutoffMs in its settings): Meilisearch answers
    // with what it ranked in time and does not say whether it stopped early.
    const searchable = withMatchPositions ? (query.fields ?? (await this.searchableAttributesOf(index))) : [];
    const hits = response.hits.slice(window.skip, window.skip + limit).map((hit) => searchHitFrom<T>(hit, searchable, withMatchPositions));
    return { hits, total: response.totalHits };
  }

  private async searchableAttributesOf(index: string): Promise<readonly string[]> {
    const known = this.searchableAttributes.get(index);
    if (known !== undefined) return known;
    const fetched = await this.client.index(index).getSearchableAttributes();
    this.searchableAttributes.set(index, fetched);
    return fetched;
  }

  async count(index: string): Promise<number> {
    return (await this.client.index(index).getStats()).numberOfDocuments;
  }

  async listIndexes(): Promise<string[]> {
    const names: string[] = [];
    for (let offset = 0; ; offset += PAGE_OF_INDEXES) {
      const page = await this.client.getRawIndexes({ offset, limit: PAGE_OF_INDEXES });
      names.push(...page.results.map((index) => index.uid));
      if (page.results.length < PAGE_OF_INDEXES || names.length >= page.total) return names.sort();
    }
  }

  // Dropping an index that does not exist succeeds, as it does embedded.
  async dropIndex(index: string): Promise<void> {
    const task = await this.client.deleteIndex(index).waitTask(this.waitOptions);
    if (task.status !== 'succeeded' && task.error?.code !== 'index_not_found') throw taskFailure(task);
    this.searchableAttributes.delete(index);
  }

  async swapIndexes(a: string, b: string): Promise<void> {
    // `rename` is left out: servers before it existed reject the unknown field, and its
    // absence means a swap on every version.
    const swap = { indexes: [a, b] } as IndexSwap;
    await this.completed(this.client.swapIndexes([swap]));
    const [aSearchable, bSearchable] = [this.searchableAttributes.get(a), this.searchableAttributes.get(b)];
    this.remember(a, bSearchable);
    this.remember(b, aSearchable);
  }

  private remember(index: string, searchable: readonly string[] | undefined): void {
    if (searchable === undefined) this.searchableAttributes.delete(index);
    else this.searchableAttributes.set(index, searchable);
  }

  // The client speaks plain HTTP through fetch and holds no connection to release.
  async close(): Promise<void> {}

  private async completed(enqueued: EnqueuedTaskPromise): Promise<Task> {
    const task = await enqueued.waitTask(this.waitOptions);
    if (task.status !== 'succeeded') throw taskFailure(task);
    return task;
  }
}

function taskFailure(task: Task): Error {
  const reason = task.error === null ? task.status : `${task.error.code}: ${task.error.message}`;
  return new Error(`Meilisearch task ${task.uid} (${task.type} on ${task.indexUid ?? 'no index'}) ${reason}`);
}
