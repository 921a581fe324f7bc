import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitSourceImporter } from '../../../infrastructure/imports/gitSourceImporter.js';

// Detection on a server that has git but not the Subversion or Mercurial tools (a machine that
// skipped those optional packages): an address nothing answers at is still an error saying so,
// not "nothing found there", which would send the user looking for a repository that is not
// the problem.
describe('source import detection without the optional tools', () => {
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
});
