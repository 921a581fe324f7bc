import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { GitCliStorage } from '../../../infrastructure/shared/git/gitCliStorage.js';
import { describeGitStorageContract } from './gitStorage.contract.js';

describeGitStorageContract('GitCliStorage (git CLI, bare repositories on disk)', async () => {
  const dataDirectory = await mkdtemp(join(tmpdir(), 'forgelog-git-'));
  const storage = new GitCliStorage(dataDirectory);
  return {
    storage,
    dispose: async () => {
      await storage.close();
      await rm(dataDirectory, { recursive: true, force: true });
    },
  };
});

describe('GitCliStorage on disk', () => {
  it('keeps repositories under <dataDir>/git/<id>.git and leaves nothing in staging', async () => {
    const dataDirectory = await mkdtemp(join(tmpdir(), 'forgelog-git-'));
    try {
      const storage = new GitCliStorage(dataDirectory);
      await storage.createBare(41, { defaultBranch: 'main' });
      await storage.fork(41, 42);
      await storage.delete(41);
      expect(storage.pathOf(42)).to.equal(join(dataDirectory, 'git', '42.git'));
      expect((await readdir(join(dataDirectory, 'git'))).sort()).to.deep.equal(['.staging', '42.git']);
      expect(await readdir(join(dataDirectory, 'git', '.staging'))).to.deep.equal([]);
    } finally {
      await rm(dataDirectory, { recursive: true, force: true });
    }
  });
});
