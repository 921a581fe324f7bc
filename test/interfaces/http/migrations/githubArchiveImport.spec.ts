import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api } from '../repositories/repositoryFixtures.js';

// Records as GitHub's exporter writes them (github.com URLs, its field names), with a git
// repository made by git itself.
const GITHUB = 'https://github.com';
const records = {
  'schema.json': { version: '1.0.1' },
  'users_000001.json': [
    {
      type: 'user',
      url: `${GITHUB}/hubot`,
      login: 'hubot',
      name: 'Hubot',
      emails: [{ address: 'hubot@example.com', primary: true }],
      created_at: '2015-01-01T00:00:00Z',
    },
    { type: 'user', url: `${GITHUB}/octocat`, login: 'octocat', name: 'The Octocat', emails: [], created_at: '2015-01-02T00:00:00Z' },
  ],
  'organizations_000001.json': [
    {
      type: 'organization',
      url: `${GITHUB}/octo-org`,
      login: 'octo-org',
      name: 'Octo Org',
      members: [
        { user: `${GITHUB}/hubot`, role: 'admin', state: 'active' },
        { user: `${GITHUB}/octocat`, role: 'direct_member', state: 'active' },
      ],
      created_at: '2015-01-03T00:00:00Z',
    },
  ],
  'repositories_000001.json': [
    {
      type: 'repository',
      url: `${GITHUB}/octo-org/hello-world`,
      owner: `${GITHUB}/octo-org`,
      name: 'hello-world',
      description: 'My first repository',
      website: null,
      private: false,
      has_issues: true,
      has_wiki: true,
      has_downloads: true,
      labels: [
        { url: `${GITHUB}/octo-org/hello-world/labels/bug`, name: 'bug', color: 'fc2929', created_at: '2015-01-04T00:00:00Z' },
        { url: `${GITHUB}/octo-org/hello-world/labels/triage`, name: 'triage', color: '00ff00', created_at: '2015-01-04T00:00:00Z' },
      ],
      collaborators: [],
      created_at: '2015-01-04T00:00:00Z',
      git_url: 'tarball://root/repositories/octo-org/hello-world.git',
      default_branch: 'master',
      webhooks: [],
      public: true,
    },
  ],
  'milestones_000001.json': [
    {
      type: 'milestone',
      url: `${GITHUB}/octo-org/hello-world/milestones/1`,
      repository: `${GITHUB}/octo-org/hello-world`,
      user: `${GITHUB}/hubot`,
      title: 'v1.0',
      description: 'The first release',
      state: 'open',
      due_on: null,
      created_at: '2015-01-05T00:00:00Z',
    },
  ],
  'issues_000001.json': [
    {
      type: 'issue',
      url: `${GITHUB}/octo-org/hello-world/issues/1`,
      repository: `${GITHUB}/octo-org/hello-world`,
      user: `${GITHUB}/octocat`,
      title: 'Found a bug',
      body: "I'm having a problem with this.",
      assignee: null,
      milestone: `${GITHUB}/octo-org/hello-world/milestones/1`,
      labels: [`${GITHUB}/octo-org/hello-world/labels/bug`],
      reactions: [],
      closed_at: null,
      created_at: '2015-01-06T00:00:00Z',
    },
  ],
  'issue_comments_000001.json': [
    {
      type: 'issue_comment',
      url: `${GITHUB}/octo-org/hello-world/issues/1#issuecomment-1`,
      issue: `${GITHUB}/octo-org/hello-world/issues/1`,
      user: `${GITHUB}/hubot`,
      body: 'Me too',
      reactions: [],
      created_at: '2015-01-07T00:00:00Z',
    },
  ],
};

describe('migrations: an archive GitHub wrote, imported as far as its records go', function () {
  this.timeout(60_000);
  let server: TestServer;
  let scratch: string;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-github-archive-'));
    server = await startTestServer();
  });
  after(async () => {
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('restores users, the organization, the repository with its git data, labels, milestone, issue and comment', async () => {
    const root = join(scratch, 'archive');
    await mkdir(join(root, 'repositories', 'octo-org'), { recursive: true });
    for (const [name, content] of Object.entries(records)) await writeFile(join(root, name), JSON.stringify(content));
    const work = join(scratch, 'work');
    const env = {
      ...process.env,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: 'Hubot',
      GIT_AUTHOR_EMAIL: 'hubot@example.com',
      GIT_COMMITTER_NAME: 'Hubot',
      GIT_COMMITTER_EMAIL: 'hubot@example.com',
    };
    execFileSync('git', ['init', '--quiet', '--initial-branch=master', work], { env });
    await writeFile(join(work, 'README'), 'Hello World\n');
    execFileSync('git', ['-C', work, 'add', 'README'], { env });
    execFileSync('git', ['-C', work, 'commit', '--quiet', '-m', 'Initial commit'], { env });
    execFileSync('git', ['-C', work, 'tag', 'v1.0'], { env });
    execFileSync('git', ['clone', '--quiet', '--bare', work, join(root, 'repositories', 'octo-org', 'hello-world.git')], { env });
    const sha = execFileSync('git', ['-C', work, 'rev-parse', 'HEAD'], { env, encoding: 'utf8' }).trim();
    const archive = join(scratch, 'github.tar.gz');
    execFileSync('tar', ['-czf', archive, '-C', root, '.']);

    const imported = await api(server, server.adminAuthorization, 'POST', '/admin/migrations/import', { archive_path: archive });
    expect(imported.status, JSON.stringify(imported.body)).to.equal(201);
    expect(imported.body).to.deep.include({ repositories: ['octo-org/hello-world'], issues: 1, comments: 1, milestones: 1, organizations: 1 });
    expect(imported.body.users).to.deep.equal({ matched: 0, created: 2 });

    const admin = server.adminAuthorization;
    const repository = await api(server, admin, 'GET', '/repos/octo-org/hello-world');
    expect(repository.body).to.deep.include({ description: 'My first repository', default_branch: 'master', private: false });
    expect((await api(server, admin, 'GET', '/repos/octo-org/hello-world/git/ref/heads/master')).body.object.sha).to.equal(sha);
    expect((await api(server, admin, 'GET', '/repos/octo-org/hello-world/git/ref/tags/v1.0')).body.object.sha).to.equal(sha);
    const labels = (await api(server, admin, 'GET', '/repos/octo-org/hello-world/labels')).body.map((label: any) => `${label.name} ${label.color}`);
    expect(labels.sort()).to.deep.equal(['bug fc2929', 'triage 00ff00']);
    const issue = await api(server, admin, 'GET', '/repos/octo-org/hello-world/issues/1');
    expect(issue.body).to.deep.include({ title: 'Found a bug', body: "I'm having a problem with this.", created_at: '2015-01-06T00:00:00Z' });
    expect(issue.body.user.login).to.equal('octocat');
    expect(issue.body.labels.map((label: any) => label.name)).to.deep.equal(['bug']);
    expect(issue.body.milestone.title).to.equal('v1.0');
    const comments = await api(server, admin, 'GET', '/repos/octo-org/hello-world/issues/1/comments');
    expect(comments.body.map((comment: any) => [comment.user.login, comment.body])).to.deep.equal([['hubot', 'Me too']]);
    const members = (await api(server, admin, 'GET', '/orgs/octo-org/members')).body.map((member: any) => member.login).sort();
    expect(members).to.deep.equal(['hubot', 'octocat']);
  });
});
