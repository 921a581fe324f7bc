import { LABELS_COLLECTION, type LabelDocument } from '../../application/issues/issues.readModel.js';
import { REPOSITORIES_COLLECTION, type RepositoryDocument } from '../../application/repositories/repositories.readModel.js';
import type { LabelSearchDocument } from '../../application/search/labelSearch.js';
import { indexedTime, SEARCH_INDEXES } from '../../application/search/searchIndexes.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import { DEFAULT_LABELS, defaultLabelId } from '../../domain/issues/defaultLabels.js';
import { LABEL_EVENT_TYPES } from '../../domain/issues/label.decider.js';

// A repository's labels are read from the index a page at a time when its visibility, owner
// or existence changes.
const PAGE = 1000;

type Data = { readonly labelId?: unknown; readonly repositoryId?: unknown; readonly changes?: { readonly private?: unknown } };

const indexOf = (target: ProjectionTarget) => target.searchIndexName(SEARCH_INDEXES.labels);

async function indexed(target: ProjectionTarget, labelId: number): Promise<LabelSearchDocument | null> {
  const found = await target.search.search<LabelSearchDocument>(indexOf(target), { q: '', filter: { field: 'id', op: '=', value: labelId }, limit: 1 });
  return found.hits[0]?.document ?? null;
}

// A label's document from the read models (name and description may already be ahead of
// the event: the next events make the same document). Dates are the events': the creating
// one's (a default label's is its repository's creation) and the last change's.
async function refreshLabel(target: ProjectionTarget, labelId: number, event: StoredEvent): Promise<void> {
  const label = await target.collection<LabelDocument>(LABELS_COLLECTION).findOne({ _id: String(labelId) });
  const repository = label && (await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ _id: String(label.repository_id) }));
  if (!label || !repository) return target.search.delete(indexOf(target), [labelId]);
  const at = indexedTime(event.metadata.occurredAt) ?? 0;
  const known = await indexed(target, labelId);
  const document: LabelSearchDocument = {
    id: label.id,
    repository_id: repository.id,
    owner_id: repository.owner_id,
    public: !repository.private,
    name: label.name,
    description: label.description ?? '',
    created: known?.created ?? at,
    updated: at,
  };
  await target.search.upsert(indexOf(target), [document]);
}

async function repositoryLabels(target: ProjectionTarget, repositoryId: number, offset: number): Promise<LabelSearchDocument[]> {
  const filter = { field: 'repository_id', op: '=', value: repositoryId } as const;
  const found = await target.search.search<LabelSearchDocument>(indexOf(target), {
    q: '',
    filter,
    sort: [{ field: 'id', direction: 'asc' }],
    offset,
    limit: PAGE,
  });
  return found.hits.map((hit) => hit.document);
}

// Who may find a repository's labels follows the repository: its owner and visibility are
// copied into each of its documents; a deleted repository takes them away.
async function followRepository(target: ProjectionTarget, repositoryId: number): Promise<void> {
  const repository = await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ _id: String(repositoryId) });
  if (repository === null) {
    for (let page = await repositoryLabels(target, repositoryId, 0); page.length > 0; page = await repositoryLabels(target, repositoryId, 0)) {
      await target.search.delete(
        indexOf(target),
        page.map((document) => document.id),
      );
    }
    return;
  }
  for (let offset = 0; ; offset += PAGE) {
    const page = await repositoryLabels(target, repositoryId, offset);
    const changed = page.filter((document) => document.owner_id !== repository.owner_id || document.public === repository.private);
    if (changed.length > 0)
      await target.search.upsert(
        indexOf(target),
        changed.map((document) => ({ ...document, owner_id: repository.owner_id, public: !repository.private })),
      );
    if (page.length < PAGE) return;
  }
}

// The labels index (GET /search/labels): one document per label, kept from the label events,
// a new repository's default labels, and the repository's visibility, transfers and deletion.
export const labelSearchProjection: Projection = {
  name: 'search-labels',
  version: 1,
  consistency: 'eventual',
  readsReadYourWritesModels: true,
  collections: [],
  searchIndexes: [
    {
      name: SEARCH_INDEXES.labels,
      settings: {
        primaryKey: 'id',
        searchableAttributes: ['name', 'description'],
        filterableAttributes: ['id', 'repository_id', 'owner_id', 'public'],
        sortableAttributes: ['created', 'updated', 'id'],
      },
    },
  ],
  // What apply() below acts on; every other event leaves this model as it is.
  eventTypes: new Set([...LABEL_EVENT_TYPES, 'RepositoryCreated', 'RepositoryEdited', 'RepositoryTransferred', 'RepositoryDeleted']),
  async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    const data = event.data as Data;
    if (LABEL_EVENT_TYPES.has(event.type) && typeof data.labelId === 'number') return refreshLabel(target, data.labelId, event);
    if (typeof data.repositoryId !== 'number') return;
    const repositoryId = data.repositoryId;
    switch (event.type) {
      case 'RepositoryCreated':
        for (const index of DEFAULT_LABELS.keys()) await refreshLabel(target, defaultLabelId(repositoryId, index), event);
        return;
      case 'RepositoryEdited':
        if (data.changes?.private !== undefined) await followRepository(target, repositoryId);
        return;
      case 'RepositoryTransferred':
      case 'RepositoryDeleted':
        return followRepository(target, repositoryId);
    }
  },
};
