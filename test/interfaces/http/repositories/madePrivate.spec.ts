import { expect } from 'chai';
import { itAnswersAlikeAfterReplay } from '../../../support/replayedAlike.js';
import { feed, settled } from '../activity/activityFixtures.js';
import { search } from '../search/searchFixtures.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
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

  // GitHub: "Current forks will remain public and will be detached from this repository." A
  // detached fork's API answers fork false and names no parent and no source; the parent's
  // forks list and forks_count leave it out. Its own forks stay its forks, of its network now.
  it('detaches its public forks: public, standalone, out of its forks list and count, for everyone, and public again they stay apart', async () => {
    await createRepository(server, octocat, { name: 'upstream', auto_init: true });
    expect((await api(server, hubot, 'POST', '/repos/octocat/upstream/forks', {})).status).to.equal(202);
    expect((await api(server, monalisa, 'POST', '/repos/hubot/upstream/forks', {})).status).to.equal(202);
    expect((await api(server, null, 'GET', '/repos/octocat/upstream')).body).to.include({ forks_count: 1, forks: 1, network_count: 1 });
    expect((await api(server, null, 'GET', '/repos/monalisa/upstream')).body.source.full_name).to.equal('octocat/upstream');
    const found = async (query: string) =>
      (await feed(server, null, `/search/repositories?q=${encodeURIComponent(query)}`)).body.items.map((item: { full_name: string }) => item.full_name);
    const commits = async (query: string) => {
      await settled(server);
      const answer = await search(server, hubot, `/search/commits?q=${encodeURIComponent(query)}`, 'application/vnd.github.cloak-preview+json');
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      return answer.body.items.map((item: { repository: { full_name: string } }) => item.repository.full_name);
    };
    expect(await found('upstream user:hubot')).to.deep.equal([]);
    expect(await commits('initial user:hubot')).to.deep.equal([]);

    expect((await api(server, octocat, 'PATCH', '/repos/octocat/upstream', { private: true })).status).to.equal(200);
    expect((await api(server, octocat, 'GET', '/repos/octocat/upstream')).body).to.include({ forks_count: 0, forks: 0, network_count: 0 });
    expect((await api(server, octocat, 'GET', '/repos/octocat/upstream/forks')).body).to.deep.equal([]);
    for (const [who, authorization] of [['anonymous', null], ...callers()] as const) {
      const fork = await api(server, authorization, 'GET', '/repos/hubot/upstream');
      expect(fork.status, who).to.equal(200);
      expect(fork.body, who).to.include({ private: false, fork: false, forks_count: 1, network_count: 1 });
      expect(fork.body, who).not.to.have.property('parent');
      expect(fork.body, who).not.to.have.property('source');
      const below = (await api(server, authorization, 'GET', '/repos/monalisa/upstream')).body;
      expect(below, who).to.include({ fork: true, network_count: 1 });
      expect([below.parent.full_name, below.source.full_name], who).to.deep.equal(['hubot/upstream', 'hubot/upstream']);
      expect(names((await api(server, authorization, 'GET', '/repos/hubot/upstream/forks')).body), who).to.deep.equal(['monalisa/upstream']);
    }

    // Search finds it without fork:true, as a repository of its own.
    expect(await found('upstream user:hubot')).to.deep.equal(['hubot/upstream']);
    expect(await found('upstream user:monalisa')).to.deep.equal([]);
    expect(await commits('initial user:hubot')).to.deep.equal(['hubot/upstream']);
    expect(await commits('initial user:monalisa')).to.deep.equal([]);
    // The detached fork is the root of a network of its own, its fork's too.
    expect((await api(server, monalisa, 'PUT', '/user/starred/hubot/upstream')).status).to.equal(204);
    for (const path of ['/networks/hubot/upstream/events', '/networks/monalisa/upstream/events']) {
      const [newest] = (await feed(server, null, path)).body;
      expect(newest, path).to.deep.include({ type: 'WatchEvent' });
      expect(newest.repo.name, path).to.equal('hubot/upstream');
    }
    // The old network's feed takes no more of its events (what it showed before stays).
    const oldNetwork = (await feed(server, octocat, '/networks/octocat/upstream/events')).body;
    expect(oldNetwork.map((event: { type: string; repo: { name: string } }) => `${event.type} ${event.repo.name}`)).not.to.include('WatchEvent hubot/upstream');

    expect((await api(server, octocat, 'PATCH', '/repos/octocat/upstream', { private: false })).status).to.equal(200);
    expect((await api(server, null, 'GET', '/repos/octocat/upstream')).body).to.include({ forks_count: 0, forks: 0, network_count: 0 });
    expect((await api(server, null, 'GET', '/repos/hubot/upstream')).body).to.include({ fork: false });
    // A fork made afterwards is of the repository again, the detached one apart.
    expect((await api(server, monalisa, 'POST', '/repos/octocat/upstream/forks', { name: 'upstream-again' })).status).to.equal(202);
    expect(names((await api(server, null, 'GET', '/repos/octocat/upstream/forks')).body)).to.deep.equal(['monalisa/upstream-again']);
    expect((await api(server, null, 'GET', '/repos/octocat/upstream')).body).to.include({ forks_count: 1, forks: 1, network_count: 1 });
  });

  describe('answers alike', () => {
    const REPOSITORIES = ['octocat/rising', 'octocat/other', 'octocat/muted', 'octocat/secret', 'octocat/upstream', 'hubot/upstream', 'monalisa/upstream'];
    const answers = async () => {
      const seen: Record<string, unknown> = {};
      for (const fullName of REPOSITORIES) {
        seen[`${fullName} counts`] = await counts(octocat, fullName);
        seen[`${fullName} stargazers`] = logins((await api(server, octocat, 'GET', `/repos/${fullName}/stargazers`)).body);
        seen[`${fullName} subscribers`] = logins((await api(server, octocat, 'GET', `/repos/${fullName}/subscribers`)).body);
        const { fork, parent, source, forks_count, network_count } = (await api(server, octocat, 'GET', `/repos/${fullName}`)).body;
        seen[`${fullName} network`] = { fork, parent: parent?.full_name ?? null, source: source?.full_name ?? null, forks_count, network_count };
        seen[`${fullName} forks`] = names((await api(server, octocat, 'GET', `/repos/${fullName}/forks`)).body);
        seen[`${fullName} network events`] = (await feed(server, octocat, `/networks/${fullName}/events`)).body.map(
          (event: { id: string; type: string; repo: { name: string } }) => [event.id, event.type, event.repo.name],
        );
      }
      for (const [login, authorization] of callers()) {
        seen[`${login} starred`] = names((await api(server, authorization, 'GET', '/user/starred')).body);
        seen[`${login} subscriptions`] = names((await api(server, authorization, 'GET', '/user/subscriptions')).body);
      }
      return seen;
    };
    itAnswersAlikeAfterReplay(
      () => server,
      (restarted) => (server = restarted),
      answers,
    );
  });
});
