import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { EventSourcedIdAllocator } from '../../../application/shared/idAllocator.js';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';

const clock = { now: () => new Date('2026-11-22T10:00:00Z') };

describe('EventSourcedIdAllocator', () => {
  let directory: string;
  let store: EmbeddedEventStore;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'forgelog-ids-'));
    store = await EmbeddedEventStore.open(directory);
  });
  afterEach(async () => {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('hands out unique ids to two allocators (two processes) drawing concurrently', async () => {
    const first = new EventSourcedIdAllocator(store, clock, 7);
    const second = new EventSourcedIdAllocator(store, clock, 7);
    const ids = await Promise.all(Array.from({ length: 300 }, (_, i) => (i % 2 ? first : second).next('user')));
    expect(new Set(ids).size).to.equal(300);
    expect(Math.min(...ids)).to.equal(1);
    const blocks = await store.readStream('sequence-user');
    expect(blocks.map((event) => event.type)).to.satisfy((types: string[]) => types.every((type) => type === 'IdBlockReserved'));
    expect((blocks.at(-1)!.data as { to: number }).to).to.be.at.least(Math.max(...ids));
  });

  it('keeps sequences per category and never reuses an id after a restart', async () => {
    const before = new EventSourcedIdAllocator(store, clock, 10);
    expect([await before.next('user'), await before.next('user'), await before.next('repository')]).to.deep.equal([1, 2, 1]);
    const after = new EventSourcedIdAllocator(store, clock, 10);
    expect(await after.next('user')).to.equal(11);
  });

  it("never hands out the ghost's id to an account, and hands it out in other categories", async () => {
    const allocator = new EventSourcedIdAllocator(store, clock, 5_000);
    const accounts: number[] = [];
    const repositories: number[] = [];
    for (let i = 0; i < 10_140; i += 1) {
      accounts.push(await allocator.next('user'));
      repositories.push(await allocator.next('repository'));
    }
    expect(accounts).to.not.include(10137);
    expect(accounts.slice(10_134, 10_139)).to.deep.equal([10135, 10136, 10138, 10139, 10140]);
    expect(repositories).to.include(10137);
  });
});
