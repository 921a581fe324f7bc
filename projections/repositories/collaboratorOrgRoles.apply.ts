import { ORG_MEMBERSHIPS_COLLECTION, type OrgMembershipDocument } from '../../application/accounts/organizations.readModel.js';
import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  type CollaboratorOrgRole,
  type RepositoryCollaboratorDocument,
  type RepositoryDocument,
} from '../../application/repositories/repositories.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { OrganizationMemberAdded, OrganizationMemberRemoved, OrganizationMemberRoleChanged } from '../../domain/accounts/organization.events.js';

// A collaboration carries its repository's owner and the collaborator's role in it (when an
// organization owns the repository): the outside collaborators, and the collaborators who are
// also members, are then index pages and counts. Memberships are the organizations
// projection's, read in the same lane (it applies each event first); in a rebuild of this
// projection alone they may be newer than the event, and the membership events replayed after
// it set the role the log ends with.
export const MEMBERSHIP_EVENT_TYPES: ReadonlySet<string> = new Set(['OrganizationMemberAdded', 'OrganizationMemberRoleChanged', 'OrganizationMemberRemoved']);

type MembershipEvent = OrganizationMemberAdded | OrganizationMemberRoleChanged | OrganizationMemberRemoved;

const collaborators = (target: ProjectionTarget) => target.collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION);

// The owner of the repository and the user's role in it, as the models hold them now.
export async function ownerAndOrgRole(
  target: ProjectionTarget,
  repositoryId: number,
  userId: number,
): Promise<{ owner_id: number; org_role: CollaboratorOrgRole }> {
  const repository = await target
    .collection<RepositoryDocument>(REPOSITORIES_COLLECTION)
    .findOne({ _id: String(repositoryId) }, { projection: { owner_id: 1, owner_type: 1 } });
  if (!repository) return { owner_id: 0, org_role: 'none' };
  return { owner_id: repository.owner_id, org_role: await orgRole(target, repository, userId) };
}

async function orgRole(target: ProjectionTarget, owner: Pick<RepositoryDocument, 'owner_id' | 'owner_type'>, userId: number): Promise<CollaboratorOrgRole> {
  if (owner.owner_type !== 'Organization') return 'none';
  const membership = await target
    .collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION)
    .findOne({ _id: `${owner.owner_id}:${userId}` }, { projection: { role: 1 } });
  return membership?.role ?? 'none';
}

// Joining, leaving or changing role in an organization: the user's collaborations on its
// repositories (an event costs what it changes).
export async function applyMembershipToCollaborations(stored: StoredEvent, target: ProjectionTarget): Promise<void> {
  const event = { type: stored.type, data: stored.data } as MembershipEvent;
  const { orgId, userId } = event.data;
  const role: CollaboratorOrgRole = event.type === 'OrganizationMemberRemoved' ? 'none' : event.data.role;
  await collaborators(target).updateMany({ user_id: userId, owner_id: orgId }, { $set: { org_role: role } });
}

// A repository moved to another owner: each of its collaborations, with the role in the new one.
export async function moveCollaborations(
  target: ProjectionTarget,
  repositoryId: number,
  owner: Pick<RepositoryDocument, 'owner_id' | 'owner_type'>,
): Promise<void> {
  for (const collaboration of await collaborators(target).find({ repository_id: repositoryId })) {
    const org_role = await orgRole(target, owner, collaboration.user_id);
    await collaborators(target).updateOne({ _id: collaboration._id }, { $set: { owner_id: owner.owner_id, org_role } });
  }
}
