import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { settled } from '../activity/activityFixtures.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { search, names } from '../search/searchFixtures.js';
import { addCollaborator, api, createRepository, createUser } from './repositoryFixtures.js';

const fullNames = (body: any): string[] => body.map((repository: { full_name: string }) => repository.full_name);

// GitHub: "Private forks inherit the permissions structure of the upstream repository": whoever
// reads a private repository reads its private forks (an organization's members, not its
// outside collaborators; a personal repository's collaborators), and stops when that access
// goes. Every list and embed agrees with reading the fork alone.
describe('private forks are read by their upstream readers', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let alice: string;
  let bob: string;
  let carol: string;
  let dave: string;
  let stranger: string;
  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    alice = await createUser(server, 'alice');
    bob = await createUser(server, 'bob');
    carol = await createUser(server, 'carol');
    dave = await createUser(server, 'dave');
    stranger = await createUser(server, 'stranger');
  });
  after(async () => {
    await server.close();
    await bench.dispose();
  });

  it("an organization's owner and members read a member's private fork, in every list, until they leave", async () => {
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'alice' })).status).to.equal(201);
    for (const login of ['bob', 'carol', 'dave'])
      expect((await api(server, alice, 'PUT', `/orgs/acme/memberships/${login}`, { role: 'member' })).status).to.equal(200);
    await createRepository(server, alice, { name: 'app', private: true, auto_init: true, description: 'zygomorphic app' }, '/orgs/acme/repos');
    // Carol is a collaborator too: removed from the organization, she stays one outside it.
    await addCollaborator(server, alice, 'acme/app', 'carol', 'pull');
    const bobs = await api(server, bob, 'POST', '/repos/acme/app/forks', {});
    expect(bobs.status, JSON.stringify(bobs.body)).to.equal(202);
    expect(bobs.body.private).to.equal(true);
    const daves = await api(server, dave, 'POST', '/repos/acme/app/forks', {});
    expect(daves.status).to.equal(202);

    const upstream = await api(server, alice, 'GET', '/repos/acme/app');
    expect(upstream.body.forks_count).to.equal(2);
    const forks = await api(server, alice, 'GET', '/repos/acme/app/forks');
    expect(forks.status).to.equal(200);
    expect(fullNames(forks.body).sort()).to.deep.equal(['bob/app', 'dave/app']);
    expect(forks.body).to.have.length(upstream.body.forks_count);

    for (const [who, authorization] of [
      ['the organization owner', alice],
      ['a member', carol],
    ] as const) {
      const fork = await api(server, authorization, 'GET', '/repos/bob/app');
      expect(fork.status, who).to.equal(200);
      expect(fork.body.parent.full_name, who).to.equal('acme/app');
      expect(fork.body.permissions, who).to.include({ pull: true, push: false, admin: false });
      expect(fullNames((await api(server, authorization, 'GET', '/users/bob/repos')).body), who).to.include('bob/app');
    }
    for (const [who, authorization] of [
      ['anonymous', null],
      ['a stranger', stranger],
    ] as const) {
      expect((await api(server, authorization, 'GET', '/repos/bob/app')).status, who).to.equal(404);
      expect(fullNames((await api(server, authorization, 'GET', '/users/bob/repos')).body), who).not.to.include('bob/app');
    }
    // Read, not a collaboration: the upstream's readers are not the fork's collaborators, and
    // neither push to nor administer it.
    expect((await api(server, bob, 'GET', '/repos/bob/app/collaborators/carol')).status).to.equal(404);
    const collaborators = await api(server, bob, 'GET', '/repos/bob/app/collaborators');
    for (const login of ['alice', 'carol']) expect(collaborators.body.map((user: { login: string }) => user.login)).not.to.include(login);
    expect((await api(server, carol, 'PATCH', '/repos/bob/app', { description: 'carol was here' })).status).to.equal(403);

    await bench.pushBranch(bobs.body.id, 'feature', { 'feature.txt': 'f\n' });
    const opened = await api(server, bob, 'POST', '/repos/acme/app/pulls', { title: 'from a private fork', head: 'bob:feature', base: 'main' });
    expect(opened.status, JSON.stringify(opened.body)).to.equal(201);
    for (const authorization of [alice, carol]) {
      expect((await api(server, authorization, 'GET', `/repos/acme/app/pulls/${opened.body.number}`)).body.head.repo.full_name).to.equal('bob/app');
      expect((await api(server, authorization, 'GET', '/repos/acme/app/pulls')).body[0].head.repo.full_name).to.equal('bob/app');
    }

    await settled(server);
    const events = await api(server, carol, 'GET', '/repos/bob/app/events');
    expect(events.status).to.equal(200);
    expect(events.body.map((event: { id: string }) => event.id)).to.deep.equal(
      (await api(server, bob, 'GET', '/repos/bob/app/events')).body.map((event: { id: string }) => event.id),
    );
    expect(names((await search(server, carol, '/search/repositories?q=zygomorphic+fork:true')).body)).to.include('bob/app');
    expect(names((await search(server, stranger, '/search/repositories?q=zygomorphic+fork:true')).body)).not.to.include('bob/app');

    // Out of the organization, an outside collaborator of the upstream: no longer a reader of the fork.
    expect((await api(server, alice, 'DELETE', '/orgs/acme/memberships/carol')).status).to.equal(204);
    expect((await api(server, carol, 'GET', '/repos/acme/app')).status).to.equal(200);
    expect((await api(server, carol, 'GET', '/repos/bob/app')).status).to.equal(404);
    expect((await api(server, carol, 'GET', '/repos/bob/app/events')).status).to.equal(404);
    expect((await api(server, carol, 'GET', `/repos/acme/app/pulls/${opened.body.number}`)).body.head.repo).to.equal(null);
    expect((await api(server, carol, 'GET', '/repos/acme/app/pulls')).body[0].head.repo).to.equal(null);
    expect(fullNames((await api(server, carol, 'GET', '/repos/acme/app/forks')).body)).to.deep.equal([]);
    expect(fullNames((await api(server, carol, 'GET', '/users/bob/repos')).body)).not.to.include('bob/app');
    expect(names((await search(server, carol, '/search/repositories?q=zygomorphic+fork:true')).body)).not.to.include('bob/app');
  });

  it("a personal repository's collaborators read its private forks until they are removed", async () => {
    await createRepository(server, alice, { name: 'lib', private: true, auto_init: true });
    await addCollaborator(server, alice, 'alice/lib', 'bob', 'push');
    await addCollaborator(server, alice, 'alice/lib', 'dave', 'pull');
    const fork = await api(server, bob, 'POST', '/repos/alice/lib/forks', {});
    expect(fork.status).to.equal(202);
    expect((await api(server, dave, 'GET', '/repos/bob/lib')).status).to.equal(200);
    expect((await api(server, alice, 'GET', '/repos/bob/lib')).status).to.equal(200);
    expect(fullNames((await api(server, dave, 'GET', '/repos/alice/lib/forks')).body)).to.deep.equal(['bob/lib']);
    await bench.pushBranch(fork.body.id, 'fix', { 'fix.txt': 'x\n' });
    const opened = await api(server, bob, 'POST', '/repos/alice/lib/pulls', { title: 'a fix', head: 'bob:fix', base: 'main' });
    expect(opened.status, JSON.stringify(opened.body)).to.equal(201);
    expect((await api(server, dave, 'GET', `/repos/alice/lib/pulls/${opened.body.number}`)).body.head.repo.full_name).to.equal('bob/lib');

    expect((await api(server, alice, 'DELETE', '/repos/alice/lib/collaborators/dave')).status).to.equal(204);
    expect((await api(server, dave, 'GET', '/repos/bob/lib')).status).to.equal(404);
    expect((await api(server, dave, 'GET', '/repos/alice/lib')).status).to.equal(404);
    expect((await api(server, alice, 'GET', '/repos/bob/lib')).status).to.equal(200);
  });

  // GitHub: each private fork "is turned into a standalone private repository and becomes the
  // upstream of its own new repository network", for good.
  it('a source made public leaves its private forks to their own readers, standalone, private again too', async () => {
    await createRepository(server, alice, { name: 'tool', private: true, auto_init: true });
    await addCollaborator(server, alice, 'alice/tool', 'bob', 'push');
    await addCollaborator(server, alice, 'alice/tool', 'dave', 'pull');
    expect((await api(server, bob, 'POST', '/repos/alice/tool/forks', {})).status).to.equal(202);
    expect((await api(server, dave, 'GET', '/repos/bob/tool')).status).to.equal(200);
    expect((await api(server, alice, 'PATCH', '/repos/alice/tool', { private: false })).status).to.equal(200);
    expect((await api(server, dave, 'GET', '/repos/bob/tool')).status).to.equal(404);
    expect((await api(server, alice, 'GET', '/repos/bob/tool')).status).to.equal(404);
    const detached = await api(server, bob, 'GET', '/repos/bob/tool');
    expect(detached.body).to.include({ private: true, fork: false });
    expect(detached.body).not.to.have.property('parent');
    expect(detached.body).not.to.have.property('source');
    expect((await api(server, alice, 'PATCH', '/repos/alice/tool', { private: true })).status).to.equal(200);
    expect((await api(server, dave, 'GET', '/repos/bob/tool')).status).to.equal(404);
    expect(fullNames((await api(server, dave, 'GET', '/repos/alice/tool/forks')).body)).to.deep.equal([]);
  });
});
