import { indexedTime, SEARCH_INDEXES } from '../../application/search/searchIndexes.js';
import {
  TOPIC_COUNTS_COLLECTION,
  TOPIC_REPOSITORIES_COLLECTION,
  type TopicCountDocument,
  type TopicRepositoryDocument,
  type TopicSearchDocument,
} from '../../application/search/topicSearch.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import { POSITION_FIELD } from '../../application/shared/projections/positionGuardedCollection.js';
import type { RepositoryCreated, RepositoryEdited, RepositoryTopicsReplaced } from '../../domain/repositories/repository.events.js';

type CountedRepository = Pick<TopicRepositoryDocument, 'public' | 'topics'>;

// What an event makes of a repository's record (null: the repository is gone), from the
// event alone: no read model is read, so the counts are a function of the log.
function nextRecord(event: StoredEvent, known: CountedRepository | null): CountedRepository | null | undefined {
  switch (event.type) {
    case 'RepositoryCreated':
      return known ?? { public: !(event.data as RepositoryCreated['data']).private, topics: [] };
    case 'RepositoryTopicsReplaced':
      return known && { ...known, topics: [...(event.data as RepositoryTopicsReplaced['data']).names] };
    case 'RepositoryEdited': {
      const { changes } = event.data as RepositoryEdited['data'];
      return known && changes.private !== undefined ? { ...known, public: !changes.private } : undefined;
    }
    case 'RepositoryDeleted':
      return null;
    default:
      return undefined;
  }
}

// A private repository's topics are not counted: they would tell its topics to anyone.
const counted = (record: CountedRepository | null): readonly string[] => (record?.public ? record.topics : []);

// Moves a topic's counter once per event: the filter requires a counter last moved by an
// earlier event, so applying the event again changes nothing (and the upsert that would
// follow a refused filter is refused by the unique _id).
async function count(target: ProjectionTarget, name: string, delta: 1 | -1, event: StoredEvent, at: number): Promise<void> {
  await target
    .collection<TopicCountDocument>(TOPIC_COUNTS_COLLECTION)
    .updateOne(
      { _id: name, counted_at: { $lt: event.position } },
      { $inc: { repositories: delta }, $set: { counted_at: event.position, updated: at }, $setOnInsert: { name, created: at } },
      { upsert: true },
    );
}

async function reindex(target: ProjectionTarget, name: string): Promise<void> {
  const index = target.searchIndexName(SEARCH_INDEXES.topics);
  const counter = await target.collection<TopicCountDocument>(TOPIC_COUNTS_COLLECTION).findOne({ _id: name });
  if (counter === null || counter.repositories <= 0) return target.search.delete(index, [name]);
  const document: TopicSearchDocument = {
    id: name,
    name,
    repositories: counter.repositories,
    created: counter.created,
    updated: counter.updated,
    featured: false,
    curated: false,
  };
  await target.search.upsert(index, [document]);
}

// The topics index (GET /search/topics): one document per topic some public repository
// uses, with the number of those repositories. Counters move by the difference between what
// a repository was counted with and what the event leaves it with; never recounted.
export const topicSearchProjection: Projection = {
  name: 'search-topics',
  version: 1,
  // What nextRecord reads; the lane passes over the rest (issue events name a repository too,
  // and each cost a look-up of its record for nothing).
  eventTypes: new Set(['RepositoryCreated', 'RepositoryTopicsReplaced', 'RepositoryEdited', 'RepositoryDeleted']),
  consistency: 'eventual',
  collections: [{ name: TOPIC_COUNTS_COLLECTION }, { name: TOPIC_REPOSITORIES_COLLECTION }],
  searchIndexes: [
    {
      name: SEARCH_INDEXES.topics,
      settings: {
        primaryKey: 'id',
        searchableAttributes: ['name'],
        filterableAttributes: ['id', 'repositories', 'created', 'featured', 'curated'],
        sortableAttributes: ['repositories', 'created'],
        rangeAttributes: ['repositories', 'created'],
      },
    },
  ],
  async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    const repositoryId = (event.data as { repositoryId?: unknown }).repositoryId;
    if (typeof repositoryId !== 'number') return;
    const records = target.collection<TopicRepositoryDocument>(TOPIC_REPOSITORIES_COLLECTION);
    const _id = String(repositoryId);
    const known = await records.findOne({ _id });
    // Written by this event or a later one: this event's counts are in (a replay after a restart).
    if (known !== null && Number(known[POSITION_FIELD] ?? -1) >= event.position) return;
    const next = nextRecord(event, known);
    if (next === undefined) return;
    const [before, after] = [counted(known), counted(next)];
    const added = after.filter((name) => !before.includes(name));
    const removed = before.filter((name) => !after.includes(name));
    const at = indexedTime(event.metadata.occurredAt) ?? 0;
    // Counters first, then the record: a crash between them leaves the record as it was,
    // and the event applied again finds the same difference and counters that refuse it.
    for (const name of added) await count(target, name, 1, event, at);
    for (const name of removed) await count(target, name, -1, event, at);
    if (next === null) await records.deleteOne({ _id });
    else await records.replaceOne({ _id }, { _id, public: next.public, topics: next.topics }, { upsert: true });
    for (const name of [...added, ...removed]) await reindex(target, name);
  },
};
