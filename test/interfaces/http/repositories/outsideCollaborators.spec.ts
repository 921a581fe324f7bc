import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser } from './repositoryFixtures.js';

const logins = (body: { login: string }[]) => body.map((collaborator) => collaborator.login);
const lastPage = (link: string | null) => Number(/[?&]page=(\d+)>; rel="last"/.exec(link ?? '')?.[1] ?? 1);

// GitHub's `affiliation=outside`: the direct collaborators of an organization's repository who
// are not its members. Each collaboration knows the collaborator's role in the owning
// organization, kept as they join, leave or change role and as the repository is transferred.
describe('HTTP repositories: outside collaborators follow memberships and transfers', () => {
  let server: TestServer;
  let owner: string;
  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'octocat');
    for (const login of ['hubot', 'monalisa', 'stranger']) await createUser(server, login);
    const org = await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'octocat' });
    expect(org.status, JSON.stringify(org.body)).to.equal(201);
    expect((await api(server, owner, 'PUT', '/orgs/acme/memberships/monalisa', { role: 'member' })).status).to.equal(200);
    await createRepository(server, owner, { name: 'widgets', private: true }, '/orgs/acme/repos');
    await addCollaborator(server, owner, 'acme/widgets', 'hubot', 'push');
    await addCollaborator(server, owner, 'acme/widgets', 'monalisa', 'push');
  });
  after(async () => server.close());

  const list = async (affiliation: string, perPage = 30) => {
    const answer = await api(server, owner, 'GET', `/repos/acme/widgets/collaborators?affiliation=${affiliation}&per_page=${perPage}`);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return { logins: logins(answer.body), last: lastPage(answer.headers.get('link')) };
  };

  it('a member collaborating is not outside; a non-member is, and everyone is counted once', async () => {
    expect((await list('outside')).logins).to.deep.equal(['hubot']);
    expect((await list('direct')).logins).to.deep.equal(['hubot', 'monalisa']);
    // octocat (owner), hubot, monalisa (a member and a collaborator): three, one a page.
    expect(await list('all', 1)).to.deep.equal({ logins: ['octocat'], last: 3 });
  });

  it('joining the organization takes a collaborator out of the outside ones; leaving puts them back', async () => {
    expect((await api(server, owner, 'PUT', '/orgs/acme/memberships/hubot', { role: 'member' })).status).to.equal(200);
    expect((await list('outside')).logins).to.deep.equal([]);
    expect((await list('all', 1)).last).to.equal(3);
    expect((await api(server, owner, 'DELETE', '/orgs/acme/memberships/monalisa')).status).to.equal(204);
    expect((await list('outside')).logins).to.deep.equal(['monalisa']);
    expect((await list('outside', 1)).last).to.equal(1);
    expect((await list('all')).logins).to.deep.equal(['octocat', 'hubot', 'monalisa']);
    // A change of role keeps a member a member.
    expect((await api(server, owner, 'PUT', '/orgs/acme/memberships/hubot', { role: 'admin' })).status).to.equal(200);
    expect((await list('outside')).logins).to.deep.equal(['monalisa']);
  });

  it('a repository transferred to the organization: its collaborators who are members are no longer outside, the others are', async () => {
    await createRepository(server, owner, { name: 'tools', private: true });
    await addCollaborator(server, owner, 'octocat/tools', 'hubot', 'pull');
    await addCollaborator(server, owner, 'octocat/tools', 'stranger', 'pull');
    // A user's repository: every collaborator is outside.
    const before = await api(server, owner, 'GET', '/repos/octocat/tools/collaborators?affiliation=outside');
    expect(logins(before.body)).to.deep.equal(['hubot', 'stranger']);
    const moved = await api(server, owner, 'POST', '/repos/octocat/tools/transfer', { new_owner: 'acme' });
    expect(moved.status, JSON.stringify(moved.body)).to.equal(202);
    const after = await api(server, owner, 'GET', '/repos/acme/tools/collaborators?affiliation=outside');
    expect(after.status).to.equal(200);
    expect(logins(after.body)).to.deep.equal(['stranger']);
  });
});
