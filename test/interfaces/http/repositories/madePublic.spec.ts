import { expect } from 'chai';
import { itAnswersAlikeAfterReplay } from '../../../support/replayedAlike.js';
import { feed, settled } from '../activity/activityFixtures.js';
import { search } from '../search/searchFixtures.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser } from './repositoryFixtures.js';

// GitHub, "What happens to forks when a repository is deleted or changes visibility": "If a
// private repository is made public, each of its private forks is turned into a standalone
// private repository and becomes the upstream of its own new repository network." A detached
// fork answers fork false and names no parent and no source; its former parent neither lists
// nor counts it, made private again too; the source's readers no longer read it. The same
// after a rebuild and after a start without a snapshot.
describe('HTTP repositories: a private repository made public', () => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  let carol: string;
  let dave: string;
  let erin: string;
  const callers = () =>
    new Map([
      ['alice', alice],
      ['bob', bob],
      ['carol', carol],
      ['dave', dave],
      ['erin', erin],
    ]);
  const names = (body: Array<{ full_name: string }>) => body.map((repository) => repository.full_name);
  const network = async (authorization: string | null, fullName: string) => {
    const answer = await api(server, authorization, 'GET', `/repos/${fullName}`);
    if (answer.status !== 200) return answer.status;
    const { fork, parent, source, forks_count, forks, network_count, private: isPrivate } = answer.body;
    return { private: isPrivate, fork, parent: parent?.full_name ?? null, source: source?.full_name ?? null, forks_count, forks, network_count };
  };

  before(async () => {
    server = await startTestServer();
    alice = await createUser(server, 'alice');
    bob = await createUser(server, 'bob');
    carol = await createUser(server, 'carol');
    dave = await createUser(server, 'dave');
    erin = await createUser(server, 'erin');
  });
  after(async () => server.close());

  it('detaches its private forks for good: private, standalone, read by their owners and collaborators only, roots of their own networks', async () => {
    await createRepository(server, alice, { name: 'vault', private: true, auto_init: true });
    await addCollaborator(server, alice, 'alice/vault', 'bob', 'push');
    await addCollaborator(server, alice, 'alice/vault', 'carol', 'pull');
    await addCollaborator(server, alice, 'alice/vault', 'dave', 'pull');
    expect((await api(server, bob, 'POST', '/repos/alice/vault/forks', {})).body.private).to.equal(true);
    expect((await api(server, carol, 'POST', '/repos/bob/vault/forks', {})).body.private).to.equal(true);
    await addCollaborator(server, bob, 'bob/vault', 'erin', 'pull');
    expect(await network(alice, 'alice/vault')).to.include({ forks_count: 1, forks: 1, network_count: 1 });
    // Before: dave reads bob's fork through alice's repository.
    expect((await api(server, dave, 'GET', '/repos/bob/vault')).status).to.equal(200);
    const found = async (authorization: string | null, query: string) =>
      (await feed(server, authorization, `/search/repositories?q=${encodeURIComponent(query)}`)).body.items.map(
        (item: { full_name: string }) => item.full_name,
      );
    const commits = async (authorization: string, query: string) => {
      await settled(server);
      const answer = await search(server, authorization, `/search/commits?q=${encodeURIComponent(query)}`, 'application/vnd.github.cloak-preview+json');
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      return answer.body.items.map((item: { repository: { full_name: string } }) => item.repository.full_name);
    };
    expect(await found(bob, 'vault user:bob')).to.deep.equal([]);
    expect(await commits(bob, 'initial user:bob')).to.deep.equal([]);

    expect((await api(server, alice, 'PATCH', '/repos/alice/vault', { private: false })).status).to.equal(200);
    expect(await network(null, 'alice/vault')).to.deep.equal({
      private: false,
      fork: false,
      parent: null,
      source: null,
      forks_count: 0,
      forks: 0,
      network_count: 0,
    });
    for (const [who, authorization] of callers())
      expect(names((await api(server, authorization, 'GET', '/repos/alice/vault/forks')).body), who).to.deep.equal([]);
    // Its owner and its own collaborator read it; alice's readers (dave) and alice no longer do.
    for (const [who, authorization] of [
      ['bob', bob],
      ['erin', erin],
    ] as const) {
      expect(await network(authorization, 'bob/vault'), who).to.deep.equal({
        private: true,
        fork: false,
        parent: null,
        source: null,
        forks_count: 1,
        forks: 1,
        network_count: 1,
      });
      const below = await network(authorization, 'carol/vault');
      if (who === 'bob')
        expect(below, who).to.deep.equal({ private: true, fork: true, parent: 'bob/vault', source: 'bob/vault', forks_count: 0, forks: 0, network_count: 1 });
      expect(names((await api(server, authorization, 'GET', '/repos/bob/vault/forks')).body), who).to.deep.equal(['carol/vault']);
    }
    for (const [who, authorization] of [
      ['anonymous', null],
      ['alice', alice],
      ['dave', dave],
    ] as const)
      expect(await network(authorization, 'bob/vault'), who).to.equal(404);
    // The fork below it is of bob's network now: read by its owner and by the readers of its
    // source, not by alice's (carol, who no longer reads bob's, is shown neither parent nor source).
    expect(await network(carol, 'carol/vault')).to.include({ fork: true, parent: null, source: null });
    expect((await api(server, dave, 'GET', '/repos/carol/vault')).status).to.equal(404);
    expect((await api(server, erin, 'GET', '/repos/carol/vault')).status).to.equal(200);

    // Search finds it without fork:true; its commits too.
    expect(await found(bob, 'vault user:bob')).to.deep.equal(['bob/vault']);
    expect(await found(bob, 'vault user:bob fork:only')).to.deep.equal([]);
    expect(await found(dave, 'vault user:bob')).to.deep.equal([]);
    expect(await commits(bob, 'initial user:bob')).to.deep.equal(['bob/vault']);
    expect(await commits(dave, 'initial user:bob')).to.deep.equal([]);
    // Made private again, it does not take them back.
    expect((await api(server, alice, 'PATCH', '/repos/alice/vault', { private: true })).status).to.equal(200);
    expect(await network(alice, 'alice/vault')).to.include({ forks_count: 0, forks: 0, network_count: 0 });
    expect(names((await api(server, bob, 'GET', '/repos/alice/vault/forks')).body)).to.deep.equal([]);
    expect(await network(bob, 'bob/vault')).to.include({ fork: false, parent: null, source: null });
    expect((await api(server, dave, 'GET', '/repos/bob/vault')).status).to.equal(404);

    // It is the root of its own network, whose feed opened: made public in turn (which detaches
    // carol's private fork from it), its public events go there.
    expect((await api(server, bob, 'PATCH', '/repos/bob/vault', { private: false })).status).to.equal(200);
    expect((await api(server, erin, 'PUT', '/user/starred/bob/vault')).status).to.equal(204);
    const [newest] = (await feed(server, null, '/networks/bob/vault/events')).body;
    expect(newest).to.deep.include({ type: 'WatchEvent' });
    expect(newest.repo.name).to.equal('bob/vault');
    expect(await network(null, 'bob/vault')).to.deep.equal({
      private: false,
      fork: false,
      parent: null,
      source: null,
      forks_count: 0,
      forks: 0,
      network_count: 0,
    });
    expect(await network(carol, 'carol/vault')).to.deep.equal({
      private: true,
      fork: false,
      parent: null,
      source: null,
      forks_count: 0,
      forks: 0,
      network_count: 0,
    });
    expect((await api(server, erin, 'GET', '/repos/carol/vault')).status).to.equal(404);
  });

  it('keeps its public forks, and a fork made public afterwards counts as any new fork', async () => {
    await createRepository(server, alice, { name: 'open', private: true, auto_init: true });
    await addCollaborator(server, alice, 'alice/open', 'bob', 'pull');
    expect((await api(server, bob, 'POST', '/repos/alice/open/forks', {})).status).to.equal(202);
    expect((await api(server, alice, 'PATCH', '/repos/alice/open', { private: false })).status).to.equal(200);
    expect((await api(server, carol, 'POST', '/repos/alice/open/forks', {})).status).to.equal(202);
    expect(await network(null, 'alice/open')).to.include({ forks_count: 1, forks: 1, network_count: 1 });
    expect(names((await api(server, null, 'GET', '/repos/alice/open/forks')).body)).to.deep.equal(['carol/open']);
    expect(await network(carol, 'carol/open')).to.include({ fork: true, parent: 'alice/open', source: 'alice/open' });
    // bob's detached fork made public stays apart.
    expect((await api(server, bob, 'PATCH', '/repos/bob/open', { private: false })).status).to.equal(200);
    expect(await network(null, 'bob/open')).to.include({ private: false, fork: false, parent: null, source: null });
    expect(await network(null, 'alice/open')).to.include({ forks_count: 1, forks: 1, network_count: 1 });
  });

  describe('answers alike', () => {
    const REPOSITORIES = ['alice/vault', 'bob/vault', 'carol/vault', 'alice/open', 'bob/open', 'carol/open'];
    const answers = async () => {
      const seen: Record<string, unknown> = {};
      for (const fullName of REPOSITORIES)
        for (const [login, authorization] of callers()) {
          seen[`${fullName} for ${login}`] = await network(authorization, fullName);
          const forks = await api(server, authorization, 'GET', `/repos/${fullName}/forks`);
          seen[`${fullName} forks for ${login}`] = forks.status === 200 ? names(forks.body) : forks.status;
        }
      seen['bob/vault network events'] = (await feed(server, null, '/networks/bob/vault/events')).body.map(
        (event: { id: string; type: string; repo: { name: string } }) => [event.id, event.type, event.repo.name],
      );
      return seen;
    };
    itAnswersAlikeAfterReplay(
      () => server,
      (restarted) => (server = restarted),
      answers,
    );
  });
});
