import { inject, injectable } from 'inversify';
import type { RepositoryPermission } from '../../domain/shared/access.js';
import { ORG_MEMBERSHIPS_COLLECTION, type OrgMembershipDocument } from '../accounts/organizations.readModel.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { REPOSITORY_STARS_COLLECTION, type RepositoryDocument, type RepositoryStarDocument } from './repositories.readModel.js';
import { RepositoryQueries, type Page, type Paged } from './repository.queries.js';

export type RepositorySort = 'created' | 'updated' | 'pushed' | 'full_name' | 'stargazers';
export type SortDirection = 'asc' | 'desc';
export type Affiliation = 'owner' | 'collaborator' | 'organization_member';

export interface ListOrder {
  readonly sort: RepositorySort;
  readonly direction: SortDirection;
}

export interface ListedRepository {
  readonly repository: RepositoryDocument;
  readonly owner: UserDocument;
  readonly role: RepositoryPermission;
}

export interface AuthenticatedUserFilter {
  readonly affiliations: ReadonlySet<Affiliation>;
  readonly visibility: 'all' | 'public' | 'private';
}

export type OrganizationListType = 'all' | 'public' | 'private' | 'forks' | 'sources' | 'member';

// Lists gather candidates, keep what the caller may read (one access decision each, from
// facts loaded once), then sort and page in memory: full_name needs the owners' logins.
@injectable()
export class RepositoryLists {
  constructor(
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
  ) {}

  // GET /user/repos
  async forAuthenticatedUser(
    caller: NonNullable<AccessCaller>,
    filter: AuthenticatedUserFilter,
    order: ListOrder,
    page: Page,
  ): Promise<Paged<ListedRepository>> {
    // Joined in an array literal, not push(...list): spread into arguments, a list of a
    // hundred thousand repositories (an organization's) overflows the stack.
    const owned = filter.affiliations.has('owner') ? await this.repositories.ownedBy([caller.userId]) : [];
    const collaborating = filter.affiliations.has('collaborator')
      ? await this.repositories.byIds((await this.repositories.collaborationsOf(caller.userId)).map((c) => c.repository_id))
      : [];
    const ofOrganizations = filter.affiliations.has('organization_member') ? await this.repositories.ownedBy(await this.organizationIdsOf(caller.userId)) : [];
    const candidates = [...owned, ...collaborating, ...ofOrganizations];
    const visible = candidates.filter((repository) => filter.visibility === 'all' || repository.private === (filter.visibility === 'private'));
    return this.finish(caller, visible, order, page);
  }

  // GET /users/{username}/repos: what the account owns, what it collaborates on, or both.
  async forAccount(
    caller: AccessCaller,
    account: UserDocument,
    type: 'all' | 'owner' | 'member',
    order: ListOrder,
    page: Page,
  ): Promise<Paged<ListedRepository>> {
    const owned = type !== 'member' ? await this.repositories.ownedBy([account.id]) : [];
    const collaborating =
      type !== 'owner' ? await this.repositories.byIds((await this.repositories.collaborationsOf(account.id)).map((c) => c.repository_id)) : [];
    return this.finish(caller, [...owned, ...collaborating], order, page);
  }

  // GET /orgs/{org}/repos
  async forOrganization(
    caller: AccessCaller,
    organization: UserDocument,
    type: OrganizationListType,
    order: ListOrder,
    page: Page,
  ): Promise<Paged<ListedRepository>> {
    const owned = await this.repositories.ownedBy([organization.id]);
    const granted = type === 'member' ? await this.grantedIds(caller, owned) : new Set<number>();
    const kept = owned.filter((repository) => {
      switch (type) {
        case 'all':
          return true;
        case 'public':
          return !repository.private;
        case 'private':
          return repository.private;
        case 'forks':
          return repository.fork;
        case 'sources':
          return !repository.fork;
        case 'member':
          return granted.has(repository.id);
      }
    });
    return this.finish(caller, kept, order, page);
  }

  // GET /repos/{owner}/{repo}/forks
  async forksOf(caller: AccessCaller, repository: RepositoryDocument, order: ListOrder, page: Page): Promise<Paged<ListedRepository>> {
    return this.finish(caller, await this.repositories.forksOf(repository.id), order, page);
  }

  // GET /user/starred, GET /users/{username}/starred: by when they were starred (GitHub's
  // sort=created, the default), only what the caller may read.
  async starredBy(caller: AccessCaller, userId: number, direction: SortDirection, page: Page): Promise<Paged<ListedRepository>> {
    const stars = await this.store
      .collection<RepositoryStarDocument>(REPOSITORY_STARS_COLLECTION)
      .find({ user_id: userId }, { sort: { starred_at: direction === 'asc' ? 1 : -1, repository_id: 1 } });
    const byId = new Map((await this.repositories.byIds(stars.map((star) => star.repository_id))).map((repository) => [repository.id, repository]));
    const starred = stars.flatMap((star) => (byId.has(star.repository_id) ? [byId.get(star.repository_id)!] : []));
    return this.readablePage(caller, starred, page);
  }

  private async finish(caller: AccessCaller, candidates: readonly RepositoryDocument[], order: ListOrder, page: Page): Promise<Paged<ListedRepository>> {
    const unique = [...new Map(candidates.map((repository) => [repository.id, repository])).values()];
    return this.readablePage(caller, unique, page, comparator(order));
  }

  private async readablePage(
    caller: AccessCaller,
    candidates: readonly RepositoryDocument[],
    { page, perPage }: Page,
    order?: (a: ListedRepository, b: ListedRepository) => number,
  ): Promise<Paged<ListedRepository>> {
    const roleOf = await this.access.rolesForCaller(caller);
    const readable = candidates.map((repository) => ({ repository, role: roleOf(repository) })).filter(({ role }) => role !== 'none');
    const owners = await this.repositories.accountsByIds(readable.map(({ repository }) => repository.owner_id));
    const listed = readable.flatMap(({ repository, role }) => {
      const owner = owners.get(repository.owner_id);
      return owner ? [{ repository, owner, role }] : [];
    });
    if (order) listed.sort(order);
    return { items: listed.slice((page - 1) * perPage, page * perPage), totalCount: listed.length };
  }

  private async grantedIds(caller: AccessCaller, repositories: readonly RepositoryDocument[]): Promise<Set<number>> {
    const granted = new Set<number>();
    for (const repository of repositories) if ((await this.access.grantedRoleFor(caller, repository)) !== 'none') granted.add(repository.id);
    return granted;
  }

  private async organizationIdsOf(userId: number): Promise<number[]> {
    const memberships = await this.store.collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION).find({ user_id: userId, state: 'active' });
    return memberships.map((membership) => membership.org_id);
  }
}

function sortKey(listed: ListedRepository, sort: RepositorySort): string | number {
  switch (sort) {
    case 'created':
      return listed.repository.created_at;
    case 'updated':
      return listed.repository.updated_at;
    case 'pushed':
      return listed.repository.pushed_at;
    case 'full_name':
      return `${listed.owner.login}/${listed.repository.name}`.toLowerCase();
    case 'stargazers':
      return listed.repository.stargazers_count;
  }
}

function comparator({ sort, direction }: ListOrder): (a: ListedRepository, b: ListedRepository) => number {
  const sign = direction === 'asc' ? 1 : -1;
  return (a, b) => {
    const left = sortKey(a, sort);
    const right = sortKey(b, sort);
    if (left !== right) return (left < right ? -1 : 1) * sign;
    return (a.repository.id - b.repository.id) * sign;
  };
}
