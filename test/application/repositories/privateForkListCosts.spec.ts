import { expect } from 'chai';
import { USERS_COLLECTION, type UserDocument } from '../../../application/accounts/users.readModel.js';
import { ORGANIZATIONS_COLLECTION, ORG_MEMBERSHIPS_COLLECTION } from '../../../application/accounts/organizations.readModel.js';
import { REPOSITORIES_COLLECTION, REPOSITORY_COLLABORATORS_COLLECTION } from '../../../application/repositories/repositories.readModel.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { RepositoryLists } from '../../../application/repositories/repositoryLists.query.js';
import { RepositoryAccessQuery } from '../../../application/shared/access/repositoryAccess.query.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { organizationsProjection } from '../../../projections/accounts/organizations.projection.js';
import { usersProjection } from '../../../projections/accounts/users.projection.js';
import { repositoriesProjection } from '../../../projections/repositories/repositories.projection.js';

const BIG = 3000;
const PAGE = { page: 3, perPage: 30 };
const PAGE_WORK = PAGE.page * PAGE.perPage + 5;
const UPSTREAM = 9001; // an organization granting its members read, owning 3,000 private sources
const FORKER = 1; // a user with a private fork of each of them
const FORKING_ORG = 9003; // an organization with a private fork of each of them too
const PERSONAL = 2; // a user owning one private source, which FORKER forked
const STRANGER = 5;
const MEMBER = 6; // a member of UPSTREAM
const COLLABORATOR = 7; // a collaborator on PERSONAL's source
const PERSONAL_SOURCE = 20_001;
const FORKED = 40_000; // an UPSTREAM repository with 3,000 private forks (PERSONAL's)
const OUTSIDER = 8; // an outside collaborator on FORKED: reads it, not its forks
const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();

// Private forks are read by their sources' readers: an account's and an organization's lists
// read them through the caller's upstream owners (an index per owner × upstream owner) and its
// collaborations on sources, never by walking the owner's private forks to decide each. A
// stranger's page of an owner with 3,000 private forks tests a handful of documents.
describe("an account's private forks in its lists cost what the caller reads of them, not the owner's 3,000", function () {
  let store: EmbeddedReadModelStore;
  let lists: RepositoryLists;
  let queries: RepositoryQueries;

  before(async function () {
    this.timeout(60_000);
    store = new EmbeddedReadModelStore();
    for (const projection of [repositoriesProjection, organizationsProjection, usersProjection])
      for (const collection of projection.collections)
        if (collection.indexes?.length) await store.collection(collection.name).createIndexes(collection.indexes);
    const account = (id: number, type: 'User' | 'Organization') =>
      store.collection(USERS_COLLECTION).insertOne({ _id: String(id), id, login: `a${id}`, login_key: `a${id}`, type, site_admin: false });
    for (const id of [FORKER, PERSONAL, STRANGER, MEMBER, COLLABORATOR, OUTSIDER]) await account(id, 'User');
    for (const id of [UPSTREAM, FORKING_ORG]) {
      await account(id, 'Organization');
      await store
        .collection(ORGANIZATIONS_COLLECTION)
        .insertOne({ _id: String(id), id, login: `a${id}`, login_key: `a${id}`, default_repository_permission: 'read' });
    }
    await store
      .collection(ORG_MEMBERSHIPS_COLLECTION)
      .insertOne({ _id: `${UPSTREAM}:${MEMBER}`, org_id: UPSTREAM, user_id: MEMBER, role: 'member', state: 'active' });
    await store.collection(REPOSITORY_COLLABORATORS_COLLECTION).insertOne({
      _id: `${PERSONAL_SOURCE}:${COLLABORATOR}`,
      repository_id: PERSONAL_SOURCE,
      user_id: COLLABORATOR,
      permission: 'pull',
      owner_id: PERSONAL,
      org_role: 'none',
    });
    const repository = (
      id: number,
      owner: number,
      ownerType: 'User' | 'Organization',
      n: number,
      source: { id: number; owner: number; type: 'User' | 'Organization' } | null,
    ) => ({
      _id: String(id),
      id,
      owner_id: owner,
      owner_type: ownerType,
      name: `r${id}`,
      name_key: `r${id}`,
      private: true,
      fork: source !== null,
      parent_id: source?.id ?? null,
      parent_owner_id: source?.owner ?? null,
      source_id: source?.id ?? null,
      upstream_owner_id: source?.owner ?? null,
      upstream_owner_type: source?.type ?? null,
      archived: false,
      stargazers_count: 0,
      created_at: at(n),
      updated_at: at(n),
      pushed_at: at(n),
    });
    const repositories = store.collection(REPOSITORIES_COLLECTION);
    for (let n = 1; n <= BIG; n++) {
      const source = { id: n, owner: UPSTREAM, type: 'Organization' as const };
      await repositories.insertOne(repository(n, UPSTREAM, 'Organization', n, null));
      await repositories.insertOne(repository(10_000 + n, FORKER, 'User', n, source));
      await repositories.insertOne(repository(30_000 + n, FORKING_ORG, 'Organization', n, source));
    }
    await repositories.insertOne(repository(FORKED, UPSTREAM, 'Organization', 0, null));
    for (let n = 1; n <= BIG; n++) {
      const fork = { ...repository(FORKED + n, PERSONAL, 'User', n, { id: FORKED, owner: UPSTREAM, type: 'Organization' }), name: `f${n}`, name_key: `f${n}` };
      await repositories.insertOne(fork);
    }
    await store
      .collection(REPOSITORY_COLLABORATORS_COLLECTION)
      .insertOne({ _id: `${FORKED}:${OUTSIDER}`, repository_id: FORKED, user_id: OUTSIDER, permission: 'pull', owner_id: UPSTREAM, org_role: 'none' });
    await repositories.insertOne(repository(PERSONAL_SOURCE, PERSONAL, 'User', 0, null));
    await repositories.insertOne(repository(PERSONAL_SOURCE + 1, FORKER, 'User', 0, { id: PERSONAL_SOURCE, owner: PERSONAL, type: 'User' }));
    queries = new RepositoryQueries(store);
    lists = new RepositoryLists(store, queries, new RepositoryAccessQuery(store));
  });

  const caller = (userId: number) => ({ userId, siteAdmin: false });
  const order = { sort: 'created', direction: 'desc' } as const;
  const tested = async <T>(read: () => Promise<T>) => {
    const before = store.examined(REPOSITORIES_COLLECTION);
    const answer = await read();
    return { answer, tested: store.examined(REPOSITORIES_COLLECTION) - before };
  };
  const accountOf = async (id: number) => (await queries.accountsByIds([id])).get(id) as UserDocument;

  it("a stranger's GET /users/{u}/repos and GET /orgs/{org}/repos: none of the 3,000 private forks walked", async function () {
    const forker = await tested(async () => lists.forAccount(caller(STRANGER), await accountOf(FORKER), 'all', order, PAGE));
    expect(forker.answer.totalCount).to.equal(0);
    expect(forker.tested).to.be.at.most(5);
    for (const type of ['all', 'private', 'forks'] as const) {
      const organization = await tested(async () => lists.forOrganization(caller(STRANGER), await accountOf(FORKING_ORG), type, order, PAGE));
      expect(organization.answer.totalCount, type).to.equal(0);
      expect(organization.tested, type).to.be.at.most(5);
    }
  });

  it("a member of the sources' organization: a page and the count of the 3,000 forks it reads from the index", async function () {
    const forker = await tested(async () => lists.forAccount(caller(MEMBER), await accountOf(FORKER), 'all', order, PAGE));
    expect(forker.answer.totalCount).to.equal(BIG);
    expect(forker.answer.items.map(({ repository }) => repository.id)).to.deep.equal(Array.from({ length: 30 }, (_, i) => 10_000 + BIG - 60 - i));
    expect(forker.tested).to.be.at.most(PAGE_WORK);
    const organization = await tested(async () => lists.forOrganization(caller(MEMBER), await accountOf(FORKING_ORG), 'forks', order, PAGE));
    expect(organization.answer.totalCount).to.equal(BIG);
    expect(organization.answer.items.map(({ repository }) => repository.id)).to.deep.equal(Array.from({ length: 30 }, (_, i) => 30_000 + BIG - 60 - i));
    expect(organization.tested).to.be.at.most(PAGE_WORK);
  });

  it("a collaborator on one source: the owner's fork of it, found by source, not among the owner's 3,000 others", async function () {
    const forker = await tested(async () => lists.forAccount(caller(COLLABORATOR), await accountOf(FORKER), 'all', order, { page: 1, perPage: 30 }));
    expect(forker.answer.totalCount).to.equal(1);
    expect(forker.answer.items.map(({ repository }) => repository.id)).to.deep.equal([PERSONAL_SOURCE + 1]);
    expect(forker.tested).to.be.at.most(5);
  });

  it("a private repository's 3,000 private forks: a page for its members from the index, nothing walked for an outside collaborator", async function () {
    const forked = (await queries.byIds([FORKED]))[0]!;
    const member = await tested(() => lists.forksOf(caller(MEMBER), forked, order, PAGE));
    expect(member.answer.totalCount).to.equal(BIG);
    expect(member.answer.items.map(({ repository }) => repository.id)).to.deep.equal(Array.from({ length: 30 }, (_, i) => FORKED + BIG - 60 - i));
    expect(member.tested).to.be.at.most(PAGE_WORK);
    const outsider = await tested(() => lists.forksOf(caller(OUTSIDER), forked, order, PAGE));
    expect(outsider.answer.totalCount).to.equal(0);
    expect(outsider.tested).to.be.at.most(5);
    const admin = await tested(() => lists.forksOf({ userId: OUTSIDER, siteAdmin: true }, forked, order, PAGE));
    expect(admin.answer.totalCount).to.equal(BIG);
    expect(admin.tested).to.be.at.most(PAGE_WORK);
  });
});
