import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startServingProcess, type ServingProcess } from '../../../support/servingProcess.js';
import { eventually, WebhookReceiver } from './webhookReceiver.js';

const ADMIN = `Basic ${Buffer.from('admin:restart-password').toString('base64')}`;

async function call(url: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: ADMIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

// At least once, across a crash: the server is killed (SIGKILL) during a burst of events and
// started again on the same data directory; every event reaches the receiver, and an event
// delivered twice carries the same GUID both times.
describe('webhooks: a crash during a burst', () => {
  let dataDir: string;
  let receiver: WebhookReceiver;
  let serving: ServingProcess | undefined;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'forgelog-webhook-crash-'));
    receiver = await new WebhookReceiver().start();
  });
  after(async () => {
    await serving?.stop();
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const env = () => ({
    FORGELOG_DATA_DIR: dataDir,
    FORGELOG_ADMIN_PASSWORD: 'restart-password',
    FORGELOG_RATE_LIMITS: 'off',
    FORGELOG_PROCESS_TICK_MS: '10',
    FORGELOG_WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  });

  it('delivers every event after the restart, duplicates only with the same GUID', async function () {
    this.timeout(120_000);
    serving = await startServingProcess(env());
    expect((await call(serving.url, 'POST', '/user/repos', { name: 'burst' })).status).to.equal(201);
    const hook = await call(serving.url, 'POST', '/repos/admin/burst/hooks', {
      config: { url: receiver.url, content_type: 'json', secret: 'burst secret in no log' },
      events: ['issues'],
    });
    expect(hook.status).to.equal(201);
    const titles = Array.from({ length: 40 }, (_, index) => `Burst ${index}`);
    const url = serving.url;
    // The burst is sent without waiting; the process dies while it is being delivered.
    const burst = titles.map((title) => call(url, 'POST', '/repos/admin/burst/issues', { title }).catch(() => null));
    await eventually(
      () => receiver.of('issues').length,
      (count) => count >= 5,
    );
    serving.child.kill('SIGKILL');
    await serving.stop();
    const answered = (await Promise.all(burst)).filter((answer) => answer?.status === 201).length;
    serving = await startServingProcess(env());
    // The issues the API acknowledged are in the log: each must be delivered.
    const acknowledged = (await call(serving.url, 'GET', '/repos/admin/burst/issues?state=all&per_page=100')).body.map(
      (issue: { title: string }) => issue.title,
    );
    expect(acknowledged.length).to.be.at.least(answered);
    const delivered = await eventually(
      () => new Set(receiver.of('issues').map((delivery) => JSON.parse(delivery.body).issue.title as string)),
      (seen) => acknowledged.every((title: string) => seen.has(title)),
      60_000,
    );
    expect(acknowledged.filter((title: string) => !delivered.has(title))).to.deep.equal([]);
    const guidsByTitle = new Map<string, Set<string>>();
    for (const delivery of receiver.of('issues')) {
      const title = JSON.parse(delivery.body).issue.title as string;
      if (!guidsByTitle.has(title)) guidsByTitle.set(title, new Set());
      guidsByTitle.get(title)!.add(String(delivery.headers['x-github-delivery']));
    }
    expect(
      [...guidsByTitle.values()].every((guids) => guids.size === 1),
      'one GUID per event',
    ).to.equal(true);
  });
});
