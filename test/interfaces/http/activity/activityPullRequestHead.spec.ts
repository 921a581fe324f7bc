import { expect } from 'chai';
import { expectEventsSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { feed, pushOverHttp } from './activityFixtures.js';

interface PullRequestEventJson {
  readonly type: string;
  readonly payload: {
    readonly action: string;
    readonly after?: string;
    readonly pull_request: { readonly head: { readonly sha: string }; readonly [field: string]: unknown };
  };
}

// A pull request's head in its events is its branch's tip then, as GitHub shows it: pushes
// after the opening move it (synchronize shows the new head, and so does every later event);
// a closed one keeps the head it was closed at.
describe('activity feeds: a pull request event shows its head as it was then', () => {
  let server: TestServer;
  let octocat: string;
  const pullEvents = async (repository = 'heads'): Promise<PullRequestEventJson[]> => {
    const { body } = await feed(server, octocat, `/repos/octocat/${repository}/events?per_page=100`);
    expectEventsSchema(body);
    return (body as PullRequestEventJson[]).filter((event) => event.type === 'PullRequestEvent');
  };

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    await createRepository(server, octocat, { name: 'heads', auto_init: true });
    await createRepository(server, octocat, { name: 'numbers', auto_init: true });
  });
  after(() => server.close());

  it('synchronize, then labeled and closed: the head pushed; a push after the close leaves it; reopened: the tip again', async () => {
    const first = await pushOverHttp(server, 'octocat', 'octocat/heads', 'feature', { 'a.txt': 'a\n' }, 'First');
    expect((await api(server, octocat, 'POST', '/repos/octocat/heads/pulls', { title: 'Feature', head: 'feature', base: 'main' })).status).to.equal(201);
    const second = await pushOverHttp(server, 'octocat', 'octocat/heads', 'feature', { 'b.txt': 'b\n' }, 'Second');
    expect((await api(server, octocat, 'POST', '/repos/octocat/heads/issues/1/labels', { labels: ['bug'] })).status).to.equal(200);
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/heads/pulls/1', { state: 'closed' })).status).to.equal(200);
    const [closed, labeled, synchronize, opened] = await pullEvents();
    expect(opened.payload.action).to.equal('opened');
    expect(opened.payload.pull_request.head.sha).to.equal(first);
    expect(synchronize.payload).to.deep.include({ action: 'synchronize', after: second });
    expect(synchronize.payload.pull_request.head.sha).to.equal(second);
    expect(labeled.payload.action).to.equal('labeled');
    expect(labeled.payload.pull_request.head.sha).to.equal(second);
    expect(closed.payload.action).to.equal('closed');
    expect(closed.payload.pull_request.head.sha).to.equal(second);

    // Pushed while closed: no synchronize, and the head stays the one it was closed at.
    const third = await pushOverHttp(server, 'octocat', 'octocat/heads', 'feature', { 'c.txt': 'c\n' }, 'Third');
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/heads/pulls/1', { title: 'Feature, renamed' })).status).to.equal(200);
    const [edited] = await pullEvents();
    expect(edited.payload.action).to.equal('edited');
    expect(edited.payload.pull_request.head.sha).to.equal(second);
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/heads/pulls/1', { state: 'open' })).status).to.equal(200);
    const [reopened] = await pullEvents();
    expect(reopened.payload.action).to.equal('reopened');
    expect(reopened.payload.pull_request.head.sha).to.equal(third);
  });

  // commits, additions, deletions and changed_files are what git gives for its head then, as
  // GET /pulls/{number} shows them (they were all 0).
  it("its numbers are git's for the head and base it shows", async () => {
    await pushOverHttp(server, 'octocat', 'octocat/numbers', 'feature', { 'a.txt': 'a\n' }, 'First');
    expect((await api(server, octocat, 'POST', '/repos/octocat/numbers/pulls', { title: 'Feature', head: 'feature', base: 'main' })).status).to.equal(201);
    await pushOverHttp(server, 'octocat', 'octocat/numbers', 'feature', { 'b.txt': 'b\nb\n', 'a.txt': 'A\n' }, 'Second');
    const [synchronize, opened] = await pullEvents('numbers');
    expect(opened.payload.pull_request).to.deep.include({ commits: 1, additions: 1, deletions: 0, changed_files: 1 });
    expect(synchronize.payload.pull_request).to.deep.include({ commits: 2, additions: 3, deletions: 0, changed_files: 2 });
    const pull = await api(server, octocat, 'GET', '/repos/octocat/numbers/pulls/1');
    expect(pull.body).to.deep.include({ commits: 2, additions: 3, deletions: 0, changed_files: 2 });
  });
});
