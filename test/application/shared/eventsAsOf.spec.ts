import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventsAsOf } from '../../../application/shared/audit/auditLog.js';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';

const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();

describe('eventsAsOf: a stream up to an instant', function () {
  let directory: string;
  let store: EmbeddedEventStore;

  before(async function () {
    directory = await mkdtemp(join(tmpdir(), 'forgelog-as-of-'));
    store = await EmbeddedEventStore.open(directory);
    // Times not rising with revisions, as a migration import appends a board's records.
    const minutes = [0, 50, 10, 60, 20];
    const events = minutes.map((minute) => ({
      id: randomUUID(),
      type: 'Ticked',
      data: { minute },
      metadata: { schemaVersion: 1, actorId: 1, correlationId: randomUUID(), causationId: randomUUID(), occurredAt: at(minute) },
    }));
    await store.append('clock-1', events, 'any');
  });
  after(async function () {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('answers every event at or before the instant, also those after a later one', async function () {
    const minutes = async (minute: number) =>
      (await eventsAsOf(store, 'clock-1', new Date(at(minute)))).map((event) => (event.data as { minute: number }).minute);
    expect(await minutes(30)).to.deep.equal([0, 10, 20]);
    expect(await minutes(55)).to.deep.equal([0, 50, 10, 20]);
    expect(await minutes(-1)).to.deep.equal([]);
    expect(await minutes(100)).to.deep.equal([0, 50, 10, 60, 20]);
  });
});
