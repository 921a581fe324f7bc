import { inject, injectable } from 'inversify';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { REPOSITORY_INVITATIONS_COLLECTION, type RepositoryInvitationDocument } from './repositories.readModel.js';
import type { Page, Paged } from './repository.queries.js';

// Pending repository invitations, oldest first, for a repository's administrators and for
// the invitee.
@injectable()
export class RepositoryInvitationQueries {
  constructor(@inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore) {}

  byId(invitationId: number): Promise<RepositoryInvitationDocument | null> {
    return this.invitations().findOne({ _id: String(invitationId) });
  }

  ofRepository(repositoryId: number, page: Page): Promise<Paged<RepositoryInvitationDocument>> {
    return this.paged({ repository_id: repositoryId }, page);
  }

  ofInvitee(userId: number, page: Page): Promise<Paged<RepositoryInvitationDocument>> {
    return this.paged({ invitee_id: userId }, page);
  }

  private async paged(filter: Record<string, number>, { page, perPage }: Page): Promise<Paged<RepositoryInvitationDocument>> {
    const items = await this.invitations().find(filter, { sort: { id: 1 }, skip: (page - 1) * perPage, limit: perPage });
    return { items, totalCount: await this.invitations().count(filter) };
  }

  private invitations() {
    return this.store.collection<RepositoryInvitationDocument>(REPOSITORY_INVITATIONS_COLLECTION);
  }
}
