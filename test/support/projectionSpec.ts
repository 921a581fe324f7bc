import { expect } from 'chai';
import type { Projection } from '../../application/shared/projections/projection.js';
import { POSITION_FIELD, TOMBSTONES_COLLECTION } from '../../application/shared/projections/positionGuardedCollection.js';
import { liveTarget } from '../../application/shared/projections/projectionTargets.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { ReadModelStore } from '../../application/shared/ports/readModelStore.port.js';
import { EmbeddedReadModelStore } from '../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { EmbeddedSearchIndex } from '../../infrastructure/shared/search/embeddedSearchIndex.js';

// Every collection's documents, sorted by _id: two stores are the same model when these are equal.
// The models' contents: without the bookkeeping of the position guard (which event last
// wrote a document depends on writes that changed nothing; tombstones are pruned as writers advance).
export async function dumpCollections(store: ReadModelStore, except: readonly string[] = []): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const name of (await store.listCollections()).sort()) {
    if (except.includes(name) || name === TOMBSTONES_COLLECTION) continue;
    dump[name] = withoutPositions(await store.collection(name).find({}, { sort: { _id: 1 } }));
  }
  return dump;
}

export function withoutPositions(documents: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  return documents.map(({ [POSITION_FIELD]: _position, ...fields }) => fields);
}

let position = 0;
export function storedEvent(streamId: string, revision: number, type: string, data: unknown, actorId: number | null = null): StoredEvent {
  const occurredAt = '2026-11-22T10:00:00.000Z';
  return {
    id: `00000000-0000-4000-8000-${String(++position).padStart(12, '0')}`,
    streamId,
    revision,
    position,
    type,
    data,
    metadata: { schemaVersion: 1, actorId, correlationId: 'c', causationId: 'c', occurredAt },
    recordedAt: occurredAt,
  };
}

// Applying each event twice must leave the same read model as applying it once.
export async function expectIdempotent(projection: Projection, events: readonly StoredEvent[]): Promise<Record<string, unknown[]>> {
  const once = new EmbeddedReadModelStore();
  const twice = new EmbeddedReadModelStore();
  const onceTarget = liveTarget(once, new EmbeddedSearchIndex());
  const twiceTarget = liveTarget(twice, new EmbeddedSearchIndex());
  for (const event of events) {
    await projection.apply(event, onceTarget);
    await projection.apply(event, twiceTarget);
    await projection.apply(event, twiceTarget);
  }
  const dump = await dumpCollections(once);
  expect(await dumpCollections(twice)).to.deep.equal(dump);
  return dump;
}

// The read models a fresh start over `dataDir` gives (embedded family), without checkpoints.
export async function readModelsIn(dataDir: string): Promise<Record<string, unknown[]>> {
  const { loadConfig } = await import('../../infrastructure/shared/config/config.js');
  const { openRuntime } = await import('../../infrastructure/shared/container/runtime.js');
  const { pino } = await import('pino');
  const runtime = await openRuntime(loadConfig({ FORGELOG_DATA_DIR: dataDir, FORGELOG_LOG_LEVEL: 'silent' }), {
    role: 'serve',
    logger: pino({ level: 'silent' }),
  });
  await runtime.start();
  const dump = await dumpCollections(runtime.adapters.readModels, ['_checkpoints']);
  await runtime.close();
  return dump;
}

// A repository's events as the repositories decider records them, for projection specs.
const REPOSITORY_SETTINGS = { description: null, homepage: null, hasIssues: true, hasProjects: true, hasWiki: true, defaultBranch: 'main' };
const AT = '2026-11-22T10:00:00.000Z';

export function repositoryCreatedEvent(
  repositoryId: number,
  ownerId: number,
  {
    name = `r${repositoryId}`,
    isPrivate = false,
    fork = null,
  }: { name?: string; isPrivate?: boolean; fork?: { parentId: number; sourceId: number } | null } = {},
): StoredEvent {
  return storedEvent(`repository-${repositoryId}`, 0, 'RepositoryCreated', {
    repositoryId,
    ownerId,
    ownerType: 'User',
    name,
    ...REPOSITORY_SETTINGS,
    private: isPrivate,
    fork: fork && { ...fork, defaultBranchOnly: false },
    initialCommit: null,
    createdAt: AT,
  });
}

export const repositoryVisibilityEvent = (repositoryId: number, isPrivate: boolean): StoredEvent =>
  storedEvent(`repository-${repositoryId}`, 1, 'RepositoryEdited', { repositoryId, changes: { private: isPrivate }, editedAt: AT });

export const repositoryDeletedEvent = (repositoryId: number, ownerId: number): StoredEvent =>
  storedEvent(`repository-${repositoryId}`, 2, 'RepositoryDeleted', { repositoryId, ownerId, name: `r${repositoryId}`, deletedAt: AT });
