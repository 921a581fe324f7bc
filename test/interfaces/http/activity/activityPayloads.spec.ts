import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectEventsSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { cloneUrl, feed, gitAsOctocat, pushOverHttp, types } from './activityFixtures.js';

// Pull requests, refs and the finer issue actions, as GitHub's payloads show them.
describe('activity feeds: pull request, ref and issue payloads', () => {
  let server: TestServer;
  let octocat: string;
  const events = async () => {
    const { body } = await feed(server, octocat, '/repos/octocat/work/events?per_page=100');
    expectEventsSchema(body);
    return body;
  };

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    await createUser(server, 'hubot');
    await createRepository(server, octocat, { name: 'work', auto_init: true });
    await addCollaborator(server, octocat, 'octocat/work', 'hubot', 'push');
  });
  after(() => server.close());

  it('PushEvent: size counts every commit pushed, commits shows the newest 20, distinct only what no ref reached before', async () => {
    await createRepository(server, octocat, { name: 'many', auto_init: true });
    const scratch = await mkdtemp(join(tmpdir(), 'forgelog-activity-push-'));
    const git = gitAsOctocat(scratch);
    const work = join(scratch, 'work');
    try {
      await git('clone', '--quiet', cloneUrl(server, 'octocat', 'octocat/many'), work);
      const before = await git('-C', work, 'rev-parse', 'HEAD');
      for (let n = 1; n <= 25; n++) {
        await writeFile(join(work, 'counter.txt'), `${n}\n`);
        await git('-C', work, 'add', 'counter.txt');
        await git('-C', work, 'commit', '--quiet', '-m', `Commit ${n}`);
      }
      const shas = (await git('-C', work, 'rev-list', '--reverse', `${before}..HEAD`)).split('\n');
      // The 25 commits reach the repository on a new branch first, then main moves onto them.
      await git('-C', work, 'push', '--quiet', 'origin', 'HEAD:refs/heads/topic');
      await git('-C', work, 'push', '--quiet', 'origin', 'HEAD:refs/heads/main');
      const body = (await feed(server, octocat, '/repos/octocat/many/events')).body;
      expectEventsSchema(body);
      const [mainPush, topicPush] = body;
      expect(topicPush.payload).to.deep.include({ ref: 'refs/heads/topic', head: shas[24], size: 25, distinct_size: 25 });
      expect(topicPush.payload.commits.map((commit: any) => commit.sha)).to.deep.equal(shas.slice(5));
      expect(topicPush.payload.commits.map((commit: any) => commit.message)).to.deep.equal(shas.slice(5).map((_, i) => `Commit ${i + 6}`));
      expect(topicPush.payload.commits.every((commit: any) => commit.distinct === true)).to.equal(true);
      expect(mainPush.payload).to.deep.include({ ref: 'refs/heads/main', before, head: shas[24], size: 25, distinct_size: 0 });
      expect(mainPush.payload.commits).to.have.length(20);
      expect(mainPush.payload.commits.every((commit: any) => commit.distinct === false)).to.equal(true);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('a new branch pushed: CreateEvent (branch) and PushEvent; a pull request opened, synchronized and merged (closed, merged: true)', async () => {
    const first = await pushOverHttp(server, 'octocat', 'octocat/work', 'feature', { 'a.txt': 'a\n' }, 'First on feature');
    let body = await events();
    expect(types(body.slice(0, 2))).to.deep.equal(['PushEvent', 'CreateEvent']);
    expect(body[1].payload).to.deep.include({ ref: 'feature', ref_type: 'branch', master_branch: 'main' });
    expect(body[0].payload).to.deep.include({ ref: 'refs/heads/feature', head: first, before: '0000000000000000000000000000000000000000', size: 1 });
    const opened = await api(server, octocat, 'POST', '/repos/octocat/work/pulls', { title: 'Add a', head: 'feature', base: 'main', body: 'Please' });
    expect(opened.status).to.equal(201);
    const second = await pushOverHttp(server, 'octocat', 'octocat/work', 'feature', { 'b.txt': 'b\n' }, 'Second on feature');
    body = await events();
    // The push, then what it did to the pull request: newest first.
    expect(types(body.slice(0, 3))).to.deep.equal(['PullRequestEvent', 'PushEvent', 'PullRequestEvent']);
    const [synchronize, push, open] = body;
    expect(push.payload).to.deep.include({ before: first, head: second, size: 1 });
    expect(synchronize.payload).to.deep.include({ action: 'synchronize', number: 1, before: first, after: second });
    expect(open.payload).to.deep.include({ action: 'opened', number: 1 });
    expect(open.payload.pull_request).to.deep.include({ number: 1, title: 'Add a', state: 'open', merged: false, body: 'Please' });
    expect(open.payload.pull_request.head).to.deep.include({ ref: 'feature', sha: first });
    const edited = await api(server, octocat, 'PATCH', '/repos/octocat/work/pulls/1', { title: 'Add a and b' });
    expect(edited.status).to.equal(200);
    const merged = await api(server, octocat, 'PUT', '/repos/octocat/work/pulls/1/merge', {});
    expect(merged.status, JSON.stringify(merged.body)).to.equal(200);
    body = await events();
    // GitHub reports the merge as closed (merged: true), then the base branch's move as a push.
    expect(types(body.slice(0, 3))).to.deep.equal(['PushEvent', 'PullRequestEvent', 'PullRequestEvent']);
    const [mergePush, closed, edit] = body;
    expect(mergePush.payload).to.deep.include({ ref: 'refs/heads/main', head: merged.body.sha, size: 3, distinct_size: 1 });
    expect(mergePush.payload.commits.map((commit: any) => commit.sha)).to.deep.equal([first, second, merged.body.sha]);
    expect(closed.payload.action).to.equal('closed');
    expect(closed.payload.pull_request).to.deep.include({ state: 'closed', merged: true, title: 'Add a and b' });
    expect(closed.payload.pull_request.merged_by.login).to.equal('octocat');
    expect(edit.payload).to.deep.include({ action: 'edited', changes: { title: { from: 'Add a' } } });
  });

  it('refs created and deleted through the Git Data API: CreateEvent for a tag, DeleteEvent for a branch', async () => {
    const main = await api(server, octocat, 'GET', '/repos/octocat/work/git/ref/heads/main');
    expect((await api(server, octocat, 'POST', '/repos/octocat/work/git/refs', { ref: 'refs/tags/v1.0', sha: main.body.object.sha })).status).to.equal(201);
    expect((await api(server, octocat, 'DELETE', '/repos/octocat/work/git/refs/heads/feature')).status).to.equal(204);
    const [deleted, tagged] = await events();
    expect(deleted).to.deep.include({ type: 'DeleteEvent' });
    expect(deleted.payload).to.deep.equal({ ref: 'feature', ref_type: 'branch', pusher_type: 'user' });
    expect(tagged).to.deep.include({ type: 'CreateEvent' });
    expect(tagged.payload).to.deep.include({ ref: 'v1.0', ref_type: 'tag' });
  });

  it('IssuesEvent: edited with the former title, labeled and assigned with the label and the assignee, reopened', async () => {
    expect((await api(server, octocat, 'POST', '/repos/octocat/work/issues', { title: 'Old title' })).status).to.equal(201);
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/work/issues/2', { title: 'New title' })).status).to.equal(200);
    expect((await api(server, octocat, 'POST', '/repos/octocat/work/issues/2/labels', { labels: ['bug'] })).status).to.equal(200);
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/work/issues/2', { assignees: ['hubot'] })).status).to.equal(200);
    expect((await api(server, octocat, 'DELETE', '/repos/octocat/work/issues/2/labels/bug')).status).to.equal(200);
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/work/issues/2', { state: 'closed' })).status).to.equal(200);
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/work/issues/2', { state: 'open' })).status).to.equal(200);
    const body = (await events()).slice(0, 7);
    expect(body.map((event: any) => event.payload.action)).to.deep.equal(['reopened', 'closed', 'unlabeled', 'assigned', 'labeled', 'edited', 'opened']);
    const [, , unlabeled, assigned, labeled, edited] = body;
    expect(edited.payload.changes).to.deep.equal({ title: { from: 'Old title' } });
    expect(edited.payload.issue.title).to.equal('New title');
    expect(labeled.payload.label).to.deep.include({ name: 'bug', color: 'd73a4a' });
    expect(assigned.payload.assignee).to.deep.include({ login: 'hubot' });
    expect(assigned.payload.issue.assignees.map((user: any) => user.login)).to.deep.equal(['hubot']);
    expect(unlabeled.payload.label.name).to.equal('bug');
  });

  it('a pull request labeled and assigned through the issues API: PullRequestEvent labeled, assigned, unlabeled, its pull_request showing them', async () => {
    await pushOverHttp(server, 'octocat', 'octocat/work', 'side', { 'c.txt': 'c\n' }, 'On side');
    const opened = await api(server, octocat, 'POST', '/repos/octocat/work/pulls', { title: 'Side', head: 'side', base: 'main' });
    expect(opened.status).to.equal(201);
    const number = opened.body.number as number;
    expect((await api(server, octocat, 'POST', `/repos/octocat/work/issues/${number}/labels`, { labels: ['bug'] })).status).to.equal(200);
    expect((await api(server, octocat, 'POST', `/repos/octocat/work/issues/${number}/assignees`, { assignees: ['hubot'] })).status).to.equal(201);
    expect((await api(server, octocat, 'DELETE', `/repos/octocat/work/issues/${number}/labels/bug`)).status).to.equal(200);
    const body = (await events()).slice(0, 4);
    expect(types(body)).to.deep.equal(['PullRequestEvent', 'PullRequestEvent', 'PullRequestEvent', 'PullRequestEvent']);
    expect(body.map((event: any) => event.payload.action)).to.deep.equal(['unlabeled', 'assigned', 'labeled', 'opened']);
    const [unlabeled, assigned, labeled] = body;
    expect(labeled.payload).to.deep.include({ number });
    expect(labeled.payload.label).to.deep.include({ name: 'bug', color: 'd73a4a' });
    expect(labeled.payload.pull_request.labels.map((label: any) => label.name)).to.deep.equal(['bug']);
    expect(assigned.payload.assignee).to.deep.include({ login: 'hubot' });
    expect(assigned.payload.pull_request.assignees.map((user: any) => user.login)).to.deep.equal(['hubot']);
    expect(assigned.payload.pull_request.assignee).to.deep.include({ login: 'hubot' });
    expect(unlabeled.payload.label.name).to.equal('bug');
    expect(unlabeled.payload.pull_request.labels).to.deep.equal([]);
  });
});
