import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GatedEventStore } from '../../../support/gatedEventStore.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser, type ApiResponse } from '../repositories/repositoryFixtures.js';
import { GitSourceServer, makeGitSource } from './sources.js';

// What the source-import specs start from: a git source over HTTP with Basic auth (history.git,
// `commits` commits), a forgelog server that may import from it, its event store gated, and
// octocat.
export interface ImportWorld {
  readonly server: TestServer;
  readonly gated: GatedEventStore;
  readonly sources: GitSourceServer;
  readonly owner: string;
  // octocat/<name>'s import as GET answers it, and a PUT starting one from history.git with
  // the source's credentials.
  status(name: string): Promise<any>;
  start(name: string): Promise<ApiResponse>;
  close(): Promise<void>;
}

export async function startImportWorld(name: string, commits: number, credentials: { username: string; password: string }): Promise<ImportWorld> {
  const scratch = await mkdtemp(join(tmpdir(), `forgelog-import-${name}-`));
  makeGitSource(join(scratch, 'sources', 'history.git'), commits);
  const sources = await new GitSourceServer(join(scratch, 'sources'), credentials).start();
  let gated!: GatedEventStore;
  const server = await startTestServer({ FORGELOG_IMPORT_ALLOW_PRIVATE_SOURCES: 'true', FORGELOG_PROCESS_TICK_MS: '10' }, undefined, {
    decorateEventStore: (store) => (gated = new GatedEventStore(store)),
  });
  const owner = await createUser(server, 'octocat');
  return {
    server,
    gated,
    sources,
    owner,
    status: async (name) => (await api(server, owner, 'GET', `/repos/octocat/${name}/import`)).body,
    start: (name) =>
      api(server, owner, 'PUT', `/repos/octocat/${name}/import`, {
        vcs_url: `${sources.url}/history.git`,
        vcs: 'git',
        vcs_username: credentials.username,
        vcs_password: credentials.password,
      }),
    async close() {
      gated.releaseAll();
      await server.close();
      await sources.close();
      await rm(scratch, { recursive: true, force: true });
    },
  };
}
