import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ProcessManagers } from '../../../application/shared/processes/processManagers.js';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { systemClock } from '../../../infrastructure/shared/clock/systemClock.js';

const metadata = { schemaVersion: 1, actorId: null, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-26T10:00:00.000Z' };
const quiet = { onResubscribe: () => {}, onFatal: () => {} };

// What a start waits for before it compacts the heap: the managers have seen the log (steps
// may still be due), told by their lanes' positions, and never longer than asked.
describe('process managers reached a position', function () {
  let directory: string;
  let eventStore: EmbeddedEventStore;
  beforeEach(async function () {
    directory = await mkdtemp(join(tmpdir(), 'forgelog-reached-'));
    eventStore = await EmbeddedEventStore.open(directory);
  });
  afterEach(async function () {
    await eventStore.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('answers true once every manager has seen the position, false on timeout and once stopped', async function () {
    const seen: number[] = [];
    // A step that is not done for an hour: \`reached\` does not wait for it.
    const waiting = {
      name: 'waits',
      startsFrom: 'beginning' as const,
      stepsFor: () => [{ name: 'later', run: async () => ({ done: false as const, notBefore: new Date(Date.now() + 3_600_000) }) }],
    };
    const counting = { name: 'counts', startsFrom: 'beginning' as const, stepsFor: (event: { position: number }) => (seen.push(event.position), []) };
    for (let i = 0; i < 3; i++) await eventStore.append(`s-${i}`, [{ id: randomUUID(), type: 'Happened', data: {}, metadata }], 'any');
    const managers = new ProcessManagers([waiting, counting], eventStore, new EmbeddedReadModelStore(), systemClock, quiet);
    await managers.start();
    expect(await managers.reached(2, 10_000)).to.equal(true);
    expect(seen).to.deep.equal([0, 1, 2]);
    expect(await managers.reached(5, 30)).to.equal(false);
    const later = managers.reached(9, 3_600_000);
    await managers.stop();
    expect(await later).to.equal(false);
  });
});
