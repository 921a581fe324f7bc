import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Projection } from '../../../application/shared/projections/projection.js';
import { ProjectionRunner } from '../../../application/shared/projections/projectionRunner.js';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { EmbeddedSearchIndex } from '../../../infrastructure/shared/search/embeddedSearchIndex.js';

const metadata = { schemaVersion: 1, actorId: null, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-28T10:00:00.000Z' };

function recording(name: string, consistency: Projection['consistency'], applied: string[]): Projection {
  return {
    name,
    version: 1,
    consistency,
    collections: [],
    async apply(event) {
      applied.push(`${name} ${(event.data as { name: string }).name}`);
    },
  };
}

// Microtasks only: whatever runs in the turn that acknowledged the commit, and nothing after.
async function sameTurn(): Promise<void> {
  for (let i = 0; i < 500; i++) await null;
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('not reached before the deadline');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('eventual lanes give way to the commands', () => {
  let directory: string;
  let eventStore: EmbeddedEventStore;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'forgelog-yield-'));
    eventStore = await EmbeddedEventStore.open(directory);
  });
  afterEach(async () => {
    await eventStore.close();
    await rm(directory, { recursive: true, force: true });
  });

  const append = async (name: string) => {
    const result = await eventStore.append('s', [{ id: randomUUID(), type: 'Named', data: { name }, metadata }], 'any');
    if (result.outcome !== 'appended') throw new Error('append failed');
    return result.position;
  };

  it('applies a live event in the read-your-writes lane in the commit turn, in an eventual lane on a later turn', async () => {
    const applied: string[] = [];
    await append('before the start');
    const runner = new ProjectionRunner(eventStore, new EmbeddedReadModelStore(), new EmbeddedSearchIndex(), [
      recording('models', 'read-your-writes', applied),
      recording('feed', 'eventual', applied),
    ]);
    await runner.start();
    expect(applied).to.have.members(['models before the start', 'feed before the start']);

    const position = await append('live');
    await sameTurn();
    // The command's answer is ready in the commit's turn; the feed has not been worked on yet.
    expect(applied.slice(2)).to.deep.equal(['models live']);
    await until(() => applied.length === 4);
    expect(applied.slice(2)).to.deep.equal(['models live', 'feed live']);
    expect(await runner.waitForAll(position, 1_000)).to.equal(true);
    await runner.stop();
  });

  it('lets a lane that fell far behind apply many events a turn, so it catches up', async () => {
    const applied: string[] = [];
    const turns: number[] = [];
    const runner = new ProjectionRunner(eventStore, new EmbeddedReadModelStore(), new EmbeddedSearchIndex(), [
      recording('models', 'read-your-writes', applied),
      {
        ...recording('feed', 'eventual', applied),
        async apply(event) {
          applied.push(`feed ${(event.data as { name: string }).name}`);
          turns.push(turn);
        },
      },
    ]);
    await runner.start();
    // Counts the event loop's turns.
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    // 1,200 events in one commit: the feed's lane is that far behind the models' at once.
    const events = Array.from({ length: 1_200 }, (_, i) => ({ id: randomUUID(), type: 'Named', data: { name: `n${i}` }, metadata }));
    const result = await eventStore.append('s', events, 'any');
    if (result.outcome !== 'appended') throw new Error('append failed');
    expect(await runner.waitForAll(result.position, 5_000)).to.equal(true);
    ticking = false;
    expect(turns).to.have.length(1_200);
    // Beyond 500 behind, many events a turn; within it, one event a turn.
    const distinctTurns = new Set(turns).size;
    expect(distinctTurns).to.be.below(700);
    expect(new Set(turns.slice(-400)).size).to.equal(400);
    await runner.stop();
  });
});
