import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Clock } from '../../../../application/shared/ports/clock.port.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { registerApplication } from '../authorizations/authorizationsFixtures.js';
import { makeGitSource } from '../imports/sources.js';
import { INERTIA } from '../projects/projectCalls.js';
import { WYANDOTTE } from '../migrations/migrationWorld.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

export { INERTIA, WYANDOTTE };
export const MERCY = 'application/vnd.github.mercy-preview+json';
export const CLOAK = 'application/vnd.github.cloak-preview+json';

export interface Answer {
  readonly status: number;
  // JSON when the server says so, the text otherwise, null when empty.
  readonly body: any;
  readonly headers: Headers;
}

// One request with the media type the operation wants, redirects left to the caller.
export async function call(server: TestServer, authorization: string | null, method: string, path: string, body?: unknown, accept?: string): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(accept ? { accept } : {}),
      ...(authorization ? { authorization } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json');
  return { status: response.status, body: text === '' ? null : json ? JSON.parse(text) : text, headers: response.headers };
}

// The world the sweep reads: ada (owner of ada/world, with an issue, a label, a topic and a
// file naming "sweepword"), bo (member of acme, follows ada), the organization acme with
// acme/site, a registered OAuth application, and a bare git source on disk for imports.
// Real time, moved on by hand (GET /events shows an event once it is five minutes old); the
// imports and exports keep their own pace.
export class AheadClock implements Clock {
  private ahead = 0;

  now(): Date {
    return new Date(Date.now() + this.ahead);
  }

  advance(milliseconds: number): void {
    this.ahead += milliseconds;
  }
}

export interface SweepWorld {
  readonly server: TestServer;
  readonly clock: AheadClock;
  readonly ada: string;
  readonly bo: string;
  readonly repositoryId: number;
  readonly issueId: number;
  readonly application: { clientId: string; clientSecret: string };
  readonly source: string;
  close(): Promise<void>;
}

export async function buildSweepWorld(): Promise<SweepWorld> {
  const scratch = await mkdtemp(join(tmpdir(), 'forgelog-sweep-'));
  const source = makeGitSource(join(scratch, 'source.git'), 12);
  const clock = new AheadClock();
  const server = await startTestServer({ FORGELOG_IMPORT_ALLOW_PRIVATE_SOURCES: 'true', FORGELOG_PROCESS_TICK_MS: '10' }, undefined, { clock });
  const ada = await createUser(server, 'ada');
  const bo = await createUser(server, 'bo');
  const ok = (answer: { status: number; body: unknown }, status: number) => expect(answer.status, JSON.stringify(answer.body)).to.equal(status);
  ok(await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'ada' }), 201);
  ok(await api(server, ada, 'PUT', '/orgs/acme/memberships/bo', { role: 'member' }), 200);
  ok(await api(server, bo, 'PUT', '/user/following/ada'), 204);
  const repository = await createRepository(server, ada, { name: 'world', auto_init: true });
  await createRepository(server, ada, { name: 'site', auto_init: true }, '/orgs/acme/repos');
  await createRepository(server, ada, { name: 'boxed', auto_init: true });
  await createRepository(server, ada, { name: 'moving', auto_init: true }, '/orgs/acme/repos');
  await createRepository(server, ada, { name: 'ported' });
  ok(
    await api(server, ada, 'PUT', '/repos/ada/world/contents/notes/sweep.txt', {
      message: 'Add the sweepword notes',
      content: Buffer.from('sweepword lives here\n').toString('base64'),
    }),
    201,
  );
  ok(await api(server, ada, 'POST', '/repos/ada/world/labels', { name: 'sweep-bug', color: 'ff0000', description: 'a bug' }), 201);
  const issue = await api(server, ada, 'POST', '/repos/ada/world/issues', { title: 'sweepword issue', body: 'found by the sweep', labels: ['sweep-bug'] });
  ok(issue, 201);
  ok(await call(server, ada, 'PUT', '/repos/ada/world/topics', { names: ['sweeping'] }, MERCY), 200);
  ok(await api(server, bo, 'POST', '/repos/ada/world/issues/1/comments', { body: 'a comment' }), 201);
  await oddBranch(server, ada);
  // More kinds of event for the feeds: a star, a fork, a pull request, a closed issue, a
  // repository made public.
  ok(await api(server, bo, 'PUT', '/user/starred/ada/world'), 204);
  ok(await api(server, bo, 'POST', '/repos/ada/world/forks'), 202);
  ok(await api(server, ada, 'POST', '/repos/ada/world/pulls', { title: 'odd things', head: 'odd', base: 'main' }), 201);
  ok(await api(server, ada, 'PATCH', '/repos/ada/world/issues/1', { state: 'closed' }), 200);
  await createRepository(server, ada, { name: 'hidden', private: true });
  ok(await api(server, ada, 'PATCH', '/repos/ada/hidden', { private: false }), 200);
  const application = await registerApplication(server);
  return {
    server,
    clock,
    ada,
    bo,
    repositoryId: repository.id,
    issueId: issue.body.id,
    application,
    source,
    async close() {
      await server.close();
      await rm(scratch, { recursive: true, force: true });
    },
  };
}

// ada/world's branch odd: a symlink, a submodule (named in .gitmodules) and an executable,
// through the Git Data API.
async function oddBranch(server: TestServer, ada: string): Promise<void> {
  const main = (await api(server, ada, 'GET', '/repos/ada/world/git/ref/heads/main')).body.object.sha;
  const mainTree = (await api(server, ada, 'GET', `/repos/ada/world/git/commits/${main}`)).body.tree.sha;
  const target = (await api(server, ada, 'POST', '/repos/ada/world/git/blobs', { content: 'run.sh' })).body.sha;
  const gitmodules = '[submodule "vendor/sub"]\n\tpath = vendor/sub\n\turl = https://github.com/octo/sub.git\n';
  const tree = await api(server, ada, 'POST', '/repos/ada/world/git/trees', {
    base_tree: mainTree,
    tree: [
      { path: 'link', mode: '120000', type: 'blob', sha: target },
      { path: 'vendor/sub', mode: '160000', type: 'commit', sha: main },
      { path: '.gitmodules', mode: '100644', type: 'blob', content: gitmodules },
      { path: 'run.sh', mode: '100755', type: 'blob', content: 'echo odd\n' },
    ],
  });
  expect(tree.status, JSON.stringify(tree.body)).to.equal(201);
  const commit = await api(server, ada, 'POST', '/repos/ada/world/git/commits', { message: 'Odd things', tree: tree.body.sha, parents: [main] });
  expect(commit.status, JSON.stringify(commit.body)).to.equal(201);
  expect((await api(server, ada, 'POST', '/repos/ada/world/git/refs', { ref: 'refs/heads/odd', sha: commit.body.sha })).status).to.equal(201);
}
