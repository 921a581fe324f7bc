import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { basicAuthorization } from '../../../support/testServer.js';
import { registerApplication } from '../authorizations/authorizationsFixtures.js';
import { createRepository, createUser } from '../repositories/repositoryFixtures.js';

const GENERAL = 'https://docs.github.com/rest';
const INERTIA = 'application/vnd.github.inertia-preview+json';
const WYANDOTTE = 'application/vnd.github.wyandotte-preview+json';

// GitHub's error bodies name the page of the operation that answered, and the general page
// where none did (an unknown path, a request refused before it was routed).
describe('documentation_url names the operation that answered', () => {
  let server: TestServer;
  let owner: string;

  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'documented');
    await createRepository(server, owner, { name: 'pages', auto_init: true });
  });

  after(() => server.close());

  async function refusal(method: string, path: string, options: { accept?: string; body?: unknown; authorization?: string | null } = {}) {
    const headers: Record<string, string> = {};
    const authorization = options.authorization === undefined ? owner : options.authorization;
    if (authorization !== null) headers.authorization = authorization;
    if (options.accept) headers.accept = options.accept;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) } : {}),
    });
    const body = (await response.json()) as { message: string; documentation_url: string; errors?: unknown };
    return { status: response.status, body };
  }

  describe('404', () => {
    it('for a missing reference, the page of get-a-reference (git data)', async () => {
      const answer = await refusal('GET', '/repos/documented/pages/git/ref/heads/nowhere');
      expect(answer).to.deep.equal({
        status: 404,
        body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/git/refs#get-a-reference', status: '404' },
      });
    });

    it('for a missing repository, answered before the route, the page of the operation the path is', async () => {
      const answer = await refusal('GET', '/repos/documented/absent/git/ref/heads/main');
      expect(answer).to.deep.equal({
        status: 404,
        body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/git/refs#get-a-reference', status: '404' },
      });
      const contents = await refusal('GET', '/repos/documented/absent/contents/docs/README.md');
      expect(contents.body.documentation_url).to.equal('https://docs.github.com/rest/repos/contents#get-repository-content');
    });

    it('for a missing project and a missing migration (projects, migrations)', async () => {
      const project = await refusal('GET', '/projects/987654', { accept: INERTIA });
      expect(project).to.deep.equal({
        status: 404,
        body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/projects/projects#get-a-project', status: '404' },
      });
      const migration = await refusal('GET', '/user/migrations/987654', { accept: WYANDOTTE });
      expect(migration).to.deep.equal({
        status: 404,
        body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/migrations/users#get-a-user-migration-status', status: '404' },
      });
    });

    it('for a route outside the contract, the general page (GET /git/refs/{ref}, as GitHub answers it)', async () => {
      const answer = await refusal('GET', '/repos/documented/pages/git/refs/heads/nowhere');
      expect(answer.status).to.equal(404);
      expect(answer.body.documentation_url).to.equal(GENERAL);
    });

    it('for an unknown path, the general page', async () => {
      expect(await refusal('GET', '/no/such/operation')).to.deep.equal({
        status: 404,
        body: { message: 'Not Found', documentation_url: GENERAL, status: '404' },
      });
      // A path under a repository that names no operation: the repository scope answers it.
      expect((await refusal('GET', '/repos/documented/absent/no-such-thing')).body.documentation_url).to.equal(GENERAL);
    });
  });

  describe('422', () => {
    it('for a reference without its sha (git data)', async () => {
      const answer = await refusal('POST', '/repos/documented/pages/git/refs', { body: { ref: 'refs/heads/topic' } });
      expect(answer.status).to.equal(422);
      expect(answer.body.documentation_url).to.equal('https://docs.github.com/rest/git/refs#create-a-reference');
    });

    it('for a project without its name (projects)', async () => {
      const answer = await refusal('POST', '/user/projects', { accept: INERTIA, body: {} });
      expect(answer.status).to.equal(422);
      expect(answer.body.documentation_url).to.equal('https://docs.github.com/rest/projects/projects#create-a-user-project');
    });

    it('for a migration of no repository (migrations)', async () => {
      const answer = await refusal('POST', '/user/migrations', { accept: WYANDOTTE, body: { repositories: 'pages' } });
      expect(answer.status).to.equal(422);
      expect(answer.body.documentation_url).to.equal('https://docs.github.com/rest/migrations/users#start-a-user-migration');
    });
  });

  describe('415 for a missing preview', () => {
    it('names the operation, refused by its route or by the prefix the preview is mounted on', async () => {
      const migrations = await refusal('GET', '/user/migrations');
      expect(migrations.status).to.equal(415);
      expect(migrations.body.documentation_url).to.equal('https://docs.github.com/rest/migrations/users#list-user-migrations');
      const project = await refusal('GET', '/projects/987654');
      expect(project.status).to.equal(415);
      expect(project.body.documentation_url).to.equal('https://docs.github.com/rest/projects/projects#get-a-project');
      const commits = await refusal('GET', '/search/commits?q=fix');
      expect(commits.status).to.equal(415);
      expect(commits.body.documentation_url).to.equal('https://docs.github.com/rest/search/search#search-commits');
    });
  });

  describe('401 for a request without credentials', () => {
    it('names the operation that requires them', async () => {
      const answer = await refusal('GET', '/user/migrations', { accept: WYANDOTTE, authorization: null });
      expect(answer).to.deep.equal({
        status: 401,
        body: { message: 'Requires authentication', documentation_url: 'https://docs.github.com/rest/migrations/users#list-user-migrations', status: '401' },
      });
    });
  });

  // GitHub names the page of every operation it describes, not only the contract's.
  describe('operations served beyond the contract', () => {
    it('404 for starring a missing repository, and for a missing repository itself', async () => {
      expect(await refusal('PUT', '/user/starred/documented/nope')).to.deep.equal({
        status: 404,
        body: {
          message: 'Not Found',
          documentation_url: 'https://docs.github.com/rest/activity/starring#star-a-repository-for-the-authenticated-user',
          status: '404',
        },
      });
      const repository = await refusal('GET', '/repos/documented/absent');
      expect(repository.body.documentation_url).to.equal('https://docs.github.com/rest/repos/repos#get-a-repository');
    });

    it('422 for a subscription whose subscribed is no boolean', async () => {
      const answer = await refusal('PUT', '/repos/documented/pages/subscription', { body: { subscribed: 'yes' } });
      expect(answer.status).to.equal(422);
      expect(answer.body.documentation_url).to.equal('https://docs.github.com/rest/activity/watching#set-a-repository-subscription');
    });

    it('403 for an issue opened in a repository a migration locked', async () => {
      await createRepository(server, owner, { name: 'moving' });
      const migration = await fetch(`${server.url}/user/migrations`, {
        method: 'POST',
        headers: { authorization: owner, accept: WYANDOTTE, 'content-type': 'application/json' },
        body: JSON.stringify({ repositories: ['moving'], lock_repositories: true }),
      });
      expect(migration.status).to.equal(201);
      const answer = await refusal('POST', '/repos/documented/moving/issues', { body: { title: 'Too late' } });
      expect(answer.status).to.equal(403);
      expect(answer.body.documentation_url).to.equal('https://docs.github.com/rest/issues/issues#create-an-issue');
    });

    it('404 for a token an application checks that is not its own: the page of the operation that replaced the route', async () => {
      const app = await registerApplication(server);
      const answer = await refusal('GET', `/applications/${app.clientId}/tokens/gho_notatokenatall`, {
        authorization: basicAuthorization(app.clientId, app.clientSecret),
      });
      expect(answer.status).to.equal(404);
      expect(answer.body.documentation_url).to.equal('https://docs.github.com/rest/apps/oauth-applications#check-a-token');
    });

    it('a literal segment before a parameter: GET /user/migrations is not GET /user/{account_id}', async () => {
      const migrations = await refusal('GET', '/user/migrations');
      expect(migrations.body.documentation_url).to.equal('https://docs.github.com/rest/migrations/users#list-user-migrations');
      const account = await refusal('GET', '/user/987654');
      expect(account).to.deep.equal({
        status: 404,
        body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/users/users#get-a-user-using-their-id', status: '404' },
      });
    });

    it("forgelog's own routes, no GitHub operation, name the general page", async () => {
      const answer = await refusal('PATCH', '/admin/users/nobody', { authorization: server.adminAuthorization, body: { login: 'somebody' } });
      expect(answer.status).to.equal(404);
      expect(answer.body.documentation_url).to.equal(GENERAL);
    });
  });

  describe('before routing, the general page', () => {
    it('for bad credentials and a body that is not JSON', async () => {
      const badCredentials = await refusal('GET', '/projects/987654', { accept: INERTIA, authorization: 'token not-a-token' });
      expect(badCredentials).to.deep.equal({ status: 401, body: { message: 'Bad credentials', documentation_url: GENERAL, status: '401' } });
      const unparsed = await refusal('POST', '/user/projects', { accept: INERTIA, body: '{"name":' });
      expect(unparsed).to.deep.equal({ status: 400, body: { message: 'Problems parsing JSON', documentation_url: GENERAL, status: '400' } });
    });
  });
});
