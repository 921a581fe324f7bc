import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { addCollaborator, api, createRepository, createUser } from './repositoryFixtures.js';

// A repository embedded in another answer passes the same access decision as when read on
// its own: a fork's parent and source, a pull request's head repository.
describe('no leak through forks and pull requests', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let alice: string;
  let bob: string;
  let stranger: string;
  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    alice = await createUser(server, 'alice');
    bob = await createUser(server, 'bob');
    stranger = await createUser(server, 'stranger');
  });
  after(async () => {
    await server.close();
    await bench.dispose();
  });

  // GitHub detaches the public forks of a repository made private (madePrivate.spec.ts): the
  // fork names no parent or source to anyone, its parent's owner included.
  it('a public fork of a parent made private names it to nobody, nor its later edits', async () => {
    await createRepository(server, alice, { name: 'project', auto_init: true });
    expect((await api(server, bob, 'POST', '/repos/alice/project/forks', {})).status).to.equal(202);
    expect((await api(server, alice, 'PATCH', '/repos/alice/project', { private: true, description: 'the secret plan' })).status).to.equal(200);
    for (const [who, authorization] of [
      ['anonymous', null],
      ['stranger', stranger],
      ["bob (the fork's owner, not a collaborator)", bob],
      ["alice (the parent's owner)", alice],
    ] as const) {
      const fork = await api(server, authorization, 'GET', '/repos/bob/project');
      expect(fork.status, who).to.equal(200);
      expect(fork.body.fork, who).to.equal(false);
      expect(fork.body, who).not.to.have.property('parent');
      expect(fork.body, who).not.to.have.property('source');
      expect(JSON.stringify(fork.body), who).not.to.contain('the secret plan');
    }
  });

  // A collaborator removed loses the fork itself (lostAccessForks.spec.ts); a member whose
  // organization stops granting read to its members keeps it, without its parent.
  it('a member who no longer reads the private parent of their fork stops seeing it', async () => {
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'guild', admin: 'alice' })).status).to.equal(201);
    expect((await api(server, alice, 'PUT', '/orgs/guild/memberships/bob', { role: 'member' })).status).to.equal(200);
    await createRepository(server, alice, { name: 'inner', private: true, auto_init: true }, '/orgs/guild/repos');
    expect((await api(server, bob, 'POST', '/repos/guild/inner/forks', {})).status).to.equal(202);
    expect((await api(server, bob, 'GET', '/repos/bob/inner')).body.parent.full_name).to.equal('guild/inner');
    expect((await api(server, alice, 'PATCH', '/orgs/guild', { default_repository_permission: 'none' })).status).to.equal(200);
    expect((await api(server, alice, 'PATCH', '/repos/guild/inner', { description: 'after bob left' })).status).to.equal(200);
    const fork = await api(server, bob, 'GET', '/repos/bob/inner');
    expect(fork.status).to.equal(200);
    expect(fork.body).not.to.have.property('parent');
    expect(JSON.stringify(fork.body)).not.to.contain('after bob left');
  });

  it('a pull request from a private fork into a public repository shows head.repo only to those who may read the fork', async () => {
    await createRepository(server, alice, { name: 'lib', private: true, auto_init: true });
    await addCollaborator(server, alice, 'alice/lib', 'bob', 'pull');
    const fork = await api(server, bob, 'POST', '/repos/alice/lib/forks', {});
    expect(fork.body.private).to.equal(true);
    await bench.pushBranch(fork.body.id, 'patch', { 'patch.txt': 'p\n' });
    const opened = await api(server, bob, 'POST', '/repos/alice/lib/pulls', { title: 'from a private fork', head: 'bob:patch', base: 'main' });
    expect(opened.status, JSON.stringify(opened.body)).to.equal(201);
    expect(opened.body.head.repo.full_name).to.equal('bob/lib');
    // Made public, its private fork is detached (a standalone private repository), and the
    // pull request opened from it keeps its head.
    expect((await api(server, alice, 'PATCH', '/repos/alice/lib', { private: false })).status).to.equal(200);
    for (const [who, authorization] of [
      ['anonymous', null],
      ['stranger', stranger],
    ] as const) {
      const read = await api(server, authorization, 'GET', '/repos/alice/lib/pulls/1');
      expect(read.status, who).to.equal(200);
      expect(read.body.head.repo, who).to.equal(null);
      const listed = await api(server, authorization, 'GET', '/repos/alice/lib/pulls');
      expect(listed.body[0].head.repo, who).to.equal(null);
    }
    expect((await api(server, bob, 'GET', '/repos/alice/lib/pulls/1')).body.head.repo.full_name).to.equal('bob/lib');
  });

  it('a fork of a public repository cannot be made private', async () => {
    await createRepository(server, alice, { name: 'open-source', auto_init: true });
    expect((await api(server, bob, 'POST', '/repos/alice/open-source/forks', {})).status).to.equal(202);
    const refused = await api(server, bob, 'PATCH', '/repos/bob/open-source', { private: true });
    expect(refused.status).to.equal(422);
    expect(refused.body.errors).to.deep.equal([
      { resource: 'Repository', field: 'private', code: 'invalid', message: 'a fork of a public repository is public and cannot be made private' },
    ]);
    expect((await api(server, null, 'GET', '/repos/bob/open-source')).status).to.equal(200);
  });

  it('a private fork cannot be made public while its source is private, and can once the source is', async () => {
    await createRepository(server, alice, { name: 'closed-source', private: true, auto_init: true });
    await addCollaborator(server, alice, 'alice/closed-source', 'bob', 'pull');
    expect((await api(server, bob, 'POST', '/repos/alice/closed-source/forks', {})).status).to.equal(202);
    for (const body of [{ private: false }, { visibility: 'public' }]) {
      const refused = await api(server, bob, 'PATCH', '/repos/bob/closed-source', body);
      expect(refused.status, JSON.stringify(body)).to.equal(422);
      expect(refused.body.errors).to.deep.equal([
        { resource: 'Repository', field: 'private', code: 'invalid', message: 'a fork of a private repository is private and cannot be made public' },
      ]);
    }
    expect((await api(server, stranger, 'GET', '/repos/bob/closed-source')).status).to.equal(404);
    expect((await api(server, null, 'GET', '/repos/bob/closed-source/contents/README.md')).status).to.equal(404);
    // The source made public, its private forks leave the network and are their owners' to open.
    expect((await api(server, alice, 'PATCH', '/repos/alice/closed-source', { private: false })).status).to.equal(200);
    const opened = await api(server, bob, 'PATCH', '/repos/bob/closed-source', { private: false });
    expect(opened.status, JSON.stringify(opened.body)).to.equal(200);
    expect((await api(server, stranger, 'GET', '/repos/bob/closed-source')).status).to.equal(200);
  });

  it('a private fork cannot be transferred: GitHub\'s "Private forks can\'t be transferred"', async () => {
    await createRepository(server, alice, { name: 'kept-close', private: true, auto_init: true });
    await addCollaborator(server, alice, 'alice/kept-close', 'bob', 'pull');
    expect((await api(server, bob, 'POST', '/repos/alice/kept-close/forks', {})).status).to.equal(202);
    const refused = await api(server, bob, 'POST', '/repos/bob/kept-close/transfer', { new_owner: 'stranger' });
    expect(refused.status, JSON.stringify(refused.body)).to.equal(422);
    expect(refused.body.errors).to.deep.equal([{ resource: 'Repository', field: 'new_owner', code: 'custom', message: "Private forks can't be transferred." }]);
    expect((await api(server, stranger, 'GET', '/repos/stranger/kept-close')).status).to.equal(404);
    expect((await api(server, stranger, 'GET', '/repos/bob/kept-close')).status).to.equal(404);
    expect((await api(server, bob, 'GET', '/repos/bob/kept-close')).body.full_name).to.equal('bob/kept-close');
  });
});
