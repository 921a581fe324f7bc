import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gitEnvironment, runGit } from '../../infrastructure/shared/git/gitCommand.js';
import type { BenchRow } from './benchRow.js';
import { startTestServer } from '../support/testServer.js';
import { api, createRepository, createUser } from '../interfaces/http/repositories/repositoryFixtures.js';
import { GitSourceServer, makeGitSource } from '../interfaces/http/imports/sources.js';

const SOURCE = { username: 'bench', password: 'bench source password' };

// A source import of a FORGELOG_BENCH_IMPORT_COMMITS-commit repository (10,000 by default)
// served over HTTP with Basic auth, from PUT to `complete` (fetch, authors, large-file scan,
// the prepared copy, the push into the repository and its ref events), beside `git clone
// --mirror` of the same URL in the same run.
export async function benchImports(commits = Number(process.env.FORGELOG_BENCH_IMPORT_COMMITS ?? 10_000)): Promise<BenchRow[]> {
  const scratch = await mkdtemp(join(tmpdir(), 'forgelog-bench-import-'));
  makeGitSource(join(scratch, 'sources', 'history.git'), commits);
  const sources = await new GitSourceServer(join(scratch, 'sources'), SOURCE).start();
  const server = await startTestServer({ FORGELOG_IMPORT_ALLOW_PRIVATE_SOURCES: 'true', FORGELOG_PROCESS_TICK_MS: '10' });
  const url = `${sources.url}/history.git`;
  try {
    const owner = await createUser(server, 'bench');
    const importSeconds: number[] = [];
    const cloneSeconds: number[] = [];
    for (let round = 0; round < 3; round++) {
      const cloneStarted = performance.now();
      await runGit(
        [
          'clone',
          '--mirror',
          '--quiet',
          url.replace('//', `//${SOURCE.username}:${encodeURIComponent(SOURCE.password)}@`),
          join(scratch, `mirror-${round}.git`),
        ],
        gitEnvironment(scratch),
      );
      cloneSeconds.push((performance.now() - cloneStarted) / 1000);

      await createRepository(server, owner, { name: `imported-${round}` });
      const started = performance.now();
      const put = await api(server, owner, 'PUT', `/repos/bench/imported-${round}/import`, {
        vcs_url: url,
        vcs: 'git',
        vcs_username: SOURCE.username,
        vcs_password: SOURCE.password,
      });
      if (put.status !== 201) throw new Error(`import refused: ${JSON.stringify(put.body)}`);
      for (;;) {
        const status = (await api(server, owner, 'GET', `/repos/bench/imported-${round}/import`)).body.status;
        if (status === 'complete') break;
        if (!['importing', 'mapping', 'pushing'].includes(status)) throw new Error(`import ended in ${status}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      importSeconds.push((performance.now() - started) / 1000);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const imported = commits / median(importSeconds);
    const cloned = commits / median(cloneSeconds);
    return [
      {
        name: `source import of ${commits.toLocaleString('en-US')} commits over HTTP (median of 3)`,
        value: Math.round(imported),
        unit: 'commits/s',
        baselineName: 'git clone --mirror of the same URL',
        baseline: Math.round(cloned),
        ratio: imported / cloned,
      },
    ];
  } finally {
    await server.close();
    await sources.close();
    await rm(scratch, { recursive: true, force: true });
  }
}
