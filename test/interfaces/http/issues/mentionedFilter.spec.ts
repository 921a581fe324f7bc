import { expect } from 'chai';
import { expectLatestArrayOf } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// GET /repos/{owner}/{repo}/issues?mentioned={login}: the issues whose text @mentions that
// user (GitHub's "A user that's mentioned in the issue"), in their body or their comments.
describe('HTTP issues: the mentioned filter of a repository issue list', () => {
  let server: TestServer;
  let owner: string;
  let mona: string;
  const numbers = (body: unknown) => (body as { number: number }[]).map((issue) => issue.number);
  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'octocat');
    mona = await createUser(server, 'mona');
    await createUser(server, 'hubot');
    await createRepository(server, owner, { name: 'hello' });
    await api(server, owner, 'POST', '/repos/octocat/hello/issues', { title: 'Body mention', body: 'cc @Mona, please look' });
    await api(server, owner, 'POST', '/repos/octocat/hello/issues', { title: 'No mention', body: 'mail mona@example.com or `@mona`' });
    await api(server, owner, 'POST', '/repos/octocat/hello/issues', { title: 'Comment mention' });
    await api(server, owner, 'POST', '/repos/octocat/hello/issues/3/comments', { body: 'what does @mona think?' });
    await api(server, mona, 'POST', '/repos/octocat/hello/issues', { title: 'Mentions hubot', body: '@hubot deploy' });
  });
  after(async () => server.close());

  it('lists only the issues mentioning the user, in the body or a comment', async () => {
    const listed = await api(server, null, 'GET', '/repos/octocat/hello/issues?mentioned=mona');
    expect(listed.status).to.equal(200);
    expectLatestArrayOf('issue', listed.body);
    expect(numbers(listed.body)).to.deep.equal([3, 1]);
    expect(numbers((await api(server, null, 'GET', '/repos/octocat/hello/issues?mentioned=hubot')).body)).to.deep.equal([4]);
  });

  it('combines with the other filters and lists nothing for a user nobody mentions or no account has', async () => {
    expect(numbers((await api(server, null, 'GET', '/repos/octocat/hello/issues?mentioned=mona&creator=mona')).body)).to.deep.equal([]);
    expect(numbers((await api(server, null, 'GET', '/repos/octocat/hello/issues?mentioned=octocat')).body)).to.deep.equal([]);
    const unknown = await api(server, null, 'GET', '/repos/octocat/hello/issues?mentioned=nobody-here');
    expect(unknown.status).to.equal(200);
    expect(unknown.body).to.deep.equal([]);
  });

  it('pages the mentioned issues with a Link header that keeps the filter', async () => {
    const first = await api(server, null, 'GET', '/repos/octocat/hello/issues?mentioned=mona&per_page=1');
    expect(numbers(first.body)).to.deep.equal([3]);
    expect(first.headers.get('link')).to.equal(
      `<${server.url}/repos/octocat/hello/issues?mentioned=mona&per_page=1&page=2>; rel="next", <${server.url}/repos/octocat/hello/issues?mentioned=mona&per_page=1&page=2>; rel="last"`,
    );
  });

  // Kept by the issues projection (projections/issues/issueMentions.ts): each write moves the set.
  it('follows edits and deletions of bodies and comments, and keeps the mentioned account through a rename', async () => {
    const listed = async (login: string) => numbers((await api(server, null, 'GET', `/repos/octocat/hello/issues?mentioned=${login}`)).body);
    expect((await api(server, owner, 'PATCH', '/repos/octocat/hello/issues/1', { body: 'never mind' })).status).to.equal(200);
    expect(await listed('mona')).to.deep.equal([3]);
    const comment = await api(server, owner, 'POST', '/repos/octocat/hello/issues/2/comments', { body: 'ping @mona' });
    expect(await listed('mona')).to.deep.equal([3, 2]);
    const commentId = (comment.body as { id: number }).id;
    expect((await api(server, owner, 'PATCH', `/repos/octocat/hello/issues/comments/${commentId}`, { body: 'ping @hubot' })).status).to.equal(200);
    expect(await listed('mona')).to.deep.equal([3]);
    expect(await listed('hubot')).to.deep.equal([4, 2]);
    const both = await api(server, owner, 'POST', '/repos/octocat/hello/issues/4/comments', { body: '@mona and @hubot' });
    expect(await listed('mona')).to.deep.equal([4, 3]);
    expect((await api(server, owner, 'DELETE', `/repos/octocat/hello/issues/comments/${(both.body as { id: number }).id}`)).status).to.equal(204);
    // Issue 4's body still mentions hubot; mona is mentioned by issue 3's comment only.
    expect(await listed('mona')).to.deep.equal([3]);
    expect(await listed('hubot')).to.deep.equal([4, 2]);
    expect((await api(server, owner, 'PATCH', '/repos/octocat/hello/issues/3', { body: '@hubot too' })).status).to.equal(200);
    expect(await listed('mona')).to.deep.equal([3]);
    expect(await listed('hubot')).to.deep.equal([4, 3, 2]);
    // A rename: the mentions made of mona are the renamed account's; a new mona's are none of them.
    expect((await api(server, server.adminAuthorization, 'PATCH', '/admin/users/mona', { login: 'monalisa' })).status).to.equal(202);
    const deadline = Date.now() + 10_000;
    while ((await api(server, null, 'GET', '/users/monalisa')).status !== 200 && Date.now() < deadline) await new Promise((done) => setImmediate(done));
    expect(await listed('monalisa')).to.deep.equal([3]);
    const newMona = { login: 'mona', email: 'new-mona@example.com', password: 'a-long-enough-password-1' };
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/users', newMona)).status).to.equal(201);
    expect(await listed('mona')).to.deep.equal([]);
    await api(server, owner, 'POST', '/repos/octocat/hello/issues', { title: 'New mona', body: 'hi @mona' });
    expect(await listed('mona')).to.deep.equal([5]);
    expect(await listed('monalisa')).to.deep.equal([3]);
  });
});
