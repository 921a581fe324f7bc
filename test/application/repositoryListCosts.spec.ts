import { expect } from 'chai';
import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  REPOSITORY_STARS_COLLECTION,
  REPOSITORY_SUBSCRIPTIONS_COLLECTION,
} from '../../application/repositories/repositories.readModel.js';
import { RepositoryQueries } from '../../application/repositories/repository.queries.js';
import { RepositoryLists } from '../../application/repositories/repositoryLists.query.js';
import { RepositoryAccessQuery } from '../../application/shared/access/repositoryAccess.query.js';
import { EmbeddedReadModelStore } from '../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { BIG, COLLABORATOR, examinedBy, OUTSIDE, PAGE, PAGE_WORK, seeded } from './pageCostStore.js';

// The repository lists (organization, user, starred, watched, member, /user/repos) over the
// page-cost seed: each tests what its page touches, not the collections behind it.
describe('page costs of the repository lists: a page, not every repository, star or collaboration', function () {
  let store: EmbeddedReadModelStore;

  before(async function () {
    this.timeout(60_000);
    store = await seeded();
  });

  const work = <T>(collection: string, read: () => Promise<T>) => examinedBy(store, collection, read);

  it("repository lists: an organization's page, a user's starred and watched pages, an owner's repositories", async function () {
    const queries = new RepositoryQueries(store);
    const lists = new RepositoryLists(store, queries, new RepositoryAccessQuery(store));
    const organization = (await queries.accountByLogin('big'))!;
    const page = await work(REPOSITORIES_COLLECTION, () => lists.forOrganization(null, organization, 'all', { sort: 'created', direction: 'desc' }, PAGE));
    expect(page.answer.totalCount).to.equal(BIG / 4);
    expect(page.answer.items.every(({ repository }) => !repository.private && repository.owner_id === 9001)).to.equal(true);
    // One run per fork value read to the end of the page (each holds half the page at most).
    expect(page.tested).to.be.at.most(2 * PAGE_WORK);
    // Anonymous: the public stars from the index; the private ones are not looked at, as an
    // anonymous caller reads no private repository.
    const starred = await work(REPOSITORY_STARS_COLLECTION, () => lists.starredBy(null, 2, 'desc', PAGE));
    expect(starred.answer.totalCount).to.equal((BIG * 3) / 4);
    expect(starred.tested).to.be.at.most(PAGE_WORK);
    // A signed-in caller reading the owner's private repositories whole (a member of organization
    // 9001, which owns every private one): the private stars are a run of the index too, read to
    // the end of the page and counted per owner, not decided one by one (a quarter here).
    const everyStar = Array.from({ length: BIG }, (_, n) => BIG - n);
    for (const caller of [1, 2]) {
      const repositoryTests = store.examined(REPOSITORIES_COLLECTION);
      const signedIn = await work(REPOSITORY_STARS_COLLECTION, () => lists.starredBy({ userId: caller, siteAdmin: false }, 2, 'desc', PAGE));
      expect(signedIn.answer.totalCount).to.equal(BIG);
      expect(signedIn.answer.items.map(({ repository }) => repository.id)).to.deep.equal(everyStar.slice(60, 90));
      expect(signedIn.tested).to.be.at.most(2 * PAGE_WORK);
      expect(store.examined(REPOSITORIES_COLLECTION) - repositoryTests).to.be.at.most(PAGE.perPage);
    }
    // The same for the subscriptions the user sees (GET /user/subscriptions), oldest first.
    const ownWatched = await work(REPOSITORY_SUBSCRIPTIONS_COLLECTION, () => lists.subscribedBy({ userId: 2, siteAdmin: false }, 2, PAGE));
    expect(ownWatched.answer.totalCount).to.equal(BIG - 1);
    expect(ownWatched.answer.items.map(({ repository }) => repository.id)).to.deep.equal(Array.from({ length: 30 }, (_, n) => 62 + n));
    expect(ownWatched.tested).to.be.at.most(2 * PAGE_WORK);
    // By when the repositories were last pushed to (sort=updated): from the index as well.
    const byPush = await work(REPOSITORY_STARS_COLLECTION, () => lists.starredBy(null, 2, 'desc', PAGE, 'updated'));
    expect(byPush.answer.totalCount).to.equal((BIG * 3) / 4);
    // The newest push first: the public repositories by id, the page's third thirty.
    const publicIds = Array.from({ length: BIG }, (_, n) => n + 1).filter((id) => (id - 1) % 4 !== 0);
    expect(byPush.answer.items.map(({ repository }) => repository.id)).to.deep.equal(publicIds.slice(60, 90));
    expect(byPush.tested).to.be.at.most(PAGE_WORK);
    // The same for the repositories a user watches, oldest subscription first.
    const watched = await work(REPOSITORY_SUBSCRIPTIONS_COLLECTION, () => lists.subscribedBy(null, 2, PAGE));
    expect(watched.answer.totalCount).to.equal((BIG * 3) / 4);
    expect(watched.answer.items.map(({ repository }) => repository.id)).to.deep.equal(
      Array.from({ length: BIG }, (_, n) => n + 1)
        .filter((id) => id > 1 && (id - 1) % 4 !== 0)
        .slice((PAGE.page - 1) * PAGE.perPage, PAGE.page * PAGE.perPage),
    );
    expect(watched.tested).to.be.at.most(PAGE_WORK);
    const owned = await work(REPOSITORIES_COLLECTION, () => queries.ownedBy([1]));
    expect(owned.answer).to.have.length(BIG / 2);
    expect(owned.tested).to.equal(BIG / 2);
  });

  it("a user's repositories of type member or all, and GET /user/repos as a collaborator: a page of 2,999 collaborations from their ordered indexes, not each loaded and decided", async function () {
    const queries = new RepositoryQueries(store);
    const lists = new RepositoryLists(store, queries, new RepositoryAccessQuery(store));
    const account = (await queries.accountByLogin('helper'))!;
    // Collaborations on repositories 2..3,000; those of organization 9001 with an id of the form 4k + 1 private.
    const ids = Array.from({ length: BIG - 1 }, (_, n) => n + 2);
    const publicIds = ids.filter((id) => (id - 1) % 4 !== 0);
    const pageOf = (list: number[]) => list.slice((PAGE.page - 1) * PAGE.perPage, PAGE.page * PAGE.perPage);
    const fullName = (id: number) => `${(id - 1) % 2 === 0 ? 'big' : 'u1'}/r${id - 1}`;
    const byFullName = (list: number[]) => [...list].sort((a, b) => (fullName(a) < fullName(b) ? -1 : 1));
    const cases = [
      // Anonymous: the public collaborations from the index; the private ones not looked at.
      { caller: null, type: 'member', order: { sort: 'created', direction: 'desc' }, expected: pageOf([...publicIds].reverse()), count: publicIds.length },
      { caller: null, type: 'all', order: { sort: 'full_name', direction: 'asc' }, expected: pageOf(byFullName(publicIds)), count: publicIds.length },
      // A member of organization 9001 (which lets its members read): its private ones are counted
      // from the index per owner, and read to the end of the page.
      { caller: { userId: 5, siteAdmin: false }, type: 'member', order: { sort: 'pushed', direction: 'asc' }, expected: pageOf(ids), count: ids.length },
      // The user itself collaborates on each: all of them, counted from the index.
      {
        caller: { userId: COLLABORATOR, siteAdmin: false },
        type: 'all',
        order: { sort: 'full_name', direction: 'desc' },
        expected: pageOf(byFullName(ids).reverse()),
        count: ids.length,
      },
    ] as const;
    for (const { caller, type, order, expected, count } of cases) {
      const collaborationTests = store.examined(REPOSITORY_COLLABORATORS_COLLECTION);
      const page = await work(REPOSITORIES_COLLECTION, () => lists.forAccount(caller, account, type, order, PAGE));
      expect(page.answer.totalCount, JSON.stringify({ caller, type, order })).to.equal(count);
      expect(page.answer.items.map(({ repository }) => repository.id)).to.deep.equal(expected);
      // The first three pages' repositories loaded by id (to merge them with the owned runs).
      expect(page.tested).to.be.at.most(PAGE_WORK);
      // The collaborations read to the end of the page, and the caller's own on the page's
      // repositories (the user's own 2,999 are not all read when it asks).
      expect(store.examined(REPOSITORY_COLLABORATORS_COLLECTION) - collaborationTests, JSON.stringify({ caller, type })).to.be.at.most(
        2 * PAGE_WORK + PAGE.perPage,
      );
    }
    // A signed-in stranger (reading no owner's private repositories whole but its own, where
    // the user collaborates on none): the user's 749 private collaborations decided one by one
    // with their repositories, as for stars (what such a caller may read through a collaboration
    // or a fork's source is not on the collaboration), and not walked again for the page.
    const collaborationTests = store.examined(REPOSITORY_COLLABORATORS_COLLECTION);
    const stranger = await work(REPOSITORIES_COLLECTION, () =>
      lists.forAccount({ userId: OUTSIDE + 1, siteAdmin: false }, account, 'member', { sort: 'created', direction: 'desc' }, PAGE),
    );
    expect(stranger.answer.totalCount).to.equal(publicIds.length);
    expect(stranger.answer.items.map(({ repository }) => repository.id)).to.deep.equal(pageOf([...publicIds].reverse()));
    expect(stranger.tested).to.be.at.most(749 + PAGE_WORK);
    expect(store.examined(REPOSITORY_COLLABORATORS_COLLECTION) - collaborationTests).to.be.at.most(749 + PAGE_WORK);
    // GET /user/repos with the collaborator affiliation: the caller's own, from the same indexes.
    const self = { userId: COLLABORATOR, siteAdmin: false };
    const ownCases = [
      { visibility: 'all', order: { sort: 'full_name', direction: 'asc' }, expected: pageOf(byFullName(ids)), count: ids.length },
      { visibility: 'private', order: { sort: 'updated', direction: 'desc' }, expected: pageOf(ids.filter((id) => (id - 1) % 4 === 0).reverse()), count: 749 },
    ] as const;
    for (const { visibility, order, expected, count } of ownCases) {
      const affiliations = new Set(['owner', 'collaborator', 'organization_member'] as const);
      const page = await work(REPOSITORIES_COLLECTION, () => lists.forAuthenticatedUser(self, { affiliations, visibility }, order, PAGE));
      expect(page.answer.totalCount, visibility).to.equal(count);
      expect(page.answer.items.map(({ repository }) => repository.id)).to.deep.equal(expected);
      expect(page.tested).to.be.at.most(PAGE_WORK);
    }
  });

  it("GET /user/repos, page 3, for a user collaborating on 2,999 repositories: the collaborations examined are about the page's, not all 2,999", async function () {
    const queries = new RepositoryQueries(store);
    const lists = new RepositoryLists(store, queries, new RepositoryAccessQuery(store));
    const ids = Array.from({ length: BIG - 1 }, (_, n) => n + 2);
    const self = { userId: COLLABORATOR, siteAdmin: false };
    const cases = [
      { affiliations: ['owner', 'collaborator', 'organization_member'], expected: ids.slice(60, 90), count: ids.length },
      // Without the collaborator affiliation it owns nothing and is a member of nothing: an empty page.
      { affiliations: ['owner', 'organization_member'], expected: [], count: 0 },
    ] as const;
    for (const { affiliations, expected, count } of cases) {
      const page = await work(REPOSITORY_COLLABORATORS_COLLECTION, () =>
        lists.forAuthenticatedUser(self, { affiliations: new Set(affiliations), visibility: 'all' }, { sort: 'created', direction: 'asc' }, PAGE),
      );
      expect(page.answer.totalCount, affiliations.join()).to.equal(count);
      expect(page.answer.items.map(({ repository }) => repository.id)).to.deep.equal(expected);
      // Each visibility's collaborations read to the end of the page, and the page's own decided.
      expect(page.tested, affiliations.join()).to.be.at.most(3 * PAGE_WORK);
    }
  });
});
