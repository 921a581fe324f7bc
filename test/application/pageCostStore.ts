import { FOLLOWS_COLLECTION, USERS_COLLECTION } from '../../application/accounts/users.readModel.js';
import { ORGANIZATIONS_COLLECTION, ORG_MEMBERSHIPS_COLLECTION } from '../../application/accounts/organizations.readModel.js';
import { AUTHORIZATIONS_COLLECTION, OAUTH_GRANTS_COLLECTION } from '../../application/authorizations/authorizations.readModel.js';
import { ISSUE_COMMENTS_COLLECTION, ISSUES_COLLECTION, LABELS_COLLECTION, REACTIONS_COLLECTION } from '../../application/issues/issues.readModel.js';
import { MIGRATIONS_COLLECTION } from '../../application/migrations/migrations.readModel.js';
import { PULL_REQUESTS_COLLECTION } from '../../application/pulls/pullRequests.readModel.js';
import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  REPOSITORY_INVITATIONS_COLLECTION,
  REPOSITORY_STARS_COLLECTION,
  REPOSITORY_SUBSCRIPTIONS_COLLECTION,
} from '../../application/repositories/repositories.readModel.js';
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
import { OAUTH_APPLICATIONS_COLLECTION } from '../../application/accounts/oauthApplications.readModel.js';
import { oauthApplicationsProjection } from '../../projections/accounts/oauthApplications.projection.js';
import { PROJECT_AUDIT_ENTRIES_COLLECTION } from '../../application/projects/projectAudit.readModel.js';
import { auditQualifierWords } from '../../application/projects/auditWords.js';
import { projectAuditProjection } from '../../projections/projects/projectAudit.projection.js';
import {
  PROJECT_CARDS_COLLECTION,
  PROJECT_COLLABORATORS_COLLECTION,
  PROJECT_COLUMNS_COLLECTION,
  PROJECTS_COLLECTION,
} from '../../application/projects/projects.readModel.js';
import { HOOK_DELIVERIES_COLLECTION } from '../../application/webhooks/webhooks.readModel.js';
import { SOURCE_IMPORT_AUTHORS_COLLECTION } from '../../application/imports/imports.readModel.js';

// Each collection holds BIG documents of the object a request asks about and as many of
// others: a request may test what its page holds (plus the page before it, for skip), not
// the collection. The work is counted (documents tested against a filter), not timed.
export const BIG = 3000;
export const PAGE = { page: 3, perPage: 30 };
// The first id of repository 1's outside collaborators, less one.
export const OUTSIDE = 200_000;
// A user collaborating on 2,999 repositories (GET /users/{username}/repos?type=member).
export const COLLABORATOR = 4242;
// A page of 30 after two pages skipped, and its count: at most this many documents tested.
export const PAGE_WORK = PAGE.page * PAGE.perPage + 5;
export const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();

// The documents `read` tests in `collection` of the store, and what it answers.
export async function examinedBy<T>(store: EmbeddedReadModelStore, collection: string, read: () => Promise<T>): Promise<{ tested: number; answer: T }> {
  const before = store.examined(collection);
  const answer = await read();
  return { tested: store.examined(collection) - before, answer };
}

export async function seeded(): Promise<EmbeddedReadModelStore> {
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
  // Repository 1 (organization 9001's) has 3,000 collaborators who are members (below), and
  // 3,000 outside collaborators with ids from 200,001.
  await insert(REPOSITORY_COLLABORATORS_COLLECTION, (n) => [
    { _id: `1:${n + 1}`, repository_id: 1, user_id: n + 1, permission: 'push', owner_id: 9001, org_role: n % 10 === 0 ? 'admin' : 'member' },
    { _id: `1:${OUTSIDE + n + 1}`, repository_id: 1, user_id: OUTSIDE + n + 1, permission: 'pull', owner_id: 9001, org_role: 'none' },
  ]);
  await insert(USERS_COLLECTION, (n) => [{ _id: String(OUTSIDE + n + 1), id: OUTSIDE + n + 1, login: `x${n + 1}`, login_key: `x${n + 1}`, type: 'User' }]);
  // User COLLABORATOR collaborates on every repository below but the first (2,999), each
  // collaboration carrying its repository's visibility and sort keys as the projection keeps them.
  await store.collection(USERS_COLLECTION).insertOne({ _id: String(COLLABORATOR), id: COLLABORATOR, login: 'helper', login_key: 'helper', type: 'User' });
  await insert(REPOSITORY_COLLABORATORS_COLLECTION, (n) =>
    n === 0
      ? []
      : [
          {
            _id: `${n + 1}:${COLLABORATOR}`,
            repository_id: n + 1,
            user_id: COLLABORATOR,
            permission: 'push',
            owner_id: n % 2 === 0 ? 9001 : 1,
            org_role: 'none',
            private: n % 4 === 0,
            repository_created_at: at(n),
            repository_updated_at: at(n),
            repository_pushed_at: at(n),
            full_name_key: `${n % 2 === 0 ? 'big' : 'u1'}/r${n}`,
          },
        ],
  );
  await insert(AUTHORIZATIONS_COLLECTION, (n) =>
    [1, 2].map((user) => ({
      _id: String(user * BIG + n),
      id: user * BIG + n,
      user_id: user,
      application_id: null,
      // A third of each user's tokens for each of two applications, a third personal.
      client_id: [null, 'app-a', 'app-b'][n % 3],
      hashed_token: `h${user}-${n}`,
    })),
  );
  // Two users' grants of 3,000 applications each, inserted out of id order.
  await insert(OAUTH_GRANTS_COLLECTION, (n) =>
    [1, 2].map((user) => {
      const id = user * BIG + ((n * 7) % BIG);
      return { _id: `${user}:${n}`, id, user_id: user, application_id: n, client_id: `c${n}`, scopes: [], created_at: at(n), updated_at: at(n) };
    }),
  );
  // Repository 1's subscribers, half of them ignoring it; and user 2 watching every other
  // repository, a quarter of them private (as their stars below).
  await insert(REPOSITORY_SUBSCRIPTIONS_COLLECTION, (n) => [
    { _id: `1:${n + 1}`, repository_id: 1, user_id: n + 1, subscribed: n % 2 === 0, ignored: n % 2 === 1, created_at: at(n), private: false },
    ...(n > 0
      ? [
          {
            _id: `${n + 1}:2`,
            repository_id: n + 1,
            user_id: 2,
            subscribed: true,
            ignored: false,
            created_at: at(n),
            private: n % 4 === 0,
            owner_id: n % 2 === 0 ? 9001 : 1,
          },
        ]
      : []),
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
    // A third of them publicized their membership; one in four has two-factor authentication off.
    {
      _id: `9001:${n + 1}`,
      org_id: 9001,
      user_id: n + 1,
      role: n % 10 === 0 ? 'admin' : 'member',
      state: 'active',
      public: n % 3 === 0,
      two_factor: n % 4 !== 0,
    },
  ]);
  // Organization 9002 lets its 3,000 members write (its repositories' assignees are all of them).
  await store
    .collection(ORGANIZATIONS_COLLECTION)
    .insertOne({ _id: '9002', id: 9002, login: 'writers', login_key: 'writers', default_repository_permission: 'write' });
  await insert(ORG_MEMBERSHIPS_COLLECTION, (n) => [
    { _id: `9002:${n + 1}`, org_id: 9002, user_id: n + 1, role: n % 10 === 0 ? 'admin' : 'member', state: 'active', public: false },
  ]);
  // User 7777 in 3,000 organizations (ids from 20,000), joined out of id order; those of even
  // ids publicized.
  await insert(ORG_MEMBERSHIPS_COLLECTION, (n) => {
    const org = 20_000 + ((n * 7) % BIG);
    return [{ _id: `${org}:7777`, org_id: org, user_id: 7777, role: 'member', state: 'active', public: org % 2 === 0 }];
  });
  await insert(ORGANIZATIONS_COLLECTION, (n) => [
    { _id: String(20_000 + n), id: 20_000 + n, login: `o${n}`, login_key: `o${n}`, default_repository_permission: 'read' },
  ]);
  // Repository 1's 3,000 pending invitations, and user 2's to 3,000 repositories.
  await insert(REPOSITORY_INVITATIONS_COLLECTION, (n) => [
    { _id: String(10_000 + n), id: 10_000 + n, repository_id: 1, invitee_id: 100_000 + n, inviter_id: 1, permission: 'push', created_at: at(n) },
    { _id: String(20_000 + n), id: 20_000 + n, repository_id: 100 + n, invitee_id: 2, inviter_id: 1, permission: 'push', created_at: at(n) },
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
  // The stars carry their repository's pushed_at (sort=updated): here the reverse of when they were given.
  await insert(REPOSITORY_STARS_COLLECTION, (n) => [
    { _id: `${n + 1}:1`, repository_id: n + 1, user_id: 1, starred_at: at(n), private: n % 4 === 0, owner_id: n % 2 === 0 ? 9001 : 1, pushed_at: at(BIG - n) },
    { _id: `${n + 1}:2`, repository_id: n + 1, user_id: 2, starred_at: at(n), private: n % 4 === 0, owner_id: n % 2 === 0 ? 9001 : 1, pushed_at: at(BIG - n) },
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
      // One in six mentions user 8 (u8) in its body, as the issues projection keeps it.
      body: n % 6 === 1 ? 'cc @u8' : 'no one',
      body_mentioned_ids: n % 6 === 1 ? [8] : [],
      mentioned_ids: n % 6 === 1 ? [8] : [],
    })),
  );
  await insert(ISSUE_COMMENTS_COLLECTION, (n) =>
    [1, 2].map((repository) => ({
      _id: String(repository * BIG + n),
      id: repository * BIG + n,
      repository_id: repository,
      issue_id: n,
      body: 'no mention',
      mentioned_ids: [],
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
      // Every 100th by an auditor; the rest by the boss.
      actor_lower: n % 100 === 0 ? 'auditor' : 'boss',
      words: [
        ...(n % 100 === 0 ? ['project', 'update', 'rare'] : ['project', 'update', 'common']),
        ...auditQualifierWords({ action: 'project.update', actor_lower: n % 100 === 0 ? 'auditor' : 'boss', project_id: 1 }),
      ],
      entry: { action: 'project.update', n },
    })),
  );
  // Projects 7 and 8 granted to 3,000 users each, granted out of user id order.
  await insert(PROJECT_COLLABORATORS_COLLECTION, (n) =>
    [7, 8].map((project) => {
      const user = 1 + ((n * 7) % BIG);
      return { _id: `${project}:${user}`, project_id: project, user_id: user, permission: 'write' };
    }),
  );
  await insert(PROJECT_CARDS_COLLECTION, (n) => [{ _id: String(n + 1), id: n + 1, column_id: 5, archived: n % 3 === 0 }]);
  await store.collection(PROJECT_COLUMNS_COLLECTION).insertOne({
    _id: '5',
    id: 5,
    card_ids: Array.from({ length: BIG }, (_, n) => BIG - n),
    archived_card_ids: Array.from({ length: BIG }, (_, n) => n + 1).filter((id) => (id - 1) % 3 === 0),
    gone_card_ids: [],
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
      head_repository_id: 2,
      head_ref: n === BIG - 1 ? 'feature' : `topic-${n % 7}`,
    },
  ]);
  return store;
}
