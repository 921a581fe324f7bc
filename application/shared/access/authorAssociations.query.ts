import { inject, injectable } from 'inversify';
import { ORG_MEMBERSHIPS_COLLECTION, type OrgMembershipDocument } from '../../accounts/organizations.readModel.js';
import type { RepositoryDocument } from '../../repositories/repositories.readModel.js';
import { RepositoryQueries } from '../../repositories/repository.queries.js';
import type { ReadModelStore } from '../ports/readModelStore.port.js';
import { TOKENS } from '../ports/tokens.js';
import type { AccessCaller } from './repositoryAccess.query.js';
import {
  PULL_AUTHOR_MERGES_COLLECTION,
  REPOSITORY_PULL_AUTHORS_COLLECTION,
  repositoryPullAuthorId,
  type PullAuthorMergesDocument,
  type RepositoryPullAuthorDocument,
} from '../../pulls/pullRequests.readModel.js';
import { authorAssociation, NO_CONTRIBUTIONS, type AuthorAssociation, type Contributions } from '../../../domain/shared/authorAssociation.js';
import { scopesAllow } from '../../../domain/authorizations/oauthScopes.js';

export type { AuthorAssociation };

// An author on a repository, as a page names them.
export interface Authorship {
  readonly repository: RepositoryDocument;
  readonly userId: number;
}

const MEMBERSHIP_SCOPES = ['read:org', 'write:org', 'admin:org'];

const pairKey = (repositoryId: number, userId: number): string => `${repositoryId}:${userId}`;

// GitHub's author_association of an issue's, a comment's or a pull request's author, one
// rule for every area: the repository's owning user is OWNER; on an organization's repository
// its members are MEMBER, its owners too (GitHub gives OWNER only on a user's own repository:
// no person owns an organization's), a concealed membership only as the
// organization's members and site administrators see it (GitHub answers anyone else as for a
// non-member); then COLLABORATOR; then CONTRIBUTOR, FIRST_TIMER or FIRST_TIME_CONTRIBUTOR
// by their pull requests (the rule: domain/shared/authorAssociation.ts), or NONE. A page's
// authors are decided together: their memberships, collaborations and pull request counts
// looked up by id, the viewer's own membership once per organization.
@injectable()
export class AuthorAssociations {
  constructor(
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
  ) {}

  async of(viewer: AccessCaller, authorships: readonly Authorship[]): Promise<(repository: RepositoryDocument, userId: number) => AuthorAssociation> {
    const memberships = await this.memberships(authorships.filter(({ repository }) => repository.owner_type === 'Organization'));
    const insiders = await this.organizationsSeenWhole(viewer, [...new Set([...memberships.values()].map((membership) => membership.org_id))]);
    const collaborations = new Set<string>();
    const byRepository = new Map<number, number[]>();
    for (const { repository, userId } of authorships) {
      const authors = byRepository.get(repository.id) ?? [];
      if (authors.length === 0) byRepository.set(repository.id, authors);
      authors.push(userId);
    }
    for (const [repositoryId, userIds] of byRepository) {
      for (const userId of await this.repositories.collaboratorIdsAmong(repositoryId, userIds)) collaborations.add(pairKey(repositoryId, userId));
    }
    const contributions = await this.contributions(authorships);
    return (repository, userId) => {
      const membership = repository.owner_type === 'Organization' ? memberships.get(pairKey(repository.owner_id, userId)) : undefined;
      return authorAssociation({
        ownsRepository: repository.owner_type === 'User' && repository.owner_id === userId,
        membership: membership ?? null,
        readerSeesConcealed: membership !== undefined && insiders.has(membership.org_id),
        collaborator: collaborations.has(pairKey(repository.id, userId)),
        contributions: contributions.get(repositoryPullAuthorId(repository.id, userId)) ?? NO_CONTRIBUTIONS,
      });
    };
  }

  // The authors' pull requests on each repository, by `repository:user` (absent: none); the
  // count across the site only for those with an open one here and none merged here.
  private async contributions(authorships: readonly Authorship[]): Promise<Map<string, Contributions>> {
    const ids = [...new Set(authorships.map(({ repository, userId }) => repositoryPullAuthorId(repository.id, userId)))];
    if (ids.length === 0) return new Map();
    const authors = await this.store.collection<RepositoryPullAuthorDocument>(REPOSITORY_PULL_AUTHORS_COLLECTION).find({ _id: { $in: ids } });
    const newcomers = authors.filter((author) => author.merged_pull_requests_count === 0 && author.open_pull_requests_count > 0);
    const mergedSomewhere = new Set<number>();
    if (newcomers.length > 0) {
      const merges = await this.store
        .collection<PullAuthorMergesDocument>(PULL_AUTHOR_MERGES_COLLECTION)
        .find({ _id: { $in: [...new Set(newcomers.map((author) => String(author.user_id)))] } });
      for (const merge of merges) if (merge.merged_pull_requests_count > 0) mergedSomewhere.add(merge.user_id);
    }
    return new Map(
      authors.map((author) => [
        author._id,
        {
          mergedHere: author.merged_pull_requests_count > 0,
          openHere: author.open_pull_requests_count > 0,
          mergedAnywhere: author.merged_pull_requests_count > 0 || mergedSomewhere.has(author.user_id),
        },
      ]),
    );
  }

  // The authors' memberships in the organizations owning their repositories, by `org:user`.
  private async memberships(authorships: readonly Authorship[]): Promise<Map<string, OrgMembershipDocument>> {
    const ids = [...new Set(authorships.map(({ repository, userId }) => pairKey(repository.owner_id, userId)))];
    if (ids.length === 0) return new Map();
    const found = await this.store.collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION).find({ _id: { $in: ids } });
    return new Map(found.filter((membership) => membership.state === 'active').map((membership) => [membership._id, membership]));
  }

  // The organizations whose concealed members the viewer sees: those it belongs to (all of
  // them, for a site administrator).
  // A token without read:org (or write:org, admin:org) reads memberships as an outsider, as it
  // lists an organization's members (oauthScopeTable.ts).
  private async organizationsSeenWhole(viewer: AccessCaller, orgIds: readonly number[]): Promise<Set<number>> {
    if (viewer === null || orgIds.length === 0) return new Set();
    if (viewer.scopes !== undefined && !scopesAllow(viewer.scopes, MEMBERSHIP_SCOPES)) return new Set();
    if (viewer.siteAdmin) return new Set(orgIds);
    const mine = await this.store
      .collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION)
      .find({ _id: { $in: orgIds.map((orgId) => pairKey(orgId, viewer.userId)) } });
    return new Set(mine.filter((membership) => membership.state === 'active').map((membership) => membership.org_id));
  }
}
