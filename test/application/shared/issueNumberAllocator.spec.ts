import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { EventSourcedIssueNumberAllocator } from '../../../application/shared/issueNumberAllocator.js';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';

const clock = { now: () => new Date('2026-11-22T10:00:00Z') };

describe('EventSourcedIssueNumberAllocator', () => {
  let directory: string;
  let store: EmbeddedEventStore;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'forgelog-numbers-'));
    store = await EmbeddedEventStore.open(directory);
  });
  afterEach(async () => {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('gives 200 simultaneous callers in two processes the numbers 1 to 200, dense, in far fewer appends than callers', async () => {
    const first = new EventSourcedIssueNumberAllocator(store, clock);
    const second = new EventSourcedIssueNumberAllocator(store, clock);
    const numbers = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? first : second).next(7)));
    expect([...numbers].sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 200 }, (_, i) => i + 1));
    const blocks = await store.readStream('sequence-issue-number-7');
    expect((blocks.at(-1)!.data as { to: number }).to).to.equal(200);
    expect(blocks.length).to.be.below(50);
  });

  it('keeps one sequence per repository and continues it after a restart, with no gap', async () => {
    const before = new EventSourcedIssueNumberAllocator(store, clock);
    expect([await before.next(1), await before.next(1), await before.next(2)]).to.deep.equal([1, 2, 1]);
    const after = new EventSourcedIssueNumberAllocator(store, clock);
    expect(await after.next(1)).to.equal(3);
  });

  it('reads its sequence once, then reserves with one append each, and reads again only when another process reserved meanwhile', async () => {
    const reads: string[] = [];
    const counted = new Proxy(store, {
      get(target, property, receiver) {
        if (property === 'readStream') return (streamId: string, options?: object) => (reads.push(streamId), target.readStream(streamId, options));
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const here = new EventSourcedIssueNumberAllocator(counted, clock);
    const elsewhere = new EventSourcedIssueNumberAllocator(store, clock);
    expect([await here.next(3), await here.next(3), await here.next(3)]).to.deep.equal([1, 2, 3]);
    expect(reads).to.deep.equal(['sequence-issue-number-3']);
    expect(await elsewhere.next(3)).to.equal(4);
    // Its kept block is stale: the append is refused, the stream read again, the next number taken.
    expect(await here.next(3)).to.equal(5);
    expect(reads).to.deep.equal(['sequence-issue-number-3', 'sequence-issue-number-3']);
    expect((await store.readStream('sequence-issue-number-3')).map((event) => event.data)).to.deep.equal([
      { from: 1, to: 1 },
      { from: 2, to: 2 },
      { from: 3, to: 3 },
      { from: 4, to: 4 },
      { from: 5, to: 5 },
    ]);
  });
});
