import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { basicAuthorization } from '../../../support/testServer.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { withPreview, WYANDOTTE } from './migrationWorld.js';

// GitHub's archive records an issue's and a pull request's timeline in issue_events_*.json, one
// flat record per event (what ghe-migrator and GitHub's importers read): `issue` or
// `pull_request`, `actor`, `event`, `created_at`, and the event's own fields (`label_name`,
// `label_color`, `subject` for an assignee, `milestone_title`, `title_was`/`title_is`,
// `lock_reason`, `commit_id`).
describe('migrations: the archive carries every issue and pull request event', function () {
  this.timeout(180_000);
  let source: TestServer;
  let target: TestServer | undefined;
  let scratch: string;
  let archive: string;
  let events: any[];
  let mergeSha: string;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-timeline-'));
    source = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
    const owner = await createUser(source, 'keeper');
    await createUser(source, 'helper');
    const helper = basicAuthorization('helper', PASSWORD);
    const call = async (authorization: string, method: string, path: string, body?: unknown, status = 200) => {
      const answer = await api(source, authorization, method, `/repos/keeper/log${path}`, body);
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).to.equal(status);
      return answer.body;
    };
    await createRepository(source, owner, { name: 'log', auto_init: true });
    await addCollaborator(source, owner, 'keeper/log', 'helper', 'push');
    await call(owner, 'POST', '/labels', { name: 'crash', color: 'ff0000' }, 201);
    await call(owner, 'POST', '/labels', { name: 'notes', color: '00ff00' }, 201);
    await call(owner, 'POST', '/milestones', { title: 'v1' }, 201);
    await call(owner, 'POST', '/milestones', { title: 'v2' }, 201);
    // An issue opened with a label, then everything GitHub's timeline records done to it.
    await call(owner, 'POST', '/issues', { title: 'Crash', labels: ['crash'] }, 201);
    await call(helper, 'POST', '/issues/1/labels', { labels: ['notes'] });
    await call(helper, 'DELETE', '/issues/1/labels/crash');
    await call(owner, 'POST', '/issues/1/assignees', { assignees: ['helper'] }, 201);
    await call(owner, 'DELETE', '/issues/1/assignees', { assignees: ['helper'] });
    await call(helper, 'PATCH', '/issues/1', { milestone: 1 });
    await call(helper, 'PATCH', '/issues/1', { milestone: 2 });
    await call(helper, 'PATCH', '/issues/1', { milestone: null });
    await call(owner, 'PATCH', '/issues/1', { title: 'Crash on start' });
    await call(owner, 'PUT', '/issues/1/lock', { lock_reason: 'resolved' }, 204);
    await call(owner, 'DELETE', '/issues/1/lock', undefined, 204);
    await call(helper, 'PATCH', '/issues/1', { state: 'closed' });
    await call(owner, 'PATCH', '/issues/1', { state: 'open' });
    // A pull request: renamed, labelled through the issues API, closed, reopened, merged.
    const main = await call(owner, 'GET', '/git/ref/heads/main');
    await call(owner, 'POST', '/git/refs', { ref: 'refs/heads/topic', sha: main.object.sha }, 201);
    await call(owner, 'PUT', '/contents/topic.txt', { message: 'Add a topic', content: Buffer.from('topic\n').toString('base64'), branch: 'topic' }, 201);
    await call(owner, 'POST', '/pulls', { title: 'Topic', head: 'topic', base: 'main' }, 201);
    await call(owner, 'PATCH', '/pulls/2', { title: 'The topic' });
    await call(helper, 'POST', '/issues/2/labels', { labels: ['notes'] });
    await call(helper, 'PATCH', '/pulls/2', { state: 'closed' });
    await call(owner, 'PATCH', '/pulls/2', { state: 'open' });
    mergeSha = (await call(helper, 'PUT', '/pulls/2/merge', {})).sha;

    const started = await api(source, owner, 'POST', '/user/migrations', { repositories: ['log'] });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    await eventually(
      async () => (await withPreview(source, owner, 'GET', `/user/migrations/${started.body.id}`, WYANDOTTE)).body.state,
      (state) => state === 'exported' || state === 'failed',
      60_000,
    );
    const link = await withPreview(source, owner, 'GET', `/user/migrations/${started.body.id}/archive`, WYANDOTTE);
    expect(link.status).to.equal(302);
    archive = join(scratch, 'keeper.tar.gz');
    await writeFile(archive, Buffer.from(await (await fetch(link.headers.get('location')!)).arrayBuffer()));
    const unpacked = join(scratch, 'unpacked');
    await mkdir(unpacked);
    execFileSync('tar', ['-xzf', archive, '-C', unpacked]);
    events = [];
    for (const file of (await readdir(unpacked)).filter((name) => name.startsWith('issue_events_')).sort())
      events.push(...JSON.parse(await readFile(join(unpacked, file), 'utf8')));
  });
  after(async () => {
    await source.close();
    await target?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  const login = (url: string) => url.split('/').pop();
  const shown = (record: any) => {
    const { type: _type, url: _url, issue: _issue, pull_request: _pull, actor, created_at: _at, subject, ...rest } = record;
    return { actor: login(actor), ...(subject ? { subject: login(subject) } : {}), ...rest };
  };

  it('an issue’s events, in order, each with its actor and its own fields', () => {
    const issueUrl = events.find((record) => record.issue)?.issue;
    expect(issueUrl).to.match(/\/keeper\/log\/issues\/1$/);
    const ofIssue = events.filter((record) => record.issue === issueUrl);
    expect(ofIssue.map(shown)).to.deep.equal([
      { actor: 'keeper', event: 'labeled', label: `${issueUrl.replace(/\/issues\/1$/, '')}/labels/crash`, label_name: 'crash', label_color: 'ff0000' },
      { actor: 'helper', event: 'labeled', label: `${issueUrl.replace(/\/issues\/1$/, '')}/labels/notes`, label_name: 'notes', label_color: '00ff00' },
      { actor: 'helper', event: 'unlabeled', label: `${issueUrl.replace(/\/issues\/1$/, '')}/labels/crash`, label_name: 'crash', label_color: 'ff0000' },
      { actor: 'keeper', event: 'assigned', subject: 'helper' },
      { actor: 'keeper', event: 'unassigned', subject: 'helper' },
      { actor: 'helper', event: 'milestoned', milestone_title: 'v1' },
      { actor: 'helper', event: 'demilestoned', milestone_title: 'v1' },
      { actor: 'helper', event: 'milestoned', milestone_title: 'v2' },
      { actor: 'helper', event: 'demilestoned', milestone_title: 'v2' },
      { actor: 'keeper', event: 'renamed', title_was: 'Crash', title_is: 'Crash on start' },
      { actor: 'keeper', event: 'locked', lock_reason: 'resolved' },
      { actor: 'keeper', event: 'unlocked' },
      { actor: 'helper', event: 'closed' },
      { actor: 'keeper', event: 'reopened' },
    ]);
    for (const record of ofIssue) {
      expect(record.type).to.equal('issue_event');
      expect(record.url.startsWith(`${issueUrl}#event-`), record.url).to.equal(true);
      expect(record.actor).to.match(/^https?:\/\/[^/]+\/(keeper|helper)$/);
      expect(Date.parse(record.created_at), record.created_at).to.be.a('number').and.not.NaN;
    }
    expect(new Set(events.map((record) => record.url)).size, 'every record has its own URL').to.equal(events.length);
    const times = ofIssue.map((record) => Date.parse(record.created_at));
    expect(times).to.deep.equal([...times].sort((a, b) => a - b));
  });

  it('a pull request’s events name it as `pull_request`: renamed, labeled, closed, reopened, merged and closed with the merge commit', () => {
    const ofPull = events.filter((record) => record.pull_request);
    expect(ofPull.every((record) => /\/keeper\/log\/pull\/2$/.test(record.pull_request) && record.issue === undefined)).to.equal(true);
    const repositoryUrl = ofPull[0].pull_request.replace(/\/pull\/2$/, '');
    expect(ofPull.map(shown)).to.deep.equal([
      { actor: 'keeper', event: 'renamed', title_was: 'Topic', title_is: 'The topic' },
      { actor: 'helper', event: 'labeled', label: `${repositoryUrl}/labels/notes`, label_name: 'notes', label_color: '00ff00' },
      { actor: 'helper', event: 'closed' },
      { actor: 'keeper', event: 'reopened' },
      { actor: 'helper', event: 'merged', commit_id: mergeSha, commit_repository: repositoryUrl },
      { actor: 'helper', event: 'closed', commit_id: mergeSha, commit_repository: repositoryUrl },
    ]);
  });

  it('the users file names every actor and assignee the events refer to', async () => {
    const unpacked = join(scratch, 'unpacked');
    const users = JSON.parse(await readFile(join(unpacked, 'users_000001.json'), 'utf8'));
    expect(users.map((user: any) => user.login)).to.include.members(['keeper', 'helper']);
  });

  it('imports into a fresh server: the events refused nothing, the issues as they ended', async () => {
    target = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
    const imported = await api(target, target.adminAuthorization, 'POST', '/admin/migrations/import', { archive_path: archive });
    expect(imported.status, JSON.stringify(imported.body)).to.equal(201);
    expect(imported.body, JSON.stringify(imported.body)).to.deep.include({ issues: 1, milestones: 2 });
    expect(imported.body.repositories).to.deep.equal(['keeper/log']);
    // The merged pull request's branch is in its base now: the importer cannot open it again
    // (as before the archive carried its events); nothing else is refused.
    expect(imported.body.warnings.map((warning: string) => warning.replace(/^.*\/keeper\/log\//, ''))).to.deep.equal(['pull/2: refused: no commits between']);
    const issue = await api(target, target.adminAuthorization, 'GET', '/repos/keeper/log/issues/1');
    expect(issue.status).to.equal(200);
    expect(issue.body).to.deep.include({ title: 'Crash on start', state: 'open', locked: false, milestone: null });
    expect(issue.body.labels.map((label: any) => label.name)).to.deep.equal(['notes']);
    expect(issue.body.assignees).to.deep.equal([]);
  });
});
