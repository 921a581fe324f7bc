import { expect } from 'chai';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GitStorage } from '../../../../application/shared/ports/gitStorage.port.js';
import { repositoryStream } from '../../../../domain/repositories/repository.decider.js';
import type { RepositoryCreated } from '../../../../domain/repositories/repository.events.js';
import { GitCommandError, gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser, PASSWORD } from './repositoryFixtures.js';

// The git storage with a full disk while `full` is set: building a repository fails as git does
// then, inside the directory being built aside (which the storage removes as it gives up).
function withFullDisk(storage: GitStorage, dataDir: string, fault: { full: boolean }): GitStorage {
  const building = new Set<string | symbol>(['createBare', 'initWithReadme', 'fork']);
  return new Proxy(storage, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (fault.full && building.has(property)) {
          const aside = join(dataDir, 'git', '.staging', `${String(args[property === 'fork' ? 1 : 0])}-Xy12Zq`);
          return Promise.reject(
            new GitCommandError(['--git-dir', aside, 'hash-object', '-w', '--stdin'], 128, 'error: unable to create temporary file: No space left on device'),
          );
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

// A repository's creation is a fact once RepositoryCreated is recorded: a git fault after it
// does not turn the answer into an error, and the directory is built once git recovers.
describe('HTTP repositories: creation when git cannot build the directory', () => {
  let server: TestServer;
  let octocat: string;
  let scratch: string;
  const fault = { full: false };
  const git = async (...args: string[]) => (await runGit(args, gitEnvironment(scratch))).stdout.trim();
  const gitDir = (id: number) => join(server.dataDir, 'git', `${id}.git`);
  const cloneUrl = (fullName: string) => `${server.url.replace('//', `//octocat:${encodeURIComponent(PASSWORD)}@`)}/${fullName}.git`;
  const built = async (id: number) => (await stat(join(gitDir(id), 'HEAD')).catch(() => null))?.isFile() === true;
  const recorded = async (id: number): Promise<RepositoryCreated['data']> => {
    const history = await server.runtime.adapters.eventStore.readStream(repositoryStream(id));
    return history.find((event) => event.type === 'RepositoryCreated')!.data as RepositoryCreated['data'];
  };

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-git-fault-'));
    const dataDir = await mkdtemp(join(tmpdir(), 'forgelog-test-'));
    server = await startTestServer({}, dataDir, { decorateGitStorage: (storage) => withFullDisk(storage, dataDir, fault) });
    octocat = await createUser(server, 'octocat');
  });
  afterEach(() => {
    fault.full = false;
  });
  after(async () => {
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('answers 201 for an empty repository recorded while git fails, which clones once git recovers', async () => {
    fault.full = true;
    const created = await api(server, octocat, 'POST', '/user/repos', { name: 'empty-on-full-disk' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body).to.include({ name: 'empty-on-full-disk', full_name: 'octocat/empty-on-full-disk', default_branch: 'main' });
    expect(created.headers.get('location')).to.equal(`${server.url}/repos/octocat/empty-on-full-disk`);
    expect(await built(created.body.id)).to.equal(false);
    const shown = await api(server, octocat, 'GET', '/repos/octocat/empty-on-full-disk');
    expect(shown.status).to.equal(200);
    expect(shown.body.id).to.equal(created.body.id);

    fault.full = false;
    const clone = join(scratch, 'empty');
    await git('clone', '--quiet', cloneUrl('octocat/empty-on-full-disk'), clone);
    expect(await git('-C', clone, 'symbolic-ref', 'HEAD')).to.equal('refs/heads/main');
    await git('--git-dir', gitDir(created.body.id), 'fsck', '--strict');
  });

  it('answers 201 for auto_init recorded while git fails; reads fail as a fault, not a 404, then find the recorded README commit', async () => {
    fault.full = true;
    const created = await api(server, octocat, 'POST', '/user/repos', { name: 'hello-on-full-disk', description: 'Greetings', auto_init: true });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body).to.include({ full_name: 'octocat/hello-on-full-disk', description: 'Greetings' });
    const during = await api(server, octocat, 'GET', '/repos/octocat/hello-on-full-disk/contents/README.md');
    expect(during.status, JSON.stringify(during.body)).to.equal(500);
    expect(during.body).to.deep.equal({ message: 'Server Error' });

    fault.full = false;
    const sha = (await recorded(created.body.id)).initialCommit!.sha;
    const readme = await api(server, octocat, 'GET', '/repos/octocat/hello-on-full-disk/contents/README.md');
    expect(readme.status, JSON.stringify(readme.body)).to.equal(200);
    expect(Buffer.from(readme.body.content, 'base64').toString('utf8')).to.equal('# hello-on-full-disk\nGreetings\n');
    const clone = join(scratch, 'hello');
    await git('clone', '--quiet', cloneUrl('octocat/hello-on-full-disk'), clone);
    expect(await readFile(join(clone, 'README.md'), 'utf8')).to.equal('# hello-on-full-disk\nGreetings\n');
    expect(await git('-C', clone, 'rev-parse', 'HEAD')).to.equal(sha);
    await git('--git-dir', gitDir(created.body.id), 'fsck', '--strict', '--no-dangling');
    expect(await git('--git-dir', gitDir(created.body.id), 'rev-parse', 'refs/heads/main')).to.equal(sha);
  });

  // An empty repository: nothing else (no projection indexing its commits) touches its git.
  it('builds the directory of a repository recorded while git failed without waiting for a request', async () => {
    fault.full = true;
    const created = await api(server, octocat, 'POST', '/user/repos', { name: 'built-later' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(await built(created.body.id)).to.equal(false);
    fault.full = false;
    const deadline = Date.now() + 30_000;
    while (!(await built(created.body.id))) {
      if (Date.now() > deadline) throw new Error('the git directory was not built after the fault cleared');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await git('--git-dir', gitDir(created.body.id), 'fsck', '--strict');
    expect(await git('--git-dir', gitDir(created.body.id), 'symbolic-ref', 'HEAD')).to.equal('refs/heads/main');
  });

  it('answers 202 for a fork recorded while git fails; it holds the commits of its parent once git recovers', async () => {
    const hubot = await createUser(server, 'hubot');
    const parent = await api(server, octocat, 'POST', '/user/repos', { name: 'forked-on-full-disk', auto_init: true });
    expect(parent.status, JSON.stringify(parent.body)).to.equal(201);
    fault.full = true;
    const forked = await api(server, hubot, 'POST', '/repos/octocat/forked-on-full-disk/forks');
    expect(forked.status, JSON.stringify(forked.body)).to.equal(202);
    expect(forked.body).to.include({ full_name: 'hubot/forked-on-full-disk', fork: true });
    expect(forked.body.parent).to.include({ id: parent.body.id });
    fault.full = false;
    const readme = await api(server, hubot, 'GET', '/repos/hubot/forked-on-full-disk/contents/README.md');
    expect(readme.status, JSON.stringify(readme.body)).to.equal(200);
    await git('--git-dir', gitDir(forked.body.id), 'fsck', '--strict');
    expect(await git('--git-dir', gitDir(forked.body.id), 'rev-parse', 'main')).to.equal(await git('--git-dir', gitDir(parent.body.id), 'rev-parse', 'main'));
  });
});
