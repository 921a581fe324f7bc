import { ACTIVITY_ACCESS_CHANGES_COLLECTION, type ActivityAccessChangeDocument } from '../../application/activity/activity.readModel.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { RepositoryEdited } from '../../domain/repositories/repository.events.js';

// The events after which a repository's events may show to others than before (its feeds are
// filtered by access when read), so a feed can change without a new event.
const ACCESS_EVENTS: ReadonlySet<string> = new Set(['RepositoryDeleted', 'RepositoryTransferred', 'CollaboratorAdded', 'CollaboratorRemoved']);

function changesAccess(event: StoredEvent): boolean {
  if (ACCESS_EVENTS.has(event.type)) return true;
  return event.type === 'RepositoryEdited' && (event.data as RepositoryEdited['data']).changes.private !== undefined;
}

export async function recordAccessChange(event: StoredEvent, target: ProjectionTarget): Promise<void> {
  if (!changesAccess(event)) return;
  const repositoryId = (event.data as { repositoryId: number }).repositoryId;
  const document: ActivityAccessChangeDocument = {
    _id: String(repositoryId),
    repository_id: repositoryId,
    changed_at: Date.parse(event.metadata.occurredAt),
  };
  await target.collection<ActivityAccessChangeDocument>(ACTIVITY_ACCESS_CHANGES_COLLECTION).replaceOne({ _id: document._id }, document, { upsert: true });
}
