import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { recordedScenario } from '../../../support/recordedAnswers.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { tokenHeader } from './authorizationsFixtures.js';

// An operation as GitHub's recording made it (scenario, method, the recorded path) and as this
// spec makes it on forgelog; the header expected is the recording's, read from its file.
interface RecordedOperation {
  readonly scenario: string;
  readonly method: string;
  readonly recordedPath: RegExp;
  readonly path: string;
  readonly body?: unknown;
}

function recordedHeader(operation: RecordedOperation): string {
  const exchange = recordedScenario(operation.scenario).find(
    (recorded) => recorded.method.toUpperCase() === operation.method && operation.recordedPath.test(String(recorded.path)) && recorded.status < 300,
  );
  const value = (exchange?.headers as Record<string, unknown> | undefined)?.['x-accepted-oauth-scopes'];
  if (typeof value !== 'string') throw new Error(`${operation.scenario}: no recorded ${operation.method} ${operation.recordedPath}`);
  return value;
}

const REPO = '/repos/ada/scoped';

describe("X-Accepted-OAuth-Scopes as GitHub's recordings name it (@octokit/fixtures)", () => {
  let server: TestServer;
  let token: string;
  let repositoryId: number;
  let invitationId: number;
  let bo: string;

  before(async () => {
    server = await startTestServer();
    const ada = await createUser(server, 'ada');
    bo = await createUser(server, 'bo');
    await createUser(server, 'cy');
    repositoryId = (await createRepository(server, ada, { name: 'scoped', auto_init: true })).id;
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'ada' })).status).to.equal(201);
    const scopes = ['repo', 'admin:org', 'user'];
    token = tokenHeader((await api(server, ada, 'POST', '/authorizations', { scopes, note: 'recorded headers' })).body.token);
    expect((await api(server, token, 'POST', `${REPO}/issues`, { title: 'first' })).status).to.equal(201);
    const invited = await api(server, token, 'PUT', `${REPO}/collaborators/bo`);
    expect(invited.status).to.equal(201);
    invitationId = invited.body.id;
  });
  after(async () => server.close());

  const operations = (): RecordedOperation[] => [
    { scenario: 'get-repository', method: 'GET', recordedPath: /^\/repos\/[^/]+\/hello-world$/, path: REPO },
    { scenario: 'rename-repository', method: 'GET', recordedPath: /^\/repositories\/1000$/, path: `/repositories/${repositoryId}` },
    { scenario: 'rename-repository', method: 'PATCH', recordedPath: /^\/repos\/[^/]+\/rename-repository$/, path: REPO, body: { description: 'a' } },
    {
      scenario: 'rename-repository',
      method: 'PATCH',
      recordedPath: /^\/repositories\/1000$/,
      path: `/repositories/${repositoryId}`,
      body: { description: 'b' },
    },
    { scenario: 'paginate-issues', method: 'GET', recordedPath: /\/paginate-issues\/issues/, path: `${REPO}/issues` },
    { scenario: 'paginate-issues', method: 'GET', recordedPath: /^\/repositories\/1000\/issues/, path: `/repositories/${repositoryId}/issues` },
    { scenario: 'add-labels-to-issue', method: 'POST', recordedPath: /\/issues$/, path: `${REPO}/issues`, body: { title: 'second' } },
    { scenario: 'add-labels-to-issue', method: 'POST', recordedPath: /\/issues\/1\/labels$/, path: `${REPO}/issues/1/labels`, body: { labels: ['bug'] } },
    { scenario: 'labels', method: 'GET', recordedPath: /\/labels$/, path: `${REPO}/labels` },
    { scenario: 'labels', method: 'POST', recordedPath: /\/labels$/, path: `${REPO}/labels`, body: { name: 'test-label', color: '663399' } },
    { scenario: 'labels', method: 'GET', recordedPath: /\/labels\/test-label$/, path: `${REPO}/labels/test-label` },
    { scenario: 'labels', method: 'PATCH', recordedPath: /\/labels\/test-label$/, path: `${REPO}/labels/test-label`, body: { new_name: 'test-label-updated' } },
    { scenario: 'labels', method: 'DELETE', recordedPath: /\/labels\/test-label-updated$/, path: `${REPO}/labels/test-label-updated` },
    { scenario: 'lock-issue', method: 'PUT', recordedPath: /\/issues\/1\/lock$/, path: `${REPO}/issues/1/lock` },
    { scenario: 'lock-issue', method: 'DELETE', recordedPath: /\/issues\/1\/lock$/, path: `${REPO}/issues/1/lock` },
    { scenario: 'add-and-remove-repository-collaborator', method: 'GET', recordedPath: /\/collaborators$/, path: `${REPO}/collaborators` },
    { scenario: 'add-and-remove-repository-collaborator', method: 'PUT', recordedPath: /\/collaborators\/[^/]+$/, path: `${REPO}/collaborators/cy` },
    { scenario: 'add-and-remove-repository-collaborator', method: 'GET', recordedPath: /\/invitations$/, path: `${REPO}/invitations` },
    { scenario: 'add-and-remove-repository-collaborator', method: 'DELETE', recordedPath: /\/collaborators\/[^/]+$/, path: `${REPO}/collaborators/cy` },
    { scenario: 'get-content', method: 'GET', recordedPath: /\/contents\/README\.md$/, path: `${REPO}/contents/README.md` },
    { scenario: 'git-refs', method: 'GET', recordedPath: /\/git\/refs\/$/, path: `${REPO}/git/refs` },
    { scenario: 'get-organization', method: 'GET', recordedPath: /^\/orgs\/octokit-fixture-org$/, path: '/orgs/acme' },
    { scenario: 'search-issues', method: 'GET', recordedPath: /^\/search\/issues(\?|$)/, path: '/search/issues?q=first' },
    { scenario: 'get-root', method: 'GET', recordedPath: /^\/$/, path: '/' },
  ];

  it('names on each operation what GitHub named on it, and the operation is done', async () => {
    const mismatches: string[] = [];
    for (const operation of operations()) {
      const answer = await api(server, token, operation.method, operation.path, operation.body);
      expect(answer.status, `${operation.method} ${operation.path}`).to.be.below(300);
      const expected = recordedHeader(operation);
      const named = answer.headers.get('x-accepted-oauth-scopes');
      if (named !== expected) mismatches.push(`${operation.method} ${operation.path}: ${JSON.stringify(named)}, GitHub ${JSON.stringify(expected)}`);
    }
    expect(mismatches).to.deep.equal([]);
    // The operations took effect: the label renamed then deleted, the issue unlocked, cy invited then not.
    expect((await api(server, token, 'GET', `${REPO}/labels/test-label-updated`)).status).to.equal(404);
    expect((await api(server, token, 'GET', `${REPO}/issues/1`)).body).to.include({ locked: false });
    expect((await api(server, token, 'GET', `${REPO}`)).body).to.include({ description: 'b' });
  });

  it("an invitation's acceptance names public_repo too, as recorded; repo:invite still lets it through", async () => {
    const boToken = tokenHeader((await api(server, bo, 'POST', '/authorizations', { scopes: ['repo:invite'], note: 'invites' })).body.token);
    const accepted = await api(server, boToken, 'PATCH', `/user/repository_invitations/${invitationId}`);
    expect(accepted.status).to.equal(204);
    const expected = recordedHeader({
      scenario: 'add-and-remove-repository-collaborator',
      method: 'PATCH',
      recordedPath: /^\/user\/repository_invitations\/\d+$/,
      path: '',
    });
    expect(accepted.headers.get('x-accepted-oauth-scopes')).to.equal(expected);
    expect((await api(server, token, 'GET', `${REPO}/collaborators/bo`)).status).to.equal(204);
  });
});
