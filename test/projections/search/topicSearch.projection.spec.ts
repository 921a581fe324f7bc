import { expect } from 'chai';
import { SEARCH_INDEXES } from '../../../application/search/searchIndexes.js';
import { TOPIC_COUNTS_COLLECTION } from '../../../application/search/topicSearch.js';
import { liveTarget } from '../../../application/shared/projections/projectionTargets.js';
import type { StoredEvent } from '../../../application/shared/ports/eventStore.port.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { EmbeddedSearchIndex } from '../../../infrastructure/shared/search/embeddedSearchIndex.js';
import { topicSearchProjection } from '../../../projections/search/topicSearch.projection.js';
import { dumpCollections, repositoryCreatedEvent, repositoryDeletedEvent, repositoryVisibilityEvent, storedEvent } from '../../support/projectionSpec.js';

const at = '2026-11-22T10:00:00.000Z';
const created = (repositoryId: number, isPrivate: boolean) => repositoryCreatedEvent(repositoryId, 10, { isPrivate });
const topics = (repositoryId: number, names: string[]) =>
  storedEvent(`repository-${repositoryId}`, 1, 'RepositoryTopicsReplaced', { repositoryId, names, replacedAt: at });
const visibility = repositoryVisibilityEvent;
const deleted = (repositoryId: number) => repositoryDeletedEvent(repositoryId, 10);

async function applied(events: readonly StoredEvent[], times = 1) {
  const store = new EmbeddedReadModelStore();
  const search = new EmbeddedSearchIndex();
  await search.ensureIndex(SEARCH_INDEXES.topics, topicSearchProjection.searchIndexes![0]!.settings);
  // As the runner does: each event applied with its own position.
  for (const event of events) for (let time = 0; time < times; time++) await topicSearchProjection.apply(event, liveTarget(store, search, event.position));
  return { store, search };
}

// Applying each event twice must leave the same counters, records and index as once.
async function expectIdempotent(events: readonly StoredEvent[]): Promise<Record<string, unknown[]>> {
  const once = await applied(events);
  const twice = await applied(events, 2);
  const dump = await dumpCollections(once.store);
  expect(await dumpCollections(twice.store)).to.deep.equal(dump);
  const everything = { q: '', limit: 100 };
  expect((await twice.search.search(SEARCH_INDEXES.topics, everything)).hits).to.deep.equal((await once.search.search(SEARCH_INDEXES.topics, everything)).hits);
  return dump;
}

const counts = (dump: Record<string, unknown[]>) =>
  Object.fromEntries((dump[TOPIC_COUNTS_COLLECTION] as { name: string; repositories: number }[]).map((count) => [count.name, count.repositories]));

describe('topics search projection', () => {
  const history = [
    created(1, false),
    created(2, true),
    topics(1, ['a', 'b']),
    topics(2, ['a', 'c']),
    visibility(2, false),
    topics(1, ['b']),
    visibility(1, true),
    created(3, false),
    visibility(3, true),
    visibility(3, false),
    visibility(3, true),
    topics(3, ['t']),
    deleted(2),
  ];

  it('counts public repositories per topic, applied twice as once', async () => {
    const dump = await expectIdempotent(history);
    expect(counts(dump)).to.deep.equal({ a: 0, b: 0, c: 0 });
    const midway = await expectIdempotent(history.slice(0, 6));
    expect(counts(midway)).to.deep.equal({ a: 1, b: 1, c: 1 });
  });

  it('a replay from any earlier event (a restart before the checkpoint) changes no counter', async () => {
    const { store, search } = await applied(history);
    const expected = await dumpCollections(store);
    for (let from = 0; from < history.length; from++) {
      for (const event of history.slice(from)) await topicSearchProjection.apply(event, liveTarget(store, search, event.position));
      expect(await dumpCollections(store), `replayed from ${from}`).to.deep.equal(expected);
    }
  });

  it('indexes only topics some public repository uses', async () => {
    const { search } = await applied(history.slice(0, 6));
    const found = await search.search(SEARCH_INDEXES.topics, { q: '', limit: 10 });
    expect(found.hits.map((hit) => [hit.document.name, hit.document.repositories]).sort()).to.deep.equal([
      ['a', 1],
      ['b', 1],
      ['c', 1],
    ]);
    expect((await search.search(SEARCH_INDEXES.topics, { q: '', limit: 10 })).total).to.equal(3);
    const { search: after } = await applied(history);
    expect((await after.search(SEARCH_INDEXES.topics, { q: '', limit: 10 })).total).to.equal(0);
  });
});
