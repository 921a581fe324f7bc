import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { GitWorkbench } from './pullFixtures.js';

// A pull request's author_association names its author's organization membership (MEMBER,
// its owners too) to those who may see it: the organization's members and site administrators, or
// anyone once the member publicized it. A concealed membership is not shown to outsiders
// (GitHub answers them as for a non-member: by their pull requests, here a first one open,
// FIRST_TIMER).
describe('HTTP pulls: author_association keeps concealed memberships concealed', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let hubot: string;
  let stranger: string;
  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    octocat = await createUser(server, 'octocat');
    hubot = await createUser(server, 'hubot');
    stranger = await createUser(server, 'stranger');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'octocat' })).status).to.equal(201);
    expect((await api(server, octocat, 'PUT', '/orgs/acme/memberships/hubot', {})).status).to.equal(200);
    const repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true }, '/orgs/acme/repos')).id;
    await bench.pushBranch(repositoryId, 'feature', { 'feature.txt': 'one\n' });
    const opened = await api(server, hubot, 'POST', '/repos/acme/hello/pulls', { title: 'Add feature', head: 'feature', base: 'main' });
    expect(opened.status, JSON.stringify(opened.body)).to.equal(201);
  });
  after(async () => {
    await server.close();
    await bench.dispose();
  });

  const associations = async (authorization: string | null) => [
    (await api(server, authorization, 'GET', '/repos/acme/hello/pulls/1')).body.author_association,
    (await api(server, authorization, 'GET', '/repos/acme/hello/pulls')).body[0].author_association,
  ];

  it('a concealed member is MEMBER to the members and site administrators, as a non-member to anyone else', async () => {
    for (const reader of [hubot, octocat, server.adminAuthorization]) expect(await associations(reader)).to.deep.equal(['MEMBER', 'MEMBER']);
    for (const reader of [stranger, null]) expect(await associations(reader)).to.deep.equal(['FIRST_TIMER', 'FIRST_TIMER']);
  });

  it('a publicized membership is MEMBER to everyone', async () => {
    expect((await api(server, hubot, 'PUT', '/orgs/acme/public_members/hubot')).status).to.equal(204);
    for (const reader of [hubot, stranger, null]) expect(await associations(reader)).to.deep.equal(['MEMBER', 'MEMBER']);
  });
});
