import { readdir, readFile, stat, writeFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gitEnvironment, runGit } from '../../infrastructure/shared/git/gitCommand.js';
import { startTestServer } from '../support/testServer.js';
import { ADMIN_LOGIN, ADMIN_PASSWORD } from '../support/testServer.js';
import type { BenchRow } from './benchRow.js';

const FILES = Number(process.env.FORGELOG_BENCH_CODE_FILES ?? 3000);
const ROUNDS = 20;
// Substrings, not only words: what code search answers that a word index cannot.
const TERMS = ['prototype', 'readFileSync', 'ortgrou', 'Symbol.iterator', 'throw new TypeError'];

// JavaScript sources of the installed packages: real code, of real sizes.
async function sourceFiles(root: string, wanted: number): Promise<string[]> {
  const found: string[] = [];
  const walk = async (directory: string): Promise<void> => {
    for (const entry of await readdir(directory, { withFileTypes: true })) {
      if (found.length >= wanted) return;
      const path = join(directory, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.name.endsWith('.js') && (await stat(path)).size < 100_000) found.push(path);
    }
  };
  await walk(root);
  return found;
}

async function median(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

// Code search beside `git grep` over the same files: a repository of FILES JavaScript files
// pushed to the server, each term searched through the API (case-insensitive substring, as
// GitHub's code search) and with `git grep -i -F` in a clone of it.
export async function codeSearchBeside(): Promise<BenchRow[]> {
  const scratch = await mkdtemp(join(tmpdir(), 'forgelog-bench-code-'));
  const server = await startTestServer();
  const admin = `Basic ${Buffer.from(`${ADMIN_LOGIN}:${ADMIN_PASSWORD}`).toString('base64')}`;
  try {
    const created = await fetch(`${server.url}/user/repos`, {
      method: 'POST',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'code', auto_init: true }),
    });
    if (created.status !== 201) throw new Error(`could not create the repository: ${created.status}`);
    const work = join(scratch, 'work');
    const environment = gitEnvironment(scratch, {
      GIT_AUTHOR_NAME: 'bench',
      GIT_AUTHOR_EMAIL: 'bench@example.com',
      GIT_COMMITTER_NAME: 'bench',
      GIT_COMMITTER_EMAIL: 'bench@example.com',
    });
    const url = server.url.replace('//', `//${ADMIN_LOGIN}:${encodeURIComponent(ADMIN_PASSWORD)}@`) + '/admin/code.git';
    await runGit(['clone', '--quiet', url, work], environment);
    const root = fileURLToPath(new URL('../../../node_modules', import.meta.url));
    for (const source of await sourceFiles(root, FILES)) {
      const target = join(work, 'src', relative(root, source));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, await readFile(source));
    }
    await runGit(['-C', work, 'add', '--all'], environment);
    await runGit(['-C', work, 'commit', '--quiet', '-m', 'sources'], environment);
    const indexingStarted = performance.now();
    await runGit(['-C', work, 'push', '--quiet', 'origin', 'HEAD'], environment);
    await server.runtime.runner.waitForAll(await server.runtime.adapters.eventStore.headPosition(), 600_000);
    const indexingMs = performance.now() - indexingStarted;
    const rows: BenchRow[] = [
      {
        name: `code search: ${FILES.toLocaleString('en-US')} files pushed and indexed`,
        value: FILES / (indexingMs / 1000),
        unit: 'files/s',
        baselineName: 'none (indexing rate)',
        baseline: FILES / (indexingMs / 1000),
        ratio: 1,
      },
    ];
    for (const term of TERMS) {
      const path = `/search/code?q=${encodeURIComponent(`"${term}" repo:admin/code`)}&per_page=30`;
      let total = 0;
      const searchMs = await median(async () => {
        const response = await fetch(`${server.url}${path}`, { headers: { authorization: admin } });
        const body = (await response.json()) as { total_count: number };
        if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
        total = body.total_count;
      });
      const grepMs = await median(() => runGit(['-C', work, 'grep', '-i', '-F', '-l', '-e', term], environment, { allowExitCodes: [1] }));
      rows.push({
        name: `GET /search/code "${term}" (${total} files)`,
        value: searchMs,
        unit: 'ms',
        baselineName: 'git grep -i -F -l, same files',
        baseline: grepMs,
        ratio: grepMs / searchMs,
        target: 1,
      });
    }
    return rows;
  } finally {
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  }
}
