import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

const GITHUB = 'https://github.com';
const ENV = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };

function records(name: string) {
  return {
    'schema.json': { version: '1.0.1' },
    'users_000001.json': [{ type: 'user', url: `${GITHUB}/mallory`, login: 'mallory', name: 'Mallory', emails: [], created_at: '2015-01-01T00:00:00Z' }],
    'repositories_000001.json': [
      {
        type: 'repository',
        url: `${GITHUB}/mallory/${name}`,
        owner: `${GITHUB}/mallory`,
        name,
        private: false,
        labels: [],
        collaborators: [],
        created_at: '2015-01-04T00:00:00Z',
        git_url: `tarball://root/repositories/mallory/${name}.git`,
        default_branch: 'main',
        webhooks: [],
      },
    ],
  };
}

// An archive's git repository is read as it is: one that names another directory for its refs
// and objects (git's `commondir`) or borrows objects (`objects/info/alternates`) would have its
// import copy a private repository of this server, found by its easily guessed path, into a
// public one the archive's owner holds.
describe("migrations: an archive's git data cannot borrow this server's repositories", function () {
  this.timeout(60_000);
  let server: TestServer;
  let scratch: string;
  let vault: { path: string; sha: string };

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-archive-git-isolation-'));
    server = await startTestServer();
    const victim = await createUser(server, 'victim');
    const created = await createRepository(server, victim, { name: 'vault', private: true, auto_init: true });
    const head = await api(server, victim, 'GET', '/repos/victim/vault/git/ref/heads/main');
    vault = { path: join(server.dataDir, 'git', `${created.id}.git`), sha: head.body.object.sha };
  });
  after(async () => {
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  });

  async function importArchive(name: string, writeGitDir: (gitDir: string) => Promise<void>) {
    const root = join(scratch, name);
    const gitDir = join(root, 'repositories', 'mallory', `${name}.git`);
    await mkdir(gitDir, { recursive: true });
    for (const [file, content] of Object.entries(records(name))) await writeFile(join(root, file), JSON.stringify(content));
    await writeGitDir(gitDir);
    const archive = join(scratch, `${name}.tar.gz`);
    execFileSync('tar', ['-czf', archive, '-C', root, '.']);
    return api(server, server.adminAuthorization, 'POST', '/admin/migrations/import', { archive_path: archive });
  }

  async function expectNothingOfTheVault(name: string) {
    const admin = server.adminAuthorization;
    expect((await api(server, admin, 'GET', `/repos/mallory/${name}`)).status).to.equal(200);
    // 409 is GitHub's answer for an empty repository, 404 for what it does not hold.
    expect((await api(server, admin, 'GET', `/repos/mallory/${name}/git/commits/${vault.sha}`)).status).to.be.oneOf([404, 409]);
    expect((await api(server, null, 'GET', `/repos/mallory/${name}/contents/README.md`)).status).to.be.oneOf([404, 409]);
    const branch = await api(server, admin, 'GET', `/repos/mallory/${name}/git/ref/heads/main`);
    expect(JSON.stringify(branch.body)).not.to.include(vault.sha);
  }

  it('a git directory naming another as its common directory brings none of its refs or objects', async () => {
    const imported = await importArchive('borrowed-common', async (gitDir) => {
      await writeFile(join(gitDir, 'HEAD'), 'ref: refs/heads/main\n');
      await writeFile(join(gitDir, 'commondir'), `${vault.path}\n`);
    });
    expect(imported.status, JSON.stringify(imported.body)).to.be.oneOf([201, 422]);
    await expectNothingOfTheVault('borrowed-common');
  });

  it("a git directory borrowing another's objects through alternates brings none of them", async () => {
    const imported = await importArchive('borrowed-objects', async (gitDir) => {
      execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', gitDir], { env: ENV });
      await writeFile(join(gitDir, 'objects', 'info', 'alternates'), `${join(vault.path, 'objects')}\n`);
      await writeFile(join(gitDir, 'packed-refs'), `${vault.sha} refs/heads/main\n`);
    });
    expect(imported.status, JSON.stringify(imported.body)).to.be.oneOf([201, 422]);
    await expectNothingOfTheVault('borrowed-objects');
  });
});
