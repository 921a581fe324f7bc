import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ACTIVITY_PROJECTION_NAME } from '../../../../application/activity/activityReadiness.query.js';
import { CHECKPOINTS_COLLECTION } from '../../../../application/shared/projections/projection.js';
import { gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import type { TestServer } from '../../../support/testServer.js';
import { api, PASSWORD } from '../repositories/repositoryFixtures.js';

// The activity projection is eventual: a spec reads the feeds once it has caught up.
export async function settled(server: TestServer): Promise<void> {
  const head = await server.runtime.adapters.eventStore.headPosition();
  expect(await server.runtime.runner.waitForAll(head, 10_000), 'projections caught up').to.equal(true);
}

export async function feed(server: TestServer, authorization: string | null, path: string) {
  await settled(server);
  return api(server, authorization, 'GET', path);
}

export const types = (events: readonly { type: string }[]) => events.map((event) => event.type);

// git run as Octo Cat with a home of its own under `scratch`; answers what it printed.
export function gitAsOctocat(scratch: string) {
  const environment = gitEnvironment(scratch, {
    GIT_AUTHOR_NAME: 'Octo Cat',
    GIT_AUTHOR_EMAIL: 'octocat@example.com',
    GIT_COMMITTER_NAME: 'Octo Cat',
    GIT_COMMITTER_EMAIL: 'octocat@example.com',
  });
  return async (...args: string[]) => (await runGit(args, environment)).stdout.trim();
}

// The repository's clone URL over the server's HTTP, signed in as `login`.
export function cloneUrl(server: TestServer, login: string, fullName: string): string {
  return `${server.url.replace('//', `//${login}:${encodeURIComponent(PASSWORD)}@`)}/${fullName}.git`;
}

// Clones over the server's HTTP as `login`, commits one file and pushes the branch back.
export async function pushOverHttp(server: TestServer, login: string, fullName: string, branch: string, files: Record<string, string>, message: string) {
  const scratch = await mkdtemp(join(tmpdir(), 'forgelog-activity-git-'));
  const git = gitAsOctocat(scratch);
  const url = cloneUrl(server, login, fullName);
  try {
    const work = join(scratch, 'work');
    await git('clone', '--quiet', url, work);
    const existing = await git('-C', work, 'branch', '--remotes', '--list', `origin/${branch}`);
    await git('-C', work, 'checkout', '--quiet', '-B', branch, ...(existing === '' ? [] : [`origin/${branch}`]));
    for (const [path, content] of Object.entries(files)) await writeFile(join(work, path), content);
    await git('-C', work, 'add', '--all');
    await git('-C', work, 'commit', '--quiet', '-m', message);
    await git('-C', work, 'push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`);
    return await git('-C', work, 'rev-parse', 'HEAD');
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

// GitHub's X-Poll-Interval: 60 seconds from a server that is not busy (the test server says
// it is idle unless a spec sets its load: activityPolling.spec.ts).
export function expectPollInterval(value: string | null | undefined): void {
  expect(value).to.equal('60');
}

// A request answered while the activity projection has no checkpoint (as during its first
// replay), then the checkpoint back. The runner writes checkpoints after the events a lane
// applied, a turn of the event loop later: one written between the deletion and the request
// would answer it as ready, so the deletion is made again until the answer is the 503, for
// five seconds at most.
export async function withoutActivityCheckpoint<T extends { readonly status: number }>(server: TestServer, request: () => Promise<T>): Promise<T> {
  const checkpoints = server.runtime.adapters.readModels.collection(CHECKPOINTS_COLLECTION);
  const saved = await checkpoints.findOne({ _id: ACTIVITY_PROJECTION_NAME });
  const deadline = Date.now() + 5_000;
  try {
    for (;;) {
      await checkpoints.deleteOne({ _id: ACTIVITY_PROJECTION_NAME });
      const answer = await request();
      if (answer.status === 503 || Date.now() > deadline) return answer;
    }
  } finally {
    await checkpoints.replaceOne({ _id: ACTIVITY_PROJECTION_NAME }, saved!, { upsert: true });
  }
}
