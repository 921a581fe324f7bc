import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventToAppend, StoredEvent } from '../../../../application/shared/ports/eventStore.port.js';
import { EmbeddedEventStore } from '../../../../infrastructure/shared/eventStore/embeddedEventStore.js';
import { subjectStates } from '../../../../interfaces/http/webhooks/subjectStates.js';
import { CountingEventStore } from '../../../support/countingEventStore.js';

// A counter's stream: each event adds its amount.
type Added = { type: 'Added'; data: { amount: number } };
const counter = { initialState: () => 0, evolve: (state: number, event: Added) => state + event.data.amount };

function added(amount: number): EventToAppend {
  return {
    id: randomUUID(),
    type: 'Added',
    data: { amount },
    metadata: {
      schemaVersion: 1,
      actorId: 1,
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: '2026-11-26T00:00:00.000Z',
      ip: '203.0.113.7',
      userAgent: 'spec',
    },
  };
}

describe('webhook subjects: the state around each event folds what changed since the last one', function () {
  let directory: string;
  let store: EmbeddedEventStore;

  beforeEach(async function () {
    directory = await mkdtemp(join(tmpdir(), 'forgelog-subject-states-'));
    store = await EmbeddedEventStore.open(directory);
  });
  afterEach(async function () {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('reads one event per event fanned out in order, and answers before and after each as a fold from the start would', async function () {
    await store.append(
      'counter-1',
      Array.from({ length: 200 }, (_, n) => added(n + 1)),
      'any',
    );
    const stream = await store.readStream('counter-1');
    const counting = new CountingEventStore(store);
    const statesAround = subjectStates(counting);
    for (const event of stream) {
      const sum = (event.revision * (event.revision + 1)) / 2;
      expect(await statesAround(counter, event), `revision ${event.revision}`).to.deep.equal({ before: sum, after: sum + event.revision + 1 });
    }
    expect(counting.read).to.equal(200);
    // A redelivery (an event at or before what is kept) folds from the start, and is right.
    const early = stream[9] as StoredEvent;
    counting.read = 0;
    expect(await statesAround(counter, early)).to.deep.equal({ before: 45, after: 55 });
    expect(counting.read).to.equal(10);
    // A gap (events another subject's lane skipped) folds only the gap.
    counting.read = 0;
    expect(await statesAround(counter, stream[20]!)).to.deep.equal({ before: 210, after: 231 });
    expect(counting.read).to.equal(11);
  });
});
