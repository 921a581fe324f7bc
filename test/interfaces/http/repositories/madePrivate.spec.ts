import { expect } from 'chai';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from '../../../support/runCli.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser } from './repositoryFixtures.js';

// GitHub, "Setting repository visibility", changing from public to private: "Stars and
// watchers for this repository will be permanently erased, which will affect repository
// rankings." Every star and watch, its owner's and its collaborators' included; made public
// again, none comes back. The same after a rebuild and after a start without a snapshot.
describe('HTTP repositories: a repository made private', () => {
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
  const counts = async (authorization: string | null, fullName: string) => {
    const { stargazers_count, watchers_count, watchers, subscribers_count } = (await api(server, authorization, 'GET', `/repos/${fullName}`)).body;
    return { stargazers_count, watchers_count, watchers, subscribers_count };
  };

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    hubot = await createUser(server, 'hubot');
    monalisa = await createUser(server, 'monalisa');
  });
  after(async () => server.close());

  it("erases every star and watch, the owner's and a collaborator's included; public again, none comes back", async () => {
    await createRepository(server, octocat, { name: 'rising' });
    await createRepository(server, octocat, { name: 'other' });
    await addCollaborator(server, octocat, 'octocat/rising', 'monalisa', 'push');
    for (const authorization of [octocat, hubot, monalisa]) {
      for (const name of ['rising', 'other']) {
        expect((await api(server, authorization, 'PUT', `/user/starred/octocat/${name}`)).status).to.equal(204);
        expect((await api(server, authorization, 'PUT', `/repos/octocat/${name}/subscription`, { subscribed: true })).status).to.equal(200);
      }
    }
    expect(await counts(octocat, 'octocat/rising')).to.deep.equal({ stargazers_count: 3, watchers_count: 3, watchers: 3, subscribers_count: 3 });

    expect((await api(server, octocat, 'PATCH', '/repos/octocat/rising', { private: true })).status).to.equal(200);
    // At once, in the answer to the next request.
    expect(await counts(octocat, 'octocat/rising')).to.deep.equal({ stargazers_count: 0, watchers_count: 0, watchers: 0, subscribers_count: 0 });
    expect((await api(server, octocat, 'GET', '/repos/octocat/rising/stargazers')).body).to.deep.equal([]);
    expect((await api(server, octocat, 'GET', '/repos/octocat/rising/subscribers')).body).to.deep.equal([]);
    for (const [login, authorization] of callers()) {
      expect((await api(server, authorization, 'GET', '/user/starred/octocat/rising')).status, login).to.equal(404);
      expect((await api(server, authorization, 'GET', '/repos/octocat/rising/subscription')).status, login).to.equal(404);
      expect(names((await api(server, authorization, 'GET', '/user/starred')).body), login).to.deep.equal(['octocat/other']);
      expect(names((await api(server, authorization, 'GET', '/user/subscriptions')).body), login).to.deep.equal(['octocat/other']);
      expect(names((await api(server, octocat, 'GET', `/users/${login}/starred`)).body), login).to.deep.equal(['octocat/other']);
      expect(names((await api(server, octocat, 'GET', `/users/${login}/subscriptions`)).body), login).to.deep.equal(['octocat/other']);
    }
    // Another repository's are untouched.
    expect(await counts(null, 'octocat/other')).to.deep.equal({ stargazers_count: 3, watchers_count: 3, watchers: 3, subscribers_count: 3 });

    expect((await api(server, octocat, 'PATCH', '/repos/octocat/rising', { private: false })).status).to.equal(200);
    expect(await counts(null, 'octocat/rising')).to.deep.equal({ stargazers_count: 0, watchers_count: 0, watchers: 0, subscribers_count: 0 });
    expect((await api(server, null, 'GET', '/repos/octocat/rising/stargazers')).body).to.deep.equal([]);
    expect((await api(server, null, 'GET', '/repos/octocat/rising/subscribers')).body).to.deep.equal([]);
    for (const [login, authorization] of callers()) {
      expect((await api(server, authorization, 'GET', '/user/starred/octocat/rising')).status, login).to.equal(404);
      expect(names((await api(server, null, 'GET', `/users/${login}/starred`)).body), login).to.deep.equal(['octocat/other']);
      expect(names((await api(server, null, 'GET', `/users/${login}/subscriptions`)).body), login).to.deep.equal(['octocat/other']);
    }
    // A star given afterwards is a new one, counted once.
    expect((await api(server, hubot, 'PUT', '/user/starred/octocat/rising')).status).to.equal(204);
    expect(logins((await api(server, null, 'GET', '/repos/octocat/rising/stargazers')).body)).to.deep.equal(['hubot']);
    expect((await counts(null, 'octocat/rising')).stargazers_count).to.equal(1);
  });

  it("erases a collaborator's ignoring subscription too, and a private repository made private again changes nothing", async () => {
    await createRepository(server, octocat, { name: 'muted' });
    await addCollaborator(server, octocat, 'octocat/muted', 'hubot', 'pull');
    expect((await api(server, hubot, 'PUT', '/repos/octocat/muted/subscription', { ignored: true })).status).to.equal(200);
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/muted', { private: true })).status).to.equal(200);
    expect((await api(server, hubot, 'GET', '/repos/octocat/muted/subscription')).status).to.equal(404);

    await createRepository(server, octocat, { name: 'secret', private: true });
    await addCollaborator(server, octocat, 'octocat/secret', 'monalisa', 'pull');
    expect((await api(server, monalisa, 'PUT', '/user/starred/octocat/secret')).status).to.equal(204);
    expect((await api(server, octocat, 'PUT', '/repos/octocat/secret/subscription', { subscribed: true })).status).to.equal(200);
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/secret', { private: true, description: 'still private' })).status).to.equal(200);
    expect(await counts(octocat, 'octocat/secret')).to.include({ stargazers_count: 1, subscribers_count: 1 });
    expect((await api(server, monalisa, 'GET', '/user/starred/octocat/secret')).status).to.equal(204);
  });

  describe('answers alike', () => {
    const REPOSITORIES = ['octocat/rising', 'octocat/other', 'octocat/muted', 'octocat/secret'];
    const answers = async () => {
      const seen: Record<string, unknown> = {};
      for (const fullName of REPOSITORIES) {
        seen[`${fullName} counts`] = await counts(octocat, fullName);
        seen[`${fullName} stargazers`] = logins((await api(server, octocat, 'GET', `/repos/${fullName}/stargazers`)).body);
        seen[`${fullName} subscribers`] = logins((await api(server, octocat, 'GET', `/repos/${fullName}/subscribers`)).body);
      }
      for (const [login, authorization] of callers()) {
        seen[`${login} starred`] = names((await api(server, authorization, 'GET', '/user/starred')).body);
        seen[`${login} subscriptions`] = names((await api(server, authorization, 'GET', '/user/subscriptions')).body);
      }
      return seen;
    };
    let live: Record<string, unknown>;
    before(async () => {
      live = await answers();
    });

    it('after `forgelog rebuild`', async () => {
      await server.stop();
      const rebuilt = await runCli(['rebuild'], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_ADMIN_PASSWORD: ADMIN_PASSWORD, FORGELOG_LOG_LEVEL: 'silent' });
      expect(rebuilt.code, rebuilt.stderr).to.equal(0);
      server = await startTestServer({}, server.dataDir);
      expect(await answers()).to.deep.equal(live);
    });

    it('after a start without a snapshot (every model replayed from the log)', async () => {
      await server.stop();
      await rm(join(server.dataDir, 'snapshots'), { recursive: true, force: true });
      server = await startTestServer({}, server.dataDir);
      expect(await answers()).to.deep.equal(live);
    });
  });
});
