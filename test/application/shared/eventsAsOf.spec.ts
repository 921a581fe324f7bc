import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventsAsOf } from '../../../application/shared/audit/auditLog.js';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';
import { CountingEventStore } from '../../support/countingEventStore.js';

const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();

describe('eventsAsOf: a stream up to an instant, read until the first event after it', function () {
  let directory: string;
  let store: EmbeddedEventStore;

  before(async function () {
    directory = await mkdtemp(join(tmpdir(), 'forgelog-as-of-'));
    store = await EmbeddedEventStore.open(directory);
    const events = Array.from({ length: 600 }, (_, n) => ({
      id: randomUUID(),
      type: 'Ticked',
      data: { n },
      metadata: { schemaVersion: 1, actorId: 1, correlationId: randomUUID(), causationId: randomUUID(), occurredAt: at(n) },
    }));
    await store.append('clock-1', events, 'any');
  });
  after(async function () {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('answers the events at or before the instant; an early instant reads one chunk, a late one the stream', async function () {
    const counting = new CountingEventStore(store);
    const early = await eventsAsOf(counting, 'clock-1', new Date(at(10)));
    expect(early.map((event) => (event.data as { n: number }).n)).to.deep.equal(Array.from({ length: 11 }, (_, n) => n));
    expect(counting.read).to.equal(256);
    counting.read = 0;
    const late = await eventsAsOf(counting, 'clock-1', new Date(at(1000)));
    expect(late).to.have.length(600);
    expect(counting.read).to.equal(600);
    expect(await eventsAsOf(counting, 'clock-1', new Date(at(-1)))).to.deep.equal([]);
  });
});
