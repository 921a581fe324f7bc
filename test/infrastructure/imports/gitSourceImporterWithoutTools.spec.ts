import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitSourceImporter } from '../../../infrastructure/imports/gitSourceImporter.js';

// A server that has git but not the optional packages (svn, hg, git-filter-repo, git-lfs):
// detection still tells an address nothing answers at from one where nothing was found, and a
// rewrite's error names what to install and what to send again.
describe('source imports without the optional tools', () => {
  let dataDirectory: string;
  let savedPath: string | undefined;
  beforeEach(async () => {
    dataDirectory = await mkdtemp(join(tmpdir(), 'forgelog-detection-'));
    const onlyGit = join(dataDirectory, 'bin');
    await mkdir(onlyGit);
    await symlink(execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim(), join(onlyGit, 'git'));
    savedPath = process.env.PATH;
    process.env.PATH = onlyGit;
  });
  afterEach(async () => {
    process.env.PATH = savedPath;
    await rm(dataDirectory, { recursive: true, force: true });
  });

  it('reports an unreachable address as an error naming it, with svn and hg missing', async () => {
    const importer = new GitSourceImporter({ dataDirectory, largeFileBytes: 100 * 1024 * 1024, allowPrivateSources: true });
    const detection = await importer.detect({ url: 'http://127.0.0.1:1/x.git', credentials: null }, new AbortController().signal);
    expect(detection).to.deep.equal({ kind: 'error', message: 'http://127.0.0.1:1/x.git could not be reached' });
  });

  // The mapping that needs git filter-repo is made after the import completed: its error is
  // what the user reads, and it should say what is missing and how to go on.
  it('says which tool a rewrite lacks, and what to do once it is installed', async () => {
    const source = join(dataDirectory, 'imports', '7', 'source.git');
    const git = (args: string[], cwd?: string) => execFileSync('git', args, { cwd, env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
    git(['init', '--quiet', '--bare', '-b', 'main', source]);
    const work = join(dataDirectory, 'work');
    git(['init', '--quiet', '-b', 'main', work]);
    git(['-c', 'user.name=Ada', '-c', 'user.email=ada@example.org', 'commit', '--quiet', '--allow-empty', '-m', 'one'], work);
    git(['push', '--quiet', source, 'main'], work);
    const importer = new GitSourceImporter({ dataDirectory, largeFileBytes: 100 * 1024 * 1024, allowPrivateSources: true });
    const identities = [{ from: { name: 'Ada', email: 'ada@example.org' }, to: { name: 'Ada King', email: 'ada@example.org' } }];
    const prepared = await importer.prepare(7, 2, { identities, largeFiles: [], useLfs: 'undecided' }, new AbortController().signal);
    expect(prepared).to.deep.equal({
      kind: 'error',
      message:
        'The history could not be rewritten: this server lacks git filter-repo (the git-filter-repo package); once it is installed, send the author mapping or the large-file choice again',
    });
  });
});
