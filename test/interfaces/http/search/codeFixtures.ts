import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import type { TestServer } from '../../../support/testServer.js';
import { PASSWORD } from '../repositories/repositoryFixtures.js';

// Clones over the server's HTTP as `login` (an empty repository too), writes the files (in
// directories as their paths say; null removes one), commits and pushes the branch back.
export async function pushFiles(
  server: TestServer,
  login: string,
  fullName: string,
  files: Readonly<Record<string, string | null>>,
  message: string,
  branch = 'main',
): Promise<string> {
  const scratch = await mkdtemp(join(tmpdir(), 'forgelog-code-git-'));
  const environment = gitEnvironment(scratch, {
    GIT_AUTHOR_NAME: 'Octo Cat',
    GIT_AUTHOR_EMAIL: 'octocat@example.com',
    GIT_COMMITTER_NAME: 'Octo Cat',
    GIT_COMMITTER_EMAIL: 'octocat@example.com',
  });
  const git = async (...args: string[]) => (await runGit(args, environment)).stdout.trim();
  const url = `${server.url.replace('//', `//${login}:${encodeURIComponent(PASSWORD)}@`)}/${fullName}.git`;
  try {
    const work = join(scratch, 'work');
    await git('clone', '--quiet', url, work);
    const existing = await git('-C', work, 'branch', '--remotes', '--list', `origin/${branch}`);
    await git('-C', work, 'checkout', '--quiet', '-B', branch, ...(existing === '' ? [] : [`origin/${branch}`]));
    for (const [path, content] of Object.entries(files)) {
      if (content === null) {
        await git('-C', work, 'rm', '--quiet', '--', path);
        continue;
      }
      await mkdir(dirname(join(work, path)), { recursive: true });
      await writeFile(join(work, path), content);
    }
    await git('-C', work, 'add', '--all');
    await git('-C', work, 'commit', '--quiet', '-m', message);
    await git('-C', work, 'push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`);
    return await git('-C', work, 'rev-parse', 'HEAD');
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

// git's name for a blob of this text.
export function blobShaOf(text: string): string {
  const content = Buffer.from(text, 'utf8');
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

export const paths = (body: any): string[] => body.items.map((item: any) => `${item.repository.full_name}:${item.path}`).sort();
