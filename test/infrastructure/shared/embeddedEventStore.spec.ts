import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';
import { describeEventStoreContract } from './eventStore.contract.js';
import { openEmbeddedUnderTest, type EmbeddedUnderTest } from './embeddedEventStoreHarness.js';
import { collect, expectAppended, idsOf, newEvents, uniqueStream, waitUntil } from './eventStoreFixtures.js';
import { describeEmbeddedRecovery } from './embeddedEventStoreRecovery.js';

describeEventStoreContract('embedded', () => openEmbeddedUnderTest());

describe('EmbeddedEventStore', function () {
  let subject: EmbeddedUnderTest;

  beforeEach(async function () {
    subject = await openEmbeddedUnderTest();
  });

  afterEach(async function () {
    await subject.cleanup();
  });

  it('starts empty: head -1, nothing to read', async function () {
    expect(await subject.store.headPosition()).to.equal(-1);
    expect(await collect(subject.store.readAll())).to.deep.equal([]);
  });

  it('numbers positions densely from 0 and answers the position of the last event appended', async function () {
    const a = expectAppended(await subject.store.append('a-1', newEvents(2), 'no_stream'));
    const b = expectAppended(await subject.store.append('b-1', newEvents(3), 'no_stream'));
    expect([a.position, b.position]).to.deep.equal([1, 4]);
    expect((await collect(subject.store.readAll())).map((event) => event.position)).to.deep.equal([0, 1, 2, 3, 4]);
    expect(await subject.store.headPosition()).to.equal(4);
    expect(await collect(subject.store.readAll({ after: 4 }))).to.deep.equal([]);
  });

  it('acknowledges nothing before it is durable: head and reads wait for the fdatasync', async function () {
    const appending = subject.store.append('a-1', newEvents(1), 'no_stream');
    expect(await subject.store.headPosition()).to.equal(-1);
    expect(await collect(subject.store.readAll())).to.deep.equal([]);
    expect(await subject.store.readStream('a-1')).to.have.length(1);
    expectAppended(await appending);
    expect(await subject.store.headPosition()).to.equal(0);
  });

  it('returns the original result for a retry, even of an append still in flight', async function () {
    const events = newEvents(3);
    const [first, retried] = await Promise.all([subject.store.append('a-1', events, 'no_stream'), subject.store.append('a-1', events, 'no_stream')]);
    expect(retried).to.deep.equal(first);
    expect(await subject.store.append('a-1', events, 'any')).to.deep.equal(first);
    expect(await subject.store.headPosition()).to.equal(2);
  });

  it('treats a partial retry or an id reused in another stream as a conflict', async function () {
    const events = newEvents(2);
    expectAppended(await subject.store.append('a-1', events, 'no_stream'));
    expect(await subject.store.append('a-1', [events[1]!, ...newEvents(1)], 'any')).to.deep.include({ outcome: 'conflict', actual: 1 });
    expect(await subject.store.append('b-1', [events[0]!], 'any')).to.deep.include({ outcome: 'conflict', actual: 'no_stream' });
    expect(await subject.store.headPosition()).to.equal(1);
  });

  it('refuses malformed appends by throwing: duplicate ids in one append, a negative revision', async function () {
    const [event] = newEvents(1);
    await expectRejection(subject.store.append('a-1', [event!, event!], 'no_stream'), /same event id/);
    await expectRejection(subject.store.append('a-1', newEvents(1), -1), /non-negative/);
  });

  it('delivers to subscribers what a read returns (the JSON form)', async function () {
    const received: unknown[] = [];
    const subscription = subject.store.subscribeToAll({ onEvent: async (event) => void received.push(event.data) });
    expectAppended(await subject.store.append('a-1', [{ ...newEvents(1)[0]!, data: { at: new Date(0) } }], 'no_stream'));
    const [read] = await subject.store.readStream('a-1');
    await waitUntil(() => received.length === 1, 'the subscriber receives the event');
    await subscription.close();
    expect(read!.data).to.deep.equal({ at: '1970-01-01T00:00:00.000Z' });
    expect(received).to.deep.equal([read!.data]);
  });

  it('reads back and reopens unusual content: quotes, keys in data, non-ASCII text', async function () {
    const streamId = 'odd-"quoted",\"type\":-ünïcødé-🚀';
    const [event] = newEvents(1);
    const odd = { ...event!, type: 'Ereignis📦', data: { type: 'inner', text: ',"type":"x"', emoji: '🚀', nested: [{ type: 1 }] } };
    expectAppended(await subject.store.append(streamId, [odd, ...newEvents(2)], 'no_stream'));
    const reopened = await subject.reopen();
    const [stored] = await reopened.readStream(streamId);
    expect({ id: stored!.id, type: stored!.type, data: stored!.data }).to.deep.equal({ id: odd.id, type: odd.type, data: odd.data });
    expect((await reopened.readStream(streamId)).map((e) => e.revision)).to.deep.equal([0, 1, 2]);
    expect(expectAppended(await reopened.append(streamId, newEvents(1), 2)).nextRevision).to.equal(3);
  });

  it('flushes appends in flight when closed', async function () {
    const events = newEvents(5);
    const appending = subject.store.append('a-1', events, 'no_stream');
    await subject.store.close();
    expectAppended(await appending);
    expect(idsOf(await (await subject.reopen()).readStream('a-1'))).to.deep.equal(idsOf(events));
  });

  it('rolls segments over and reads across them after reopening', async function () {
    await subject.cleanup();
    subject = await openEmbeddedUnderTest({ segmentBytes: 4096 });
    const streamId = uniqueStream();
    const written = [];
    for (let batch = 0; batch < 20; batch++) {
      const events = newEvents(1 + (batch % 7));
      expectAppended(await subject.store.append(streamId, events, batch === 0 ? 'no_stream' : 'any'));
      expectAppended(await subject.store.append(uniqueStream(), newEvents(1), 'no_stream'));
      written.push(...events);
    }
    const big = [{ ...newEvents(1)[0]!, data: { blob: 'x'.repeat(10_000) } }];
    expectAppended(await subject.store.append(streamId, big, 'any'));
    const segments = (await readdir(subject.directory)).filter((name) => name.endsWith('.seg'));
    expect(segments.length).to.be.greaterThan(5);
    const store = await subject.reopen();
    expect(idsOf(await store.readStream(streamId))).to.deep.equal(idsOf([...written, ...big]));
    const all = await collect(store.readAll());
    expect(all.map((event) => event.position)).to.deep.equal(all.map((_, i) => i));
    expect(all.length).to.equal((await store.headPosition()) + 1);
  });

  it('reads records across read buffers and larger than one (1 MB), after reopening (the scan) and before', async function () {
    const streamId = uniqueStream();
    // About 2.6 MB: frames straddle the 1 MB read buffers, and one record is larger than a buffer.
    const events = [
      ...Array.from({ length: 40 }, (_, index) => ({ ...newEvents(1)[0]!, data: { index, text: `${index}`.repeat(30_000) } })),
      { ...newEvents(1)[0]!, data: { index: 40, text: 'y'.repeat(1_300_000) } },
      ...Array.from({ length: 3 }, (_, index) => ({ ...newEvents(1)[0]!, data: { index: 41 + index, text: 'z' } })),
    ];
    for (const event of events) expectAppended(await subject.store.append(streamId, [event], 'any'));
    const expected = events.map((event) => event.data);
    expect((await subject.store.readStream(streamId)).map((event) => event.data)).to.deep.equal(expected);
    const store = await subject.reopen();
    expect((await collect(store.readAll())).map((event) => event.data)).to.deep.equal(expected);
    expect((await store.readStream(streamId, { fromRevision: 38 })).map((event) => (event.data as { index: number }).index)).to.deep.equal([
      38, 39, 40, 41, 42, 43,
    ]);
  });

  describe('directory lock', function () {
    it('refuses a second store on a directory that is open', async function () {
      await expectRejection(EmbeddedEventStore.open(subject.directory), /locked by process/);
      await subject.store.close();
      await (await EmbeddedEventStore.open(subject.directory)).close();
    });

    it('refuses a lock held by another live process', async function () {
      const directory = join(subject.directory, 'other');
      await mkdir(directory);
      await writeFile(join(directory, 'LOCK'), `${process.ppid}\n`);
      await expectRejection(EmbeddedEventStore.open(directory), new RegExp(`locked by process ${process.ppid}`));
    });

    it('takes over a stale lock left by a process that died', async function () {
      const directory = join(subject.directory, 'stale');
      await mkdir(directory);
      await writeFile(join(directory, 'LOCK'), `${await pidOfExitedProcess()}\n`);
      const store = await EmbeddedEventStore.open(directory);
      expectAppended(await store.append('a-1', newEvents(1), 'no_stream'));
      await store.close();
      await rm(directory, { recursive: true });
    });
  });
});

describeEmbeddedRecovery();

async function expectRejection(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  try {
    await promise;
  } catch (error) {
    expect((error as Error).message).to.match(pattern);
    return;
  }
  expect.fail(`expected a rejection matching ${pattern}`);
}

async function pidOfExitedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}
