import { REPOSITORY_INVITATIONS_COLLECTION, type RepositoryInvitationDocument } from '../../application/repositories/repositories.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { RepositoryInvitationEvent } from '../../domain/repositories/repository.events.js';

export const INVITATION_EVENT_TYPES: ReadonlySet<string> = new Set<RepositoryInvitationEvent['type']>([
  'CollaboratorInvited',
  'RepositoryInvitationUpdated',
  'RepositoryInvitationAccepted',
  'RepositoryInvitationDeclined',
  'RepositoryInvitationDeleted',
]);

// Pending invitations only: an answered or withdrawn one leaves the model (its history stays
// in the repository's stream).
export async function applyInvitationEvent(event: RepositoryInvitationEvent, target: ProjectionTarget): Promise<void> {
  const invitations = target.collection<RepositoryInvitationDocument>(REPOSITORY_INVITATIONS_COLLECTION);
  const _id = String(event.data.invitationId);
  switch (event.type) {
    case 'CollaboratorInvited': {
      const { invitationId, repositoryId, inviteeId, inviterId, permission, invitedAt } = event.data;
      await invitations.replaceOne(
        { _id },
        { _id, id: invitationId, repository_id: repositoryId, invitee_id: inviteeId, inviter_id: inviterId, permission, created_at: invitedAt },
        { upsert: true },
      );
      return;
    }
    case 'RepositoryInvitationUpdated':
      await invitations.updateOne({ _id }, { $set: { permission: event.data.permission } });
      return;
    case 'RepositoryInvitationAccepted':
    case 'RepositoryInvitationDeclined':
    case 'RepositoryInvitationDeleted':
      await invitations.deleteOne({ _id });
      return;
  }
}
