import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { withPreview, WYANDOTTE } from './migrationWorld.js';

// A repository record carries the repository's webhooks as GitHub's migrator writes them
// (payload_url, content_type, event_types, enable_ssl_verification, active; no secret) and
// its archived state as `is_archived`.
describe("migrations: a repository record's webhooks and archived state", function () {
  this.timeout(120_000);
  let server: TestServer;
  let scratch: string;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-archive-repository-record-'));
    server = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
  });
  after(async () => {
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('writes each hook without its secret, and is_archived', async () => {
    const mover = await createUser(server, 'mover');
    await createRepository(server, mover, { name: 'mine', auto_init: true });
    const hook = await api(server, mover, 'POST', '/repos/mover/mine/hooks', {
      events: ['push', 'issues'],
      active: false,
      config: { url: 'https://hooks.example.com/receive', content_type: 'json', insecure_ssl: '1', secret: 'the-hook-secret' },
    });
    expect(hook.status, JSON.stringify(hook.body)).to.equal(201);
    expect((await api(server, mover, 'PATCH', '/repos/mover/mine', { archived: true })).status).to.equal(200);

    const started = await api(server, mover, 'POST', '/user/migrations', { repositories: ['mine'] });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    await eventually(
      async () => (await withPreview(server, mover, 'GET', `/user/migrations/${started.body.id}`, WYANDOTTE)).body.state,
      (state) => state === 'exported',
      60_000,
    );
    const link = await withPreview(server, mover, 'GET', `/user/migrations/${started.body.id}/archive`, WYANDOTTE);
    const file = join(scratch, 'user.tar.gz');
    await writeFile(file, Buffer.from(await (await fetch(link.headers.get('location')!)).arrayBuffer()));
    execFileSync('tar', ['-xzf', file, '-C', scratch]);
    const [record] = JSON.parse(await readFile(join(scratch, 'repositories_000001.json'), 'utf8'));

    expect(record.is_archived).to.equal(true);
    expect(record.webhooks).to.deep.equal([
      {
        payload_url: 'https://hooks.example.com/receive',
        content_type: 'json',
        event_types: ['push', 'issues'],
        enable_ssl_verification: false,
        active: false,
      },
    ]);
    for (const name of (await readdir(scratch)).filter((entry) => entry.endsWith('.json')))
      expect(await readFile(join(scratch, name), 'utf8'), name).not.to.include('the-hook-secret');
  });
});
