import { inject, injectable } from 'inversify';

import { ORG_MEMBERSHIPS_COLLECTION, type OrgMembershipDocument } from '../accounts/organizations.readModel.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import { RepositoryAccessQuery, type AccessCaller, type AccountRef, type CallerAccess } from '../shared/access/repositoryAccess.query.js';
import type { Filter, ReadModelStore, SortSpec } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  REPOSITORY_STARS_COLLECTION,
  REPOSITORY_SUBSCRIPTIONS_COLLECTION,
  type RepositoryCollaboratorDocument,
  type RepositoryDocument,
  type RepositoryStarDocument,
  type RepositorySubscriptionDocument,
} from './repositories.readModel.js';
import { RepositoryQueries, type Page, type Paged } from './repository.queries.js';
import { linkedRepositories, readUpTo, userLinksPage } from './repositoryLinkPages.js';

import {
  comparator,
  sortSpec,
  type ListedRepository,
  type ListOrder,
  type OwnedRepository,
  type RepositorySort,
  type SortDirection,
} from './repositoryListOrder.js';
import {
  BOTH,
  forksThroughSources,
  inRun,
  LOOKUP_CHUNK,
  networkUpstreamOf,
  NO_ONES,
  ownerRuns,
  readsPrivateRepositories,
  type Run,
  type Sources,
} from './repositoryListRuns.js';

// Re-exported: the routes and specs name the list's order through this module.
export type { ListedRepository, ListOrder, RepositorySort, SortDirection } from './repositoryListOrder.js';

export type Affiliation = 'owner' | 'collaborator' | 'organization_member';

// What a user's star, subscription or collaboration says of a repository, visibility included
// (kept with it, so that the public ones page from an index).

// The field of a collaboration each order of the lists reads (the repository's, kept with it).
const COLLABORATION_SORT_FIELDS: Readonly<Partial<Record<RepositorySort, keyof RepositoryCollaboratorDocument & string>>> = {
  created: 'repository_created_at',
  updated: 'repository_updated_at',
  pushed: 'repository_pushed_at',
  full_name: 'full_name_key',
};

// A starred repository with when the star was given (the star media type shows it).
export interface StarredRepository extends ListedRepository {
  readonly starredAt: string;
}

// GitHub's sorts of a user's stars: when starred, or when the repository was last pushed to.
export type StarSort = 'created' | 'updated';

export interface AuthenticatedUserFilter {
  readonly affiliations: ReadonlySet<Affiliation>;
  readonly visibility: 'all' | 'public' | 'private';
}

export type OrganizationListType = 'all' | 'public' | 'private' | 'forks' | 'sources' | 'member';

// A page costs what it touches: each run is read up to the end of the page from the ordered
// indexes the repositories projection declares (owner × visibility × fork × sort), counts come
// from those indexes, and what the caller reads one by one (its collaborations) is bounded by
// the caller. The runs merge by the list's order (full_name across owners needs the logins).
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
    const access = await this.access.accessOfCaller(caller);
    const visibilities = filter.visibility === 'all' ? BOTH : [filter.visibility === 'private'];
    const owners: AccountRef[] = [];
    if (filter.affiliations.has('owner')) owners.push({ id: caller.userId, type: 'User' });
    if (filter.affiliations.has('organization_member')) for (const id of await this.organizationIdsOf(caller.userId)) owners.push({ id, type: 'Organization' });
    // Repositories the caller reads through their affiliations only: a private fork read through
    // its source is none of owner, collaborator or organization member (GitHub's affiliations).
    const runs = owners.flatMap((owner) => ownerRuns(access, owner, visibilities, BOTH, false, false));
    const ownerIds = new Set(owners.map((owner) => owner.id));
    const field = COLLABORATION_SORT_FIELDS[order.sort];
    // Its collaborations from their ordered indexes, to the end of the page; without the
    // collaborator affiliation, those on the listed owners' repositories no run holds, named.
    const pairedRuns = runs.every((run) => wholeOwners(runs, run.filter.private === true).has(run.filter.owner_id as number));
    const linked =
      filter.affiliations.has('collaborator') && field !== undefined && pairedRuns
        ? await this.ownCollaborationsUpTo(access, caller.userId, runs, visibilities, field, order, page)
        : undefined;
    const named = await this.named(
      access,
      runs,
      linked !== undefined
        ? []
        : filter.affiliations.has('collaborator')
          ? await this.callerCollaborationIds(caller.userId)
          : await this.callerCollaborationsAmong(caller.userId, ownerIds),
      (repository) => visibilities.includes(repository.private) && (filter.affiliations.has('collaborator') || ownerIds.has(repository.owner_id)),
    );
    return this.pageOf(access, { runs, named, linked }, order, page);
  }

  // The first page * perPage repositories the caller collaborates on, of the visibilities asked
  // for, that no run holds, in the list's order, and how many: from the collaborations' ordered
  // indexes. The caller reads each (it collaborates on it) unless its token reads no private
  // repository. A run holds an owner's repositories of one visibility whole (both fork values):
  // the collaborations on them are passed over and taken off the count, per owner, by index.
  private async ownCollaborationsUpTo(
    access: CallerAccess,
    userId: number,
    runs: readonly Run[],
    visibilities: readonly boolean[],
    field: keyof RepositoryCollaboratorDocument & string,
    order: ListOrder,
    { page, perPage }: Page,
  ): Promise<NonNullable<Sources['linked']>> {
    const links = this.store.collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION);
    const sign = order.direction === 'asc' ? 1 : -1;
    const sort: SortSpec = { [field]: sign, repository_id: sign };
    const wanted = page * perPage;
    const readable = visibilities.filter((isPrivate) => !isPrivate || readsPrivateRepositories(access));
    const parts = await Promise.all(
      readable.map(async (isPrivate) => {
        const ofVisibility = { user_id: userId, private: isPrivate };
        const covered = wholeOwners(runs, isPrivate);
        const [read, count, inRuns] = await Promise.all([
          readUpTo(links, ofVisibility, sort, wanted, (link) => !covered.has(link.owner_id)),
          links.count(ofVisibility),
          Promise.all([...covered].map((ownerId) => links.count({ ...ofVisibility, owner_id: ownerId }))),
        ]);
        return { read, count: inRuns.reduce((left, held) => left - held, count) };
      }),
    );
    const at = (link: RepositoryCollaboratorDocument) => link[field] as string;
    const first = parts
      .flatMap((part) => part.read)
      .sort((a, b) => (at(a) === at(b) ? a.repository_id - b.repository_id : at(a) < at(b) ? -1 : 1) * sign)
      .slice(0, wanted);
    return { repositories: await linkedRepositories(this.repositories, first), count: parts.reduce((sum, part) => sum + part.count, 0) };
  }

  // The caller's collaborations on these owners' repositories (its own documents, each naming
  // the repository's owner), by the collaborations' owner (`user_owner`): not all it collaborates on.
  private async callerCollaborationsAmong(userId: number, ownerIds: ReadonlySet<number>): Promise<number[]> {
    const owners = [...ownerIds];
    const links = this.store.collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION);
    const found: number[] = [];
    for (let at = 0; at < owners.length; at += LOOKUP_CHUNK) {
      const chunk = { user_id: userId, owner_id: { $in: owners.slice(at, at + LOOKUP_CHUNK) } };
      found.push(...(await links.find(chunk, { projection: { repository_id: 1 } })).map((collaboration) => collaboration.repository_id));
    }
    return found;
  }

  // Every repository the caller collaborates on: a run of its collaborations as long as they
  // are many. Only where no ordered index serves the list (an order no collaboration keeps),
  // or where the other side of a look-up is larger still (see fewerOf).
  private async callerCollaborationIds(userId: number): Promise<number[]> {
    const links = this.store.collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION);
    return (await links.find({ user_id: userId }, { projection: { repository_id: 1 } })).map((collaboration) => collaboration.repository_id);
  }

  // GET /users/{username}/repos: what the account owns, what it collaborates on, or both.
  async forAccount(
    caller: AccessCaller,
    account: UserDocument,
    type: 'all' | 'owner' | 'member',
    order: ListOrder,
    page: Page,
  ): Promise<Paged<ListedRepository>> {
    const access = await this.access.accessOfCaller(caller);
    const owned = type !== 'member';
    const runs = owned ? ownerRuns(access, { id: account.id, type: account.type }, BOTH, BOTH, false, true) : [];
    // The account's collaborations (never on its own repositories: the projection drops the
    // new owner's on a transfer) from their ordered index, to the end of the page.
    const field = COLLABORATION_SORT_FIELDS[order.sort];
    const linked = type !== 'owner' && field !== undefined ? await this.collaborationsUpTo(access, account.id, field, order, page) : undefined;
    // An order no collaboration keeps (none the API offers here): each collaboration decided.
    const collaborating = type !== 'owner' && linked === undefined ? (await this.repositories.collaborationsOf(account.id)).map((c) => c.repository_id) : [];
    const collaboratingIds = new Set(collaborating);
    const named = await this.named(
      access,
      runs,
      [...(owned ? await this.callerCollaborationsOn(access, account.id) : []), ...collaborating],
      (repository) => (owned && repository.owner_id === account.id) || collaboratingIds.has(repository.id),
      owned && forksThroughSources(runs, account, BOTH, BOTH) ? await this.forksOfCollaboratedSources(access, account.id) : [],
    );
    return this.pageOf(access, { runs, named, linked }, order, page);
  }

  // The first page * perPage repositories a user collaborates on that the caller reads, in the
  // list's order, and how many it reads: from the index of the collaborations by visibility
  // and `field` (the repository's sort key, kept on each), as a user's stars are read. The
  // user reading its own reads every one (it collaborates on each): counted from the index.
  private async collaborationsUpTo(
    access: CallerAccess,
    userId: number,
    field: keyof RepositoryCollaboratorDocument & string,
    order: ListOrder,
    { page, perPage }: Page,
  ): Promise<NonNullable<Sources['linked']>> {
    const { links, totalCount } = await userLinksPage(
      this.repositories,
      access,
      this.store.collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION),
      { user_id: userId },
      { field, sign: order.direction === 'asc' ? 1 : -1 },
      { page: 1, perPage: page * perPage },
      access.ownAccounts[0]?.id === userId,
    );
    return { repositories: await linkedRepositories(this.repositories, links), count: totalCount };
  }

  // GET /orgs/{org}/repos
  async forOrganization(
    caller: AccessCaller,
    organization: UserDocument,
    type: OrganizationListType,
    order: ListOrder,
    page: Page,
  ): Promise<Paged<ListedRepository>> {
    const access = await this.access.accessOfCaller(caller);
    const visibilities = type === 'public' ? [false] : type === 'private' ? [true] : BOTH;
    const forks = type === 'forks' ? [true] : type === 'sources' ? [false] : BOTH;
    // 'member': the repositories the caller holds a role on, not those it reads in public, nor
    // private forks it reads only through their sources.
    const inheritedForks = type !== 'member';
    const runs = ownerRuns(access, { id: organization.id, type: 'Organization' }, visibilities, forks, type === 'member', inheritedForks);
    const named = await this.named(
      access,
      runs,
      await this.callerCollaborationsOn(access, organization.id),
      (repository) => repository.owner_id === organization.id && visibilities.includes(repository.private) && forks.includes(repository.fork),
      inheritedForks && forksThroughSources(runs, organization, visibilities, forks) ? await this.forksOfCollaboratedSources(access, organization.id) : [],
    );
    return this.pageOf(access, { runs, named }, order, page);
  }

  // GET /repos/{owner}/{repo}/forks: public forks are anyone's to read. A private repository's
  // private forks inherit its network's readers: whoever reads them all through the network's
  // source reads them as a run (`forks_upstream_<sort>`: parent × private × upstream owner), and
  // the others it reads (its own, its organizations', those it collaborates on) are named, so a
  // page never decides the repository's private forks one by one.
  async forksOf(caller: AccessCaller, repository: RepositoryDocument, order: ListOrder, page: Page): Promise<Paged<ListedRepository>> {
    const access = await this.access.accessOfCaller(caller);
    // A public repository's private forks are not its network's (GitHub moves them into networks
    // of their own; see visibleForksCount): the list leaves them out as forks_count does.
    const runs: Run[] = [{ filter: { parent_id: repository.id, private: false }, exact: true }];
    if (!repository.private) return this.pageOf(access, { runs, named: [] }, order, page);
    // A private repository of nobody's, with no network: only a site administrator reads it.
    const anyPrivate = { ...NO_ONES, private: true, source_id: null, upstream_owner_id: null, upstream_owner_type: null };
    if (access.roleOf(anyPrivate) !== 'none') {
      runs.push({ filter: { parent_id: repository.id, private: true }, exact: true });
      return this.pageOf(access, { runs, named: [] }, order, page);
    }
    const upstream = networkUpstreamOf(repository);
    if (upstream !== null) {
      // A private fork of this network read by no grant of its own: what its source gives.
      const synthetic = {
        ...NO_ONES,
        private: true,
        source_id: repository.source_id ?? repository.id,
        upstream_owner_id: upstream.id,
        upstream_owner_type: upstream.type,
      };
      await access.learn([synthetic]);
      if (access.roleOf(synthetic) !== 'none') runs.push({ filter: { parent_id: repository.id, private: true, upstream_owner_id: upstream.id }, exact: true });
    }
    const named = await this.named(
      access,
      runs,
      await this.privateForksCollaboratedOn(access, repository.id),
      (fork) => fork.parent_id === repository.id && fork.private,
      await this.forksOwnedByCaller(access, repository.id),
    );
    return this.pageOf(access, { runs, named }, order, page);
  }

  // Candidates for the repository's private forks the caller collaborates on (`named` decides
  // each): the repository's private forks (`parent_private`), or the caller's collaborations,
  // whichever the indexes count fewer of.
  private async privateForksCollaboratedOn(access: CallerAccess, repositoryId: number): Promise<number[]> {
    const caller = access.ownAccounts[0];
    if (caller === undefined) return [];
    const repositories = this.store.collection<RepositoryDocument>(REPOSITORIES_COLLECTION);
    const forks = { parent_id: repositoryId, private: true };
    return (await this.fewerOf(caller.id, forks))
      ? (await repositories.find(forks, { projection: { id: 1 } })).map((fork) => fork.id)
      : this.callerCollaborationIds(caller.id);
  }

  // Whether the repositories `filter` holds are no more than the caller's collaborations: both
  // counted from their indexes, so a look-up walks the shorter of the two runs.
  private async fewerOf(userId: number, filter: Filter): Promise<boolean> {
    const [repositories, collaborations] = await Promise.all([
      this.store.collection<RepositoryDocument>(REPOSITORIES_COLLECTION).count(filter),
      this.store.collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION).count({ user_id: userId }),
    ]);
    return repositories <= collaborations;
  }

  // The repository's private forks owned by the caller or its organizations: by parent and
  // owner (`parent_owner`), bounded by the caller's accounts.
  private async forksOwnedByCaller(access: CallerAccess, repositoryId: number): Promise<RepositoryDocument[]> {
    const repositories = this.store.collection<RepositoryDocument>(REPOSITORIES_COLLECTION);
    const owners = access.ownAccounts.map((account) => account.id);
    const found: RepositoryDocument[] = [];
    for (let at = 0; at < owners.length; at += LOOKUP_CHUNK)
      found.push(...(await repositories.find({ parent_id: repositoryId, owner_id: { $in: owners.slice(at, at + LOOKUP_CHUNK) } })));
    return found.filter((fork) => fork.private);
  }

  // GET /user/starred, GET /users/{username}/starred: by when they were starred (GitHub's
  // sort=created, the default) or when their repositories were last pushed to (sort=updated),
  // only what the caller may read. Ties go by repository id in the same direction (the index's order).
  async starredBy(caller: AccessCaller, userId: number, direction: SortDirection, page: Page, sort: StarSort = 'created'): Promise<Paged<StarredRepository>> {
    const access = await this.access.accessOfCaller(caller);
    const sign: 1 | -1 = direction === 'asc' ? 1 : -1;
    const { links, totalCount } = await userLinksPage(
      this.repositories,
      access,
      this.store.collection<RepositoryStarDocument>(REPOSITORY_STARS_COLLECTION),
      { user_id: userId },
      { field: sort === 'updated' ? 'pushed_at' : 'starred_at', sign },
      page,
    );
    const repositories = await linkedRepositories(this.repositories, links);
    const starredAt = new Map(links.map((star) => [star.repository_id, star.starred_at]));
    const items = (await this.listed(access, repositories)).map((listed) => ({ ...listed, starredAt: starredAt.get(listed.repository.id)! }));
    return { items, totalCount };
  }

  // GET /user/subscriptions, /users/{username}/subscriptions: the repositories a user watches
  // (subscribed, not ignoring) that the caller may read now, oldest subscription first.
  async subscribedBy(caller: AccessCaller, userId: number, page: Page): Promise<Paged<ListedRepository>> {
    const access = await this.access.accessOfCaller(caller);
    const { links, totalCount } = await userLinksPage(
      this.repositories,
      access,
      this.store.collection<RepositorySubscriptionDocument>(REPOSITORY_SUBSCRIPTIONS_COLLECTION),
      { user_id: userId, subscribed: true },
      { field: 'created_at', sign: 1 },
      page,
    );
    return { items: await this.listed(access, await linkedRepositories(this.repositories, links)), totalCount };
  }

  private async pageOf(access: CallerAccess, sources: Sources, order: ListOrder, { page, perPage }: Page): Promise<Paged<ListedRepository>> {
    const wanted = page * perPage;
    const sort = sortSpec(order);
    const [read, counts] = await Promise.all([
      Promise.all(sources.runs.map((run) => this.readRun(access, run, sort, wanted))),
      Promise.all(sources.runs.map((run) => this.countRun(access, run))),
    ]);
    const owned = await this.owned([...read.flat(), ...sources.named, ...(sources.linked?.repositories ?? [])]);
    owned.sort(comparator(order));
    const totalCount = counts.reduce((sum, count) => sum + count, sources.named.length + (sources.linked?.count ?? 0));
    // Only the page's own roles decided: their collaborations learned, not those of the pages before.
    return { items: await this.decided(access, owned.slice((page - 1) * perPage, wanted)), totalCount };
  }

  // Each repository with its owner (those whose owner is gone are left out) and the caller's role.
  private async listed(access: CallerAccess, repositories: readonly RepositoryDocument[]): Promise<ListedRepository[]> {
    return this.decided(access, await this.owned(repositories));
  }

  // Each repository with its owner: those whose owner is gone are left out.
  private async owned(repositories: readonly RepositoryDocument[]): Promise<OwnedRepository[]> {
    const owners = await this.repositories.accountsByIds(repositories.map((repository) => repository.owner_id));
    return repositories.flatMap((repository) => {
      const owner = owners.get(repository.owner_id);
      return owner ? [{ repository, owner }] : [];
    });
  }

  // The caller's role on each, from its collaborations on these repositories only.
  private async decided(access: CallerAccess, owned: readonly OwnedRepository[]): Promise<ListedRepository[]> {
    await access.learn(owned.map((item) => item.repository));
    return owned.map((item) => ({ ...item, role: access.roleOf(item.repository) }));
  }

  // The first `wanted` repositories of a run the caller reads. A run not exact is read with a
  // limit doubled until it has them (or ends): linear in what it passes over.
  private async readRun(access: CallerAccess, run: Run, sort: SortSpec, wanted: number): Promise<RepositoryDocument[]> {
    const repositories = this.store.collection<RepositoryDocument>(REPOSITORIES_COLLECTION);
    if (run.exact) return repositories.find(run.filter, { sort, limit: wanted });
    for (let limit = Math.max(wanted, 32); ; limit *= 2) {
      const read = await repositories.find(run.filter, { sort, limit });
      await access.learn(read);
      const readable = read.filter((repository) => access.roleOf(repository) !== 'none');
      if (readable.length >= wanted || read.length < limit) return readable.slice(0, wanted);
    }
  }

  private async countRun(access: CallerAccess, run: Run): Promise<number> {
    const repositories = this.store.collection<RepositoryDocument>(REPOSITORIES_COLLECTION);
    if (run.exact) return repositories.count(run.filter);
    const read = await repositories.find(run.filter);
    await access.learn(read);
    return read.filter((repository) => access.roleOf(repository) !== 'none').length;
  }

  // The repositories with these ids that `keep` keeps and the caller reads, outside every run;
  // with them, `more` (already loaded, already kept) that the caller reads outside every run.
  private async named(
    access: CallerAccess,
    runs: readonly Run[],
    ids: readonly number[],
    keep: (repository: RepositoryDocument) => boolean,
    more: readonly RepositoryDocument[] = [],
  ): Promise<RepositoryDocument[]> {
    const repositories = await this.repositories.byIds([...new Set(ids)]);
    await access.learn([...repositories, ...more]);
    const readable = (repository: RepositoryDocument) => access.roleOf(repository) !== 'none' && !runs.some((run) => inRun(run, repository));
    const named = repositories.filter((repository) => keep(repository) && readable(repository));
    const seen = new Set(named.map((repository) => repository.id));
    for (const repository of more) if (!seen.has(repository.id) && readable(repository)) (named.push(repository), seen.add(repository.id));
    return named;
  }

  // The owner's private forks of the sources the caller collaborates on, which it may read
  // through them (a private fork inherits its source's readers; `named` decides each): found
  // by source and owner (`source_owner`), so bounded by the caller's collaborations, not by
  // the owner's forks.
  // When the owner has fewer private forks than the caller collaborations, its private forks
  // (`owner_id` × private × fork) are the candidates instead, each decided the same way.
  private async forksOfCollaboratedSources(access: CallerAccess, ownerId: number): Promise<RepositoryDocument[]> {
    const caller = access.ownAccounts[0];
    if (caller === undefined) return [];
    const repositories = this.store.collection<RepositoryDocument>(REPOSITORIES_COLLECTION);
    const ownerForks = { owner_id: ownerId, private: true, fork: true };
    if (await this.fewerOf(caller.id, ownerForks)) return repositories.find(ownerForks);
    const collaborationIds = await this.callerCollaborationIds(caller.id);
    const found: RepositoryDocument[] = [];
    for (let at = 0; at < collaborationIds.length; at += LOOKUP_CHUNK) {
      const sources = collaborationIds.slice(at, at + LOOKUP_CHUNK);
      found.push(...(await repositories.find({ source_id: { $in: sources }, owner_id: ownerId })));
    }
    return found.filter((repository) => repository.private && repository.fork);
  }

  // The repositories of an owner the caller collaborates on, by the collaborations' owner
  // (`user_owner`): not every repository the caller collaborates on loaded to find them.
  private async callerCollaborationsOn(access: CallerAccess, ownerId: number): Promise<number[]> {
    const caller = access.ownAccounts[0];
    if (caller === undefined) return [];
    const collaborations = await this.store
      .collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION)
      .find({ user_id: caller.id, owner_id: ownerId }, { projection: { repository_id: 1 } });
    return collaborations.map((collaboration) => collaboration.repository_id);
  }

  private async organizationIdsOf(userId: number): Promise<number[]> {
    const memberships = await this.store.collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION).find({ user_id: userId, state: 'active' });
    return memberships.map((membership) => membership.org_id);
  }
}

// The owners whose repositories of this visibility the runs hold whole: both fork values, no
// narrower filter (ownerRuns without inherited forks makes no other kind).
function wholeOwners(runs: readonly Run[], isPrivate: boolean): Set<number> {
  const held = (ownerId: unknown, fork: boolean) =>
    runs.some((run) => Object.keys(run.filter).length === 3 && run.filter.owner_id === ownerId && run.filter.private === isPrivate && run.filter.fork === fork);
  return new Set(runs.filter((run) => held(run.filter.owner_id, false) && held(run.filter.owner_id, true)).map((run) => run.filter.owner_id as number));
}
