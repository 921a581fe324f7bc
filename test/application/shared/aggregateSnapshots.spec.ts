import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { isRight } from 'fp-ts/lib/Either.js';
import { AGGREGATE_SNAPSHOTS_COLLECTION, keepAggregateSnapshots, SNAPSHOT_EVERY_EVENTS } from '../../../application/shared/aggregateSnapshots.js';
import { systemContext } from '../../../application/shared/commandContext.js';
import { handleCommand } from '../../../application/shared/handleCommand.js';
import type { EventStore, ReadStreamOptions } from '../../../application/shared/ports/eventStore.port.js';
import { evolveAll } from '../../../domain/shared/decider.js';
import { projectDecider, type ProjectCommand } from '../../../domain/projects/project.decider.js';
import type { ProjectEvent } from '../../../domain/projects/project.events.js';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { BOARD_AT, createBoard } from './boardCommands.js';

const BOARD = 'project-1';
// Columns enough for two snapshots and some events after the last.
const COLUMNS = 2 * SNAPSHOT_EVERY_EVENTS + 20;

// A long aggregate's state is snapshotted beside the read models: a command in a new process
// (another event store object on the same log, so nothing is remembered) folds from the
// snapshot, and gets the state folding the whole stream gives.
describe('aggregate snapshots: a long stream is folded from its last snapshot after a restart', function () {
  this.timeout(60_000);
  let directory: string;
  let log: EmbeddedEventStore;
  let models: EmbeddedReadModelStore;
  const reads: Array<ReadStreamOptions | undefined> = [];

  // A process of its own: an event store object no command has used yet, reads counted.
  const newProcess = (): EventStore => {
    const process = Object.assign(Object.create(log) as EventStore, {
      readStream: (streamId: string, options?: ReadStreamOptions) => {
        if (streamId === BOARD) reads.push(options);
        return log.readStream(streamId, options);
      },
    });
    keepAggregateSnapshots(process, models);
    return process;
  };
  const run = (eventStore: EventStore, command: ProjectCommand) => handleCommand(eventStore, projectDecider, BOARD, command, systemContext(new Date(BOARD_AT)));
  const wholeFold = async () =>
    evolveAll(
      projectDecider,
      projectDecider.initialState(),
      (await log.readStream(BOARD)).map((stored) => ({ type: stored.type, data: stored.data }) as ProjectEvent),
    );
  const snapshotDocument = async () => (await models.collection(AGGREGATE_SNAPSHOTS_COLLECTION).find({}))[0];

  before(async () => {
    directory = await mkdtemp(join(tmpdir(), 'forgelog-aggregate-snapshots-'));
    log = await EmbeddedEventStore.open(directory);
    models = new EmbeddedReadModelStore();
    const first = newProcess();
    expect(isRight(await run(first, createBoard))).to.equal(true);
    for (let column = 1; column <= COLUMNS; column++)
      expect(isRight(await run(first, { type: 'CreateColumn', columnId: column, name: `c${column}`, at: BOARD_AT }))).to.equal(true);
  });
  after(async () => {
    await log.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('snapshots the board every so many events, naming the event it was folded to', async () => {
    const kept = await snapshotDocument();
    expect(kept).to.include({ revision: 2 * SNAPSHOT_EVERY_EVENTS - 1 });
    const [at] = await log.readStream(BOARD, { fromRevision: kept!.revision as number, maxCount: 1 });
    expect(kept!.event_id).to.equal(at!.id);
  });

  it('a new process folds from the snapshot: the events after it are read, and the state is the whole fold', async () => {
    reads.length = 0;
    const restarted = newProcess();
    const moved = await run(restarted, { type: 'MoveColumn', columnId: 7, position: { kind: 'first' }, at: BOARD_AT });
    expect(isRight(moved)).to.equal(true);
    expect(reads.map((options) => options?.fromRevision)).to.deep.equal([2 * SNAPSHOT_EVERY_EVENTS - 1]);
    expect(isRight(moved) && moved.right.state).to.deep.equal(await wholeFold());
  });

  it("passes over a snapshot whose event is not the stream's at that revision, or of another version", async () => {
    const kept = (await snapshotDocument())!;
    await models.collection(AGGREGATE_SNAPSHOTS_COLLECTION).updateOne({ _id: kept._id }, { $set: { event_id: 'another-log' } });
    reads.length = 0;
    const restarted = newProcess();
    const moved = await run(restarted, { type: 'MoveColumn', columnId: 8, position: { kind: 'first' }, at: BOARD_AT });
    expect(reads.map((options) => options?.fromRevision)).to.deep.equal([2 * SNAPSHOT_EVERY_EVENTS - 1, undefined]);
    expect(isRight(moved) && moved.right.state).to.deep.equal(await wholeFold());
    // The same board under a later version of the state: no snapshot of that version yet.
    reads.length = 0;
    const later = { ...projectDecider, snapshot: { name: 'project', version: 2 } };
    const folded = await handleCommand(
      newProcess(),
      later,
      BOARD,
      { type: 'MoveColumn', columnId: 9, position: { kind: 'first' }, at: BOARD_AT },
      systemContext(new Date(BOARD_AT)),
    );
    expect(isRight(folded)).to.equal(true);
    expect(reads.map((options) => options?.fromRevision)).to.deep.equal([undefined]);
  });
});
