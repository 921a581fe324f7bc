import { expect } from 'chai';
import { FOLLOWS_COLLECTION, USERS_COLLECTION } from '../../application/accounts/users.readModel.js';
import { FollowQueries } from '../../application/accounts/follow.queries.js';
import { ORG_MEMBERSHIPS_COLLECTION, ORGANIZATIONS_COLLECTION } from '../../application/accounts/organizations.readModel.js';
import { OrganizationQueries } from '../../application/accounts/organization.queries.js';
import { AuthorizationQueries } from '../../application/authorizations/authorization.queries.js';
import { AUTHORIZATIONS_COLLECTION, OAUTH_GRANTS_COLLECTION } from '../../application/authorizations/authorizations.readModel.js';
import { IssueQueries } from '../../application/issues/issue.queries.js';
import { REACTIONS_COLLECTION } from '../../application/issues/issues.readModel.js';
import { MigrationQueries } from '../../application/migrations/migrationQueries.js';
import { MIGRATIONS_COLLECTION } from '../../application/migrations/migrations.readModel.js';
import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  REPOSITORY_INVITATIONS_COLLECTION,
  REPOSITORY_STARS_COLLECTION,
  REPOSITORY_SUBSCRIPTIONS_COLLECTION,
} from '../../application/repositories/repositories.readModel.js';
import { RepositoryQueries } from '../../application/repositories/repository.queries.js';
import { RepositoryCollaborators } from '../../application/repositories/repositoryCollaborators.query.js';
import { AuthorizedRepository } from '../../application/repositories/authorizedRepository.js';
import { LostAccessStars } from '../../application/repositories/lostAccessStars.js';
import { LostAccessForks } from '../../application/repositories/lostAccessForks.js';
import { RepositoryInvitationQueries } from '../../application/repositories/repositoryInvitations.query.js';
import { RepositoryAccessQuery } from '../../application/shared/access/repositoryAccess.query.js';
import { EmbeddedReadModelStore } from '../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { ProjectLists } from '../../application/projects/projectLists.query.js';
import { ProjectCollaboratorList } from '../../application/projects/projectCollaborators.query.js';
import { ProjectAccess } from '../../application/projects/projectAccess.query.js';
import { ProjectQueries } from '../../application/projects/projectQueries.js';
import { OAuthApplicationQueries } from '../../application/accounts/oauthApplication.queries.js';
import { OAUTH_APPLICATIONS_COLLECTION } from '../../application/accounts/oauthApplications.readModel.js';
import { PROJECT_AUDIT_ENTRIES_COLLECTION } from '../../application/projects/projectAudit.readModel.js';
import { ProjectAuditLog, parseAuditPhrase } from '../../application/projects/projectAuditLog.query.js';
import { PROJECT_CARDS_COLLECTION, PROJECT_COLLABORATORS_COLLECTION, PROJECTS_COLLECTION } from '../../application/projects/projects.readModel.js';
import { UserQueries } from '../../application/accounts/user.queries.js';
import { HookQueries } from '../../application/webhooks/hookQueries.js';
import { HOOK_DELIVERIES_COLLECTION } from '../../application/webhooks/webhooks.readModel.js';
import { SourceImportQueries } from '../../application/imports/sourceImports.queries.js';
import { SOURCE_IMPORT_AUTHORS_COLLECTION } from '../../application/imports/imports.readModel.js';
import { BIG, examinedBy, OUTSIDE, PAGE, PAGE_WORK, seeded } from './pageCostStore.js';

describe('page costs: a request tests what its page touches, not the collection (accounts, repositories, projects)', function () {
  let store: EmbeddedReadModelStore;

  before(async function () {
    this.timeout(60_000);
    store = await seeded();
  });

  const work = <T>(collection: string, read: () => Promise<T>) => examinedBy(store, collection, read);

  it("a user's tokens, a repository's subscribers, an issue's reactions (with and without content)", async function () {
    const tokens = await work(AUTHORIZATIONS_COLLECTION, () => new AuthorizationQueries(store).ofUser(2, PAGE.page, PAGE.perPage));
    expect(tokens.answer.totalCount).to.equal(BIG);
    expect(tokens.answer.items[0]!.id).to.equal(2 * BIG + 60);
    expect(tokens.tested).to.be.at.most(PAGE_WORK);
    // GET /authorizations?client_id=: the application's run from its index, or each one's run merged.
    const ofOne = await work(AUTHORIZATIONS_COLLECTION, () => new AuthorizationQueries(store).ofUser(2, PAGE.page, PAGE.perPage, ['app-a']));
    expect(ofOne.answer.totalCount).to.equal(BIG / 3);
    expect(ofOne.answer.items.map((token) => token.client_id)).to.deep.equal(Array(PAGE.perPage).fill('app-a'));
    expect(ofOne.tested).to.be.at.most(PAGE_WORK);
    const ofTwo = await work(AUTHORIZATIONS_COLLECTION, () => new AuthorizationQueries(store).ofUser(2, PAGE.page, PAGE.perPage, ['app-b', 'app-a']));
    expect(ofTwo.answer.totalCount).to.equal((2 * BIG) / 3);
    expect(ofTwo.answer.items[0]!.id).to.equal(2 * BIG + 91);
    expect(ofTwo.tested).to.be.at.most(2 * PAGE_WORK);
    const subscribers = await work(REPOSITORY_SUBSCRIPTIONS_COLLECTION, () => new RepositoryQueries(store).subscribersOf(1, PAGE));
    expect(subscribers.answer.totalCount).to.equal(BIG / 2);
    expect(subscribers.answer.items.every((subscription) => subscription.subscribed)).to.equal(true);
    expect(subscribers.tested).to.be.at.most(PAGE_WORK);
    const issues = new IssueQueries(store);
    for (const content of [undefined, 'heart'] as const) {
      const reactions = await work(REACTIONS_COLLECTION, () => issues.pagedReactions({ type: 'issue', id: 2 }, content, PAGE));
      expect(reactions.answer.totalCount).to.equal(content ? BIG / 3 : BIG);
      expect(reactions.answer.items.every((reaction) => reaction.subject_id === 2 && (!content || reaction.content === content))).to.equal(true);
      expect(reactions.tested).to.be.at.most(PAGE_WORK);
    }
  });

  it("a user's grants (all, or one client_id's): page and count from the index, not the user's 3,000 grants", async function () {
    const queries = new AuthorizationQueries(store);
    const all = await work(OAUTH_GRANTS_COLLECTION, () => queries.grantsOf(2, undefined, PAGE.page, PAGE.perPage));
    expect(all.answer.totalCount).to.equal(BIG);
    expect(all.answer.items.map((grant) => grant.id)).to.deep.equal(Array.from({ length: 30 }, (_, n) => 2 * BIG + 60 + n));
    expect(all.tested).to.be.at.most(PAGE_WORK);
    const one = await work(OAUTH_GRANTS_COLLECTION, () => queries.grantsOf(2, ['c7'], 1, 30));
    expect(one.answer.totalCount).to.equal(1);
    expect(one.answer.items.map((grant) => grant.id)).to.deep.equal([2 * BIG + 49]);
    expect(one.tested).to.be.at.most(2);
  });

  it("a user's organizations; a repository's pending invitations and a user's: page and count from the index", async function () {
    const organizations = await work(ORG_MEMBERSHIPS_COLLECTION, () => new OrganizationQueries(store).organizationsOf(7777, 'all', PAGE.page, PAGE.perPage));
    expect(organizations.answer.totalCount).to.equal(BIG);
    expect(organizations.answer.items.map((organization) => organization.id)).to.deep.equal(Array.from({ length: 30 }, (_, n) => 20_060 + n));
    expect(organizations.tested).to.be.at.most(PAGE_WORK);
    // The publicized ones (GET /users/{u}/orgs): half of them, walked by their own index.
    const shown = await work(ORG_MEMBERSHIPS_COLLECTION, () => new OrganizationQueries(store).organizationsOf(7777, 'public', PAGE.page, PAGE.perPage));
    expect(shown.answer.totalCount).to.equal(BIG / 2);
    expect(shown.answer.items.map((organization) => organization.id)).to.deep.equal(Array.from({ length: 30 }, (_, n) => 20_120 + 2 * n));
    expect(shown.tested).to.be.at.most(PAGE_WORK);
    // The page's accounts by a unique look-up of their ids, not a walk of every account in id order.
    expect(
      (await work(ORGANIZATIONS_COLLECTION, () => new OrganizationQueries(store).organizationsOf(7777, 'all', PAGE.page, PAGE.perPage))).tested,
    ).to.be.at.most(30);
    const members = await work(USERS_COLLECTION, () => new OrganizationQueries(store).members(9001, 'all', 'all', PAGE.page, PAGE.perPage));
    expect(members.answer.items.map((user) => user.id)).to.deep.equal(Array.from({ length: 30 }, (_, n) => 61 + n));
    expect(members.tested).to.be.at.most(30);
    const invitations = new RepositoryInvitationQueries(store);
    for (const [read, first] of [
      [() => invitations.ofRepository(1, PAGE), 10_060],
      [() => invitations.ofInvitee(2, PAGE), 20_060],
    ] as const) {
      const page = await work(REPOSITORY_INVITATIONS_COLLECTION, read);
      expect(page.answer.totalCount).to.equal(BIG);
      expect(page.answer.items.map((invitation) => invitation.id)).to.deep.equal(Array.from({ length: 30 }, (_, n) => first + n));
      expect(page.tested).to.be.at.most(PAGE_WORK);
    }
  });

  it("a repository's assignees: a page of the organization's 3,000 writing members from the index, not every member loaded and decided", async function () {
    const repositories = new RepositoryQueries(store);
    const access = new RepositoryAccessQuery(store);
    const organizations = new OrganizationQueries(store);
    const collaborators = new RepositoryCollaborators(store, repositories, access, new AuthorizedRepository(repositories, access), organizations);
    const repository = { ...(await repositories.byId(1))!, id: 5001, owner_id: 9002, owner_type: 'Organization' as const, private: true };
    const [usersBefore, membershipsBefore] = [store.examined(USERS_COLLECTION), store.examined(ORG_MEMBERSHIPS_COLLECTION)];
    const assignees = await collaborators.assignable(repository, PAGE);
    expect(assignees.totalCount).to.equal(BIG);
    expect(assignees.items.map((user) => user.id)).to.deep.equal(Array.from({ length: 30 }, (_, n) => 61 + n));
    expect(store.examined(USERS_COLLECTION) - usersBefore).to.be.at.most(30);
    expect(store.examined(ORG_MEMBERSHIPS_COLLECTION) - membershipsBefore).to.be.at.most(PAGE_WORK + 30);
  });

  it("a repository's collaborators, outside or all: a page of 3,000 outside ones and 3,000 members from the indexes, no membership looked up per collaborator", async function () {
    const repositories = new RepositoryQueries(store);
    const access = new RepositoryAccessQuery(store);
    const collaborators = new RepositoryCollaborators(
      store,
      repositories,
      access,
      new AuthorizedRepository(repositories, access),
      new OrganizationQueries(store),
    );
    const admin = { userId: 1, siteAdmin: true };
    const [collaborationsBefore, membershipsBefore] = [store.examined(REPOSITORY_COLLABORATORS_COLLECTION), store.examined(ORG_MEMBERSHIPS_COLLECTION)];
    const outside = await collaborators.list(admin, 1, 'outside', PAGE);
    if (outside._tag === 'Left') expect.fail(JSON.stringify(outside.left));
    expect(outside.right.totalCount).to.equal(BIG);
    expect(outside.right.items.map((entry) => entry.user.id)).to.deep.equal(Array.from({ length: 30 }, (_, n) => OUTSIDE + 61 + n));
    expect(outside.right.items.map((entry) => entry.role)).to.deep.equal(Array(30).fill('read'));
    expect(store.examined(REPOSITORY_COLLABORATORS_COLLECTION) - collaborationsBefore).to.be.at.most(PAGE_WORK + 30);
    // The page's own roles are decided: a membership each, not one per collaborator.
    expect(store.examined(ORG_MEMBERSHIPS_COLLECTION) - membershipsBefore).to.be.at.most(30);
    // `all`: the organization's 3,000 members (every one a collaborator too) and the 3,000 outside.
    const [collaborationsThen, membershipsThen] = [store.examined(REPOSITORY_COLLABORATORS_COLLECTION), store.examined(ORG_MEMBERSHIPS_COLLECTION)];
    const all = await collaborators.list(admin, 1, 'all', PAGE);
    if (all._tag === 'Left') expect.fail(JSON.stringify(all.left));
    expect(all.right.totalCount).to.equal(2 * BIG);
    expect(all.right.items.map((entry) => entry.user.id)).to.deep.equal(Array.from({ length: 30 }, (_, n) => 61 + n));
    expect(store.examined(REPOSITORY_COLLABORATORS_COLLECTION) - collaborationsThen).to.be.at.most(PAGE_WORK + 30);
    expect(store.examined(ORG_MEMBERSHIPS_COLLECTION) - membershipsThen).to.be.at.most(PAGE_WORK + 30);
  });

  it("a collaborator's removal looks at that repository's star and the user's fork of it, not the user's 750 private stars", async function () {
    const access = new RepositoryAccessQuery(store);
    const repositories = new RepositoryQueries(store);
    // User 2 reads every private repository of the seed (a member of their organization, or
    // not their owner's): nothing is unstarred or deleted, so no command runs.
    const unused = new Proxy({}, { get: () => () => expect.fail('no command expected') });
    const stars = new LostAccessStars(unused as never, unused as never, store, repositories, access);
    const forks = new LostAccessForks(repositories, access, unused as never);
    const context = { actorId: 1, correlationId: 'c', causationId: 'c', occurredAt: new Date() };
    const user = { id: 2, site_admin: false };
    const repositoryTests = store.examined(REPOSITORIES_COLLECTION);
    const starred = await work(REPOSITORY_STARS_COLLECTION, () => stars.unstarUnreadableBy(user, context, { repositoryIds: [5] }));
    expect(starred.answer._tag).to.equal('Right');
    expect(starred.tested).to.be.at.most(1);
    expect((await forks.deleteUnreadableBy(user, context, { repositoryIds: [5] }))._tag).to.equal('Right');
    expect(store.examined(REPOSITORIES_COLLECTION) - repositoryTests).to.be.at.most(3);
  });

  it("followers and following, an organization's members (all, by role) and their count, an owner's migrations", async function () {
    const follows = new FollowQueries(store);
    for (const read of [() => follows.followersOf(1, PAGE.page, PAGE.perPage), () => follows.followingOf(1, PAGE.page, PAGE.perPage)]) {
      const page = await work(FOLLOWS_COLLECTION, read);
      expect(page.answer.totalCount).to.equal(BIG);
      expect(page.answer.users).to.have.length(30);
      expect(page.tested).to.be.at.most(PAGE_WORK);
    }
    const organizations = new OrganizationQueries(store);
    for (const role of ['all', 'admin'] as const) {
      const members = await work(ORG_MEMBERSHIPS_COLLECTION, () => organizations.members(9001, role, 'all', PAGE.page, PAGE.perPage));
      expect(members.answer.totalCount).to.equal(role === 'all' ? BIG : BIG / 10);
      expect(members.answer.items).to.have.length(30);
      expect(members.tested).to.be.at.most(PAGE_WORK);
    }
    // An owner's filter=2fa_disabled: the quarter without it (of the owners, a twentieth).
    for (const role of ['all', 'admin'] as const) {
      const found = await work(ORG_MEMBERSHIPS_COLLECTION, () => organizations.members(9001, role, 'all', 1, PAGE.perPage, '2fa_disabled'));
      expect(found.answer.totalCount).to.equal(role === 'all' ? BIG / 4 : BIG / 20);
      expect(found.answer.items.map((user) => user.id)).to.deep.equal(Array.from({ length: 30 }, (_, n) => (role === 'all' ? 1 + 4 * n : 1 + 20 * n)));
      expect(found.tested).to.be.at.most(PAGE_WORK);
    }
    // What those outside see: the publicized members (a third; of the owners, a thirtieth).
    for (const role of ['all', 'admin'] as const) {
      const shown = await work(ORG_MEMBERSHIPS_COLLECTION, () => organizations.members(9001, role, 'public', role === 'all' ? PAGE.page : 1, PAGE.perPage));
      expect(shown.answer.totalCount).to.equal(role === 'all' ? BIG / 3 : BIG / 30);
      expect(shown.answer.items.map((user) => user.id)).to.deep.equal(Array.from({ length: 30 }, (_, n) => (role === 'all' ? 181 + 3 * n : 1 + 30 * n)));
      expect(shown.tested).to.be.at.most(PAGE_WORK);
    }
    expect((await work(ORG_MEMBERSHIPS_COLLECTION, () => organizations.memberCount(9001))).tested).to.equal(0);
    const migrations = await work(MIGRATIONS_COLLECTION, () => new MigrationQueries(store).page('organization', 9001, PAGE.page, PAGE.perPage));
    expect(migrations.answer.totalCount).to.equal(BIG / 2);
    expect(migrations.answer.migrations[0]!.id).to.equal(BIG - 1 - 2 * 60);
    expect(migrations.tested).to.be.at.most(PAGE_WORK);
  });

  it('the OAuth applications of the installation, a page by id', async function () {
    const page = await work(OAUTH_APPLICATIONS_COLLECTION, () => new OAuthApplicationQueries(store).applicationsPage(PAGE.page, PAGE.perPage));
    expect(page.answer.totalCount).to.equal(BIG);
    expect(page.answer.applications.map((application) => application.id)).to.deep.equal(Array.from({ length: 30 }, (_, i) => 61 + i));
    expect(page.tested).to.be.at.most(PAGE_WORK);
  });

  it('cursor pages start at the cursor: users since, deliveries before, import authors since', async function () {
    const users = await work(USERS_COLLECTION, () => new UserQueries(store).usersSince(BIG - 100, 30));
    expect(users.answer.users.map((user) => user.id)).to.deep.equal(Array.from({ length: 30 }, (_, i) => BIG - 99 + i));
    expect(users.answer.hasMore).to.equal(true);
    expect(users.tested).to.be.at.most(31);
    const deliveries = await work(HOOK_DELIVERIES_COLLECTION, () => new HookQueries(store).deliveriesOf(2, 30, 2 * BIG + 100));
    expect(deliveries.answer.map((delivery) => delivery.id)).to.deep.equal(Array.from({ length: 30 }, (_, i) => 2 * BIG + 99 - i));
    expect(deliveries.tested).to.be.at.most(30);
    const authors = await work(SOURCE_IMPORT_AUTHORS_COLLECTION, () => new SourceImportQueries(store).authors(1, 2 * BIG - 10));
    expect(authors.answer.map((author) => author.id)).to.deep.equal(Array.from({ length: 9 }, (_, i) => 2 * BIG - 9 + i));
    expect(authors.tested).to.be.at.most(10);
  });

  it("an organization's projects for a stranger: the public runs read to the end of the page, not the 3,000 projects", async function () {
    const repositories = new RepositoryQueries(store);
    const lists = new ProjectLists(
      store,
      new ProjectAccess(new ProjectQueries(store), repositories, new RepositoryAccessQuery(store), new OrganizationQueries(store)),
    );
    const page = await work(PROJECTS_COLLECTION, () => lists.ofOwner(null, { kind: 'organization', id: 9001 }, 'open', PAGE));
    expect(page.answer.totalCount).to.equal(BIG / 2);
    expect(page.answer.items.map(({ project }) => project.number)).to.deep.equal(Array.from({ length: 30 }, (_, i) => 2 * (60 + i) + 2));
    // One run per organization permission among the public projects.
    expect(page.tested).to.be.at.most(4 * PAGE_WORK);
  });

  it("an organization project's collaborators (affiliation all): a page of the 3,000 members from the index", async function () {
    const collaborators = new ProjectCollaboratorList(new ProjectQueries(store), new OrganizationQueries(store), new RepositoryQueries(store));
    const project = (id: number, permission: 'none' | 'read') => ({
      id,
      owner_kind: 'organization' as const,
      owner_id: 9001,
      organization_permission: permission,
    });
    // Every member has access (read): the page is the members' third page in id order.
    const everyone = await work(ORG_MEMBERSHIPS_COLLECTION, () => collaborators.list(project(2, 'read'), 'all', PAGE));
    expect(everyone.answer.totalCount).to.equal(BIG);
    expect(everyone.answer.items.map((user) => user.id)).to.deep.equal(Array.from({ length: 30 }, (_, i) => 61 + i));
    expect(everyone.tested).to.be.at.most(PAGE_WORK);
    // organization_permission none: the owners (every tenth member) alone.
    const owners = await work(ORG_MEMBERSHIPS_COLLECTION, () => collaborators.list(project(1, 'none'), 'all', PAGE));
    expect(owners.answer.totalCount).to.equal(BIG / 10);
    expect(owners.answer.items.map((user) => user.id)).to.deep.equal(Array.from({ length: 30 }, (_, i) => 10 * (60 + i) + 1));
    expect(owners.tested).to.be.at.most(PAGE_WORK);
  });

  it("a project's direct collaborators (a user's project, or affiliation direct): a page of its 3,000 grants from the index", async function () {
    const collaborators = new ProjectCollaboratorList(new ProjectQueries(store), new OrganizationQueries(store), new RepositoryQueries(store));
    for (const [project, affiliation] of [
      [{ id: 8, owner_kind: 'user' as const, owner_id: 1, organization_permission: 'none' as const }, 'all'],
      [{ id: 8, owner_kind: 'organization' as const, owner_id: 9001, organization_permission: 'read' as const }, 'direct'],
    ] as const) {
      const page = await work(PROJECT_COLLABORATORS_COLLECTION, () => collaborators.list(project, affiliation, PAGE));
      expect(page.answer.totalCount).to.equal(BIG);
      expect(page.answer.items.map((user) => user.id)).to.deep.equal(Array.from({ length: 30 }, (_, i) => 61 + i));
      expect(page.tested).to.be.at.most(PAGE_WORK);
    }
  });

  it("a column's cards by archived state: the page's cards loaded, not the column's 3,000", async function () {
    const queries = new ProjectQueries(store);
    const column = (await queries.column(5))!;
    for (const [state, kept] of [
      ['not_archived', (id: number) => (id - 1) % 3 !== 0],
      ['archived', (id: number) => (id - 1) % 3 === 0],
      ['all', () => true],
    ] as const) {
      const page = await work(PROJECT_CARDS_COLLECTION, () => queries.cardsOfColumn(column, state, PAGE));
      const wanted = Array.from({ length: BIG }, (_, n) => BIG - n).filter(kept);
      expect(page.answer.items.map((card) => card.id)).to.deep.equal(wanted.slice(60, 90));
      expect(page.answer.totalCount).to.equal(wanted.length);
      expect(page.tested).to.be.at.most(PAGE.perPage);
    }
  });

  it("an organization's audit log by created range or by a word: that range's or word's entries, not the whole log", async function () {
    const log = new ProjectAuditLog(store);
    const owner = { kind: 'organization', id: 9001 } as const;
    const ranged = await work(PROJECT_AUDIT_ENTRIES_COLLECTION, () =>
      log.page(owner, parseAuditPhrase('created:2026-01-01T00:10:00Z..2026-01-01T00:11:39Z'), { page: 2, perPage: 30 }, {}),
    );
    // 00:10:00 to 00:11:39 inclusive: entries 600 to 699, newest first.
    expect(ranged.answer.entries.map((entry) => entry.n)).to.deep.equal(Array.from({ length: 30 }, (_, i) => 669 - i));
    expect(ranged.answer.totalCount).to.equal(100);
    expect(ranged.tested).to.be.at.most(60 + 100);
    // Oldest first (GitHub's order=asc) walks the same range from its other end.
    const ascending = await work(PROJECT_AUDIT_ENTRIES_COLLECTION, () =>
      log.page(owner, parseAuditPhrase('created:2026-01-01T00:10:00Z..2026-01-01T00:11:39Z'), { page: 2, perPage: 30 }, {}, 'asc'),
    );
    expect(ascending.answer.entries.map((entry) => entry.n)).to.deep.equal(Array.from({ length: 30 }, (_, i) => 630 + i));
    expect(ascending.tested).to.be.at.most(60 + 100);
    // The rarer word is walked, whichever comes first in the phrase.
    const rare = await work(PROJECT_AUDIT_ENTRIES_COLLECTION, () => log.page(owner, parseAuditPhrase('update rare'), { page: 1, perPage: 10 }, {}));
    expect(rare.answer.entries.map((entry) => entry.n)).to.deep.equal(Array.from({ length: 10 }, (_, i) => 2900 - 100 * i));
    expect(rare.answer.totalCount).to.equal(30);
    expect(rare.tested).to.be.at.most(10 + 30);
    // A qualifier is walked as a word is: the auditor's 30 entries, not the owner's 3,000.
    for (const phrase of ['actor:Auditor', 'action:project actor:auditor project_id:1', 'actor:auditor -action:project.create']) {
      const acted = await work(PROJECT_AUDIT_ENTRIES_COLLECTION, () => log.page(owner, parseAuditPhrase(phrase), { page: 2, perPage: 10 }, {}));
      expect(
        acted.answer.entries.map((entry) => entry.n),
        phrase,
      ).to.deep.equal(Array.from({ length: 10 }, (_, i) => 1900 - 100 * i));
      expect(acted.answer.totalCount).to.equal(30);
      expect(acted.tested, phrase).to.be.at.most(20 + 30);
    }
    const nobody = await work(PROJECT_AUDIT_ENTRIES_COLLECTION, () => log.page(owner, parseAuditPhrase('action:project.delete'), { page: 1, perPage: 10 }, {}));
    expect(nobody.answer.totalCount).to.equal(0);
    expect(nobody.tested).to.equal(0);
  });
});
