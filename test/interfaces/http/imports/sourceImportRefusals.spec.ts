import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';

const hasTool = (command: string, args: readonly string[]): boolean => {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const ended = (body: any) => !['detecting', 'importing', 'mapping', 'pushing'].includes(body.status);
const DATA_DIR_REFUSED = "Paths inside this server's data directory are not importable: import a repository of this server by its clone URL";

describe('source imports: sources refused with a clear error, even where private sources are allowed', function () {
  this.timeout(120_000);
  let server: TestServer;
  let scratch: string;
  let mallory: string;
  let secretId: number;
  const status = (name: string) => async () => (await api(server, mallory, 'GET', `/repos/mallory/${name}/import`)).body;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-import-refusals-'));
    server = await startTestServer({ FORGELOG_IMPORT_ALLOW_PRIVATE_SOURCES: 'true', FORGELOG_PROCESS_TICK_MS: '10' });
    const alice = await createUser(server, 'alice');
    mallory = await createUser(server, 'mallory');
    secretId = (await createRepository(server, alice, { name: 'secret', private: true, auto_init: true })).id;
  });
  after(async () => {
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  });

  const cases: [string, () => Promise<string>, string | undefined][] = [
    ['the repository’s own path, vcs git', async () => `file://${join(server.dataDir, 'git', `${secretId}.git`)}`, 'git'],
    ['a path with .. in it, detected', async () => `file://${join(server.dataDir, 'imports', '..', 'git', `${secretId}.git`)}`, undefined],
    [
      'a symlink to it from outside',
      async () => {
        const link = join(scratch, 'innocent.git');
        await symlink(join(server.dataDir, 'git', `${secretId}.git`), link);
        return `file://${link}`;
      },
      'git',
    ],
  ];
  cases.forEach(([title, source, vcs], index) => {
    it(`refuses another user’s private repository read from the data directory: ${title}`, async () => {
      const name = `copy-${index}`;
      await createRepository(server, mallory, { name });
      const started = await api(server, mallory, 'PUT', `/repos/mallory/${name}/import`, { vcs_url: await source(), ...(vcs ? { vcs } : {}) });
      expect(started.status, JSON.stringify(started.body)).to.equal(201);
      const failed = await eventually(status(name), ended, 30_000);
      expect(failed).to.deep.include({ status: 'error', error_message: DATA_DIR_REFUSED, commit_count: null });
      expect((await api(server, mallory, 'GET', `/repos/mallory/${name}/branches`)).body).to.deep.equal([]);
    });
  });

  it('a Subversion repository imported as git fails with git’s whole message, not its last line', async function () {
    if (!hasTool('svnadmin', ['--version'])) this.skip();
    const repository = join(scratch, 'svn-repo');
    execFileSync('svnadmin', ['create', repository]);
    await createRepository(server, mallory, { name: 'from-svn' });
    await api(server, mallory, 'PUT', '/repos/mallory/from-svn/import', { vcs_url: `file://${repository}`, vcs: 'git' });
    const failed = await eventually(status('from-svn'), ended, 30_000);
    expect(failed).to.deep.include({
      status: 'error',
      failed_step: 'importing',
      error_message: `The Git source could not be read: '${repository}' does not appear to be a git repository; Could not read from remote repository.`,
    });
  });
});
