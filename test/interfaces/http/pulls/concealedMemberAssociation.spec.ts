import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { GitWorkbench } from './pullFixtures.js';

// A pull request's author_association names an organization's member as one only once they
// publicized their membership: GitHub answers a concealed member's as anyone else's, so that
// reading a public repository reveals no concealed membership (a first pull request open,
// nothing merged on the site: FIRST_TIMER).
describe('HTTP pulls: author_association of a concealed member', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let mona: string;
  let boss: string;
  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    boss = await createUser(server, 'boss');
    mona = await createUser(server, 'mona');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'boss' })).status).to.equal(201);
    expect((await api(server, boss, 'PUT', '/orgs/acme/memberships/mona', {})).status).to.equal(200);
    const repository = await createRepository(server, boss, { name: 'widgets', auto_init: true }, '/orgs/acme/repos');
    await bench.pushBranch(repository.id, 'mona-change', { 'change.txt': 'one\n' });
    await bench.pushBranch(repository.id, 'boss-change', { 'other.txt': 'two\n' });
    expect((await api(server, mona, 'POST', '/repos/acme/widgets/pulls', { title: 'Mine', head: 'mona-change', base: 'main' })).status).to.equal(201);
    expect((await api(server, boss, 'POST', '/repos/acme/widgets/pulls', { title: 'Theirs', head: 'boss-change', base: 'main' })).status).to.equal(201);
  });
  after(async () => {
    await server.close();
    await bench.dispose();
  });

  const associations = async () => {
    const listed = await api(server, null, 'GET', '/repos/acme/widgets/pulls?sort=created&direction=asc');
    const single = await api(server, null, 'GET', '/repos/acme/widgets/pulls/1');
    return { listed: listed.body.map((pull: { author_association: string }) => pull.author_association), single: single.body.author_association };
  };

  it("concealed: not MEMBER; publicized: MEMBER, for an owner of the organization too (OWNER is for a user's own repository)", async () => {
    expect(await associations()).to.deep.equal({ listed: ['FIRST_TIMER', 'FIRST_TIMER'], single: 'FIRST_TIMER' });
    expect((await api(server, mona, 'PUT', '/orgs/acme/public_members/mona')).status).to.equal(204);
    expect((await api(server, boss, 'PUT', '/orgs/acme/public_members/boss')).status).to.equal(204);
    expect(await associations()).to.deep.equal({ listed: ['MEMBER', 'MEMBER'], single: 'MEMBER' });
    expect((await api(server, mona, 'DELETE', '/orgs/acme/public_members/mona')).status).to.equal(204);
    expect(await associations()).to.deep.equal({ listed: ['FIRST_TIMER', 'MEMBER'], single: 'FIRST_TIMER' });
  });
});
