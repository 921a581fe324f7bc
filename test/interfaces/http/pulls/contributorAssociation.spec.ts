import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { basicOctokit } from '../../../support/octokit.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { feed } from '../activity/activityFixtures.js';
import { GitWorkbench } from './pullFixtures.js';

// GitHub's contribution ladder of author_association, below OWNER, MEMBER and COLLABORATOR:
// FIRST_TIMER (an open pull request here, nothing merged on the site), FIRST_TIME_CONTRIBUTOR
// (an open pull request here, nothing merged here but something elsewhere), CONTRIBUTOR (a
// pull request merged here). The same on the author's pull requests, issues and comments, in
// lists, search and activity events alike.
describe('HTTP: author_association names contributors by their pull requests', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let hubot: string;
  let stranger: string;
  let helloId: number;
  let otherId: number;

  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    octocat = await createUser(server, 'octocat');
    hubot = await createUser(server, 'hubot');
    stranger = await createUser(server, 'stranger');
    helloId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
    otherId = (await createRepository(server, octocat, { name: 'other', auto_init: true })).id;
  });
  after(async () => {
    await server.close();
    await bench.dispose();
  });

  const open = async (repository: string, repositoryId: number, branch: string) => {
    await bench.pushBranch(repositoryId, branch, { [`${branch}.txt`]: `${branch}\n` });
    const opened = await api(server, hubot, 'POST', `/repos/octocat/${repository}/pulls`, { title: `Add ${branch}`, head: branch, base: 'main' });
    expect(opened.status, JSON.stringify(opened.body)).to.equal(201);
    return opened.body as { number: number; author_association: string };
  };
  const merge = async (repository: string, number: number) => {
    const merged = await api(server, octocat, 'PUT', `/repos/octocat/${repository}/pulls/${number}/merge`, {});
    expect(merged.status, JSON.stringify(merged.body)).to.equal(200);
  };
  // What every page says of hubot on octocat/hello: its pull request, its issue, its comment.
  const seenOnHello = async (pull: number, issue: number) => {
    const octokit = basicOctokit(server, 'stranger', PASSWORD);
    const comments = await octokit.issues.listComments({ owner: 'octocat', repo: 'hello', issue_number: issue });
    return [
      (await octokit.pulls.get({ owner: 'octocat', repo: 'hello', pull_number: pull })).data.author_association,
      (await octokit.pulls.list({ owner: 'octocat', repo: 'hello', state: 'all' })).data.find((one) => one.number === pull)?.author_association,
      (await api(server, stranger, 'GET', `/repos/octocat/hello/issues/${issue}`)).body.author_association,
      (await api(server, null, 'GET', `/repos/octocat/hello/issues/${pull}`)).body.author_association,
      comments.data.at(-1)?.author_association,
    ];
  };

  it('NONE before a pull request, FIRST_TIMER with one open, FIRST_TIME_CONTRIBUTOR once one merged elsewhere, CONTRIBUTOR once merged here', async () => {
    const issue = await api(server, hubot, 'POST', '/repos/octocat/hello/issues', { title: 'A question' });
    expect([issue.status, issue.body.author_association]).to.deep.equal([201, 'NONE']);
    const comment = await api(server, hubot, 'POST', `/repos/octocat/hello/issues/${issue.body.number}/comments`, { body: 'Anyone?' });
    expect([comment.status, comment.body.author_association]).to.deep.equal([201, 'NONE']);

    const pull = await open('hello', helloId, 'first');
    expect(pull.author_association).to.equal('FIRST_TIMER');
    expect(await seenOnHello(pull.number, issue.body.number)).to.deep.equal(Array(5).fill('FIRST_TIMER'));
    const search = await api(server, stranger, 'GET', `/search/issues?q=${encodeURIComponent('repo:octocat/hello author:hubot')}`);
    expect(search.status).to.equal(200);
    expect(search.body.items.map((item: { author_association: string }) => item.author_association)).to.deep.equal(['FIRST_TIMER', 'FIRST_TIMER']);

    // Merged into another repository: a contributor of the site, not yet of this one.
    const elsewhere = await open('other', otherId, 'elsewhere');
    expect(elsewhere.author_association).to.equal('FIRST_TIMER');
    await merge('other', elsewhere.number);
    expect((await api(server, null, 'GET', `/repos/octocat/other/pulls/${elsewhere.number}`)).body.author_association).to.equal('CONTRIBUTOR');
    expect(await seenOnHello(pull.number, issue.body.number)).to.deep.equal(Array(5).fill('FIRST_TIME_CONTRIBUTOR'));

    await merge('hello', pull.number);
    expect(await seenOnHello(pull.number, issue.body.number)).to.deep.equal(Array(5).fill('CONTRIBUTOR'));

    // The owner stays OWNER, an author without pull requests NONE.
    const owners = await api(server, octocat, 'POST', '/repos/octocat/hello/issues', { title: 'By the owner' });
    expect(owners.body.author_association).to.equal('OWNER');
    const strangers = await api(server, stranger, 'POST', '/repos/octocat/hello/issues', { title: 'By a stranger' });
    expect(strangers.body.author_association).to.equal('NONE');
  });

  it('a pull request closed unmerged makes no contributor: NONE again once it is closed', async () => {
    const third = await createRepository(server, octocat, { name: 'third', auto_init: true });
    const pull = await open('third', third.id, 'rejected');
    expect(pull.author_association).to.equal('FIRST_TIME_CONTRIBUTOR');
    const closed = await api(server, octocat, 'PATCH', `/repos/octocat/third/pulls/${pull.number}`, { state: 'closed' });
    expect([closed.status, closed.body.author_association]).to.deep.equal([200, 'NONE']);
    const reopened = await api(server, octocat, 'PATCH', `/repos/octocat/third/pulls/${pull.number}`, { state: 'open' });
    expect(reopened.body.author_association).to.equal('FIRST_TIME_CONTRIBUTOR');
  });

  it('activity events name the author as of each event: FIRST_TIMER on the opening, CONTRIBUTOR on the merge', async () => {
    const events = await feed(server, null, '/repos/octocat/other/events');
    expect(events.status).to.equal(200);
    const pullEvents = events.body
      .filter((event: { type: string }) => event.type === 'PullRequestEvent')
      .map((event: { payload: { action: string; pull_request: { author_association: string } } }) => [
        event.payload.action,
        event.payload.pull_request.author_association,
      ]);
    expect(pullEvents).to.deep.equal([
      ['closed', 'CONTRIBUTOR'],
      ['opened', 'FIRST_TIMER'],
    ]);
  });
});
