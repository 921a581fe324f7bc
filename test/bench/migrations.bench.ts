import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BenchRow } from './benchRow.js';
import { startTestServer } from '../support/testServer.js';
import { api, createUser } from '../interfaces/http/repositories/repositoryFixtures.js';
import { withPreview, WYANDOTTE } from '../interfaces/http/migrations/migrationWorld.js';

const run = promisify(execFile);

// An organization migration of FORGELOG_BENCH_MIGRATION_REPOSITORIES repositories (100) and
// FORGELOG_BENCH_MIGRATION_ISSUES issues (10,000), made through the API, from POST to
// `exported`, beside what a shell script does with the same data: `git bundle --all` of each
// repository and `tar czf` of the bundles and the archive's JSON files; with the peak RSS of
// the serving process during the export.
export async function benchMigrations(
  repositories = Number(process.env.FORGELOG_BENCH_MIGRATION_REPOSITORIES ?? 100),
  issues = Number(process.env.FORGELOG_BENCH_MIGRATION_ISSUES ?? 10_000),
): Promise<BenchRow[]> {
  const scratch = await mkdtemp(join(tmpdir(), 'forgelog-bench-migration-'));
  const server = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
  try {
    const owner = await createUser(server, 'mover');
    await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'mover' });
    for (let index = 0; index < repositories; index++) await api(server, owner, 'POST', '/orgs/acme/repos', { name: `repo-${index}`, auto_init: true });
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < issues) {
          const number = next++;
          await api(server, owner, 'POST', `/repos/acme/repo-${number % repositories}/issues`, {
            title: `Issue ${number}`,
            body: `The body of issue ${number}.`,
          });
        }
      }),
    );
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const migration = await api(server, owner, 'POST', '/orgs/acme/migrations', {
      repositories: Array.from({ length: repositories }, (_, index) => `repo-${index}`),
    });
    for (;;) {
      const state = (await withPreview(server, owner, 'GET', `/orgs/acme/migrations/${migration.body.id}?exclude=repositories`, WYANDOTTE)).body.state;
      if (state === 'exported') break;
      if (state === 'failed') throw new Error('the export failed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const exportSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);

    // The baseline: the same JSON files and a bundle of each repository, tarred and gzipped.
    const link = await withPreview(server, owner, 'GET', `/orgs/acme/migrations/${migration.body.id}/archive`, WYANDOTTE);
    const archive = join(scratch, 'archive.tar.gz');
    await writeFile(archive, Buffer.from(await (await fetch(link.headers.get('location')!)).arrayBuffer()));
    const json = join(scratch, 'json');
    await mkdir(json);
    await run('tar', ['-xzf', archive, '-C', json, '--exclude', 'repositories']);
    const baselineStarted = performance.now();
    const bundles = join(scratch, 'bundles');
    await mkdir(bundles);
    const gitRoot = join(server.dataDir, 'git');
    for (const entry of await readdir(gitRoot)) {
      if (!entry.endsWith('.git')) continue;
      await run('git', ['-C', join(gitRoot, entry), 'bundle', 'create', '--quiet', join(bundles, `${entry}.bundle`), '--all']);
    }
    await run('tar', ['-czf', join(scratch, 'baseline.tar.gz'), '-C', scratch, 'json', 'bundles']);
    const baselineSeconds = (performance.now() - baselineStarted) / 1000;
    const rate = (seconds: number) => Math.round(repositories / seconds);
    return [
      {
        name: `migration export of ${repositories} repositories, ${issues.toLocaleString('en-US')} issues (${exportSeconds.toFixed(1)} s; peak RSS ${Math.round(peak / 1e6)} MB, +${Math.round((peak - rssBefore) / 1e6)} MB during it)`,
        value: rate(exportSeconds),
        unit: `repositories/s`,
        baselineName: `git bundle --all of each + tar czf (${baselineSeconds.toFixed(1)} s)`,
        baseline: rate(baselineSeconds),
        ratio: baselineSeconds / exportSeconds,
        target: 0.5,
      },
    ];
  } finally {
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  }
}
