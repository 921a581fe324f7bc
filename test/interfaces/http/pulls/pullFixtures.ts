import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import type { TestServer } from '../../../support/testServer.js';

const identity = {
  GIT_AUTHOR_NAME: 'Pusher',
  GIT_AUTHOR_EMAIL: 'pusher@example.com',
  GIT_COMMITTER_NAME: 'Pusher',
  GIT_COMMITTER_EMAIL: 'pusher@example.com',
};

// git talking to a bare repository's directory directly, as a server-side hook would: the
// smart HTTP protocol is not served yet.
export class GitWorkbench {
  private constructor(
    private readonly server: TestServer,
    readonly scratch: string,
  ) {}

  static async open(server: TestServer): Promise<GitWorkbench> {
    return new GitWorkbench(server, await mkdtemp(join(tmpdir(), 'forgelog-pulls-git-')));
  }

  bareOf(repositoryId: number): string {
    return join(this.server.dataDir, 'git', `${repositoryId}.git`);
  }

  async git(...args: string[]): Promise<string> {
    return (await runGit(args, gitEnvironment(this.scratch, identity))).stdout.trim();
  }

  // Commits the files onto a new branch started at `from`, and pushes it; answers the tip SHA.
  async pushBranch(repositoryId: number, branch: string, files: Record<string, string>, from = 'main', message = `Change on ${branch}`): Promise<string> {
    const work = await mkdtemp(join(this.scratch, 'work-'));
    try {
      await this.git('clone', '--quiet', '--branch', from, this.bareOf(repositoryId), work);
      for (const [path, content] of Object.entries(files)) await writeFile(join(work, path), content);
      await this.git('-C', work, 'add', '--all');
      await this.git('-C', work, 'commit', '--quiet', '-m', message);
      await this.git('-C', work, 'push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`);
      return await this.git('-C', work, 'rev-parse', 'HEAD');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  async tip(repositoryId: number, branch: string): Promise<string> {
    return this.git('--git-dir', this.bareOf(repositoryId), 'rev-parse', `refs/heads/${branch}`);
  }

  async dispose(): Promise<void> {
    await rm(this.scratch, { recursive: true, force: true });
  }
}
