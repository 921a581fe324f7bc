import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ProcessManagers } from '../../../application/shared/processes/processManagers.js';
import type { ProcessManager } from '../../../application/shared/processes/processManager.js';
import type { HookQueries } from '../../../application/webhooks/hookQueries.js';
import type { WebhookRequest } from '../../../application/webhooks/webhookDelivery.ports.js';
import { WEBHOOK_SENDER, webhookSender } from '../../../application/webhooks/webhookSender.process.js';
import type { HookDocument } from '../../../application/webhooks/webhooks.readModel.js';
import { webhookDeliveryStream } from '../../../domain/webhooks/delivery.events.js';
import { systemClock } from '../../../infrastructure/shared/clock/systemClock.js';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';

const metadata = { schemaVersion: 1, actorId: null, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-27T10:00:00.000Z' };
const quiet = { onResubscribe: () => {}, onFatal: () => {} };
const hook: HookDocument = {
  _id: '1',
  id: 1,
  owner_kind: 'repository',
  owner_id: 7,
  events: ['push'],
  active: true,
  url: 'http://receiver.example/hook',
  content_type: 'json',
  insecure_ssl: '0',
  secret_ciphertext: null,
  last_response: { code: null, status: 'unused', message: null },
  created_position: -1,
  created_at: metadata.occurredAt,
  updated_at: metadata.occurredAt,
};

// A backlog of one hook's deliveries leaves in log order, and each waiting delivery is asked
// once, then parked until the one before it leaves: not asked again on every pass of the
// runner (which made draining a backlog of N cost N²/2 runs).
describe('webhook sender: a backlog of one hook', function () {
  this.timeout(60_000);
  let directory: string;
  let eventStore: EmbeddedEventStore;
  beforeEach(async function () {
    directory = await mkdtemp(join(tmpdir(), 'forgelog-backlog-'));
    eventStore = await EmbeddedEventStore.open(directory);
  });
  afterEach(async function () {
    await eventStore.close();
    await rm(directory, { recursive: true, force: true });
  });

  // The queued events' ids, in order.
  async function queue(deliveries: number): Promise<string[]> {
    const ids: string[] = [];
    for (let n = 0; n < deliveries; n++) {
      const data = { guid: randomUUID(), hookId: 1, event: 'push', action: null, repositoryId: 7, payload: { n }, queuedAt: metadata.occurredAt };
      ids.push(randomUUID());
      await eventStore.append(webhookDeliveryStream(data.guid), [{ id: ids[n]!, type: 'WebhookDeliveryQueued', data, metadata }], 'no_stream');
    }
    return ids;
  }
  const cipher = { encrypt: async (plain: string) => plain, decrypt: async (cipherText: string) => cipherText };
  function receiver(received: number[]) {
    return {
      async send(request: WebhookRequest) {
        received.push((JSON.parse(request.body) as { n: number }).n);
        return { statusCode: 200, message: 'OK', headers: {}, body: '', durationMs: 1 };
      },
    };
  }

  it('delivers 150 queued deliveries in order with at most two runs of each', async function () {
    const deliveries = 150;
    await queue(deliveries);
    const received: number[] = [];
    const hooks = { byId: async (id: number) => (id === 1 ? hook : null) } as unknown as HookQueries;
    const sender = webhookSender(eventStore, systemClock, hooks, cipher, receiver(received));
    let runs = 0;
    const counted: ProcessManager = {
      ...sender,
      stepsFor: (event) => sender.stepsFor(event).map((step) => ({ ...step, run: () => (runs++, step.run()) })),
    };
    const managers = new ProcessManagers([counted], eventStore, new EmbeddedReadModelStore(), systemClock, quiet);
    await managers.start();
    const head = await eventStore.headPosition();
    const deadline = Date.now() + 30_000;
    while (received.length < deliveries && Date.now() < deadline) await managers.settled(head, 1_000);
    await managers.stop();
    expect(received).to.deep.equal(Array.from({ length: deliveries }, (_, n) => n));
    expect(runs).to.be.at.most(2 * deliveries);
  });

  it('lets the next delivery go once the runner abandons the first (recorded), after failures that were not the receiver’s', async function () {
    const [first] = await queue(4);
    const received: number[] = [];
    // The hook cannot be read for the first 12 tries: the runner abandons the first delivery
    // after its 10 attempts, recording it, and the queue lets the second go; it succeeds after 2 more.
    let reads = 0;
    const hooks = {
      byId: async () => {
        if (++reads <= 12) throw new Error('read model unavailable');
        return hook;
      },
    } as unknown as HookQueries;
    const sender = webhookSender(eventStore, systemClock, hooks, cipher, receiver(received));
    const options = { tickMs: 5, retryBaseMs: 1, retryMaxMs: 5, maxAttempts: 10 };
    const managers = new ProcessManagers([sender], eventStore, new EmbeddedReadModelStore(), systemClock, quiet, options);
    await managers.start();
    const head = await eventStore.headPosition();
    const deadline = Date.now() + 20_000;
    while (received.length < 3 && Date.now() < deadline) await managers.settled(head, 200);
    const abandoned = await managers.stateOf(WEBHOOK_SENDER, first!);
    await managers.stop();
    expect(received).to.deep.equal([1, 2, 3]);
    expect(reads).to.equal(15);
    expect(abandoned).to.deep.include({ status: 'abandoned', lastError: 'read model unavailable' });
  });
});
