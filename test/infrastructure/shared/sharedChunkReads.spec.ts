import { expect } from 'chai';
import type { StoredEvent } from '../../../application/shared/ports/eventStore.port.js';
import { SharedChunkReads } from '../../../infrastructure/shared/eventStore/sharedChunkReads.js';

// A log of `length` events whose chunks stop at the count asked for or at the head.
function countingLog(length: number) {
  const reads: string[] = [];
  const read = async (after: number, maxCount: number, head: number): Promise<StoredEvent[]> => {
    reads.push(`${after}:${maxCount}@${head}`);
    const events: StoredEvent[] = [];
    for (let position = after + 1; position <= Math.min(head, after + maxCount, length - 1); position++) {
      events.push({ position } as StoredEvent);
    }
    return events;
  };
  return { reads, read };
}

describe('SharedChunkReads', function () {
  it('reads a chunk once for every subscriber that asks for it', async function () {
    const log = countingLog(100);
    const shared = new SharedChunkReads(log.read);
    const [first, second] = await Promise.all([shared.readChunk(-1, 10, 99), shared.readChunk(-1, 10, 99)]);
    expect(first).to.equal(second);
    expect((await shared.readChunk(-1, 10, 99)).map((event) => event.position)).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(log.reads).to.deep.equal(['-1:10@99']);
  });

  it('reads again a chunk the head cut short once the head has moved, and keeps one that stopped before it', async function () {
    const log = countingLog(100);
    const shared = new SharedChunkReads(log.read);
    expect(await shared.readChunk(9, 10, 12)).to.have.length(3);
    expect(await shared.readChunk(9, 10, 50)).to.have.length(10);
    expect(await shared.readChunk(9, 10, 80)).to.have.length(10);
    expect(log.reads).to.deep.equal(['9:10@12', '9:10@50']);
  });

  it('does not keep a failed read', async function () {
    let failures = 1;
    const shared = new SharedChunkReads(async (after) => {
      if (failures-- > 0) throw new Error('disk went away');
      return [{ position: after + 1 } as StoredEvent];
    });
    await shared.readChunk(-1, 1, 5).then(
      () => expect.fail('the first read fails'),
      (error: Error) => expect(error.message).to.equal('disk went away'),
    );
    expect(await shared.readChunk(-1, 1, 5)).to.deep.equal([{ position: 0 }]);
  });
});
