import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { isRight } from 'fp-ts/lib/Either.js';
import { systemContext } from '../../../application/shared/commandContext.js';
import { decideWithoutAppending, handleCommand } from '../../../application/shared/handleCommand.js';
import { MAX_STREAMS } from '../../../application/shared/foldedStates.js';
import type { EventStore, ReadStreamOptions } from '../../../application/shared/ports/eventStore.port.js';
import { projectDecider, type ProjectCommand } from '../../../domain/projects/project.decider.js';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';
import { BOARD_AT, createBoard } from './boardCommands.js';

const at = BOARD_AT;

// A command reads only the events after the state it last folded: a long stream (a project
// board with many moves) costs what changed since, and another writer's events still count.
describe('handleCommand: commands read what changed since the last one', () => {
  let directory: string;
  let store: EmbeddedEventStore;
  const reads: Array<ReadStreamOptions | undefined> = [];
  let counting: EventStore;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'forgelog-handle-'));
    store = await EmbeddedEventStore.open(directory);
    reads.length = 0;
    counting = Object.assign(Object.create(store) as EventStore, {
      readStream: (streamId: string, options?: ReadStreamOptions) => {
        reads.push(options);
        return store.readStream(streamId, options);
      },
    });
  });
  afterEach(async () => {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  const run = (eventStore: EventStore, command: ProjectCommand) => handleCommand(eventStore, projectDecider, 'project-1', command, systemContext(new Date(at)));

  it('folds forward from the kept state, and sees events another writer appended', async () => {
    expect(isRight(await run(counting, createBoard))).to.equal(true);
    for (let column = 1; column <= 3; column++)
      expect(isRight(await run(counting, { type: 'CreateColumn', columnId: column, name: `c${column}`, at }))).to.equal(true);
    // The first read is the whole (absent) stream; each later one starts after the last event written.
    expect(reads.map((options) => options?.fromRevision)).to.deep.equal([undefined, 1, 2, 3]);
    // Another writer (a second process sharing the log, here the store itself) appends a column.
    expect(isRight(await run(store, { type: 'CreateColumn', columnId: 9, name: 'theirs', at }))).to.equal(true);
    const moved = await run(counting, { type: 'MoveColumn', columnId: 9, position: { kind: 'first' }, at });
    expect(isRight(moved) && moved.right.state.columns).to.deep.equal([9, 1, 2, 3]);
    expect(reads.at(-1)?.fromRevision).to.equal(4);
  });

  it('past the streams it remembers, forgets the one decided on least recently, not every one', async function () {
    this.timeout(30_000);
    expect(isRight(await run(counting, createBoard))).to.equal(true);
    expect(isRight(await run(counting, { type: 'CreateColumn', columnId: 1, name: 'c1', at }))).to.equal(true);
    const touch = async (from: number, count: number) => {
      for (let n = from; n < from + count; n++) await decideWithoutAppending(counting, projectDecider, `project-other-${n}`, createBoard);
    };
    // Other boards decided on, the busy one again in between: more than MAX_STREAMS in all.
    await touch(0, MAX_STREAMS / 2);
    expect(isRight(await run(counting, { type: 'CreateColumn', columnId: 2, name: 'c2', at }))).to.equal(true);
    await touch(MAX_STREAMS, MAX_STREAMS - 10);
    reads.length = 0;
    expect(isRight(await run(counting, { type: 'CreateColumn', columnId: 3, name: 'c3', at }))).to.equal(true);
    // Still remembered: only what came after its last column is read.
    expect(reads.map((options) => options?.fromRevision)).to.deep.equal([3]);
    // The least recent of the others was forgotten: it is read whole again.
    reads.length = 0;
    await decideWithoutAppending(counting, projectDecider, 'project-other-0', createBoard);
    expect(reads.map((options) => options?.fromRevision)).to.deep.equal([undefined]);
  });
});
