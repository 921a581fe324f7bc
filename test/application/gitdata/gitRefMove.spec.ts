import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { undoRefusedMove } from '../../../application/gitdata/gitRefMove.js';
import type { GitStorage } from '../../../application/shared/ports/gitStorage.port.js';
import { gitRefStream, refEventType, type RefMoved } from '../../../domain/gitdata/refMoved.js';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';

const metadata = { schemaVersion: 1, actorId: null, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-27T00:00:00.000Z' };
const X = 'a'.repeat(40);
const Y = 'b'.repeat(40);

// Git refused a recorded move; the undo must leave the log saying what git holds, even when
// another move was recorded on top of the refused one before the undo got there.
describe('Git Data: taking back a move git refused', function () {
  let directory: string;
  let eventStore: EmbeddedEventStore;
  const stream = gitRefStream(7, 'refs/heads/feature');
  // Git never wrote the branch: it holds nothing at that name.
  const git = { readRef: async () => null } as unknown as GitStorage;
  const record = async (data: RefMoved['data'], at: number | 'no_stream') =>
    eventStore.append(stream, [{ id: randomUUID(), type: refEventType(data), data, metadata }], at);
  const recorded = async () => (await eventStore.readStream(stream)).map((event) => event.data as RefMoved['data']);

  beforeEach(async function () {
    directory = await mkdtemp(join(tmpdir(), 'forgelog-undo-'));
    eventStore = await EmbeddedEventStore.open(directory);
  });
  afterEach(async function () {
    await eventStore.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('appends the reverse move right after the refused one', async function () {
    const refused: RefMoved['data'] = { repositoryId: 7, ref: 'refs/heads/feature', from: null, to: X, forced: false };
    await record(refused, 'no_stream');
    await undoRefusedMove(eventStore, git, refused, 0, metadata);
    expect((await recorded()).map(({ from, to }) => [from, to])).to.deep.equal([
      [null, X],
      [X, null],
    ]);
  });

  it('sets the log to what git holds when another move was recorded on the refused one first', async function () {
    const refused: RefMoved['data'] = { repositoryId: 7, ref: 'refs/heads/feature', from: null, to: X, forced: false };
    await record(refused, 'no_stream');
    await record({ repositoryId: 7, ref: 'refs/heads/feature', from: X, to: Y, forced: false }, 0);
    await undoRefusedMove(eventStore, git, refused, 0, metadata);
    const moves = await recorded();
    expect(moves.map(({ from, to }) => [from, to])).to.deep.equal([
      [null, X],
      [X, Y],
      [Y, null],
    ]);
    expect(moves[2]!.forced).to.equal(true);
  });
});
