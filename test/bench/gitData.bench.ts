import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gitEnvironment, runGit } from '../../infrastructure/shared/git/gitCommand.js';
import { startTestServer } from '../support/testServer.js';
import type { GitStorage } from '../../application/shared/ports/gitStorage.port.js';
import { TOKENS } from '../../application/shared/ports/tokens.js';
import type { BenchRow } from './benchRow.js';

const FILES = 10_000;
const READS = 3_000;

async function call(url: string, authorization: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

// About a kilobyte each (10 MB in all), so a clone moves a pack of some size.
const fileAt = (i: number) => ({ path: `dir${i % 100}/file${i}.txt`, content: `line ${i} ${'x'.repeat(1000)}\n` });

// git fast-import of the same files as one commit: the floor for writing them.
async function fastImport(scratch: string): Promise<number> {
  const bare = join(scratch, `fast-${Date.now()}.git`);
  const environment = gitEnvironment(scratch);
  await runGit(['init', '--quiet', '--bare', bare], environment);
  const lines: string[] = ['commit refs/heads/main', 'committer bench <bench@example.com> 1700000000 +0000', 'data 6', 'bench', ''];
  for (let i = 0; i < FILES; i++) {
    const { path, content } = fileAt(i);
    lines.push(`M 100644 inline ${path}`, `data ${Buffer.byteLength(content)}`, content);
  }
  const started = performance.now();
  await runGit(['--git-dir', bare, 'fast-import', '--quiet'], environment, { input: lines.join('\n') + '\n' });
  return performance.now() - started;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

// `git cat-file --batch` alone, fed every name at once: the floor for reading blobs.
function catFileAlone(bare: string, shas: readonly string[], environment: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('git', ['--git-dir', bare, 'cat-file', '--batch'], { env: environment });
    child.stdout.resume();
    child.on('close', () => resolve(performance.now() - started));
    child.on('error', reject);
    child.stdin.end(shas.join('\n') + '\n');
  });
}

// Git Data beside git itself: a 10,000-file tree and commit through the API against
// fast-import; a clone over the server's HTTP against git's own pack transport on the bare
// path (--no-local: the same pack protocol, without hard links); blob reads through the
// cat-file pool against one cat-file --batch fed everything at once.
export async function benchGitData(): Promise<BenchRow[]> {
  const server = await startTestServer();
  const scratch = await mkdtemp(join(tmpdir(), 'forgelog-bench-git-'));
  try {
    const admin = server.adminAuthorization;
    await call(server.url, admin, 'POST', '/user/repos', { name: 'big', auto_init: true });
    const tree = Array.from({ length: FILES }, (_, i) => ({ ...fileAt(i), mode: '100644', type: 'blob' }));
    const apiMs = await timed(async () => {
      const written = await call(server.url, admin, 'POST', '/repos/admin/big/git/trees', { tree });
      if (written.status !== 201) throw new Error(`tree: ${written.status} ${JSON.stringify(written.body)}`);
      const commit = await call(server.url, admin, 'POST', '/repos/admin/big/git/commits', { message: 'bench', tree: written.body.sha, parents: [] });
      await call(server.url, admin, 'PATCH', '/repos/admin/big/git/refs/heads/main', { sha: commit.body.sha, force: true });
    });
    const fastMs = await fastImport(scratch);

    const repositoryId = (await call(server.url, admin, 'GET', '/repos/admin/big')).body.id as number;
    const gitDir = join(server.dataDir, 'git', `${repositoryId}.git`);
    const environment = gitEnvironment(scratch);
    // Anonymous, as CI systems clone public repositories (a password costs a scrypt per request).
    const httpUrl = `${server.url}/admin/big.git`;
    let httpMs = Number.POSITIVE_INFINITY;
    let localMs = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 3; round++) {
      httpMs = Math.min(httpMs, await timed(() => runGit(['clone', '--quiet', '--bare', httpUrl, join(scratch, `http-${round}`)], environment)));
      localMs = Math.min(
        localMs,
        await timed(() => runGit(['clone', '--quiet', '--bare', '--no-local', gitDir, join(scratch, `local-${round}`)], environment)),
      );
    }

    const listing = (await runGit(['--git-dir', gitDir, 'ls-tree', '-r', 'main'], environment)).stdout.trim().split('\n');
    const shas = listing.slice(0, READS).map((line) => line.split(/\s+/)[2]!);
    const git = server.runtime.container.get<GitStorage>(TOKENS.GitStorage);
    await git.readObject(repositoryId, shas[0]!);
    const poolMs = await timed(async () => {
      for (const sha of shas) await git.readObject(repositoryId, sha);
    });
    const aloneMs = await catFileAlone(gitDir, shas, environment);
    return [
      {
        name: `${FILES.toLocaleString('en-US')}-file tree and commit through the API`,
        value: 1000 / apiMs,
        unit: 'builds/s',
        baselineName: 'git fast-import of the same files',
        baseline: 1000 / fastMs,
        ratio: fastMs / apiMs,
        target: 0.3,
      },
      {
        name: "clone over the server's HTTP (upload-pack for fetches, http-backend for the rest)",
        value: 1000 / httpMs,
        unit: 'clones/s',
        baselineName: 'git clone --no-local of the bare path',
        baseline: 1000 / localMs,
        ratio: localMs / httpMs,
        target: 0.8,
      },
      {
        name: 'blob reads through the cat-file pool, one at a time',
        value: (READS * 1000) / poolMs,
        unit: 'reads/s',
        baselineName: 'git cat-file --batch fed all names at once',
        baseline: (READS * 1000) / aloneMs,
        ratio: aloneMs / poolMs,
      },
    ];
  } finally {
    await rm(scratch, { recursive: true, force: true });
    await server.close();
  }
}
