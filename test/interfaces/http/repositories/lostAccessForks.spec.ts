import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser } from './repositoryFixtures.js';

// A private fork copies a private repository: GitHub deletes a user's private forks of it once
// the user loses access (removed as a collaborator or from the organization), and a private
// repository's private forks when it is deleted. Kept, they served the code to whoever lost it.
describe('private forks outlive no access', () => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  let carol: string;
  before(async () => {
    server = await startTestServer();
    alice = await createUser(server, 'alice');
    bob = await createUser(server, 'bob');
    carol = await createUser(server, 'carol');
  });
  after(() => server.close());

  const fork = async (authorization: string, fullName: string) => {
    const forked = await api(server, authorization, 'POST', `/repos/${fullName}/forks`, {});
    expect(forked.status, JSON.stringify(forked.body)).to.equal(202);
    expect(forked.body.private).to.equal(true);
    return forked.body.full_name as string;
  };

  it("a collaborator removed loses their private fork; another collaborator's stays", async () => {
    await createRepository(server, alice, { name: 'plans', private: true, auto_init: true });
    await addCollaborator(server, alice, 'alice/plans', 'bob', 'push');
    await addCollaborator(server, alice, 'alice/plans', 'carol', 'pull');
    const bobs = await fork(bob, 'alice/plans');
    const carols = await fork(carol, 'alice/plans');
    expect((await api(server, alice, 'DELETE', '/repos/alice/plans/collaborators/bob')).status).to.equal(204);
    expect((await api(server, bob, 'GET', `/repos/${bobs}`)).status).to.equal(404);
    expect((await api(server, bob, 'GET', `/repos/${bobs}/contents/README.md`)).status).to.equal(404);
    expect((await api(server, bob, 'GET', '/user/repos')).body.map((repository: { full_name: string }) => repository.full_name)).not.to.include(bobs);
    expect((await api(server, carol, 'GET', `/repos/${carols}`)).status).to.equal(200);
  });

  it('a member removed from the organization loses their private forks of its repositories; one who still reads it keeps theirs', async () => {
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'alice' })).status).to.equal(201);
    for (const login of ['bob', 'carol']) expect((await api(server, alice, 'PUT', `/orgs/acme/memberships/${login}`, { role: 'member' })).status).to.equal(200);
    await createRepository(server, alice, { name: 'vault', private: true, auto_init: true }, '/orgs/acme/repos');
    await addCollaborator(server, alice, 'acme/vault', 'bob', 'push');
    await addCollaborator(server, alice, 'acme/vault', 'carol', 'push');
    const bobs = await fork(bob, 'acme/vault');
    const carols = await fork(carol, 'acme/vault');
    // Carol stays a collaborator outside the organization: she still reads the vault.
    expect((await api(server, alice, 'DELETE', '/orgs/acme/memberships/carol')).status).to.equal(204);
    expect((await api(server, carol, 'GET', `/repos/${carols}`)).status).to.equal(200);
    expect((await api(server, alice, 'DELETE', '/repos/acme/vault/collaborators/bob')).status).to.equal(204);
    // Still a member (the organization grants read to its members), so the fork stays...
    expect((await api(server, bob, 'GET', '/repos/acme/vault')).status).to.equal(200);
    expect((await api(server, bob, 'GET', `/repos/${bobs}`)).status).to.equal(200);
    // ...until the membership goes too.
    expect((await api(server, alice, 'DELETE', '/orgs/acme/memberships/bob')).status).to.equal(204);
    expect((await api(server, bob, 'GET', '/repos/acme/vault')).status).to.equal(404);
    expect((await api(server, bob, 'GET', `/repos/${bobs}`)).status).to.equal(404);
  });

  it("a private repository deleted takes its private forks, and theirs, with it; a public one's forks stay", async () => {
    await createRepository(server, alice, { name: 'draft', private: true, auto_init: true });
    await addCollaborator(server, alice, 'alice/draft', 'bob', 'push');
    const bobs = await fork(bob, 'alice/draft');
    await addCollaborator(server, bob, bobs, 'carol', 'push');
    const carols = await fork(carol, bobs);
    expect((await api(server, alice, 'DELETE', '/repos/alice/draft')).status).to.equal(204);
    expect((await api(server, bob, 'GET', `/repos/${bobs}`)).status).to.equal(404);
    expect((await api(server, carol, 'GET', `/repos/${carols}`)).status).to.equal(404);

    await createRepository(server, alice, { name: 'open', auto_init: true });
    const forked = await api(server, bob, 'POST', '/repos/alice/open/forks', {});
    expect(forked.status).to.equal(202);
    expect((await api(server, alice, 'DELETE', '/repos/alice/open')).status).to.equal(204);
    expect((await api(server, null, 'GET', `/repos/${forked.body.full_name}`)).status).to.equal(200);
  });
});
