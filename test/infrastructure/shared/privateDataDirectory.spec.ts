import { chmod, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { runCli } from '../../support/runCli.js';
import { newDataDir, startTestServer } from '../../support/testServer.js';

async function everything(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const path = join(directory, entry.name);
      return entry.isDirectory() ? [path, ...(await everything(path))] : [path];
    }),
  );
  return nested.flat();
}

describe('the data directory is private by default', () => {
  it('0700 for directories and 0600 for files, the event log, snapshots, keys and bare repositories included', async () => {
    const dataDir = await newDataDir();
    await chmod(dataDir, 0o755);
    const server = await startTestServer({}, dataDir);
    try {
      const created = await fetch(`${server.url}/admin/users`, {
        method: 'POST',
        headers: { authorization: server.adminAuthorization },
        body: JSON.stringify({ login: 'private', email: 'p@example.com', password: 'a long password' }),
      });
      expect(created.status).to.equal(201);
      const repository = await fetch(`${server.url}/user/repos`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('private:a long password').toString('base64')}` },
        body: JSON.stringify({ name: 'secret', auto_init: true }),
      });
      expect(repository.status).to.equal(201);
      await server.stop();
      expect((await runCli(['admin', 'two-factor', 'enable', 'private'], { FORGELOG_DATA_DIR: dataDir, FORGELOG_LOG_LEVEL: 'silent' })).code).to.equal(0);
      expect((await stat(dataDir)).mode & 0o777).to.equal(0o700);
      const paths = await everything(dataDir);
      expect(paths.some((path) => path.includes(`${join('git', '')}`))).to.equal(true);
      expect(paths.some((path) => path.endsWith('totp.key'))).to.equal(true);
      for (const path of paths) {
        const info = await stat(path);
        expect(info.mode & 0o077, `${path} is ${(info.mode & 0o777).toString(8)}`).to.equal(0);
      }
    } finally {
      await server.close();
    }
  });
});
