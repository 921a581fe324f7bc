import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { refusalInWords } from '../../../../application/migrations/archiveImport.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api } from '../repositories/repositoryFixtures.js';

const GITHUB = 'https://github.com';
const records = {
  'schema.json': { version: '1.0.1' },
  'users_000001.json': [{ type: 'user', url: `${GITHUB}/hubot`, login: 'hubot', name: 'Hubot', emails: [], created_at: '2015-01-01T00:00:00Z' }],
  'organizations_000001.json': [
    {
      type: 'organization',
      url: `${GITHUB}/octo-org`,
      login: 'octo-org',
      name: 'Octo Org',
      members: [{ user: `${GITHUB}/hubot`, role: 'admin', state: 'active' }],
      created_at: '2015-01-03T00:00:00Z',
    },
  ],
  'repositories_000001.json': ['hubot', 'octo-org'].map((owner) => ({
    type: 'repository',
    url: `${GITHUB}/${owner}/hello-world`,
    owner: `${GITHUB}/${owner}`,
    name: 'hello-world',
    description: 'My first repository',
    website: null,
    private: false,
    has_issues: true,
    has_wiki: true,
    labels: [{ url: `${GITHUB}/${owner}/hello-world/labels/bug`, name: 'bug', color: 'fc2929', created_at: '2015-01-04T00:00:00Z' }],
    collaborators: [],
    created_at: '2015-01-04T00:00:00Z',
    default_branch: 'master',
    webhooks: [],
    public: true,
  })),
};

// One archive imported four times at once: each account and repository is made once, and
// every report says in words what it did not carry over (one answered the tag
// "repository hubot/hello-world: RepositoryNameTaken", a creation that lost the race to
// another import's).
describe('migrations: one archive imported four times at once', function () {
  this.timeout(120_000);
  let server: TestServer;
  let scratch: string;
  let archive: string;
  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-archive-at-once-'));
    const root = join(scratch, 'archive');
    await mkdir(root, { recursive: true });
    for (const [name, content] of Object.entries(records)) await writeFile(join(root, name), JSON.stringify(content));
    archive = join(scratch, 'archive.tar.gz');
    execFileSync('tar', ['-czf', archive, '-C', root, '.']);
    server = await startTestServer();
  });
  after(async () => {
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('makes each repository once and reports the others in words, never an error tag', async () => {
    const imports = await Promise.all(
      Array.from({ length: 4 }, () => api(server, server.adminAuthorization, 'POST', '/admin/migrations/import', { archive_path: archive })),
    );
    for (const imported of imports) expect(imported.status, JSON.stringify(imported.body)).to.equal(201);
    const reports = imports.map((imported) => imported.body);
    expect(reports.flatMap((report) => report.repositories).sort()).to.deep.equal(['hubot/hello-world', 'octo-org/hello-world']);
    expect(
      reports.map((report) => report.users.created + report.users.matched),
      JSON.stringify(reports),
    ).to.deep.equal([1, 1, 1, 1]);
    expect(reports.reduce((made, report) => made + report.users.created, 0)).to.equal(1);
    expect(reports.reduce((made, report) => made + report.organizations, 0)).to.equal(1);
    for (const report of reports)
      for (const warning of report.warnings as string[]) expect(warning, JSON.stringify(report.warnings)).not.to.match(/\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b/);
    // A repository another import made meanwhile is left as it is, as one made before is.
    for (const fullName of ['hubot/hello-world', 'octo-org/hello-world']) {
      const others = reports.filter((report) => !report.repositories.includes(fullName));
      expect(others).to.have.length(3);
      for (const report of others) expect(report.warnings).to.include(`repository ${fullName}: already exists here, left as it is`);
      const labels = await api(server, server.adminAuthorization, 'GET', `/repos/${fullName}/labels`);
      expect(labels.body.map((label: { name: string }) => label.name)).to.deep.equal(['bug']);
    }
    const repositories = await api(server, server.adminAuthorization, 'GET', '/users/hubot/repos');
    expect(repositories.body.map((repository: { full_name: string }) => repository.full_name)).to.deep.equal(['hubot/hello-world']);
  });
});

describe('migrations: a refusal in an import report', () => {
  it('is said in words, not by its tag (a race once reported "RepositoryNameTaken")', () => {
    expect(refusalInWords({ _tag: 'RepositoryNameTaken', name: 'hello-world' })).to.equal('refused: repository name taken');
  });
});
