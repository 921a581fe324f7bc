import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  REPOSITORY_STARS_COLLECTION,
  REPOSITORY_SUBSCRIPTIONS_COLLECTION,
  pairId,
  type RepositoryCollaboratorDocument,
  type RepositoryDocument,
  type RepositoryStarDocument,
  type RepositorySubscriptionDocument,
} from '../../application/repositories/repositories.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { StarEvent, SubscriptionEvent } from '../../domain/repositories/repositoryInterest.deciders.js';
import type { CollaboratorAdded, CollaboratorPermissionChanged, CollaboratorRemoved } from '../../domain/repositories/repository.events.js';
import { countOn } from './repositoryCounters.js';
import { ownerAndOrgRole } from './collaboratorOrgRoles.apply.js';
import { currentListKeys } from './collaborationListKeys.apply.js';

export const INTEREST_EVENT_TYPES: ReadonlySet<string> = new Set<(StarEvent | SubscriptionEvent)['type']>([
  'RepositoryStarred',
  'RepositoryUnstarred',
  'RepositorySubscriptionSet',
  'RepositorySubscriptionDeleted',
]);

const GONE_KEYS = { private: true, repository_created_at: '', repository_updated_at: '', repository_pushed_at: '', full_name_key: '' } as const;

export async function applyCollaboratorEvent(
  event: CollaboratorAdded | CollaboratorPermissionChanged | CollaboratorRemoved,
  target: ProjectionTarget,
): Promise<void> {
  const collaborators = target.collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION);
  const _id = pairId(event.data.repositoryId, event.data.userId);
  switch (event.type) {
    case 'CollaboratorAdded': {
      const { repositoryId, userId, permission, invitationId, addedAt } = event.data;
      const owner = await ownerAndOrgRole(target, repositoryId, userId);
      // The repository is gone in a replay past its deletion: the collaboration is deleted with it.
      const keys = (await currentListKeys(target, repositoryId)) ?? GONE_KEYS;
      await collaborators.replaceOne(
        { _id },
        { _id, repository_id: repositoryId, user_id: userId, permission, invitation_id: invitationId, created_at: addedAt, ...owner, ...keys },
        { upsert: true },
      );
      return;
    }
    case 'CollaboratorPermissionChanged':
      await collaborators.updateOne({ _id }, { $set: { permission: event.data.permission } });
      return;
    case 'CollaboratorRemoved':
      await collaborators.deleteOne({ _id });
      return;
  }
}

// A deleted user stars and watches nothing: their stars and subscriptions go, and the
// repositories' counts with them, each moved only by the delete that removed it.
export async function removeInterestOfDeletedUser(userId: number, target: ProjectionTarget): Promise<void> {
  const stars = target.collection<RepositoryStarDocument>(REPOSITORY_STARS_COLLECTION);
  for (const star of await stars.find({ user_id: userId })) {
    if ((await stars.deleteOne({ _id: star._id })) === 1) await countOn(star.repository_id, 'stargazers_count', -1, target);
  }
  const subscriptions = target.collection<RepositorySubscriptionDocument>(REPOSITORY_SUBSCRIPTIONS_COLLECTION);
  for (const subscription of await subscriptions.find({ user_id: userId })) {
    if ((await subscriptions.deleteOne({ _id: subscription._id })) === 1 && subscription.subscribed)
      await countOn(subscription.repository_id, 'subscribers_count', -1, target);
  }
}

// Stars and subscriptions of a repository deleted in the meantime are not written: the
// deletion already removed the repository's others.
export async function applyInterestEvent(stored: StoredEvent, target: ProjectionTarget): Promise<void> {
  const event = { type: stored.type, data: stored.data } as StarEvent | SubscriptionEvent;
  const { repositoryId, userId } = event.data;
  const _id = pairId(repositoryId, userId);
  const repository = await target.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).findOne({ _id: String(repositoryId) });
  const exists = repository !== null;
  const stars = target.collection<RepositoryStarDocument>(REPOSITORY_STARS_COLLECTION);
  const subscriptions = target.collection<RepositorySubscriptionDocument>(REPOSITORY_SUBSCRIPTIONS_COLLECTION);
  switch (event.type) {
    case 'RepositoryStarred':
      if (repository !== null) {
        const star: RepositoryStarDocument = {
          _id,
          repository_id: repositoryId,
          user_id: userId,
          starred_at: event.data.starredAt,
          private: repository.private,
          owner_id: repository.owner_id,
          pushed_at: repository.pushed_at,
        };
        const { upserted } = await stars.replaceOne({ _id }, star, { upsert: true });
        if (upserted) await countOn(repositoryId, 'stargazers_count', 1, target);
      }
      return;
    case 'RepositoryUnstarred':
      if ((await stars.deleteOne({ _id })) === 1) await countOn(repositoryId, 'stargazers_count', -1, target);
      return;
    case 'RepositorySubscriptionSet': {
      if (!exists) return;
      const { subscribed, ignored, createdAt } = event.data;
      const before = await subscriptions.findOne({ _id });
      const subscription: RepositorySubscriptionDocument = {
        _id,
        repository_id: repositoryId,
        user_id: userId,
        subscribed,
        ignored,
        created_at: createdAt,
        private: repository.private,
        owner_id: repository.owner_id,
      };
      await subscriptions.replaceOne({ _id }, subscription, { upsert: true });
      // subscribers_count counts the subscribed ones: it moves when this write changed that.
      if ((before?.subscribed ?? false) !== subscribed) await countOn(repositoryId, 'subscribers_count', subscribed ? 1 : -1, target);
      return;
    }
    case 'RepositorySubscriptionDeleted': {
      const before = await subscriptions.findOne({ _id });
      if (before && (await subscriptions.deleteOne({ _id })) === 1 && before.subscribed) await countOn(repositoryId, 'subscribers_count', -1, target);
      return;
    }
  }
}
