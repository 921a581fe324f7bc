import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { refMoves } from '../../../application/gitdata/refMoves.process.js';
import type { GitStorage } from '../../../application/shared/ports/gitStorage.port.js';
import { gitRefStream, refEventType, type RefMoved } from '../../../domain/gitdata/refMoved.js';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';

const X = 'a'.repeat(40);
const metadata = { schemaVersion: 1, actorId: 2, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-27T00:00:00.000Z' };

// A push's hook records each update before git makes it; git may still refuse one (deleting
// the branch HEAD names). The ref-moves process manager, settling the push later, must take
// the record back then: finishing it would do what git refused and the client was told failed.
describe('Git Data: the ref-moves process manager settling a push git refused', function () {
  let directory: string;
  let eventStore: EmbeddedEventStore;
  const stream = gitRefStream(7, 'refs/heads/main');

  beforeEach(async function () {
    directory = await mkdtemp(join(tmpdir(), 'forgelog-ref-moves-'));
    eventStore = await EmbeddedEventStore.open(directory);
  });
  afterEach(async function () {
    await eventStore.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('records the move back, and leaves git as it is, when git still holds the old value after the push', async function () {
    const deletions: string[] = [];
    const git = {
      readRef: async () => X,
      deleteRef: async (_id: number, ref: string) => {
        deletions.push(ref);
        return true;
      },
    } as unknown as GitStorage;
    const created: RefMoved['data'] = { repositoryId: 7, ref: 'refs/heads/main', from: null, to: X, forced: false };
    const refused: RefMoved['data'] = { repositoryId: 7, ref: 'refs/heads/main', from: X, to: null, forced: false, pushed: true };
    await eventStore.append(stream, [{ id: randomUUID(), type: refEventType(created), data: created, metadata }], 'no_stream');
    await eventStore.append(stream, [{ id: randomUUID(), type: refEventType(refused), data: refused, metadata }], 0);
    const [, recordedRefusal] = await eventStore.readStream(stream);
    const later = { now: () => new Date('2026-11-27T01:00:00.000Z') };
    const [step] = refMoves(eventStore, git, later, async () => true).stepsFor(recordedRefusal!);
    await step!.run();
    expect(deletions).to.deep.equal([]);
    const moves = (await eventStore.readStream(stream)).map((event) => [
      event.type,
      (event.data as RefMoved['data']).from,
      (event.data as RefMoved['data']).to,
    ]);
    expect(moves).to.deep.equal([
      ['RefCreated', null, X],
      ['RefDeleted', X, null],
      ['RefCreated', null, X],
    ]);
  });
});
