import { expect } from 'chai';
import { runCli } from '../../../support/runCli.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser } from './repositoryFixtures.js';

// GitHub ends the subscriptions of whoever loses access to a private repository, as it takes
// back their stars (a reinstated organization member gets back their "Repository
// subscriptions"): removed as a collaborator or from its organization; a repository made
// private loses every watch (and star). The watch is gone, not hidden: access given back does not bring it back; the
// repository's subscribers and subscribers_count agree, and so after a rebuild.
describe('HTTP repositories: losing access to a private repository ends its subscription', () => {
  let server: TestServer;
  let octocat: string;
  let hubot: string;
  let monalisa: string;
  const callers = () =>
    new Map([
      ['octocat', octocat],
      ['hubot', hubot],
      ['monalisa', monalisa],
    ]);
  const logins = (body: Array<{ login: string }>) => body.map((user) => user.login);
  const names = (body: Array<{ full_name: string }>) => body.map((repository) => repository.full_name);
  const subscribers = async (fullName: string) => logins((await api(server, octocat, 'GET', `/repos/${fullName}/subscribers`)).body);
  const subscribersCount = async (fullName: string) => (await api(server, octocat, 'GET', `/repos/${fullName}`)).body.subscribers_count;
  const subscription = (authorization: string, fullName: string) => api(server, authorization, 'GET', `/repos/${fullName}/subscription`);
  const watch = async (authorization: string, fullName: string, body: Record<string, boolean> = { subscribed: true }) =>
    expect((await api(server, authorization, 'PUT', `/repos/${fullName}/subscription`, body)).status).to.equal(200);
  const watched = async (authorization: string) => names((await api(server, authorization, 'GET', '/user/subscriptions')).body);

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    hubot = await createUser(server, 'hubot');
    monalisa = await createUser(server, 'monalisa');
  });
  after(async () => server.close());

  it('a collaborator removed: their subscription ends, the other collaborators keep theirs', async () => {
    await createRepository(server, octocat, { name: 'hidden', private: true });
    for (const login of ['hubot', 'monalisa']) await addCollaborator(server, octocat, 'octocat/hidden', login, 'pull');
    await watch(octocat, 'octocat/hidden');
    await watch(hubot, 'octocat/hidden');
    await watch(monalisa, 'octocat/hidden');
    expect(await subscribers('octocat/hidden')).to.deep.equal(['octocat', 'hubot', 'monalisa']);
    expect(await subscribersCount('octocat/hidden')).to.equal(3);

    expect((await api(server, octocat, 'DELETE', '/repos/octocat/hidden/collaborators/hubot')).status).to.equal(204);
    expect(await subscribers('octocat/hidden')).to.deep.equal(['octocat', 'monalisa']);
    expect(await subscribersCount('octocat/hidden')).to.equal(2);
    expect((await subscription(hubot, 'octocat/hidden')).status).to.equal(404);
    expect(await watched(hubot)).to.deep.equal([]);
    // Given access again, they are not watching: the subscription ended.
    await addCollaborator(server, octocat, 'octocat/hidden', 'hubot', 'pull');
    expect((await subscription(hubot, 'octocat/hidden')).status).to.equal(404);
    expect(await watched(hubot)).to.deep.equal([]);
    expect((await subscription(monalisa, 'octocat/hidden')).body).to.include({ subscribed: true });
  });

  it("a member removed from an organization: their subscriptions to its private repositories end, watching or ignoring; a public one's stays", async () => {
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'watchful', admin: 'octocat' })).status).to.equal(201);
    expect((await api(server, octocat, 'PUT', '/orgs/watchful/memberships/hubot', { role: 'member' })).status).to.equal(200);
    for (const [name, isPrivate] of [
      ['inside', true],
      ['muted', true],
      ['outside', false],
    ] as const)
      await createRepository(server, octocat, { name, private: isPrivate }, '/orgs/watchful/repos');
    await watch(hubot, 'watchful/inside');
    await watch(hubot, 'watchful/muted', { ignored: true });
    await watch(hubot, 'watchful/outside');
    expect(await subscribers('watchful/inside')).to.include('hubot');

    expect((await api(server, octocat, 'DELETE', '/orgs/watchful/memberships/hubot')).status).to.equal(204);
    expect(await subscribers('watchful/inside')).not.to.include('hubot');
    expect(await subscribersCount('watchful/inside')).to.equal((await subscribers('watchful/inside')).length);
    expect(await subscribers('watchful/outside')).to.include('hubot');
    expect(await subscribersCount('watchful/outside')).to.equal((await subscribers('watchful/outside')).length);
    expect(await watched(hubot)).to.deep.equal(['watchful/outside']);

    expect((await api(server, octocat, 'PUT', '/orgs/watchful/memberships/hubot', { role: 'member' })).status).to.equal(200);
    expect((await subscription(hubot, 'watchful/inside')).status).to.equal(404);
    expect((await subscription(hubot, 'watchful/muted')).status).to.equal(404);
    expect((await subscription(hubot, 'watchful/outside')).body).to.include({ subscribed: true });
    expect(await watched(hubot)).to.deep.equal(['watchful/outside']);
  });

  // GitHub: "Stars and watchers for this repository will be permanently erased" (every one,
  // its owner's and its readers' too; madePrivate.spec.ts holds the rest).
  it("a repository made private: every subscription and star ends, its readers' too, and public again none comes back", async () => {
    await createRepository(server, octocat, { name: 'open' });
    await addCollaborator(server, octocat, 'octocat/open', 'monalisa', 'pull');
    await watch(octocat, 'octocat/open');
    for (const authorization of [hubot, monalisa]) {
      await watch(authorization, 'octocat/open');
      expect((await api(server, authorization, 'PUT', '/user/starred/octocat/open')).status).to.equal(204);
    }
    expect(await subscribers('octocat/open')).to.deep.equal(['octocat', 'hubot', 'monalisa']);

    expect((await api(server, octocat, 'PATCH', '/repos/octocat/open', { private: true })).status).to.equal(200);
    expect(await subscribers('octocat/open')).to.deep.equal([]);
    const repository = (await api(server, octocat, 'GET', '/repos/octocat/open')).body;
    expect(repository).to.include({ subscribers_count: 0, stargazers_count: 0 });
    expect(logins((await api(server, octocat, 'GET', '/repos/octocat/open/stargazers')).body)).to.deep.equal([]);
    for (const authorization of [octocat, hubot, monalisa]) expect(await watched(authorization)).to.not.include('octocat/open');

    // Public again, the subscriptions and stars stay ended.
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/open', { private: false })).status).to.equal(200);
    for (const authorization of [octocat, hubot, monalisa]) {
      expect((await subscription(authorization, 'octocat/open')).status).to.equal(404);
      expect((await api(server, authorization, 'GET', '/user/starred/octocat/open')).status).to.equal(404);
    }
    expect(logins((await api(server, null, 'GET', '/repos/octocat/open/subscribers')).body)).to.deep.equal([]);
    expect((await api(server, null, 'GET', '/repos/octocat/open')).body).to.include({ subscribers_count: 0, stargazers_count: 0 });
  });

  it('answers alike after `forgelog rebuild`', async () => {
    const REPOSITORIES = ['octocat/hidden', 'watchful/inside', 'watchful/muted', 'watchful/outside', 'octocat/open'];
    const answers = async () => {
      const seen: Record<string, unknown> = {};
      for (const fullName of REPOSITORIES) {
        seen[`${fullName} subscribers`] = await subscribers(fullName);
        seen[`${fullName} subscribers_count`] = await subscribersCount(fullName);
        for (const [login, authorization] of callers()) seen[`${fullName} ${login}`] = (await subscription(authorization, fullName)).body;
      }
      for (const [login, authorization] of callers()) seen[`${login} subscriptions`] = await watched(authorization);
      // The restarted server listens on another port.
      return JSON.parse(JSON.stringify(seen).replaceAll(server.url, ''));
    };
    const live = await answers();
    await server.stop();
    const rebuilt = await runCli(['rebuild'], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_ADMIN_PASSWORD: ADMIN_PASSWORD, FORGELOG_LOG_LEVEL: 'silent' });
    expect(rebuilt.code, rebuilt.stderr).to.equal(0);
    server = await startTestServer({}, server.dataDir);
    expect(await answers()).to.deep.equal(live);
  });
});
