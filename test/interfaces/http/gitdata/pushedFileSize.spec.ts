import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { MAX_PUSHED_FILE_BYTES } from '../../../../domain/gitdata/pushedFileSize.js';
import { GitCommandError, gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

// GitHub blocks pushed files larger than 100 MiB (GH001), the whole push refused by its
// pre-receive hook; files already in the repository do not block later pushes.
describe('git over HTTP: a push bringing a file over 100 MiB is refused', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let scratch: string;
  let repositoryId: number;
  const identity = {
    GIT_AUTHOR_NAME: 'Octo Cat',
    GIT_AUTHOR_EMAIL: 'octocat@example.com',
    GIT_COMMITTER_NAME: 'Octo Cat',
    GIT_COMMITTER_EMAIL: 'octocat@example.com',
  };
  const git = (...args: string[]) => runGit(args, gitEnvironment(scratch, identity)).then((result) => result.stdout.trim());
  const origin = () => `${server.url.replace('//', `//octocat:${encodeURIComponent(PASSWORD)}@`)}/octocat/sizes.git`;

  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-filesize-'));
    const octocat = await createUser(server, 'octocat');
    repositoryId = (await createRepository(server, octocat, { name: 'sizes', auto_init: true })).id;
  });
  after(async () => {
    await bench.dispose();
    await rm(scratch, { recursive: true, force: true });
    await server.close();
  });

  it('refuses the whole push with GH001 naming the file, records and moves nothing; a push without it goes through', async () => {
    const work = join(scratch, 'work');
    await git('clone', '--quiet', origin(), work);
    const before = await bench.tip(repositoryId, 'main');
    await writeFile(join(work, 'small.txt'), 'small\n');
    // Zeros, sparse on disk: git reads every byte, the pack compresses them to little.
    await writeFile(join(work, 'huge.bin'), '');
    await truncate(join(work, 'huge.bin'), MAX_PUSHED_FILE_BYTES + 1);
    await git('-C', work, 'add', 'small.txt', 'huge.bin');
    await git('-C', work, 'commit', '--quiet', '-m', 'Add a huge file');
    let stderr = '';
    try {
      await git('-C', work, 'push', '--quiet', 'origin', 'HEAD:refs/heads/main', 'HEAD:refs/heads/topic');
    } catch (error) {
      if (!(error instanceof GitCommandError)) throw error;
      stderr = error.stderr;
    }
    expect(stderr).to.contain('GH001: Large files detected.');
    expect(stderr).to.contain('File huge.bin is 100.00 MB; this exceeds the file size limit of 100.00 MB');
    expect(stderr).to.contain('pre-receive hook declined');
    expect(await bench.tip(repositoryId, 'main')).to.equal(before);
    expect(await bench.git('--git-dir', bench.bareOf(repositoryId), 'for-each-ref', '--format=%(refname)', 'refs/heads/topic')).to.equal('');
    expect(await server.runtime.adapters.eventStore.readStream(`git-ref-${repositoryId}:refs/heads/topic`)).to.deep.equal([]);

    await git('-C', work, 'reset', '--quiet', '--hard', 'HEAD~1');
    await writeFile(join(work, 'small.txt'), 'small\n');
    await git('-C', work, 'add', 'small.txt');
    await git('-C', work, 'commit', '--quiet', '-m', 'Add a small file');
    await git('-C', work, 'push', '--quiet', 'origin', 'HEAD:refs/heads/main');
    expect(await bench.tip(repositoryId, 'main')).to.equal(await git('-C', work, 'rev-parse', 'HEAD'));
  });
});
