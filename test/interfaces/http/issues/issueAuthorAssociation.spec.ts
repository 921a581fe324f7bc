import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { settled } from '../activity/activityFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

const associations = (items: { author_association: string }[]) => items.map((item) => item.author_association);

// author_association on an organization's repository, one rule for issues, comments, issue
// search and pull requests (AuthorAssociations): its members MEMBER, its owners too (GitHub
// keeps OWNER for a user's own repositories), a concealed membership only to the
// organization's members (GitHub answers anyone else as for a non-member); the activity's
// snapshots, which anyone may read, as an outsider sees them.
describe("HTTP issues: author_association of an organization's owners and members", () => {
  let server: TestServer;
  let boss: string;
  let mona: string;
  let stranger: string;
  before(async () => {
    server = await startTestServer();
    boss = await createUser(server, 'boss');
    mona = await createUser(server, 'mona');
    stranger = await createUser(server, 'stranger');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'boss' })).status).to.equal(201);
    expect((await api(server, boss, 'PUT', '/orgs/acme/memberships/mona', {})).status).to.equal(200);
    await createRepository(server, boss, { name: 'widgets' }, '/orgs/acme/repos');
    for (const [author, title] of [
      [mona, 'by a member'],
      [boss, 'by an owner'],
      [stranger, 'by a stranger'],
    ] as const)
      expect((await api(server, author, 'POST', '/repos/acme/widgets/issues', { title })).status).to.equal(201);
    expect((await api(server, mona, 'POST', '/repos/acme/widgets/issues/1/comments', { body: 'mine' })).status).to.equal(201);
  });
  after(() => server.close());

  const listed = async (reader: string | null) => ({
    issues: associations((await api(server, reader, 'GET', '/repos/acme/widgets/issues?direction=asc')).body),
    comments: associations((await api(server, reader, 'GET', '/repos/acme/widgets/issues/comments')).body),
    single: (await api(server, reader, 'GET', '/repos/acme/widgets/issues/1')).body.author_association,
  });

  it('concealed memberships: MEMBER, owners too, to the members, as for non-members to anyone else', async () => {
    for (const reader of [mona, boss, server.adminAuthorization])
      expect(await listed(reader)).to.deep.equal({ issues: ['MEMBER', 'MEMBER', 'NONE'], comments: ['MEMBER'], single: 'MEMBER' });
    for (const reader of [stranger, null]) expect(await listed(reader)).to.deep.equal({ issues: ['NONE', 'NONE', 'NONE'], comments: ['NONE'], single: 'NONE' });
  });

  it("a member's token shows concealed members with read:org (or write:org, admin:org) only, as it lists them", async () => {
    const tokenWith = async (scopes: string[]) =>
      `token ${(await api(server, mona, 'POST', '/authorizations', { scopes, note: `association ${scopes.join(' ')}` })).body.token}`;
    expect(await listed(await tokenWith(['repo']))).to.deep.equal({ issues: ['NONE', 'NONE', 'NONE'], comments: ['NONE'], single: 'NONE' });
    for (const scope of ['read:org', 'write:org', 'admin:org'])
      expect(await listed(await tokenWith(['repo', scope])), scope).to.deep.equal({
        issues: ['MEMBER', 'MEMBER', 'NONE'],
        comments: ['MEMBER'],
        single: 'MEMBER',
      });
  });

  it('a publicized membership shows to everyone: the issues, their comments and issue search', async () => {
    expect((await api(server, mona, 'PUT', '/orgs/acme/public_members/mona')).status).to.equal(204);
    expect(await listed(null)).to.deep.equal({ issues: ['MEMBER', 'NONE', 'NONE'], comments: ['MEMBER'], single: 'MEMBER' });
    await settled(server);
    const found = await api(server, null, 'GET', '/search/issues?q=repo:acme/widgets&sort=created&order=asc');
    expect(associations(found.body.items)).to.deep.equal(['MEMBER', 'NONE', 'NONE']);
    const asMember = await api(server, boss, 'GET', '/search/issues?q=repo:acme/widgets&sort=created&order=asc');
    expect(associations(asMember.body.items)).to.deep.equal(['MEMBER', 'MEMBER', 'NONE']);
  });

  it("the activity's snapshots: as an outsider saw the membership when the event happened", async () => {
    expect((await api(server, mona, 'POST', '/repos/acme/widgets/issues', { title: 'after publicizing' })).status).to.equal(201);
    expect((await api(server, boss, 'PUT', '/orgs/acme/public_members/boss')).status).to.equal(204);
    expect((await api(server, boss, 'POST', '/repos/acme/widgets/issues', { title: 'by a publicized owner' })).status).to.equal(201);
    await settled(server);
    const events = (await api(server, boss, 'GET', '/repos/acme/widgets/events')).body as { type: string; payload: any }[];
    const opened = events.filter((event) => event.type === 'IssuesEvent').map((event) => [event.payload.issue.title, event.payload.issue.author_association]);
    expect(opened).to.deep.equal([
      ['by a publicized owner', 'MEMBER'],
      ['after publicizing', 'MEMBER'],
      ['by a stranger', 'NONE'],
      ['by an owner', 'NONE'],
      ['by a member', 'NONE'],
    ]);
  });
});
