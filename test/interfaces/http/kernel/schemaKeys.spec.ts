import { expect } from 'chai';
import { missingSchemaKeys } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// Every object the API returns carries every key GitHub's schema lists for it, required or
// not, at every depth (an owner inside a repository, a repository inside a pull request),
// except the keys GitHub itself sends only in some contexts, each listed here with why.
const ONLY_IN_SOME_CONTEXTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/(^|\.)starred_at$/, 'only in star lists read with the star media type'],
  [/(^|(^|\.)(owner|user|invitee|inviter|creator|organization))\.?(name|email)$/, "a simple-user's name and email: GitHub's embedded accounts leave them out"],
  [/(^|\.)(permissions|role_name)$/, "the caller's permissions: for an authenticated caller only, never inside pull requests or invitations"],
  [/^(business_plus|ldap_dn)$/, "GitHub Enterprise Cloud's business plans and LDAP-synced accounts only"],
  [/^(direct_membership|enterprise_teams_providing_indirect_membership)$/, 'enterprise teams (GitHub Enterprise Cloud) only'],
  [/(^|\.)template_repository$/, 'only for a repository generated from a template'],
  [/(^|\.)master_branch$/, 'a legacy key GitHub no longer sends'],
  [/(^|\.)anonymous_access_enabled$/, 'GitHub Enterprise Server with anonymous Git access only'],
  [/(^|\.)code_of_conduct$/, 'only when the repository has a code of conduct'],
  [/(^|\.)(security_and_analysis|code_search_index_status)$/, 'only to administrators, with GitHub Advanced Security or code search indexing'],
  [/(^|\.)(body_html|body_text)$/, 'only with the html, text or full media types'],
  [/^payload\.pages$/, "a GollumEvent's wiki pages: forgelog has no wikis"],
  [
    /^(parent_issue_url|pinned_comment|issue_dependencies_summary|issue_field_values|pin|minimized|stack)$/,
    'sub-issues, pinned and minimized comments, dependencies, issue fields, stacked pull requests: features forgelog does not have',
  ],
];

// Per request: keys that depend on what the object is (a user-owned repository has no
// organization; a repository that is not a fork no parent) or on who asks.
const ONLY_FOR_THIS: Readonly<Record<string, { readonly keys: RegExp; readonly why: string }>> = {
  'GET /users/keyholder': {
    keys: /^(notification_email|plan|private_gists|total_private_repos|owned_private_repos|disk_usage|collaborators)$/,
    why: "the private-user's keys: the account itself only (GET /user)",
  },
  'GET /orgs/keyring': {
    keys: /^(name|company|blog|location|email)$/,
    why: 'typed as never-null strings: an unset one is left out (GitHub sends null, which the description refuses)',
  },
  'GET /orgs/keyring as anyone': {
    keys: /^(name|company|blog|location|email|total_private_repos|owned_private_repos|private_gists|disk_usage|collaborators|billing_email|plan|default_repository_permission|default_repository_branch|members_.*|two_factor_requirement_enabled|display_commenter_full_name_setting_enabled|readers_can_create_discussions|web_commit_signoff_required|advanced_security_enabled_for_new_repositories|dependabot_.*|dependency_graph_enabled_for_new_repositories|secret_scanning_.*|deploy_keys_enabled_for_repositories)$/,
    why: "an organization's settings and private counters: members and owners only",
  },
  'GET /repos/keyholder/keys': { keys: /^(organization|parent|source)$/, why: 'a user-owned repository that is not a fork' },
  'GET /repos/keyring/org-keys': { keys: /^(parent|source)$/, why: 'not a fork' },
  'POST /repos/keyholder/keys/forks': { keys: /^organization$/, why: 'a user-owned fork' },
  'GET /users/keyholder/repos': { keys: /^(subscribers_count|network_count)$/, why: "a full repository's counters: lists do not carry them" },
  'PUT /repos/keyholder/keys/collaborators/visitor': {
    keys: /^repository\.(subscribers_count|network_count)$/,
    why: "a full repository's counters: the invitation's minimal repository does not carry them",
  },
  'GET /repos/keyholder/keys/events': {
    keys: /^(org|payload\.issue\.(pull_request|draft|repository))$/,
    why: "an event's organization (a user-owned repository has none); an issue's pull request keys (issues only) and repository (lists across repositories only)",
  },
  'POST /repos/keyholder/keys/issues': {
    keys: /^(pull_request|draft|repository)$/,
    why: 'pull requests only; the repository only in lists across repositories',
  },
  'PATCH /repos/keyholder/keys/issues/1': {
    keys: /^(pull_request|draft|repository)$/,
    why: 'pull requests only; the repository only in lists across repositories',
  },
};

function unexplained(request: string, key: string): boolean {
  if (ONLY_IN_SOME_CONTEXTS.some(([pattern]) => pattern.test(key))) return false;
  return !ONLY_FOR_THIS[request]?.keys.test(key);
}

describe("every key of GitHub's schemas, in every object the API returns", () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let owner: string;
  let other: string;
  const bodies: Array<[string, string, unknown]> = [];
  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    owner = await createUser(server, 'keyholder');
    other = await createUser(server, 'visitor');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'keyring', admin: 'keyholder' })).status).to.equal(201);
    const repository = await createRepository(server, owner, { name: 'keys', auto_init: true });
    await createRepository(server, owner, { name: 'org-keys' }, '/orgs/keyring/repos');
    await bench.pushBranch(repository.id, 'feature', { 'f.txt': 'f\n' });
    const take = async (schema: string, authorization: string | null, method: string, path: string, body?: unknown) => {
      const answer = await api(server, authorization, method, path, body);
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).to.be.oneOf([200, 201, 202]);
      bodies.push([schema, `${method} ${path}`, answer.body]);
      return answer.body;
    };
    await take('private-user', owner, 'GET', '/user');
    await take('public-user', null, 'GET', '/users/keyholder');
    await take('simple-user', null, 'GET', '/users?per_page=1').then((list) => bodies.push(['simple-user', 'GET /users', (list as unknown[])[0]]));
    await take('organization-full', owner, 'GET', '/orgs/keyring');
    bodies.push(['organization-full', 'GET /orgs/keyring as anyone', (await api(server, null, 'GET', '/orgs/keyring')).body]);
    bodies.push(['organization-simple', 'GET /organizations', ((await take('organization-simple', null, 'GET', '/organizations')) as unknown[])[0]]);
    await take('org-membership', owner, 'GET', '/orgs/keyring/memberships/keyholder');
    await take('full-repository', owner, 'GET', '/repos/keyholder/keys');
    await take('full-repository', null, 'GET', '/repos/keyring/org-keys');
    bodies.push([
      'minimal-repository',
      'GET /users/keyholder/repos',
      ((await take('minimal-repository', null, 'GET', '/users/keyholder/repos')) as unknown[])[0],
    ]);
    await take('full-repository', other, 'POST', '/repos/keyholder/keys/forks', {});
    await take('repository-invitation', owner, 'PUT', '/repos/keyholder/keys/collaborators/visitor', { permission: 'pull' });
    await take('repository-collaborator-permission', owner, 'GET', '/repos/keyholder/keys/collaborators/keyholder/permission');
    const issue = (await take('issue', owner, 'POST', '/repos/keyholder/keys/issues', { title: 'keys', labels: ['bug'], milestone: null })) as { id: number };
    await take('issue-comment', owner, 'POST', '/repos/keyholder/keys/issues/1/comments', { body: 'a comment' });
    await take('label', owner, 'POST', '/repos/keyholder/keys/labels', { name: 'keyed', color: 'abcdef' });
    await take('milestone', owner, 'POST', '/repos/keyholder/keys/milestones', { title: 'v1' });
    await take('reaction', owner, 'POST', '/repos/keyholder/keys/issues/1/reactions', { content: 'rocket' });
    await take('issue', owner, 'PATCH', '/repos/keyholder/keys/issues/1', { milestone: 1 });
    await take('pull-request', owner, 'POST', '/repos/keyholder/keys/pulls', { title: 'Feature', head: 'feature', base: 'main' });
    bodies.push(['pull-request-simple', 'GET .../pulls', ((await take('pull-request-simple', owner, 'GET', '/repos/keyholder/keys/pulls')) as unknown[])[0]]);
    await take('topic', owner, 'PUT', '/repos/keyholder/keys/topics', { names: ['keys'] });
    await take('repository-subscription', owner, 'PUT', '/repos/keyholder/keys/subscription', { subscribed: true });
    // Classic projects want the inertia preview.
    const inertia = async (schema: string, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { accept: 'application/vnd.github.inertia-preview+json', authorization: owner, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const answer = (await response.json()) as { id: number };
      bodies.push([schema, `${method} ${path}`, answer]);
      return answer;
    };
    const project = await inertia('project', 'POST', '/repos/keyholder/keys/projects', { name: 'keys' });
    await inertia('project', 'POST', '/orgs/keyring/projects', { name: 'org keys' });
    const column = await inertia('project-column', 'POST', `/projects/${project.id}/columns`, { name: 'column' });
    // A card from an issue (a note card has no content_url, as on GitHub).
    await inertia('project-card', 'POST', `/projects/columns/${column.id}/cards`, { content_id: issue.id, content_type: 'Issue' });
    // The activity projection is eventual: its events once it has caught up.
    expect(await server.runtime.runner.waitForAll(await server.runtime.adapters.eventStore.headPosition(), 10_000)).to.equal(true);
    const events = (await api(server, owner, 'GET', '/repos/keyholder/keys/events?per_page=100')).body as Array<{ type: string }>;
    bodies.push(['event', 'GET /repos/keyholder/keys/events', events.find((event) => event.type === 'IssueCommentEvent')]);
  });
  after(async () => {
    await server.close();
    await bench.dispose();
  });

  it('none is missing', () => {
    const missing = bodies
      .filter(([schema, , body]) => !Array.isArray(body) || schema === 'topic')
      .map(([schema, request, body]) => [schema, request, missingSchemaKeys(schema, body).filter((key) => unexplained(request, key))] as const)
      .filter(([, , keys]) => keys.length > 0)
      .map(([schema, request, keys]) => `${schema} from ${request}: ${keys.join(', ')}`);
    expect(missing, missing.join('\n')).to.deep.equal([]);
  });
});
