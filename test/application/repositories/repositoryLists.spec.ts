import { expect } from 'chai';
import { seededRandom } from '../../support/seededRandom.js';
import type { AccessCaller, AccessibleRepository } from '../../../application/shared/access/repositoryAccess.query.js';
import { RepositoryAccessQuery } from '../../../application/shared/access/repositoryAccess.query.js';
import { ORGANIZATIONS_COLLECTION, ORG_MEMBERSHIPS_COLLECTION } from '../../../application/accounts/organizations.readModel.js';
import { USERS_COLLECTION, type UserDocument } from '../../../application/accounts/users.readModel.js';
import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  REPOSITORY_STARS_COLLECTION,
  REPOSITORY_SUBSCRIPTIONS_COLLECTION,
  fullNameKey,
  type RepositoryDocument,
} from '../../../application/repositories/repositories.readModel.js';
import { RepositoryQueries, type Paged } from '../../../application/repositories/repository.queries.js';
import {
  RepositoryLists,
  type Affiliation,
  type ListOrder,
  type ListedRepository,
  type OrganizationListType,
  type RepositorySort,
} from '../../../application/repositories/repositoryLists.query.js';
import type { CollaboratorPermission, RepositoryPermission } from '../../../domain/shared/access.js';
import { repositoriesProjection } from '../../../projections/repositories/repositories.projection.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';

const USERS = [1, 2, 3, 4, 5, 6, 7, 8];
const ORGS = [101, 102, 103];
const DEFAULTS = { 101: 'none', 102: 'read', 103: 'write' } as const;
const SORTS: readonly RepositorySort[] = ['created', 'updated', 'pushed', 'full_name'];

interface World {
  readonly lists: RepositoryLists;
  readonly access: RepositoryAccessQuery;
  readonly repositories: readonly RepositoryDocument[];
  readonly accounts: ReadonlyMap<number, UserDocument>;
  readonly memberships: ReadonlyMap<number, readonly number[]>;
  readonly collaborations: ReadonlyMap<number, readonly number[]>;
  readonly stars: readonly { readonly user_id: number; readonly repository_id: number; readonly starred_at: string; readonly pushed_at: string }[];
  readonly subscriptions: readonly { readonly user_id: number; readonly repository_id: number; readonly created_at: string; readonly subscribed: boolean }[];
}

async function world(): Promise<World> {
  const random = seededRandom(17);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const store = new EmbeddedReadModelStore();
  for (const collection of repositoriesProjection.collections)
    if (collection.indexes?.length) await store.collection(collection.name).createIndexes(collection.indexes);
  const accounts = new Map<number, UserDocument>();
  for (const id of [...USERS, ...ORGS]) {
    const organization = ORGS.includes(id);
    // Logins chosen so that full_name order across owners differs from owner id order.
    const login = organization ? `Org-${'zyx'[id - 101]}` : `u${9 - id}${id % 2 === 0 ? '-x' : ''}`;
    const account = { _id: String(id), id, login, login_key: login.toLowerCase(), type: organization ? 'Organization' : 'User', site_admin: id === 8 };
    accounts.set(id, account as unknown as UserDocument);
    await store.collection(USERS_COLLECTION).insertOne(account);
  }
  for (const id of ORGS)
    await store.collection(ORGANIZATIONS_COLLECTION).insertOne({ _id: String(id), id, default_repository_permission: DEFAULTS[id as 101] });
  const memberships = new Map<number, number[]>();
  for (const userId of USERS)
    for (const orgId of ORGS) {
      if (random() < 0.5) continue;
      await store
        .collection(ORG_MEMBERSHIPS_COLLECTION)
        .insertOne({ _id: `${orgId}:${userId}`, org_id: orgId, user_id: userId, role: random() < 0.3 ? 'admin' : 'member', state: 'active' });
      memberships.set(userId, [...(memberships.get(userId) ?? []), orgId]);
    }
  const repositories: RepositoryDocument[] = [];
  const date = () => `2026-0${1 + Math.floor(random() * 3)}-1${Math.floor(random() * 4)}T00:00:00Z`;
  for (let id = 1; id <= 240; id++) {
    const owner = accounts.get(pick([...USERS, ...ORGS]))!;
    const parent = id > 20 && random() < 0.35 ? pick(repositories) : undefined;
    const name = `${'AbcD'[id % 4]}repo-${id}`;
    // A fork of a private network names its source's owner: the source's readers read it too.
    const source = parent && (parent.source_id === null ? parent : repositories.find((candidate) => candidate.id === parent.source_id)!);
    const repository = {
      _id: String(id),
      id,
      owner_id: owner.id,
      owner_type: owner.type,
      name,
      name_key: name.toLowerCase(),
      private: parent ? parent.private : random() < 0.4,
      fork: parent !== undefined,
      parent_id: parent?.id ?? null,
      source_id: parent ? (parent.source_id ?? parent.id) : null,
      upstream_owner_id: source?.private ? source.owner_id : null,
      upstream_owner_type: source?.private ? source.owner_type : null,
      archived: random() < 0.1,
      stargazers_count: Math.floor(random() * 4),
      created_at: date(),
      updated_at: date(),
      pushed_at: date(),
    } as unknown as RepositoryDocument;
    repositories.push(repository);
    await store.collection(REPOSITORIES_COLLECTION).insertOne(repository);
  }
  const collaborations = new Map<number, number[]>();
  const permissions: readonly CollaboratorPermission[] = ['pull', 'triage', 'push', 'maintain', 'admin'];
  for (let n = 0; n < 240; n++) {
    const repository = pick(repositories);
    const userId = pick(USERS);
    // No one collaborates on a repository it owns (the projection drops the new owner's on a transfer).
    if (collaborations.get(userId)?.includes(repository.id) || repository.owner_id === userId) continue;
    // Each carries its repository's owner, visibility and sort keys, as the projection keeps them.
    await store.collection(REPOSITORY_COLLABORATORS_COLLECTION).insertOne({
      _id: `${repository.id}:${userId}`,
      repository_id: repository.id,
      user_id: userId,
      permission: pick(permissions),
      owner_id: repository.owner_id,
      private: repository.private,
      repository_created_at: repository.created_at,
      repository_updated_at: repository.updated_at,
      repository_pushed_at: repository.pushed_at,
      full_name_key: fullNameKey(accounts.get(repository.owner_id)!.login, repository.name),
    });
    collaborations.set(userId, [...(collaborations.get(userId) ?? []), repository.id]);
  }
  const stars: { user_id: number; repository_id: number; starred_at: string; pushed_at: string }[] = [];
  for (let n = 0; n < 300; n++) {
    const repository = pick(repositories);
    const userId = pick(USERS);
    if (stars.some((star) => star.user_id === userId && star.repository_id === repository.id)) continue;
    // Few distinct times: ties broken by repository id.
    // Each star carries its repository's pushed_at (sort=updated), as the projection keeps it.
    const star = { user_id: userId, repository_id: repository.id, starred_at: date(), pushed_at: repository.pushed_at as string };
    stars.push(star);
    // And its repository's visibility and owner.
    await store
      .collection(REPOSITORY_STARS_COLLECTION)
      .insertOne({ _id: `${repository.id}:${userId}`, ...star, private: repository.private, owner_id: repository.owner_id });
  }
  const subscriptions: { user_id: number; repository_id: number; created_at: string; subscribed: boolean }[] = [];
  for (let n = 0; n < 300; n++) {
    const repository = pick(repositories);
    const userId = pick(USERS);
    if (subscriptions.some((subscription) => subscription.user_id === userId && subscription.repository_id === repository.id)) continue;
    // A fifth of them ignoring the repository (not listed).
    const subscribed = random() >= 0.2;
    const subscription = { user_id: userId, repository_id: repository.id, created_at: date(), subscribed };
    subscriptions.push(subscription);
    await store.collection(REPOSITORY_SUBSCRIPTIONS_COLLECTION).insertOne({
      _id: `${repository.id}:${userId}`,
      ...subscription,
      ignored: !subscribed,
      private: repository.private,
      owner_id: repository.owner_id,
    });
  }
  const queries = new RepositoryQueries(store);
  const access = new RepositoryAccessQuery(store);
  return { lists: new RepositoryLists(store, queries, access), access, repositories, accounts, memberships, collaborations, stars, subscriptions };
}

// The lists as they were before the ordered indexes: every candidate gathered, each decided,
// sorted in memory. What the page-cost lists must answer, page for page.
function reference(
  w: World,
  roleOf: (repository: AccessibleRepository) => RepositoryPermission,
  candidates: readonly RepositoryDocument[],
  order: ListOrder,
  page: number,
  perPage: number,
): { ids: number[]; roles: RepositoryPermission[]; totalCount: number } {
  const key = (repository: RepositoryDocument): string | number => {
    switch (order.sort) {
      case 'full_name':
        return `${w.accounts.get(repository.owner_id)!.login}/${repository.name}`.toLowerCase();
      case 'stargazers':
        return repository.stargazers_count;
      default:
        return repository[`${order.sort}_at`] as string;
    }
  };
  const sign = order.direction === 'asc' ? 1 : -1;
  const readable = [...new Map(candidates.map((repository) => [repository.id, repository])).values()].filter((repository) => roleOf(repository) !== 'none');
  readable.sort((a, b) => (key(a) === key(b) ? a.id - b.id : key(a) < key(b) ? -1 : 1) * sign);
  const items = readable.slice((page - 1) * perPage, page * perPage);
  return { ids: items.map((repository) => repository.id), roles: items.map(roleOf), totalCount: readable.length };
}

function answered(paged: Paged<ListedRepository>) {
  return {
    ids: paged.items.map(({ repository }) => repository.id),
    roles: paged.items.map(({ role }) => role),
    totalCount: paged.totalCount,
  };
}

const CALLERS: readonly AccessCaller[] = [
  null,
  ...USERS.map((userId) => ({ userId, siteAdmin: userId === 8 })),
  { userId: 2, siteAdmin: false, scopes: ['public_repo'] },
  { userId: 3, siteAdmin: false, scopes: ['repo'] },
  { userId: 4, siteAdmin: false, scopes: [] },
];

describe('RepositoryLists: pages read from the ordered indexes answer as the whole list sorted in memory', function () {
  let w: World;
  const random = seededRandom(5);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const order = (): ListOrder => ({ sort: pick(SORTS), direction: pick(['asc', 'desc'] as const) });
  const paging = () => ({ page: 1 + Math.floor(random() * 4), perPage: pick([1, 5, 13, 100]) });

  before(async function () {
    w = await world();
  });

  it('GET /orgs/{org}/repos: every type, order and page, for every caller', async function () {
    const types: readonly OrganizationListType[] = ['all', 'public', 'private', 'forks', 'sources', 'member'];
    for (let n = 0; n < 600; n++) {
      const [caller, organization, type, listOrder, { page, perPage }] = [pick(CALLERS), w.accounts.get(pick(ORGS))!, pick(types), order(), paging()];
      const access = await w.access.accessOfCaller(caller);
      // The reference decides every repository of the world: all its collaborations learned.
      await access.learn(w.repositories);
      const candidates = w.repositories.filter(
        (repository) =>
          repository.owner_id === organization.id &&
          (type === 'public' ? !repository.private : type === 'private' ? repository.private : true) &&
          (type === 'forks' ? repository.fork : type === 'sources' ? !repository.fork : true) &&
          (type !== 'member' || access.grantedRoleOf(repository) !== 'none'),
      );
      const expected = reference(w, access.roleOf, candidates, listOrder, page, perPage);
      const actual = answered(await w.lists.forOrganization(caller, organization, type, listOrder, { page, perPage }));
      expect(actual, JSON.stringify({ caller, org: organization.id, type, listOrder, page, perPage })).to.deep.equal(expected);
    }
  });

  it('GET /users/{username}/repos: owner, member and all, for every caller', async function () {
    for (let n = 0; n < 600; n++) {
      const [caller, account, type, listOrder, { page, perPage }] = [
        pick(CALLERS),
        w.accounts.get(pick([...USERS, ...ORGS]))!,
        pick(['all', 'owner', 'member'] as const),
        order(),
        paging(),
      ];
      const access = await w.access.accessOfCaller(caller);
      // The reference decides every repository of the world: all its collaborations learned.
      await access.learn(w.repositories);
      const collaborating = new Set(w.collaborations.get(account.id) ?? []);
      const candidates = w.repositories.filter(
        (repository) => (type !== 'member' && repository.owner_id === account.id) || (type !== 'owner' && collaborating.has(repository.id)),
      );
      const expected = reference(w, access.roleOf, candidates, listOrder, page, perPage);
      const actual = answered(await w.lists.forAccount(caller, account, type, listOrder, { page, perPage }));
      expect(actual, JSON.stringify({ caller, account: account.id, type, listOrder, page, perPage })).to.deep.equal(expected);
    }
  });

  it('GET /user/repos: every affiliation set and visibility', async function () {
    const affiliationSets: readonly Affiliation[][] = [
      ['owner'],
      ['collaborator'],
      ['organization_member'],
      ['owner', 'collaborator'],
      ['owner', 'organization_member'],
      ['collaborator', 'organization_member'],
      ['owner', 'collaborator', 'organization_member'],
    ];
    for (let n = 0; n < 600; n++) {
      const caller = pick(CALLERS.filter((candidate) => candidate !== null))!;
      const [affiliations, visibility, listOrder, { page, perPage }] = [
        new Set(pick(affiliationSets)),
        pick(['all', 'public', 'private'] as const),
        order(),
        paging(),
      ];
      const access = await w.access.accessOfCaller(caller);
      // The reference decides every repository of the world: all its collaborations learned.
      await access.learn(w.repositories);
      const organizations = new Set(w.memberships.get(caller.userId) ?? []);
      const collaborating = new Set(w.collaborations.get(caller.userId) ?? []);
      const candidates = w.repositories.filter(
        (repository) =>
          (visibility === 'all' || repository.private === (visibility === 'private')) &&
          ((affiliations.has('owner') && repository.owner_id === caller.userId) ||
            (affiliations.has('collaborator') && collaborating.has(repository.id)) ||
            (affiliations.has('organization_member') && organizations.has(repository.owner_id))),
      );
      const expected = reference(w, access.roleOf, candidates, listOrder, page, perPage);
      const actual = answered(await w.lists.forAuthenticatedUser(caller, { affiliations, visibility }, listOrder, { page, perPage }));
      expect(actual, JSON.stringify({ caller, affiliations: [...affiliations], visibility, listOrder, page, perPage })).to.deep.equal(expected);
    }
  });

  it('GET /repos/{owner}/{repo}/forks: public and private forks, newest, oldest and by stargazers', async function () {
    const parents = w.repositories.filter((repository) => w.repositories.some((fork) => fork.parent_id === repository.id));
    expect(parents.some((parent) => parent.private)).to.equal(true);
    for (let n = 0; n < 400; n++) {
      const [caller, parent, { page, perPage }] = [pick(CALLERS), pick(parents), paging()];
      const listOrder: ListOrder = pick([
        { sort: 'created', direction: 'desc' },
        { sort: 'created', direction: 'asc' },
        { sort: 'stargazers', direction: 'desc' },
      ]);
      const access = await w.access.accessOfCaller(caller);
      // The reference decides every repository of the world: all its collaborations learned.
      await access.learn(w.repositories);
      // A public parent lists its public forks only, as its forks_count counts them.
      const candidates = w.repositories.filter((repository) => repository.parent_id === parent.id && (parent.private || !repository.private));
      const expected = reference(w, access.roleOf, candidates, listOrder, page, perPage);
      const actual = answered(await w.lists.forksOf(caller, parent, listOrder, { page, perPage }));
      expect(actual, JSON.stringify({ caller, parent: parent.id, listOrder, page, perPage })).to.deep.equal(expected);
    }
  });

  it('GET /users/{username}/starred: by when starred or last pushed to, both directions, private stars only to who reads them', async function () {
    for (let n = 0; n < 600; n++) {
      const [caller, userId, direction, { page, perPage }] = [pick(CALLERS), pick(USERS), pick(['asc', 'desc'] as const), paging()];
      const sort = pick(['created', 'updated'] as const);
      const field = sort === 'updated' ? 'pushed_at' : 'starred_at';
      const access = await w.access.accessOfCaller(caller);
      // The reference decides every repository of the world: all its collaborations learned.
      await access.learn(w.repositories);
      const sign = direction === 'asc' ? 1 : -1;
      const byId = new Map(w.repositories.map((repository) => [repository.id, repository]));
      const readable = w.stars
        .filter((star) => star.user_id === userId && access.roleOf(byId.get(star.repository_id)!) !== 'none')
        .sort((a, b) => (a[field] === b[field] ? a.repository_id - b.repository_id : a[field] < b[field] ? -1 : 1) * sign);
      const items = readable.slice((page - 1) * perPage, page * perPage).map((star) => byId.get(star.repository_id)!);
      const expected = { ids: items.map((repository) => repository.id), roles: items.map(access.roleOf), totalCount: readable.length };
      const actual = answered(await w.lists.starredBy(caller, userId, direction, { page, perPage }, sort));
      expect(actual, JSON.stringify({ caller, userId, direction, sort, page, perPage })).to.deep.equal(expected);
    }
  });

  it('GET /users/{username}/subscriptions: the watched ones (not those ignored), oldest first, private ones only to who reads them', async function () {
    for (let n = 0; n < 400; n++) {
      const [caller, userId, { page, perPage }] = [pick(CALLERS), pick(USERS), paging()];
      const access = await w.access.accessOfCaller(caller);
      // The reference decides every repository of the world: all its collaborations learned.
      await access.learn(w.repositories);
      const byId = new Map(w.repositories.map((repository) => [repository.id, repository]));
      const readable = w.subscriptions
        .filter((watch) => watch.user_id === userId && watch.subscribed && access.roleOf(byId.get(watch.repository_id)!) !== 'none')
        .sort((a, b) => (a.created_at === b.created_at ? a.repository_id - b.repository_id : a.created_at < b.created_at ? -1 : 1));
      const items = readable.slice((page - 1) * perPage, page * perPage).map((watch) => byId.get(watch.repository_id)!);
      const expected = { ids: items.map((repository) => repository.id), roles: items.map(access.roleOf), totalCount: readable.length };
      const actual = answered(await w.lists.subscribedBy(caller, userId, { page, perPage }));
      expect(actual, JSON.stringify({ caller, userId, page, perPage })).to.deep.equal(expected);
    }
  });
});
