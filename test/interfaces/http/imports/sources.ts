import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import type { TestServer } from '../../../support/testServer.js';
import { PASSWORD } from '../repositories/repositoryFixtures.js';
import { serveWithHttpBackend } from '../../../../infrastructure/shared/git/gitHttpBackend.js';

export const AUTHORS = ['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Edsger Dijkstra', 'Barbara Liskov'].map((name) => ({
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.org`,
}));

const quietEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', HOME: '/nonexistent' };

// A bare repository of `commits` commits on main, by the five authors in turn (commit i by
// author i % 5), written with fast-import; optional large files added by the last commits.
export function makeGitSource(directory: string, commits: number, largeFiles: Record<string, number> = {}): string {
  execFileSync('git', ['init', '--bare', '--quiet', '--initial-branch=main', directory], { env: quietEnv });
  let stream = '';
  for (let index = 0; index < commits; index++) {
    const author = AUTHORS[index % AUTHORS.length]!;
    const when = 1_700_000_000 + index * 60;
    const message = `Commit ${index}\n`;
    const content = `line ${index}\n`;
    stream += `commit refs/heads/main\nmark :${index + 1}\nauthor ${author.name} <${author.email}> ${when} +0000\ncommitter ${author.name} <${author.email}> ${when} +0000\n`;
    stream += `data ${Buffer.byteLength(message)}\n${message}`;
    if (index > 0) stream += `from :${index}\n`;
    stream += `M 100644 inline file-${index % 50}.txt\ndata ${Buffer.byteLength(content)}\n${content}\n`;
  }
  let mark = commits;
  for (const [path, size] of Object.entries(largeFiles)) {
    const when = 1_700_000_000 + (mark + 1) * 60;
    const message = `Add ${path}\n`;
    stream += `commit refs/heads/main\nmark :${mark + 1}\nauthor Ada Lovelace <ada@example.org> ${when} +0000\ncommitter Ada Lovelace <ada@example.org> ${when} +0000\n`;
    stream += `data ${Buffer.byteLength(message)}\n${message}`;
    if (mark > 0) stream += `from :${mark}\n`;
    stream += `M 100644 inline ${path}\ndata ${size}\n${'x'.repeat(size)}\n`;
    mark++;
  }
  execFileSync('git', ['-C', directory, 'fast-import', '--quiet'], { input: stream, env: quietEnv, maxBuffer: 1 << 28 });
  return directory;
}

// Git's smart HTTP protocol over the repositories under a directory, behind Basic auth.
export class GitSourceServer {
  private server: Server | undefined;
  url = '';
  requests = 0;

  constructor(
    private readonly root: string,
    private readonly credentials: { username: string; password: string },
  ) {}

  async start(): Promise<this> {
    mkdirSync(join(this.root, '.home'), { recursive: true });
    const expected = `Basic ${Buffer.from(`${this.credentials.username}:${this.credentials.password}`).toString('base64')}`;
    this.server = createServer((req, res) => {
      this.requests++;
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="source"' });
        res.end('Unauthorized');
        return;
      }
      const pathInfo = new URL(req.url ?? '/', 'http://localhost').pathname;
      void serveWithHttpBackend(req, res, {
        projectRoot: this.root,
        pathInfo,
        remoteUser: this.credentials.username,
        remoteAddress: '127.0.0.1',
        environment: {},
        hooksPath: '/dev/null',
        homeDirectory: join(this.root, '.home'),
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

export function git(directory: string, args: readonly string[]): string {
  return execFileSync('git', ['-C', directory, ...args], { env: quietEnv, encoding: 'utf8', maxBuffer: 1 << 28 });
}

// Asynchronously: the server answering the clone runs in this process.
export async function cloneOf(server: TestServer, login: string, fullName: string, into: string): Promise<string> {
  const url = `${server.url.replace('//', `//${login}:${encodeURIComponent(PASSWORD)}@`)}/${fullName}.git`;
  await runGit(['clone', '--quiet', url, into], gitEnvironment(tmpdir()));
  return into;
}
