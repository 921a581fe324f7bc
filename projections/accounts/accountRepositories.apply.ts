import {
  ACCOUNT_REPOSITORIES_COLLECTION,
  USERS_COLLECTION,
  type AccountRepositoryDocument,
  type UserDocument,
} from '../../application/accounts/users.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { RepositoryCreated, RepositoryDeleted, RepositoryEdited, RepositoryTransferred } from '../../domain/repositories/repository.events.js';

export const ACCOUNT_REPOSITORY_EVENT_TYPES: ReadonlySet<string> = new Set([
  'RepositoryCreated',
  'RepositoryEdited',
  'RepositoryTransferred',
  'RepositoryDeleted',
]);

const records = (target: ProjectionTarget) => target.collection<AccountRepositoryDocument>(ACCOUNT_REPOSITORIES_COLLECTION);

// An account's public_repos and owned_private_repos, kept by increments. Each one rides on a
// guarded write of the repository's record (created once, its owner or visibility changed
// only from the value it had, deleted once), so applying an event again moves nothing.
async function count(ownerId: number, isPrivate: boolean, delta: 1 | -1, target: ProjectionTarget): Promise<void> {
  await target
    .collection<UserDocument>(USERS_COLLECTION)
    .updateOne({ _id: String(ownerId) }, { $inc: { [isPrivate ? 'owned_private_repos' : 'public_repos']: delta } });
}

export async function applyAccountRepositoryEvent(event: StoredEvent, target: ProjectionTarget): Promise<void> {
  switch (event.type) {
    case 'RepositoryCreated': {
      const data = event.data as RepositoryCreated['data'];
      const record: AccountRepositoryDocument = { _id: String(data.repositoryId), owner_id: data.ownerId, private: data.private };
      const { upserted } = await records(target).updateOne({ _id: record._id }, { $setOnInsert: record }, { upsert: true });
      if (upserted) await count(data.ownerId, data.private, 1, target);
      return;
    }
    case 'RepositoryEdited': {
      const data = event.data as RepositoryEdited['data'];
      if (data.changes.private === undefined) return;
      const { modified } = await records(target).updateOne(
        { _id: String(data.repositoryId), private: !data.changes.private },
        { $set: { private: data.changes.private } },
      );
      const record = modified === 1 ? await records(target).findOne({ _id: String(data.repositoryId) }) : null;
      if (!record) return;
      await count(record.owner_id, !data.changes.private, -1, target);
      await count(record.owner_id, data.changes.private, 1, target);
      return;
    }
    case 'RepositoryTransferred': {
      const data = event.data as RepositoryTransferred['data'];
      if (data.fromOwnerId === data.toOwnerId) return;
      const { modified } = await records(target).updateOne(
        { _id: String(data.repositoryId), owner_id: data.fromOwnerId },
        { $set: { owner_id: data.toOwnerId } },
      );
      const record = modified === 1 ? await records(target).findOne({ _id: String(data.repositoryId) }) : null;
      if (!record) return;
      await count(data.fromOwnerId, record.private, -1, target);
      await count(data.toOwnerId, record.private, 1, target);
      return;
    }
    case 'RepositoryDeleted': {
      const data = event.data as RepositoryDeleted['data'];
      const record = await records(target).findOne({ _id: String(data.repositoryId) });
      if (record && (await records(target).deleteOne({ _id: record._id })) === 1) await count(record.owner_id, record.private, -1, target);
      return;
    }
  }
}
