import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { runCli } from '../../../support/runCli.js';
import { newDataDir, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { populateRepository, withPreview, WYANDOTTE } from './migrationWorld.js';

const INERTIA = 'application/vnd.github.inertia-preview+json';

// What a server answers about a repository through the API, in a form two servers can compare.
async function repositoryAsSeen(server: TestServer, authorization: string, fullName: string) {
  const get = async (path: string) => {
    const answer = await api(server, authorization, 'GET', path);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).to.equal(200);
    return answer.body;
  };
  const repository = await get(`/repos/${fullName}`);
  const refs = [...(await get(`/repos/${fullName}/git/matching-refs/heads`)), ...(await get(`/repos/${fullName}/git/matching-refs/tags`))].map(
    (ref: any) => `${ref.ref} ${ref.object.sha}`,
  );
  const issues = (await get(`/repos/${fullName}/issues?state=all&per_page=100&direction=asc`)).map((issue: any) => ({
    number: issue.number,
    title: issue.title,
    body: issue.body,
    state: issue.state,
    user: issue.user.login,
    labels: issue.labels.map((label: any) => label.name),
    milestone: issue.milestone?.title ?? null,
    pull: issue.pull_request !== undefined,
  }));
  const reactionsAt = async (path: string) =>
    (await get(`${path}/reactions`)).map((reaction: any) => `${reaction.user.login} ${reaction.content} ${reaction.created_at}`).sort();
  const comments = [];
  const reactions = [];
  for (const issue of issues) {
    reactions.push({ number: issue.number, reactions: await reactionsAt(`/repos/${fullName}/issues/${issue.number}`) });
    for (const comment of await get(`/repos/${fullName}/issues/${issue.number}/comments`))
      comments.push({
        number: issue.number,
        body: comment.body,
        user: comment.user.login,
        reactions: await reactionsAt(`/repos/${fullName}/issues/comments/${comment.id}`),
      });
  }
  const labels = (await get(`/repos/${fullName}/labels?per_page=100`)).map((label: any) => `${label.name} ${label.color} ${label.description}`).sort();
  const milestones = (await get(`/repos/${fullName}/milestones?state=all`)).map(
    (milestone: any) => `${milestone.number} ${milestone.title} ${milestone.state}`,
  );
  const pulls = (await get(`/repos/${fullName}/pulls?state=all`)).map(
    (pull: any) =>
      `${pull.number} ${pull.title} ${pull.head.ref}->${pull.base.ref} ${pull.state} ` +
      `labels [${pull.labels.map((label: any) => label.name)}] assignees [${pull.assignees.map((user: any) => user.login)}] milestone ${pull.milestone?.title ?? null}`,
  );
  const projects = [];
  for (const project of (await withPreview(server, authorization, 'GET', `/repos/${fullName}/projects?state=all`, INERTIA)).body) {
    const columns = [];
    for (const column of (await withPreview(server, authorization, 'GET', `/projects/${project.id}/columns`, INERTIA)).body) {
      const cards = (await withPreview(server, authorization, 'GET', `/projects/columns/${column.id}/cards`, INERTIA)).body.map(
        (card: any) => card.note ?? card.content_url.replace(/^.*\/issues\//, '#'),
      );
      columns.push({ name: column.name, cards });
    }
    projects.push({ name: project.name, body: project.body, state: project.state, columns });
  }
  return {
    name: repository.full_name,
    description: repository.description,
    private: repository.private,
    default_branch: repository.default_branch,
    refs,
    issues,
    comments,
    reactions,
    labels,
    milestones,
    pulls,
    projects,
  };
}

describe('migrations: an archive restored into another server answers the same', function () {
  this.timeout(180_000);
  let source: TestServer;
  let target: TestServer;
  let scratch: string;
  let archive: string;
  let owner: string;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-roundtrip-'));
    source = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
    owner = await createUser(source, 'mover');
    await createUser(source, 'helper');
    expect((await api(source, source.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'mover' })).status).to.equal(201);
    await api(source, owner, 'PUT', '/orgs/acme/memberships/helper', { role: 'member' });
    await populateRepository(source, owner, 'acme/app', '/orgs/acme/repos');
    await createRepository(source, owner, { name: 'lib', auto_init: true, description: 'a library', private: true }, '/orgs/acme/repos');
    const helper = `Basic ${Buffer.from('helper:a long enough password').toString('base64')}`;
    const helperComment = await api(source, helper, 'POST', '/repos/acme/app/issues/1/comments', { body: 'from the helper' });
    const react = async (authorization: string, path: string, content: string) => {
      const reacted = await api(source, authorization, 'POST', `/repos/acme/app/${path}/reactions`, { content });
      expect(reacted.status, `${path}: ${JSON.stringify(reacted.body)}`).to.equal(201);
    };
    await react(owner, 'issues/1', '+1');
    await react(helper, 'issues/1', 'heart');
    await react(owner, `issues/comments/${helperComment.body.id}`, 'laugh');
    // A pull request's conversation: a comment and a reaction through the issues API.
    const [pull] = (await api(source, owner, 'GET', '/repos/acme/app/pulls?state=all')).body;
    const pullComment = await api(source, helper, 'POST', `/repos/acme/app/issues/${pull.number}/comments`, { body: 'on the pull request' });
    expect(pullComment.status).to.equal(201);
    await react(helper, `issues/${pull.number}`, 'hooray');
    // Its issue side: a label, an assignee and the milestone, through the issues API.
    const side = await api(source, owner, 'PATCH', `/repos/acme/app/issues/${pull.number}`, { labels: ['migrate-me'], assignees: ['mover'], milestone: 1 });
    expect(side.status, JSON.stringify(side.body)).to.equal(200);
    const roadmap = await withPreview(source, owner, 'POST', '/orgs/acme/projects', INERTIA, { name: 'Roadmap', body: 'the year' });
    expect(roadmap.status, JSON.stringify(roadmap.body)).to.equal(201);
    // Project names are not unique: a second board of the same name is imported too.
    const nextYear = await withPreview(source, owner, 'POST', '/orgs/acme/projects', INERTIA, { name: 'Roadmap', body: 'the next year' });
    expect(nextYear.status).to.equal(201);
    // A private board (an account's is, from the start) stays private through the archive; a
    // public one stays public.
    expect((await withPreview(source, owner, 'PATCH', `/projects/${roadmap.body.id}`, INERTIA, { private: false })).status).to.equal(200);
    const started = await api(source, owner, 'POST', '/orgs/acme/migrations', { repositories: ['app', 'lib'] });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    await eventually(
      async () => (await withPreview(source, owner, 'GET', `/orgs/acme/migrations/${started.body.id}`, WYANDOTTE)).body.state,
      (state) => state === 'exported',
      60_000,
    );
    const link = await withPreview(source, owner, 'GET', `/orgs/acme/migrations/${started.body.id}/archive`, WYANDOTTE);
    archive = join(scratch, 'acme.tar.gz');
    await writeFile(archive, Buffer.from(await (await fetch(link.headers.get('location')!)).arrayBuffer()));
  });

  it('writes each reaction into the archive as GitHub does: the user’s URL, the content, the time', async () => {
    const unpacked = join(scratch, 'unpacked');
    await mkdir(unpacked);
    execFileSync('tar', ['-xzf', archive, '-C', unpacked]);
    const records = async (prefix: string) => {
      const all = [];
      for (const file of (await readdir(unpacked)).filter((name) => name.startsWith(prefix) && name.endsWith('.json')))
        all.push(...JSON.parse(await readFile(join(unpacked, file), 'utf8')));
      return all;
    };
    const shown = (record: any) => record.reactions.map((reaction: any) => `${reaction.user.split('/').pop()} ${reaction.content}`);
    const issue = (await records('issues_')).find((record: any) => record.url.endsWith('/acme/app/issues/1'));
    expect(shown(issue)).to.deep.equal(['mover +1', 'helper heart']);
    expect(issue.reactions[0].user).to.match(/^https?:\/\/.+\/mover$/);
    expect(Date.parse(issue.reactions[0].created_at)).to.be.a('number').and.not.NaN;
    const comments = await records('issue_comments_');
    expect(shown(comments.find((record: any) => record.body === 'from the helper'))).to.deep.equal(['mover laugh']);
    expect(shown(comments.find((record: any) => record.body === 'a first comment'))).to.deep.equal([]);
    const [pull] = await records('pull_requests_');
    expect(shown(pull)).to.deep.equal(['helper hooray']);
    expect(comments.find((record: any) => record.body === 'on the pull request').issue).to.equal(pull.url);
  });
  after(async () => {
    await source.close();
    await target?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('POST /admin/migrations/import on an empty server: the same repositories, refs, issues, comments, labels, milestones, pull requests and projects', async () => {
    target = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
    expect((await api(target, owner, 'POST', '/admin/migrations/import', { archive_path: archive })).status).to.equal(401);
    const imported = await api(target, target.adminAuthorization, 'POST', '/admin/migrations/import', { archive_path: archive });
    expect(imported.status, JSON.stringify(imported.body)).to.equal(201);
    expect(imported.body).to.deep.include({ issues: 2, pullRequests: 1, comments: 4, milestones: 1, projects: 3, organizations: 1 });
    expect(imported.body.repositories).to.deep.equal(['acme/app', 'acme/lib']);
    expect(imported.body.warnings).to.deep.equal([]);
    // Users are matched by login or created: the admin (site administrator) reads both servers.
    for (const fullName of ['acme/app', 'acme/lib']) {
      const before = await repositoryAsSeen(source, source.adminAuthorization, fullName);
      const after = await repositoryAsSeen(target, target.adminAuthorization, fullName);
      expect(after).to.deep.equal(before);
      if (fullName === 'acme/app') {
        expect(after.reactions[0]!.reactions.map((reaction: string) => reaction.split(' ').slice(0, 2).join(' '))).to.deep.equal(['helper heart', 'mover +1']);
        expect(after.comments.find((comment) => comment.body === 'from the helper')!.reactions).to.have.length(1);
      }
    }
    const boards = (await withPreview(target, target.adminAuthorization, 'GET', '/orgs/acme/projects?state=all', INERTIA)).body;
    expect(boards.map((board: any) => [board.body, board.private]).sort()).to.deep.equal([
      ['the next year', true],
      ['the year', false],
    ]);
    const members = (await api(target, target.adminAuthorization, 'GET', '/orgs/acme/members')).body.map((member: any) => member.login).sort();
    expect(members).to.deep.equal(['helper', 'mover']);
    const missing = await api(target, target.adminAuthorization, 'POST', '/admin/migrations/import', { archive_path: join(scratch, 'missing.tar.gz') });
    expect(missing.status).to.equal(422);
    // The path is the server's: the answer says which it tried and where it looked.
    expect(missing.body.errors).to.deep.equal([
      {
        resource: 'Migration',
        field: 'archive_path',
        code: 'invalid',
        message: `archive_path names no file this server can read (${join(scratch, 'missing.tar.gz')}): give the path of the archive on the server's own disk`,
      },
    ]);
  });

  it('the same archive imported again leaves repositories and projects as they are: no organization project twice, two of one name both kept', async () => {
    const orgProjects = async () =>
      (await withPreview(target, target.adminAuthorization, 'GET', '/orgs/acme/projects?state=all', INERTIA)).body.map((project: any) => project.name);
    expect(await orgProjects()).to.deep.equal(['Roadmap', 'Roadmap']);
    const before = await repositoryAsSeen(target, target.adminAuthorization, 'acme/app');
    for (const round of [2, 3]) {
      const again = await api(target, target.adminAuthorization, 'POST', '/admin/migrations/import', { archive_path: archive });
      expect(again.status, JSON.stringify(again.body)).to.equal(201);
      expect(again.body, `import ${round}`).to.deep.include({ repositories: [], projects: 0, issues: 0, organizations: 0 });
      const projectWarnings = again.body.warnings.filter((warning: string) => warning.startsWith('project '));
      expect(projectWarnings.map((warning: string) => warning.replace(/^project \S+: /, '')).sort()).to.deep.equal([
        'acme already has a project named Roadmap, left as it is',
        'acme already has a project named Roadmap, left as it is',
        'its repository acme/app already exists here, left as it is',
      ]);
      expect(again.body.warnings.join('\n')).not.to.contain('unknown');
    }
    expect(await orgProjects()).to.deep.equal(['Roadmap', 'Roadmap']);
    expect(await repositoryAsSeen(target, target.adminAuthorization, 'acme/app')).to.deep.equal(before);
  });

  it('forgelog import-archive restores it into a stopped server, and a second import leaves existing repositories alone', async () => {
    const dataDir = await newDataDir();
    const first = await runCli(['import-archive', archive], { FORGELOG_DATA_DIR: dataDir, FORGELOG_ADMIN_PASSWORD: 'correct horse battery staple' });
    expect(first.code, first.stderr).to.equal(0);
    expect(first.stdout).to.contain('Imported 2 repositories (acme/app, acme/lib)');
    const missing = join(scratch, 'never-made');
    const unreadable = await runCli(['import-archive', join(scratch, 'no-such.tar.gz')], { FORGELOG_DATA_DIR: missing });
    expect(unreadable.code).to.equal(1);
    expect(unreadable.stderr).to.contain('cannot be read');
    expect(existsSync(missing)).to.equal(false);
    // What is not an archive is named as such, before a data directory is made.
    const notGzip = join(scratch, 'notes.txt');
    await writeFile(notGzip, 'not an archive');
    const refusals: Array<[string, string]> = [
      [scratch, `${scratch} is not a file: a migration archive is a .tar.gz file`],
      [notGzip, `${notGzip} is not a migration archive (a .tar.gz file)`],
    ];
    for (const [file, message] of refusals) {
      const refused = await runCli(['import-archive', file], { FORGELOG_DATA_DIR: missing });
      expect(refused.code, file).to.equal(1);
      expect(refused.stderr.trim(), file).to.equal(message);
    }
    expect(existsSync(missing)).to.equal(false);
    expect(first.stdout.split('\n')[0]).to.match(/^Imported /);
    const again = await runCli(['import-archive', archive], { FORGELOG_DATA_DIR: dataDir });
    expect(again.stdout).to.contain('already exists here, left as it is');
    const server = await startTestServer({}, dataDir);
    try {
      const app = await repositoryAsSeen(server, server.adminAuthorization, 'acme/app');
      expect(app).to.deep.equal(await repositoryAsSeen(source, source.adminAuthorization, 'acme/app'));
    } finally {
      await server.close();
    }
  });
});
