import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhooks } from '@octokit/webhooks';
import { expect } from 'chai';
import { expectWebhookSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { eventually, WebhookReceiver } from '../webhooks/webhookReceiver.js';
import { GitSourceServer, makeGitSource } from './sources.js';

const SECRET = 'import hook secret';
const SOURCE = { username: 'hook-reader', password: 'hook source password' };

describe('source imports: repository_import webhooks when an import ends', function () {
  this.timeout(60_000);
  let server: TestServer;
  let receiver: WebhookReceiver;
  let sources: GitSourceServer;
  let scratch: string;
  let owner: string;
  const webhooks = new Webhooks({ secret: SECRET });

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-import-hooks-'));
    makeGitSource(join(scratch, 'sources', 'small.git'), 20);
    sources = await new GitSourceServer(join(scratch, 'sources'), SOURCE).start();
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({
      FORGELOG_IMPORT_ALLOW_PRIVATE_SOURCES: 'true',
      FORGELOG_WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      FORGELOG_PROCESS_TICK_MS: '10',
    });
    owner = await createUser(server, 'hooked-importer');
  });
  after(async () => {
    await server.close();
    await receiver.close();
    await sources.close();
    await rm(scratch, { recursive: true, force: true });
  });

  async function importInto(name: string, body: Record<string, unknown>, events = ['repository_import']): Promise<void> {
    await createRepository(server, owner, { name });
    const hook = await api(server, owner, 'POST', `/repos/hooked-importer/${name}/hooks`, {
      config: { url: receiver.url, content_type: 'json', secret: SECRET },
      events,
    });
    expect(hook.status, JSON.stringify(hook.body)).to.equal(201);
    const started = await api(server, owner, 'PUT', `/repos/hooked-importer/${name}/import`, { vcs_url: `${sources.url}/small.git`, vcs: 'git', ...body });
    expect(started.status).to.equal(201);
  }

  const deliveriesFor = (name: string) =>
    receiver.of('repository_import').filter((delivery) => JSON.parse(delivery.body).repository.full_name === `hooked-importer/${name}`);

  it("sends success once the import completes, signed, in GitHub's shape", async () => {
    await importInto('succeeded', { vcs_username: SOURCE.username, vcs_password: SOURCE.password });
    const [delivery] = await eventually(
      () => deliveriesFor('succeeded'),
      (found) => found.length > 0,
    );
    expect(delivery, 'a repository_import delivery').not.to.equal(undefined);
    expect(await webhooks.verify(delivery!.body, String(delivery!.headers['x-hub-signature-256']))).to.equal(true);
    const payload = JSON.parse(delivery!.body);
    expectWebhookSchema('repository-import', payload);
    expect(payload.status).to.equal('success');
    expect(payload.sender.login).to.equal('hooked-importer');
    expect(payload).not.to.have.property('action');
    expect((await api(server, owner, 'GET', '/repos/hooked-importer/succeeded/import')).body.status).to.equal('complete');
  });

  it('sends failure when the import fails, and cancelled when it is cancelled', async () => {
    await importInto('failed', { vcs_username: SOURCE.username, vcs_password: 'wrong' });
    const [failure] = await eventually(
      () => deliveriesFor('failed'),
      (found) => found.length > 0,
    );
    const failed = JSON.parse(failure!.body);
    expectWebhookSchema('repository-import', failed);
    expect(failed.status).to.equal('failure');

    const cancelled = await api(server, owner, 'DELETE', '/repos/hooked-importer/failed/import');
    expect(cancelled.status).to.equal(204);
    const both = await eventually(
      () => deliveriesFor('failed'),
      (found) => found.length > 1,
    );
    expect(both.map((delivery) => JSON.parse(delivery.body).status)).to.deep.equal(['failure', 'cancelled']);
  });

  // The event carries the import's final state: once it succeeded, removing the import record
  // ends nothing more, so no "cancelled" follows the "success".
  it('sends nothing when a completed import is cancelled', async () => {
    await importInto('kept', { vcs_username: SOURCE.username, vcs_password: SOURCE.password }, ['repository_import', 'label']);
    await eventually(
      () => deliveriesFor('kept'),
      (found) => found.length > 0,
    );
    expect((await api(server, owner, 'DELETE', '/repos/hooked-importer/kept/import')).status).to.equal(204);
    // A later event of the same repository, delivered after anything the cancel would send.
    expect((await api(server, owner, 'POST', '/repos/hooked-importer/kept/labels', { name: 'after-cancel', color: 'ffffff' })).status).to.equal(201);
    await eventually(
      () => receiver.of('label').filter((delivery) => JSON.parse(delivery.body).repository.full_name === 'hooked-importer/kept'),
      (found) => found.length > 0,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deliveriesFor('kept').map((delivery) => JSON.parse(delivery.body).status)).to.deep.equal(['success']);
  });
});
