import { ORG_MEMBERSHIPS_COLLECTION, type OrgMembershipDocument } from '../../application/accounts/organizations.readModel.js';
import { ACTIVITY_ACCESS_CHANGES_COLLECTION, userAccessChangeId, type ActivityAccessChangeDocument } from '../../application/activity/activity.readModel.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { OrganizationUpdated } from '../../domain/accounts/organization.events.js';
import type { RepositoryEdited } from '../../domain/repositories/repository.events.js';

// The events after which a repository's events may show to others than before (its feeds are
// filtered by access when read), so a feed can change without a new event.
const ACCESS_EVENTS: ReadonlySet<string> = new Set(['RepositoryDeleted', 'RepositoryTransferred', 'CollaboratorAdded', 'CollaboratorRemoved']);
// The events after which one member may read other repositories of an organization.
const MEMBERSHIP_EVENTS: ReadonlySet<string> = new Set(['OrganizationMemberAdded', 'OrganizationMemberRoleChanged', 'OrganizationMemberRemoved']);

function changesAccess(event: StoredEvent): boolean {
  if (ACCESS_EVENTS.has(event.type)) return true;
  return event.type === 'RepositoryEdited' && (event.data as RepositoryEdited['data']).changes.private !== undefined;
}

// The members whose reading an organization event changes: the member itself, or every
// member when the base permission changed (read from the mirror: the members as of this event).
async function membersAffected(event: StoredEvent, mirror: ProjectionTarget): Promise<number[]> {
  if (MEMBERSHIP_EVENTS.has(event.type)) return [(event.data as { userId: number }).userId];
  if (event.type !== 'OrganizationUpdated') return [];
  const { orgId, changes } = event.data as OrganizationUpdated['data'];
  if (changes.default_repository_permission === undefined) return [];
  const members = await mirror.collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION).find({ org_id: orgId });
  return members.map((member) => member.user_id);
}

export async function recordAccessChange(event: StoredEvent, target: ProjectionTarget, mirror: ProjectionTarget): Promise<void> {
  const changes = target.collection<ActivityAccessChangeDocument>(ACTIVITY_ACCESS_CHANGES_COLLECTION);
  const changed_at = Date.parse(event.metadata.occurredAt);
  if (changesAccess(event)) {
    const repositoryId = (event.data as { repositoryId: number }).repositoryId;
    await changes.replaceOne({ _id: String(repositoryId) }, { _id: String(repositoryId), repository_id: repositoryId, changed_at }, { upsert: true });
  }
  for (const userId of await membersAffected(event, mirror)) {
    const _id = userAccessChangeId(userId);
    await changes.replaceOne({ _id }, { _id, user_id: userId, changed_at }, { upsert: true });
  }
}
