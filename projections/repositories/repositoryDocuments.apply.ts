import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  REPOSITORY_REDIRECTS_COLLECTION,
  REPOSITORY_STARS_COLLECTION,
  REPOSITORY_SUBSCRIPTIONS_COLLECTION,
  REPOSITORY_INVITATIONS_COLLECTION,
  pairId,
  redirectId,
  type RepositoryDocument,
  type RepositoryRedirectDocument,
} from '../../application/repositories/repositories.readModel.js';
import { keepDeletedCopy } from '../shared/deletedCopies.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { Filter } from '../../application/shared/ports/readModelStore.port.js';
import type { RepositoryEvent, RepositorySettings } from '../../domain/repositories/repository.events.js';
import { repositoryNameKey } from '../../domain/repositories/repositoryName.js';
import { applyCollaboratorEvent } from './repositoryInterest.apply.js';
import { moveCollaborations } from './collaboratorOrgRoles.apply.js';
import { refreshCollaborationKeys } from './collaborationListKeys.apply.js';
import { applyInvitationEvent, INVITATION_EVENT_TYPES } from './repositoryInvitations.apply.js';
import { countOn, NO_COUNTS } from './repositoryCounters.js';

export const REPOSITORY_EVENT_TYPES: ReadonlySet<string> = new Set<RepositoryEvent['type']>([
  'RepositoryCreated',
  'RepositoryEdited',
  'RepositoryArchived',
  'RepositoryUnarchived',
  'RepositoryRenamed',
  'RepositoryTransferred',
  'RepositoryTopicsReplaced',
  'RepositoryDeleted',
  'CollaboratorAdded',
  'CollaboratorPermissionChanged',
  'CollaboratorRemoved',
  ...(INVITATION_EVENT_TYPES as ReadonlySet<RepositoryEvent['type']>),
]);

const SETTING_FIELDS: Readonly<Record<keyof RepositorySettings, keyof RepositoryDocument>> = {
  description: 'description',
  homepage: 'homepage',
  private: 'private',
  hasIssues: 'has_issues',
  hasProjects: 'has_projects',
  hasWiki: 'has_wiki',
  defaultBranch: 'default_branch',
  deleteBranchOnMerge: 'delete_branch_on_merge',
};

const repositories = (target: ProjectionTarget) => target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION);
const redirects = (target: ProjectionTarget) => target.collection<RepositoryRedirectDocument>(REPOSITORY_REDIRECTS_COLLECTION);
async function setFields(target: ProjectionTarget, repositoryId: number, fields: Partial<RepositoryDocument>): Promise<void> {
  await repositories(target).updateOne({ _id: String(repositoryId) }, { $set: fields });
}

// The events that move a repository's updated_at, visibility or full name: its collaborations
// carry them (collaborationListKeys.apply.ts).
const MOVES_LIST_KEYS: ReadonlySet<string> = new Set<RepositoryEvent['type']>([
  'RepositoryEdited',
  'RepositoryArchived',
  'RepositoryUnarchived',
  'RepositoryRenamed',
  'RepositoryTransferred',
  'RepositoryTopicsReplaced',
]);

export async function applyRepositoryEvent(stored: StoredEvent, target: ProjectionTarget): Promise<void> {
  await applyToRepository(stored, target);
  if (MOVES_LIST_KEYS.has(stored.type)) await refreshCollaborationKeys(target, (stored.data as { repositoryId: number }).repositoryId);
}

async function applyToRepository(stored: StoredEvent, target: ProjectionTarget): Promise<void> {
  const event = { type: stored.type, data: stored.data } as RepositoryEvent;
  switch (event.type) {
    case 'RepositoryCreated':
      return created(event.data, target);
    case 'RepositoryEdited': {
      if (event.data.changes.private !== undefined) await countForkVisibility(target, event.data.repositoryId, event.data.changes.private);
      const fields: Record<string, unknown> = { updated_at: event.data.editedAt };
      for (const [setting, value] of Object.entries(event.data.changes)) fields[SETTING_FIELDS[setting as keyof RepositorySettings]] = value;
      await setFields(target, event.data.repositoryId, fields as Partial<RepositoryDocument>);
      // Stars and subscriptions carry the visibility (lists of a user's stars and
      // subscriptions read the public ones by index): a change of visibility costs them, once.
      // A source made public: the forks left in its network are in a public one now, read by
      // no one through it (its private forks leave it just below). Made private again, it does
      // not take them back.
      if (event.data.changes.private === false) await repositories(target).updateMany(privateNetworkForksOf(event.data.repositoryId), { $set: NO_UPSTREAM });
      if (event.data.changes.private !== undefined)
        for (const name of [REPOSITORY_STARS_COLLECTION, REPOSITORY_SUBSCRIPTIONS_COLLECTION])
          await target.collection(name).updateMany({ repository_id: event.data.repositoryId }, { $set: { private: event.data.changes.private } });
      // The event names private only when it changed: its forks of the other visibility go.
      if (event.data.changes.private !== undefined) await detachForks(target, event.data.repositoryId, !event.data.changes.private);
      return;
    }
    case 'RepositoryArchived':
      return setFields(target, event.data.repositoryId, { archived: true, updated_at: event.data.archivedAt });
    case 'RepositoryUnarchived':
      return setFields(target, event.data.repositoryId, { archived: false, updated_at: event.data.unarchivedAt });
    case 'RepositoryRenamed': {
      const { repositoryId, ownerId, fromName, toName, renamedAt } = event.data;
      await setFields(target, repositoryId, { name: toName, name_key: repositoryNameKey(toName), updated_at: renamedAt });
      return moveRedirects(target, repositoryId, { ownerId, name: fromName }, { ownerId, name: toName });
    }
    case 'RepositoryTransferred': {
      const { repositoryId, fromOwnerId, fromName, toOwnerId, toOwnerType, toName, transferredAt } = event.data;
      await setFields(target, repositoryId, {
        owner_id: toOwnerId,
        owner_type: toOwnerType,
        name: toName,
        name_key: repositoryNameKey(toName),
        updated_at: transferredAt,
      });
      // Its stars, subscriptions and forks name its owner (a user leaving an organization loses those by index).
      for (const name of [REPOSITORY_STARS_COLLECTION, REPOSITORY_SUBSCRIPTIONS_COLLECTION])
        await target.collection(name).updateMany({ repository_id: repositoryId }, { $set: { owner_id: toOwnerId } });
      await repositories(target).updateMany({ parent_id: repositoryId }, { $set: { parent_owner_id: toOwnerId } });
      // Its private network's forks name it owner, as their readers follow it. A public
      // source has none (made public, it let them go; forked while public, they named none).
      const transferred = await repositories(target).findOne({ _id: String(repositoryId) }, { projection: { private: 1 } });
      if (transferred?.private)
        await repositories(target).updateMany(privateNetworkForksOf(repositoryId), {
          $set: { upstream_owner_id: toOwnerId, upstream_owner_type: toOwnerType },
        });
      // The new owner holds the repository: a collaboration it had is no longer one.
      await target.collection(REPOSITORY_COLLABORATORS_COLLECTION).deleteOne({ _id: pairId(repositoryId, toOwnerId) });
      await moveCollaborations(target, repositoryId, { owner_id: toOwnerId, owner_type: toOwnerType });
      return moveRedirects(target, repositoryId, { ownerId: fromOwnerId, name: fromName }, { ownerId: toOwnerId, name: toName });
    }
    case 'RepositoryTopicsReplaced':
      return setFields(target, event.data.repositoryId, { topics: [...event.data.names], updated_at: event.data.replacedAt });
    case 'RepositoryDeleted':
      return deleted(event.data.repositoryId, target, stored.metadata.occurredAt);
    case 'CollaboratorAdded':
    case 'CollaboratorPermissionChanged':
    case 'CollaboratorRemoved':
      return applyCollaboratorEvent(event, target);
    case 'CollaboratorInvited':
    case 'RepositoryInvitationUpdated':
    case 'RepositoryInvitationAccepted':
    case 'RepositoryInvitationDeclined':
    case 'RepositoryInvitationDeleted':
      return applyInvitationEvent(event, target);
  }
}

async function created(data: Extract<RepositoryEvent, { type: 'RepositoryCreated' }>['data'], target: ProjectionTarget): Promise<void> {
  const document: RepositoryDocument = {
    _id: String(data.repositoryId),
    id: data.repositoryId,
    owner_id: data.ownerId,
    owner_type: data.ownerType,
    name: data.name,
    name_key: repositoryNameKey(data.name),
    description: data.description,
    homepage: data.homepage,
    private: data.private,
    fork: data.fork !== null,
    parent_id: data.fork?.parentId ?? null,
    parent_owner_id: data.fork ? await ownerOf(target, data.fork.parentId) : null,
    source_id: data.fork?.sourceId ?? null,
    ...(data.fork ? await upstreamOf(target, data.fork.sourceId) : NO_UPSTREAM),
    has_issues: data.hasIssues,
    has_projects: data.hasProjects,
    has_wiki: data.hasWiki,
    delete_branch_on_merge: data.deleteBranchOnMerge ?? false,
    archived: false,
    default_branch: data.defaultBranch,
    topics: [],
    ...NO_COUNTS,
    created_at: data.createdAt,
    updated_at: data.createdAt,
    pushed_at: data.createdAt,
  };
  const { upserted } = await repositories(target).replaceOne({ _id: document._id }, document, { upsert: true });
  // A live repository at a name ends any redirect that name carried, as on GitHub.
  await redirects(target).deleteOne({ _id: redirectId(data.ownerId, document.name_key) });
  if (!upserted) return;
  await countOn(document.parent_id, 'forks_count', 1, target);
  if (document.private) await countOn(document.parent_id, 'private_forks_count', 1, target);
}

const NO_UPSTREAM = { upstream_owner_id: null, upstream_owner_type: null } as const;

// The forks naming a source's owner as their upstream, of either visibility (a fork made public
// keeps naming it), through the `source_private` index: the source's forks, not every repository.
function privateNetworkForksOf(sourceId: number): Filter {
  return { source_id: sourceId, private: { $in: [true, false] }, upstream_owner_id: { $ne: null } };
}

// A fork of a private source is in its private network: the source's owner is kept on it, so
// the source's readers are found from the fork alone (the decision uses it only while the fork
// is private). A source already gone or public names none.
async function upstreamOf(target: ProjectionTarget, sourceId: number): Promise<Pick<RepositoryDocument, 'upstream_owner_id' | 'upstream_owner_type'>> {
  const source = await repositories(target).findOne({ _id: String(sourceId) }, { projection: { owner_id: 1, owner_type: 1, private: 1 } });
  return source?.private ? { upstream_owner_id: source.owner_id, upstream_owner_type: source.owner_type } : NO_UPSTREAM;
}

async function ownerOf(target: ProjectionTarget, repositoryId: number): Promise<number | null> {
  return (await repositories(target).findOne({ _id: String(repositoryId) }, { projection: { owner_id: 1 } }))?.owner_id ?? null;
}

// A fork changing visibility moves its parent's count of private forks; the guarded write
// (only a document of the other visibility changes) moves it once however often it is applied.
async function countForkVisibility(target: ProjectionTarget, repositoryId: number, nowPrivate: boolean): Promise<void> {
  const repository = await repositories(target).findOne({ _id: String(repositoryId) });
  if (repository?.parent_id == null) return;
  const { modified } = await repositories(target).updateOne({ _id: String(repositoryId), private: !nowPrivate }, { $set: { private: nowPrivate } });
  if (modified === 1) await countOn(repository.parent_id, 'private_forks_count', nowPrivate ? 1 : -1, target);
}

// GitHub detaches the forks a change of visibility would expose or lock out, for good: made
// private, "Current forks will remain public and will be detached from this repository"; made
// public, "each of its private forks is turned into a standalone private repository and becomes
// the upstream of its own new repository network". Each stands alone (fork false, no parent, no
// source, no upstream owner whose readers read it: a detached fork's API answers fork false and
// neither), the forks below it of its network now, and the repository no longer counts it.
// Costs the repository's forks of that visibility and the forks below them, by index; applied
// twice, it finds none left.
async function detachForks(target: ProjectionTarget, repositoryId: number, forksPrivate: boolean): Promise<void> {
  const forks = await repositories(target).find({ parent_id: repositoryId, private: forksPrivate }, { projection: { id: 1, owner_id: 1, owner_type: 1 } });
  for (const fork of forks) {
    await setFields(target, fork.id, { fork: false, parent_id: null, parent_owner_id: null, source_id: null, ...NO_UPSTREAM, detached_from_id: repositoryId });
    await resourceBelow(target, fork.id, forksPrivate ? { upstream_owner_id: fork.owner_id, upstream_owner_type: fork.owner_type } : NO_UPSTREAM);
  }
  const parent = await repositories(target).findOne({ _id: String(repositoryId) }, { projection: { forks_count: 1, private_forks_count: 1 } });
  if (!parent) return;
  const privateForks = parent.private_forks_count ?? 0;
  await setFields(
    target,
    repositoryId,
    forksPrivate ? { forks_count: parent.forks_count - privateForks, private_forks_count: 0 } : { forks_count: privateForks },
  );
}

// The forks below a detached fork, down every level, are of its network now: their source is
// it, and a private one's owner is the upstream whose readers read them (as for a new fork).
async function resourceBelow(
  target: ProjectionTarget,
  rootId: number,
  upstream: Pick<RepositoryDocument, 'upstream_owner_id' | 'upstream_owner_type'>,
): Promise<void> {
  let level = [rootId];
  while (level.length > 0) {
    const next: number[] = [];
    for (const parentId of level)
      for (const { id } of await repositories(target).find({ parent_id: parentId }, { projection: { id: 1 } })) {
        await setFields(target, id, { source_id: rootId, ...upstream });
        next.push(id);
      }
    level = next;
  }
}

// The old (owner, name) now redirects here; the new one is live, so no redirect may shadow it.
async function moveRedirects(
  target: ProjectionTarget,
  repositoryId: number,
  from: { ownerId: number; name: string },
  to: { ownerId: number; name: string },
): Promise<void> {
  const fromKey = repositoryNameKey(from.name);
  const toKey = repositoryNameKey(to.name);
  if (from.ownerId !== to.ownerId || fromKey !== toKey) {
    const _id = redirectId(from.ownerId, fromKey);
    await redirects(target).replaceOne({ _id }, { _id, owner_id: from.ownerId, name_key: fromKey, repository_id: repositoryId }, { upsert: true });
  }
  await redirects(target).deleteOne({ _id: redirectId(to.ownerId, toKey) });
}

async function deleted(repositoryId: number, target: ProjectionTarget, deletedAt: string): Promise<void> {
  const repository = await repositories(target).findOne({ _id: String(repositoryId) });
  await keepDeletedCopy(target, 'repository', repository, deletedAt);
  const removed = await repositories(target).deleteOne({ _id: String(repositoryId) });
  for (const collection of [
    REPOSITORY_REDIRECTS_COLLECTION,
    REPOSITORY_COLLABORATORS_COLLECTION,
    REPOSITORY_STARS_COLLECTION,
    REPOSITORY_SUBSCRIPTIONS_COLLECTION,
    REPOSITORY_INVITATIONS_COLLECTION,
  ]) {
    await target.collection(collection).deleteMany({ repository_id: repositoryId });
  }
  if (removed !== 1) return;
  await countOn(repository?.parent_id ?? null, 'forks_count', -1, target);
  if (repository?.private) await countOn(repository.parent_id, 'private_forks_count', -1, target);
}
