import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { expectLatestSchema, expectSchema } from '../../../support/schemas.js';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { GitWorkbench } from './pullFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';

// GitHub takes a pull request's conversation (its comments and reactions) through the issues
// API, by the pull request's number: what octokit's issues.createComment and
// reactions.createForIssue do on a pull request.
describe('a pull request’s conversation through the issues API', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let owner: string;
  let reader: string;
  let number: number;

  const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));

  before(async () => {
    server = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' }, undefined, { clock });
    bench = await GitWorkbench.open(server);
    owner = await createUser(server, 'mona');
    reader = await createUser(server, 'reader');
    const repositoryId = (await createRepository(server, owner, { name: 'docs', auto_init: true })).id;
    await bench.pushBranch(repositoryId, 'feature', { 'feature.txt': 'feature\n' });
    const opened = await api(server, owner, 'POST', '/repos/mona/docs/pulls', { title: 'Feature', head: 'feature', base: 'main' });
    expect(opened.status).to.equal(201);
    number = opened.body.number;
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  it('comments: 201 with links to the pull request, listed, counted on the issue and the pull request, and gone when deleted', async () => {
    const octokit = basicOctokit(server, 'reader', PASSWORD);
    clock.advance(3_600_000);
    const created = await octokit.rest.issues.createComment({ owner: 'mona', repo: 'docs', issue_number: number, body: 'Looks good' });
    expect(created.status).to.equal(201);
    expectLatestSchema('issue-comment', created.data);
    expect(created.data.html_url).to.match(new RegExp(`/mona/docs/pull/${number}#issuecomment-${created.data.id}$`));
    expect(created.data.issue_url).to.match(new RegExp(`/repos/mona/docs/issues/${number}$`));
    expect(created.data.user?.login).to.equal('reader');

    const listed = await api(server, owner, 'GET', `/repos/mona/docs/issues/${number}/comments`);
    expect(listed.body.map((comment: { id: number; body: string }) => [comment.id, comment.body])).to.deep.equal([[created.data.id, 'Looks good']]);
    const asIssue = (await api(server, owner, 'GET', `/repos/mona/docs/issues/${number}`)).body;
    expect(asIssue).to.deep.include({ comments: 1 });
    expect(asIssue.html_url).to.match(new RegExp(`/mona/docs/pull/${number}$`));
    const pull = await api(server, owner, 'GET', `/repos/mona/docs/pulls/${number}`);
    // A comment updates the pull request, as on GitHub (it was opened an hour before).
    expect(pull.body).to.deep.include({ comments: 1, review_comments: 0, updated_at: '2026-06-01T01:00:00Z' });
    expect(pull.body.created_at).to.equal('2026-06-01T00:00:00Z');
    expectSchema('pull-request', pull.body);

    // The activity feed and its payload: an IssueCommentEvent on an issue that is a pull request.
    const events = (await api(server, owner, 'GET', '/repos/mona/docs/events')).body;
    const commented = events.find((event: { type: string }) => event.type === 'IssueCommentEvent');
    expect(commented.payload.issue.number).to.equal(number);
    expect(commented.payload.issue.pull_request).to.be.an('object');
    expect(commented.payload.comment.html_url).to.equal(created.data.html_url);
    expect(commented.payload.issue.html_url).to.equal(asIssue.html_url);

    const edited = await api(server, reader, 'PATCH', `/repos/mona/docs/issues/comments/${created.data.id}`, { body: 'Looks great' });
    expect([edited.status, edited.body.body]).to.deep.equal([200, 'Looks great']);
    expect((await api(server, reader, 'DELETE', `/repos/mona/docs/issues/comments/${created.data.id}`)).status).to.equal(204);
    expect((await api(server, owner, 'GET', `/repos/mona/docs/pulls/${number}`)).body.comments).to.equal(0);
    expect((await api(server, owner, 'GET', `/repos/mona/docs/issues/${number}/comments`)).body).to.deep.equal([]);
  });

  it('reactions: on the pull request and on its comments, counted in the rollups', async () => {
    const octokit = basicOctokit(server, 'reader', PASSWORD);
    const reacted = await octokit.rest.reactions.createForIssue({ owner: 'mona', repo: 'docs', issue_number: number, content: 'rocket' });
    expect(reacted.status).to.equal(201);
    expectSchema('reaction', reacted.data);
    const issue = (await api(server, owner, 'GET', `/repos/mona/docs/issues/${number}`)).body;
    expect(issue.reactions).to.deep.include({ total_count: 1, rocket: 1 });
    const comment = (await api(server, owner, 'POST', `/repos/mona/docs/issues/${number}/comments`, { body: 'Shipping' })).body;
    const onComment = await api(server, reader, 'POST', `/repos/mona/docs/issues/comments/${comment.id}/reactions`, { content: '+1' });
    expect(onComment.status).to.equal(201);
    expect((await api(server, owner, 'GET', `/repos/mona/docs/issues/comments/${comment.id}`)).body.reactions).to.deep.include({ total_count: 1, '+1': 1 });
    // Issue search reads the conversation as GitHub's does: its commenters and its words.
    for (const query of ['commenter:mona is:pr', 'shipping in:comments', 'involves:mona type:pr']) {
      const found = await eventually(
        async () => (await api(server, owner, 'GET', `/search/issues?q=${encodeURIComponent(query)}`)).body,
        (body) => body.total_count > 0,
      );
      expect(
        found.items.map((item: { number: number; pull_request?: object }) => [item.number, item.pull_request !== undefined]),
        query,
      ).to.deep.equal([[number, true]]);
    }
    const listed = (await api(server, owner, 'GET', `/repos/mona/docs/issues/${number}/reactions`)).body;
    expect(listed.map((reaction: { content: string; user: { login: string } }) => [reaction.content, reaction.user.login])).to.deep.equal([
      ['rocket', 'reader'],
    ]);
    expect((await api(server, reader, 'DELETE', `/repos/mona/docs/issues/${number}/reactions/${reacted.data.id}`)).status).to.equal(204);
    expect((await api(server, owner, 'GET', `/repos/mona/docs/issues/${number}`)).body.reactions).to.deep.include({ total_count: 0, rocket: 0 });
  });

  it('a lock: triagers lock the conversation, shown on the pull request and its issue; others may no longer comment', async () => {
    expect((await api(server, reader, 'PUT', `/repos/mona/docs/issues/${number}/lock`, { lock_reason: 'too heated' })).status).to.equal(403);
    expect((await api(server, owner, 'PUT', `/repos/mona/docs/issues/${number}/lock`, { lock_reason: 'too heated' })).status).to.equal(204);
    expect((await api(server, owner, 'PUT', `/repos/mona/docs/issues/${number}/lock`, { lock_reason: 'too heated' })).status).to.equal(204);
    const pull = (await api(server, owner, 'GET', `/repos/mona/docs/pulls/${number}`)).body;
    expect(pull).to.deep.include({ locked: true, active_lock_reason: 'too heated' });
    expectSchema('pull-request', pull);
    const [listed] = (await api(server, owner, 'GET', '/repos/mona/docs/pulls')).body;
    expect(listed).to.deep.include({ number, locked: true, active_lock_reason: 'too heated' });
    expect((await api(server, owner, 'GET', `/repos/mona/docs/issues/${number}`)).body).to.deep.include({ locked: true, active_lock_reason: 'too heated' });
    const refused = await api(server, reader, 'POST', `/repos/mona/docs/issues/${number}/comments`, { body: 'Me too' });
    expect(refused.status).to.equal(403);
    expect((await api(server, owner, 'POST', `/repos/mona/docs/issues/${number}/comments`, { body: 'Closing the thread' })).status).to.equal(201);
    const found = await eventually(
      async () => (await api(server, owner, 'GET', `/search/issues?q=${encodeURIComponent('is:locked is:pr')}`)).body,
      (body) => body.total_count > 0,
    );
    expect(found.items.map((item: { number: number }) => item.number)).to.deep.equal([number]);
    expect((await api(server, owner, 'DELETE', `/repos/mona/docs/issues/${number}/lock`)).status).to.equal(204);
    expect((await api(server, owner, 'GET', `/repos/mona/docs/pulls/${number}`)).body).to.deep.include({ locked: false, active_lock_reason: null });
    expect((await api(server, reader, 'POST', `/repos/mona/docs/issues/${number}/comments`, { body: 'Me too' })).status).to.equal(201);
  });

  it('with issues disabled, the conversation goes on and issues answer 410', async () => {
    expect((await api(server, owner, 'POST', '/repos/mona/docs/issues', { title: 'An issue' })).status).to.equal(201);
    expect((await api(server, owner, 'PATCH', '/repos/mona/docs', { has_issues: false })).status).to.equal(200);
    const onPull = await api(server, reader, 'POST', `/repos/mona/docs/issues/${number}/comments`, { body: 'Still here' });
    expect(onPull.status, JSON.stringify(onPull.body)).to.equal(201);
    const onIssue = await api(server, reader, 'POST', `/repos/mona/docs/issues/${number + 1}/comments`, { body: 'Gone' });
    expect([onIssue.status, onIssue.body.message]).to.deep.equal([410, 'Issues are disabled for this repo']);
    const edited = await api(server, reader, 'PATCH', `/repos/mona/docs/issues/comments/${onPull.body.id}`, { body: 'Still here, edited' });
    expect(edited.status).to.equal(200);
    expect((await api(server, owner, 'PUT', `/repos/mona/docs/issues/${number}/lock`, {})).status).to.equal(204);
    expect((await api(server, owner, 'GET', `/repos/mona/docs/pulls/${number}`)).body.locked).to.equal(true);
    // Not a reaction id: 404 as with issues enabled, not 410.
    expect((await api(server, reader, 'DELETE', `/repos/mona/docs/issues/comments/${onPull.body.id}/reactions/abc`)).status).to.equal(404);
  });
});
