import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installGitHooks } from '../../../../infrastructure/shared/git/gitHooks.js';

describe('installGitHooks', () => {
  let directory: string;
  beforeEach(async () => (directory = await mkdtemp(join(tmpdir(), 'forgelog-hooks-'))));
  afterEach(() => rm(directory, { recursive: true, force: true }));

  it('writes a pre-receive hook that runs as CommonJS inside a "type": "module" package (a data directory in the checkout)', async () => {
    await writeFile(join(directory, 'package.json'), '{ "type": "module" }\n');
    const hooks = await installGitHooks(join(directory, 'data', 'git-hooks'));
    const received: unknown[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const zero = '0'.repeat(40);
      const env = { ...process.env, FORGELOG_PUSH_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, FORGELOG_PUSH_TOKEN: 'push-token' };
      const outcome = await new Promise<{ code: number; stderr: string }>((resolve) => {
        const child = execFile(join(hooks, 'pre-receive'), [], { env }, (error, _stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
        );
        child.stdin!.end(`${zero} ${zero} refs/heads/gone\n`);
      });
      expect(outcome.stderr).to.equal('');
      expect(outcome.code).to.equal(0);
      expect(received).to.deep.equal([{ token: 'push-token', updates: [{ from: zero, to: zero, ref: 'refs/heads/gone' }] }]);
    } finally {
      server.close();
    }
  });
});
