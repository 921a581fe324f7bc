import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { search } from '../search/searchFixtures.js';
import { addCollaborator, api, createRepository, createUser } from './repositoryFixtures.js';

// A count is as private as what it counts. A private repository made public detaches its
// private forks for good (GitHub moves them into networks of their own), so a public
// repository's fork counts leave them out: nobody reading it learns that they exist.
describe('fork counts of a public repository count only what its readers may read', () => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  let stranger: string;
  before(async () => {
    server = await startTestServer();
    alice = await createUser(server, 'alice');
    bob = await createUser(server, 'bob');
    stranger = await createUser(server, 'stranger');
  });
  after(() => server.close());

  const counts = async (authorization: string | null, fullName: string) => {
    const { body } = await api(server, authorization, 'GET', `/repos/${fullName}`);
    return { forks_count: body.forks_count, forks: body.forks, network_count: body.network_count };
  };
  const found = async (authorization: string | null, query: string) =>
    (await search(server, authorization, `/search/repositories?q=${encodeURIComponent(query)}`)).body.items.map((item: any) => item.full_name);

  it('a private fork of a repository made public counts neither in the repository nor in search, made public in turn neither', async () => {
    await createRepository(server, alice, { name: 'tool', private: true, auto_init: true });
    await addCollaborator(server, alice, 'alice/tool', 'bob', 'pull');
    expect((await api(server, bob, 'POST', '/repos/alice/tool/forks', {})).body.private).to.equal(true);
    expect(await counts(alice, 'alice/tool')).to.deep.equal({ forks_count: 1, forks: 1, network_count: 1 });

    expect((await api(server, alice, 'PATCH', '/repos/alice/tool', { private: false })).status).to.equal(200);
    for (const [who, authorization] of [
      ['anonymous', null],
      ['stranger', stranger],
      ['alice', alice],
    ] as const) {
      expect(await counts(authorization, 'alice/tool'), who).to.deep.equal({ forks_count: 0, forks: 0, network_count: 0 });
      const listed = (await api(server, authorization, 'GET', '/users/alice/repos')).body.find((item: any) => item.name === 'tool');
      expect([listed.forks_count, listed.forks], who).to.deep.equal([0, 0]);
      expect(await found(authorization, 'repo:alice/tool forks:0'), who).to.deep.equal(['alice/tool']);
      expect(await found(authorization, 'repo:alice/tool forks:>0'), who).to.deep.equal([]);
    }

    expect((await api(server, stranger, 'POST', '/repos/alice/tool/forks', {})).status).to.equal(202);
    expect(await counts(null, 'alice/tool')).to.deep.equal({ forks_count: 1, forks: 1, network_count: 1 });
    expect(await found(null, 'repo:alice/tool forks:1')).to.deep.equal(['alice/tool']);

    // The detached fork made public is a repository of its own, no fork of alice's.
    expect((await api(server, bob, 'PATCH', '/repos/bob/tool', { private: false })).status).to.equal(200);
    expect(await counts(null, 'alice/tool')).to.deep.equal({ forks_count: 1, forks: 1, network_count: 1 });
    expect(await found(null, 'repo:alice/tool forks:1')).to.deep.equal(['alice/tool']);
  });

  it("a public repository's forks list leaves out its private forks, as its forks_count does, even for those who read them", async () => {
    await createRepository(server, alice, { name: 'engine', private: true, auto_init: true });
    await addCollaborator(server, alice, 'alice/engine', 'bob', 'pull');
    expect((await api(server, bob, 'POST', '/repos/alice/engine/forks', {})).status).to.equal(202);
    const listed = async (authorization: string | null) =>
      (await api(server, authorization, 'GET', '/repos/alice/engine/forks')).body.map((fork: any) => fork.full_name);
    expect(await listed(bob)).to.deep.equal(['bob/engine']);

    expect((await api(server, alice, 'PATCH', '/repos/alice/engine', { private: false })).status).to.equal(200);
    for (const [who, authorization] of [
      ['bob, who owns the private fork', bob],
      ['a site administrator', server.adminAuthorization],
      ['alice', alice],
    ] as const) {
      expect((await counts(authorization, 'alice/engine')).forks_count, who).to.equal(0);
      expect(await listed(authorization), who).to.deep.equal([]);
    }

    // Private again, it does not take the fork back (GitHub detached it for good).
    expect((await api(server, alice, 'PATCH', '/repos/alice/engine', { private: true })).status).to.equal(200);
    expect((await counts(bob, 'alice/engine')).forks_count).to.equal(0);
    expect(await listed(bob)).to.deep.equal([]);
    expect((await api(server, bob, 'GET', '/repos/bob/engine')).body).to.include({ fork: false });
  });

  it("a fork deleted leaves its parent's count in search too", async () => {
    await createRepository(server, alice, { name: 'lib', auto_init: true });
    expect((await api(server, stranger, 'POST', '/repos/alice/lib/forks', {})).status).to.equal(202);
    expect(await found(null, 'repo:alice/lib forks:1')).to.deep.equal(['alice/lib']);
    expect((await api(server, stranger, 'DELETE', '/repos/stranger/lib')).status).to.equal(204);
    expect(await counts(null, 'alice/lib')).to.deep.equal({ forks_count: 0, forks: 0, network_count: 0 });
    expect(await found(null, 'repo:alice/lib forks:0')).to.deep.equal(['alice/lib']);
    expect(await found(null, 'repo:alice/lib forks:1')).to.deep.equal([]);
  });
});
