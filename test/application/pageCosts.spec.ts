import { expect } from 'chai';
import { FOLLOWS_COLLECTION, USERS_COLLECTION } from '../../application/accounts/users.readModel.js';
import { FollowQueries } from '../../application/accounts/follow.queries.js';
import { ORGANIZATIONS_COLLECTION, ORG_MEMBERSHIPS_COLLECTION } from '../../application/accounts/organizations.readModel.js';
import { OrganizationQueries } from '../../application/accounts/organization.queries.js';
import { AuthorizationQueries } from '../../application/authorizations/authorization.queries.js';
import { AUTHORIZATIONS_COLLECTION } from '../../application/authorizations/authorizations.readModel.js';
import { IssueQueries } from '../../application/issues/issue.queries.js';
import { ISSUE_COMMENTS_COLLECTION, ISSUES_COLLECTION, LABELS_COLLECTION, REACTIONS_COLLECTION } from '../../application/issues/issues.readModel.js';
import { MigrationQueries } from '../../application/migrations/migrationQueries.js';
import { MIGRATIONS_COLLECTION } from '../../application/migrations/migrations.readModel.js';
import { PullRequestQueries } from '../../application/pulls/pullRequest.queries.js';
import { PULL_REQUESTS_COLLECTION } from '../../application/pulls/pullRequests.readModel.js';
import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  REPOSITORY_STARS_COLLECTION,
  REPOSITORY_SUBSCRIPTIONS_COLLECTION,
} from '../../application/repositories/repositories.readModel.js';
import { RepositoryQueries } from '../../application/repositories/repository.queries.js';
import { RepositoryLists } from '../../application/repositories/repositoryLists.query.js';
import { RepositoryAccessQuery } from '../../application/shared/access/repositoryAccess.query.js';
import type { Document } from '../../application/shared/ports/readModelStore.port.js';
import { EmbeddedReadModelStore } from '../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { organizationsProjection } from '../../projections/accounts/organizations.projection.js';
import { usersProjection } from '../../projections/accounts/users.projection.js';
import { authorizationsProjection } from '../../projections/authorizations/authorizations.projection.js';
import { issuesProjection } from '../../projections/issues/issues.projection.js';
import { migrationsProjection } from '../../projections/migrations/migrations.projection.js';
import { pullRequestsProjection } from '../../projections/pulls/pullRequests.projection.js';
import { repositoriesProjection } from '../../projections/repositories/repositories.projection.js';
import { sourceImportsProjection } from '../../projections/imports/sourceImports.projection.js';
import { webhooksProjection } from '../../projections/webhooks/webhooks.projection.js';
import { projectsProjection } from '../../projections/projects/projects.projection.js';
import { ProjectLists } from '../../application/projects/projectLists.query.js';
import { ProjectAccess } from '../../application/projects/projectAccess.query.js';
import { ProjectQueries } from '../../application/projects/projectQueries.js';
import { OAuthApplicationQueries } from '../../application/accounts/oauthApplication.queries.js';
import { OAUTH_APPLICATIONS_COLLECTION } from '../../application/accounts/oauthApplications.readModel.js';
import { oauthApplicationsProjection } from '../../projections/accounts/oauthApplications.projection.js';
import { PROJECT_AUDIT_ENTRIES_COLLECTION } from '../../application/projects/projectAudit.readModel.js';
import { ProjectAuditLog, parseAuditPhrase } from '../../application/projects/projectAuditLog.query.js';
import { projectAuditProjection } from '../../projections/projects/projectAudit.projection.js';
import { PROJECT_CARDS_COLLECTION, PROJECT_COLUMNS_COLLECTION, PROJECTS_COLLECTION } from '../../application/projects/projects.readModel.js';
import { UserQueries } from '../../application/accounts/user.queries.js';
import { HookQueries } from '../../application/webhooks/hookQueries.js';
import { HOOK_DELIVERIES_COLLECTION } from '../../application/webhooks/webhooks.readModel.js';
import { SourceImportQueries } from '../../application/imports/sourceImports.queries.js';
import { SOURCE_IMPORT_AUTHORS_COLLECTION } from '../../application/imports/imports.readModel.js';

// Each collection holds BIG documents of the object a request asks about and as many of
// others: a request may test what its page holds (plus the page before it, for skip), not
// the collection. The work is counted (documents tested against a filter), not timed.
const BIG = 3000;
const PAGE = { page: 3, perPage: 30 };
// A page of 30 after two pages skipped, and its count: at most this many documents tested.
const PAGE_WORK = PAGE.page * PAGE.perPage + 5;
const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();

async function seeded(): Promise<EmbeddedReadModelStore> {
  const store = new EmbeddedReadModelStore();
  const projections = [
    repositoriesProjection,
    issuesProjection,
    authorizationsProjection,
    usersProjection,
    organizationsProjection,
    migrationsProjection,
    pullRequestsProjection,
    webhooksProjection,
    sourceImportsProjection,
    projectsProjection,
    oauthApplicationsProjection,
    projectAuditProjection,
  ];
  for (const projection of projections)
    for (const collection of projection.collections) if (collection.indexes?.length) await store.collection(collection.name).createIndexes(collection.indexes);
  const insert = async (name: string, documents: (n: number) => Document[]) => {
    for (let n = 0; n < BIG; n++) for (const document of documents(n)) await store.collection(name).insertOne(document);
  };
  await insert(USERS_COLLECTION, (n) => [{ _id: String(n + 1), id: n + 1, login: `u${n + 1}`, login_key: `u${n + 1}`, type: 'User' }]);
  await store.collection(ORGANIZATIONS_COLLECTION).insertOne({ _id: '9001', id: 9001, default_repository_permission: 'read' });
  await store.collection(USERS_COLLECTION).insertOne({ _id: '9001', id: 9001, login: 'big', login_key: 'big', type: 'Organization' });
  await insert(LABELS_COLLECTION, (n) =>
    [1, 2].map((repository) => ({ _id: String(repository * BIG + n), id: repository * BIG + n, repository_id: repository, name: `l${n}`, name_key: `l${n}` })),
  );
  await insert(REPOSITORY_COLLABORATORS_COLLECTION, (n) => [{ _id: `1:${n + 1}`, repository_id: 1, user_id: n + 1, permission: 'push' }]);
  await insert(AUTHORIZATIONS_COLLECTION, (n) =>
    [1, 2].map((user) => ({ _id: String(user * BIG + n), id: user * BIG + n, user_id: user, application_id: null, hashed_token: `h${user}-${n}` })),
  );
  await insert(REPOSITORY_SUBSCRIPTIONS_COLLECTION, (n) => [
    { _id: `1:${n + 1}`, repository_id: 1, user_id: n + 1, subscribed: n % 2 === 0, ignored: n % 2 === 1, created_at: at(n) },
  ]);
  await insert(REACTIONS_COLLECTION, (n) =>
    [1, 2].map((issue) => ({
      _id: String(issue * BIG + n),
      id: issue * BIG + n,
      subject_type: 'issue',
      subject_id: issue,
      repository_id: 1,
      user_id: n + 1,
      content: n % 3 === 0 ? 'heart' : '+1',
      created_at: at(n),
    })),
  );
  await insert(FOLLOWS_COLLECTION, (n) => [
    { _id: `${n + 2}:1`, follower_id: n + 2, followee_id: 1, position: 2 * n },
    { _id: `1:${n + 2}`, follower_id: 1, followee_id: n + 2, position: 2 * n + 1 },
  ]);
  await insert(ORG_MEMBERSHIPS_COLLECTION, (n) => [
    { _id: `9001:${n + 1}`, org_id: 9001, user_id: n + 1, role: n % 10 === 0 ? 'admin' : 'member', state: 'active' },
  ]);
  await insert(MIGRATIONS_COLLECTION, (n) => [{ _id: String(n), id: n, owner_kind: n % 2 ? 'organization' : 'user', owner_id: 9001, state: 'exported' }]);
  await insert(REPOSITORIES_COLLECTION, (n) => [
    {
      _id: String(n + 1),
      id: n + 1,
      owner_id: n % 2 === 0 ? 9001 : 1,
      owner_type: n % 2 === 0 ? 'Organization' : 'User',
      name: `r${n}`,
      name_key: `r${n}`,
      private: n % 4 === 0,
      fork: false,
      parent_id: null,
      source_id: null,
      archived: false,
      stargazers_count: 0,
      created_at: at(n),
      updated_at: at(n),
      pushed_at: at(n),
    },
  ]);
  await insert(REPOSITORY_STARS_COLLECTION, (n) => [
    { _id: `${n + 1}:1`, repository_id: n + 1, user_id: 1, starred_at: at(n), private: n % 4 === 0 },
    { _id: `${n + 1}:2`, repository_id: n + 1, user_id: 2, starred_at: at(n), private: n % 4 === 0 },
  ]);
  // Issues of two repositories, every third closed; updated and commented out of creation order.
  await insert(ISSUES_COLLECTION, (n) =>
    [1, 2].map((repository) => ({
      _id: String(repository * BIG + n),
      id: repository * BIG + n,
      repository_id: repository,
      number: n + 1,
      state: n % 3 === 0 ? 'closed' : 'open',
      created_at: at(n),
      updated_at: at((n * 7919) % BIG),
      comments: (n * 31) % 17,
      user_id: 1 + (n % 10),
      milestone_id: n % 5 === 0 ? 77 : null,
      label_ids: n % 4 === 0 ? [501, 502] : n % 4 === 1 ? [501] : [],
      assignee_ids: n % 6 === 0 ? [7] : [],
    })),
  );
  await insert(ISSUE_COMMENTS_COLLECTION, (n) =>
    [1, 2].map((repository) => ({
      _id: String(repository * BIG + n),
      id: repository * BIG + n,
      repository_id: repository,
      issue_id: n,
      created_at: at(n),
      updated_at: at((n * 7919) % BIG),
    })),
  );
  await insert(PROJECTS_COLLECTION, (n) => [
    {
      _id: String(n + 1),
      id: n + 1,
      owner_kind: 'organization',
      owner_id: 9001,
      number: n + 1,
      state: 'open',
      private: n % 2 === 0,
      organization_permission: (['none', 'read', 'write', 'admin'] as const)[n % 4],
    },
  ]);
  // Two owners' audit logs, an entry a second; one entry in a hundred holds the word "rare".
  await insert(PROJECT_AUDIT_ENTRIES_COLLECTION, (n) =>
    [9001, 9002].map((owner) => ({
      _id: `${owner}-${n}`,
      owner_kind: 'organization',
      owner_id: owner,
      project_id: 1,
      timestamp: Date.UTC(2026, 0, 1) + n * 1000,
      position: owner * BIG + n,
      action: 'project.update',
      action_category: 'project',
      actor_lower: 'boss',
      words: n % 100 === 0 ? ['project', 'update', 'rare'] : ['project', 'update', 'common'],
      entry: { action: 'project.update', n },
    })),
  );
  await insert(PROJECT_CARDS_COLLECTION, (n) => [{ _id: String(n + 1), id: n + 1, column_id: 5, archived: n % 3 === 0 }]);
  await store.collection(PROJECT_COLUMNS_COLLECTION).insertOne({
    _id: '5',
    id: 5,
    card_ids: Array.from({ length: BIG }, (_, n) => BIG - n),
    archived_card_ids: Array.from({ length: BIG }, (_, n) => n + 1).filter((id) => (id - 1) % 3 === 0),
  });
  await insert(OAUTH_APPLICATIONS_COLLECTION, (n) => [{ _id: String(n + 1), id: n + 1, client_id: `c${n}`, name: `app ${n}` }]);
  await insert(HOOK_DELIVERIES_COLLECTION, (n) =>
    [1, 2].map((hook) => ({ _id: String(hook * BIG + n), id: hook * BIG + n, hook_id: hook, guid: `g${hook}-${n}` })),
  );
  await insert(SOURCE_IMPORT_AUTHORS_COLLECTION, (n) =>
    [1, 2].map((repository) => ({ _id: String(repository * BIG + n), id: repository * BIG + n, repository_id: repository, remote_id: `r${n}` })),
  );
  await insert(PULL_REQUESTS_COLLECTION, (n) => [
    {
      _id: String(n + 1),
      id: n + 1,
      number: n + 1,
      repository_id: 1,
      state: n === BIG - 1 ? 'open' : 'closed',
      created_at: at(n),
      updated_at: at(n),
      base: { repository_id: 1, ref: n % 50 === 0 ? 'release' : 'main' },
      base_ref: n % 50 === 0 ? 'release' : 'main',
      head: { repository_id: 2, ref: n === BIG - 1 ? 'feature' : `topic-${n % 7}` },
    },
  ]);
  return store;
}

describe('page costs: a request tests what its page touches, not the collection', function () {
  let store: EmbeddedReadModelStore;

  before(async function () {
    this.timeout(60_000);
    store = await seeded();
  });

  // The documents `read` tests in `collection`, and what it answers.
  async function work<T>(collection: string, read: () => Promise<T>): Promise<{ tested: number; answer: T }> {
    const before = store.examined(collection);
    const answer = await read();
    return { tested: store.examined(collection) - before, answer };
  }

  it('labels: a page of a repository with 3,000 labels, and labels by id', async function () {
    const issues = new IssueQueries(store);
    const page = await work(LABELS_COLLECTION, () => issues.pagedLabels(1, PAGE));
    expect(page.answer.totalCount).to.equal(BIG);
    expect(page.answer.items.map((label) => label.repository_id)).to.deep.equal(Array(30).fill(1));
    expect(page.tested).to.be.at.most(PAGE_WORK);
    const byIds = await work(LABELS_COLLECTION, () => issues.labelsByIds([BIG + 7, 2 * BIG + 9, BIG + 7]));
    expect(byIds.answer.map((label) => label.id)).to.deep.equal([BIG + 7, 2 * BIG + 9, BIG + 7]);
    expect(byIds.tested).to.be.at.most(2);
  });

  it("issue authors' association: the authors looked up, not the repository's 3,000 collaborators", async function () {
    const repositories = new RepositoryQueries(store);
    const found = await work(REPOSITORY_COLLABORATORS_COLLECTION, () => repositories.collaboratorIdsAmong(1, [5, 6, 5, BIG + 50]));
    expect([...found.answer].sort()).to.deep.equal([5, 6]);
    expect(found.tested).to.be.at.most(3);
  });

  it("a user's tokens, a repository's subscribers, an issue's reactions (with and without content)", async function () {
    const tokens = await work(AUTHORIZATIONS_COLLECTION, () => new AuthorizationQueries(store).ofUser(2, PAGE.page, PAGE.perPage));
    expect(tokens.answer.totalCount).to.equal(BIG);
    expect(tokens.answer.items[0]!.id).to.equal(2 * BIG + 60);
    expect(tokens.tested).to.be.at.most(PAGE_WORK);
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
      const members = await work(ORG_MEMBERSHIPS_COLLECTION, () => organizations.members(9001, role, PAGE.page, PAGE.perPage));
      expect(members.answer.totalCount).to.equal(role === 'all' ? BIG : BIG / 10);
      expect(members.answer.items).to.have.length(30);
      expect(members.tested).to.be.at.most(PAGE_WORK);
    }
    expect((await work(ORG_MEMBERSHIPS_COLLECTION, () => organizations.memberCount(9001))).tested).to.equal(0);
    const migrations = await work(MIGRATIONS_COLLECTION, () => new MigrationQueries(store).page('organization', 9001, PAGE.page, PAGE.perPage));
    expect(migrations.answer.totalCount).to.equal(BIG / 2);
    expect(migrations.answer.migrations[0]!.id).to.equal(BIG - 1 - 2 * 60);
    expect(migrations.tested).to.be.at.most(PAGE_WORK);
  });

  it("repository lists: an organization's page, a user's starred page, an owner's repositories", async function () {
    const queries = new RepositoryQueries(store);
    const lists = new RepositoryLists(store, queries, new RepositoryAccessQuery(store));
    const organization = (await queries.accountByLogin('big'))!;
    const page = await work(REPOSITORIES_COLLECTION, () => lists.forOrganization(null, organization, 'all', { sort: 'created', direction: 'desc' }, PAGE));
    expect(page.answer.totalCount).to.equal(BIG / 4);
    expect(page.answer.items.every(({ repository }) => !repository.private && repository.owner_id === 9001)).to.equal(true);
    // One run per fork value read to the end of the page (each holds half the page at most).
    expect(page.tested).to.be.at.most(2 * PAGE_WORK);
    // Anonymous: the public stars from the index; the private ones are decided (bounded by
    // the user's private stars, a quarter here), never the other users' stars.
    const starred = await work(REPOSITORY_STARS_COLLECTION, () => lists.starredBy(null, 2, 'desc', PAGE));
    expect(starred.answer.totalCount).to.equal((BIG * 3) / 4);
    expect(starred.tested).to.be.at.most(PAGE_WORK + BIG / 4);
    const owned = await work(REPOSITORIES_COLLECTION, () => queries.ownedBy([1]));
    expect(owned.answer).to.have.length(BIG / 2);
    expect(owned.tested).to.equal(BIG / 2);
  });

  it('the open pull request between two branches: among the head branch open ones, not all 3,000 from the head repository', async function () {
    const pulls = new PullRequestQueries(store);
    const open = await work(PULL_REQUESTS_COLLECTION, () => pulls.openBetween(1, 'main', 2, 'feature'));
    expect(open.answer).to.equal(true);
    expect(open.tested).to.equal(1);
    expect((await pulls.openBetween(1, 'main', 2, 'feature', BIG)) as boolean).to.equal(false);
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

  it('issues of every state, by updated or comments: the open and closed runs merged, page for page as sorted whole', async function () {
    const issues = new IssueQueries(store);
    for (const [sort, key] of [
      [{ updated_at: -1, number: -1 }, (n: number) => [at((n * 7919) % BIG), n + 1]],
      [{ comments: 1, number: 1 }, (n: number) => [(n * 31) % 17, n + 1]],
    ] as const) {
      const page = await work(ISSUES_COLLECTION, () => issues.pagedIssues({ repository_id: 2 }, sort, PAGE));
      const direction = Object.values(sort)[0]!;
      const whole = Array.from({ length: BIG }, (_, n) => n).sort((a, b) => {
        const [left, right] = [key(a), key(b)];
        return (left[0] === right[0] ? (left[1] as number) - (right[1] as number) : left[0]! < right[0]! ? -1 : 1) * direction;
      });
      expect(page.answer.items.map((issue) => issue.number)).to.deep.equal(whole.slice(60, 90).map((n) => n + 1));
      expect(page.answer.totalCount).to.equal(BIG);
      // Each state's run read to the end of the page, and the count from the index.
      expect(page.tested).to.be.at.most(2 * PAGE_WORK);
    }
  });

  it("an issue by number; a repository's issues and comments from a number or id on (the migration exporter's files)", async function () {
    const byNumber = await work(ISSUES_COLLECTION, () => new IssueQueries(store).issueByNumber(2, 1234));
    expect(byNumber.answer!.id).to.equal(2 * BIG + 1233);
    expect(byNumber.tested).to.equal(1);
    const issues = await work(ISSUES_COLLECTION, () =>
      store.collection(ISSUES_COLLECTION).find({ repository_id: 1, number: { $gt: BIG - 100 } }, { sort: { number: 1 }, limit: 30 }),
    );
    expect(issues.answer.map((issue) => issue.number)).to.deep.equal(Array.from({ length: 30 }, (_, i) => BIG - 99 + i));
    expect(issues.tested).to.equal(30);
    const comments = await work(ISSUE_COMMENTS_COLLECTION, () =>
      store.collection(ISSUE_COMMENTS_COLLECTION).find({ repository_id: 1, id: { $gt: 2 * BIG - 100 } }, { sort: { id: 1 }, limit: 30 }),
    );
    expect(comments.answer.map((comment) => comment.id)).to.deep.equal(Array.from({ length: 30 }, (_, i) => 2 * BIG - 99 + i));
    expect(comments.tested).to.equal(30);
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

  it('issues by creator or by milestone, newest first: page and count from the index', async function () {
    const issues = new IssueQueries(store);
    for (const [filter, expected] of [
      [{ user_id: 4 }, (n: number) => n % 10 === 3],
      [{ milestone_id: 77 }, (n: number) => n % 5 === 0],
    ] as const) {
      const page = await work(ISSUES_COLLECTION, () =>
        issues.pagedIssues({ repository_id: 2, state: 'open', ...filter }, { created_at: -1, number: -1 }, { page: 2, perPage: 30 }),
      );
      const whole = Array.from({ length: BIG }, (_, n) => BIG - 1 - n).filter((n) => expected(n) && n % 3 !== 0);
      expect(page.answer.items.map((issue) => issue.number)).to.deep.equal(whole.slice(30, 60).map((n) => n + 1));
      expect(page.answer.totalCount).to.equal(whole.length);
      expect(page.tested).to.be.at.most(60);
    }
  });

  it('issues by a label, by labels, by an assignee, newest first: from the multikey index, not the repository', async function () {
    const issues = new IssueQueries(store);
    const open = (n: number) => n % 3 !== 0;
    for (const [filter, expected, countWork] of [
      // One label or an assignee: the page walks their issues, the count is kept by the index.
      [{ label_ids: 501 }, (n: number) => n % 4 <= 1, 0],
      [{ assignee_ids: 7 }, (n: number) => n % 6 === 0, 0],
      // Two labels: the first label's issues walked (half of them have both), counted by walking them.
      [{ label_ids: { $all: [501, 502] } }, (n: number) => n % 4 === 0, BIG / 2],
    ] as const) {
      const page = await work(ISSUES_COLLECTION, () =>
        issues.pagedIssues({ repository_id: 2, state: 'open', ...filter }, { created_at: -1, number: -1 }, { page: 2, perPage: 30 }),
      );
      const whole = Array.from({ length: BIG }, (_, n) => BIG - 1 - n).filter((n) => expected(n) && open(n));
      expect(page.answer.items.map((issue) => issue.number)).to.deep.equal(whole.slice(30, 60).map((n) => n + 1));
      expect(page.answer.totalCount).to.equal(whole.length);
      expect(page.tested, JSON.stringify(filter)).to.be.at.most(2 * 60 + 5 + countWork);
    }
  });

  it('comments since an instant: those updated since, not every comment of the repository', async function () {
    const since = at(BIG - 100);
    const page = await work(ISSUE_COMMENTS_COLLECTION, () =>
      new IssueQueries(store).pagedComments({ repository_id: 2 }, since, 'desc', { page: 2, perPage: 30 }),
    );
    const updatedSince = Array.from({ length: BIG }, (_, n) => n).filter((n) => (n * 7919) % BIG >= BIG - 100);
    const newestFirst = updatedSince.reverse().map((n) => 2 * BIG + n);
    expect(page.answer.items.map((comment) => comment.id)).to.deep.equal(newestFirst.slice(30, 60));
    expect(page.answer.totalCount).to.equal(100);
    expect(page.tested).to.be.at.most(100);
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
    // The rarer word is walked, whichever comes first in the phrase.
    const rare = await work(PROJECT_AUDIT_ENTRIES_COLLECTION, () => log.page(owner, parseAuditPhrase('update rare'), { page: 1, perPage: 10 }, {}));
    expect(rare.answer.entries.map((entry) => entry.n)).to.deep.equal(Array.from({ length: 10 }, (_, i) => 2900 - 100 * i));
    expect(rare.answer.totalCount).to.equal(30);
    expect(rare.tested).to.be.at.most(10 + 30);
  });

  it('pull requests by base branch, newest first: page and count from the index', async function () {
    const page = await work(PULL_REQUESTS_COLLECTION, () =>
      new PullRequestQueries(store).list(1, { state: 'closed', base: 'release', sort: 'created', direction: 'desc', page: 2, perPage: 10 }),
    );
    const whole = Array.from({ length: BIG }, (_, n) => BIG - 1 - n).filter((n) => n % 50 === 0 && n !== BIG - 1);
    expect(page.answer.items.map((pull) => pull.number)).to.deep.equal(whole.slice(10, 20).map((n) => n + 1));
    expect(page.answer.totalCount).to.equal(whole.length);
    expect(page.tested).to.be.at.most(20);
  });
});
