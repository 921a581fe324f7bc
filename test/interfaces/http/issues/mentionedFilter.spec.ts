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
});
