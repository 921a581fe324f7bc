import { expect } from 'chai';
import { ORGANIZATIONS_COLLECTION, ORG_MEMBERSHIPS_COLLECTION } from '../../../application/accounts/organizations.readModel.js';
import { LostAccessForks } from '../../../application/repositories/lostAccessForks.js';
import { LostAccessStars } from '../../../application/repositories/lostAccessStars.js';
import { LostAccessWatches } from '../../../application/repositories/lostAccessWatches.js';
import { MadePrivateInterest } from '../../../application/repositories/madePrivateInterest.js';
import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  REPOSITORY_STARS_COLLECTION,
  REPOSITORY_SUBSCRIPTIONS_COLLECTION,
} from '../../../application/repositories/repositories.readModel.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { RepositoryAccessQuery } from '../../../application/shared/access/repositoryAccess.query.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { organizationsProjection } from '../../../projections/accounts/organizations.projection.js';
import { repositoriesProjection } from '../../../projections/repositories/repositories.projection.js';

const BIG = 3000;
const USER = 2;
const STAYED = 9001; // the organization the user is still a member of
const LEFT = 9002; // the one they left
const LEFT_REPOSITORIES = 5;

// A member leaving an organization loses its private repositories: their stars of those, their
// subscriptions to them and their private forks of them are looked at, found by index, not the
// user's other 3,000 private stars, subscriptions and forks (an event costs what it changes).
describe("leaving an organization looks at the user's stars, subscriptions and forks of its repositories, not their 3,000 others", function () {
  let store: EmbeddedReadModelStore;

  before(async function () {
    this.timeout(60_000);
    store = new EmbeddedReadModelStore();
    for (const projection of [repositoriesProjection, organizationsProjection])
      for (const collection of projection.collections)
        if (collection.indexes?.length) await store.collection(collection.name).createIndexes(collection.indexes);
    for (const org of [STAYED, LEFT])
      await store
        .collection(ORGANIZATIONS_COLLECTION)
        .insertOne({ _id: String(org), id: org, login: `o${org}`, login_key: `o${org}`, default_repository_permission: org === STAYED ? 'read' : 'none' });
    await store.collection(ORG_MEMBERSHIPS_COLLECTION).insertOne({ _id: `${STAYED}:${USER}`, org_id: STAYED, user_id: USER, role: 'member', state: 'active' });
    const repository = (id: number, owner: number, parent: { id: number; owner: number } | null) => ({
      _id: String(id),
      id,
      owner_id: owner,
      owner_type: owner === USER ? 'User' : 'Organization',
      name: `r${id}`,
      name_key: `r${id}`,
      private: true,
      fork: parent !== null,
      parent_id: parent?.id ?? null,
      parent_owner_id: parent?.owner ?? null,
      source_id: parent?.id ?? null,
      archived: false,
    });
    const starAndFork = async (id: number, owner: number) => {
      await store.collection(REPOSITORIES_COLLECTION).insertOne(repository(id, owner, null));
      await store.collection(REPOSITORIES_COLLECTION).insertOne(repository(100_000 + id, USER, { id, owner }));
      await store.collection(REPOSITORY_STARS_COLLECTION).insertOne({
        _id: `${id}:${USER}`,
        repository_id: id,
        user_id: USER,
        starred_at: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
        private: true,
        owner_id: owner,
      });
      await store.collection(REPOSITORY_SUBSCRIPTIONS_COLLECTION).insertOne({
        _id: `${id}:${USER}`,
        repository_id: id,
        user_id: USER,
        subscribed: true,
        ignored: false,
        created_at: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
        private: true,
        owner_id: owner,
      });
    };
    // 3,000 private repositories of the organization stayed in (its members read them), each
    // starred, watched and forked.
    for (let n = 1; n <= BIG; n++) await starAndFork(n, STAYED);
    // A few of the one left, which the user still reads as an outside collaborator: nothing
    // is unstarred, unwatched or deleted, so no command runs.
    for (let n = 1; n <= LEFT_REPOSITORIES; n++) {
      const id = 50_000 + n;
      await starAndFork(id, LEFT);
      await store
        .collection(REPOSITORY_COLLABORATORS_COLLECTION)
        .insertOne({ _id: `${id}:${USER}`, repository_id: id, user_id: USER, permission: 'pull', owner_id: LEFT, org_role: 'none' });
    }
  });

  it('the stars, subscriptions and forks of the organization left: a handful tested, not 3,000', async () => {
    const access = new RepositoryAccessQuery(store);
    const repositories = new RepositoryQueries(store);
    const unused = new Proxy({}, { get: () => () => expect.fail('no command expected') });
    const stars = new LostAccessStars(unused as never, unused as never, store, repositories, access);
    const forks = new LostAccessForks(repositories, access, unused as never);
    const watches = new LostAccessWatches(unused as never, unused as never, store, repositories, access);
    const context = { actorId: 1, correlationId: 'c', causationId: 'c', occurredAt: new Date() };
    const user = { id: USER, site_admin: false };
    const tested = (collection: string) => store.examined(collection);
    const [starsBefore, repositoriesBefore] = [tested(REPOSITORY_STARS_COLLECTION), tested(REPOSITORIES_COLLECTION)];
    expect((await stars.unstarUnreadableBy(user, context, { ownerId: LEFT }))._tag).to.equal('Right');
    expect(tested(REPOSITORY_STARS_COLLECTION) - starsBefore).to.be.at.most(LEFT_REPOSITORIES);
    const repositoriesAfterStars = tested(REPOSITORIES_COLLECTION);
    expect(repositoriesAfterStars - repositoriesBefore).to.be.at.most(LEFT_REPOSITORIES);
    const subscriptionsBefore = tested(REPOSITORY_SUBSCRIPTIONS_COLLECTION);
    expect((await watches.unwatchUnreadableBy(user, context, { ownerId: LEFT }))._tag).to.equal('Right');
    expect(tested(REPOSITORY_SUBSCRIPTIONS_COLLECTION) - subscriptionsBefore).to.be.at.most(LEFT_REPOSITORIES);
    const repositoriesAfterWatches = tested(REPOSITORIES_COLLECTION);
    expect(repositoriesAfterWatches - repositoriesAfterStars).to.be.at.most(LEFT_REPOSITORIES);
    expect((await forks.deleteUnreadableBy(user, context, { ownerId: LEFT }))._tag).to.equal('Right');
    // The forks, then their parents.
    expect(tested(REPOSITORIES_COLLECTION) - repositoriesAfterWatches).to.be.at.most(2 * LEFT_REPOSITORIES);
  });

  it("a repository made private: its own stars and subscriptions erased, every one, found by index, not the user's 3,000", async () => {
    const id = 60_000;
    const users = [700, 701, 702, 703, 704]; // 700 a collaborator: erased too
    await store.collection(REPOSITORIES_COLLECTION).insertOne({
      _id: String(id),
      id,
      owner_id: LEFT,
      owner_type: 'Organization',
      name: `r${id}`,
      name_key: `r${id}`,
      private: true,
      fork: false,
      parent_id: null,
      parent_owner_id: null,
      source_id: null,
      archived: false,
    });
    await store
      .collection(REPOSITORY_COLLABORATORS_COLLECTION)
      .insertOne({ _id: `${id}:700`, repository_id: id, user_id: 700, permission: 'pull', owner_id: LEFT, org_role: 'none' });
    for (const user of users) {
      const at = new Date(Date.UTC(2026, 1, 1, 0, user)).toISOString();
      await store
        .collection(REPOSITORY_STARS_COLLECTION)
        .insertOne({ _id: `${id}:${user}`, repository_id: id, user_id: user, starred_at: at, private: true, owner_id: LEFT });
      await store.collection(REPOSITORY_SUBSCRIPTIONS_COLLECTION).insertOne({
        _id: `${id}:${user}`,
        repository_id: id,
        user_id: user,
        subscribed: true,
        ignored: false,
        created_at: at,
        private: true,
        owner_id: LEFT,
      });
    }
    const [unstarred, unwatched]: number[][] = [[], []];
    const done = async () => ({ _tag: 'Right' as const, right: undefined });
    const stars = { unstar: (_repository: number, user: number) => (unstarred.push(user), done()) };
    const watches = { unwatch: (_repository: number, user: number) => (unwatched.push(user), done()) };
    const madePrivate = new MadePrivateInterest(store, stars as never, watches as never);
    const context = { actorId: 1, correlationId: 'c', causationId: 'c', occurredAt: new Date() };
    const tested = (collection: string) => store.examined(collection);
    const before = [REPOSITORY_STARS_COLLECTION, REPOSITORY_SUBSCRIPTIONS_COLLECTION, REPOSITORIES_COLLECTION, REPOSITORY_COLLABORATORS_COLLECTION].map(tested);
    expect((await madePrivate.eraseGivenUpTo(id, context.occurredAt.toISOString(), context))._tag).to.equal('Right');
    expect(unstarred).to.deep.equal(users);
    expect(unwatched).to.deep.equal(users);
    expect(tested(REPOSITORY_STARS_COLLECTION) - before[0]).to.be.at.most(users.length);
    expect(tested(REPOSITORY_SUBSCRIPTIONS_COLLECTION) - before[1]).to.be.at.most(users.length);
    // No access decision: nothing else is read.
    expect(tested(REPOSITORIES_COLLECTION) - before[2]).to.equal(0);
    expect(tested(REPOSITORY_COLLABORATORS_COLLECTION) - before[3]).to.equal(0);
  });
});
