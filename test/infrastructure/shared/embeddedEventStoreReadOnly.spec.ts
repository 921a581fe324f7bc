import { randomUUID } from 'node:crypto';
import { appendFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';

const metadata = { schemaVersion: 1, actorId: 1, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-22T10:00:00.000Z' };
const event = (n: number) => ({ id: randomUUID(), type: 'Counted', data: { n }, metadata });

describe('EmbeddedEventStore opened read-only (audits beside a running server)', () => {
  let directory: string;
  let writer: EmbeddedEventStore;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'forgelog-readonly-'));
    writer = await EmbeddedEventStore.open(directory);
  });
  afterEach(async () => {
    await writer.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('reads what the locked writer made durable, without taking its lock', async () => {
    await writer.append('counter-1', [event(1), event(2)], 'no_stream');
    const reader = await EmbeddedEventStore.openReadOnly(directory);
    expect((await reader.readStream('counter-1')).map((e) => (e.data as { n: number }).n)).to.deep.equal([1, 2]);
    expect(await reader.headPosition()).to.equal(1);
    await reader.close();
    expect((await writer.append('counter-1', [event(3)], 1)).outcome).to.equal('appended');
  });

  it('refuses appends', async () => {
    const reader = await EmbeddedEventStore.openReadOnly(directory);
    try {
      await reader.append('counter-2', [event(1)], 'any');
      expect.fail('expected a refusal');
    } catch (error) {
      expect((error as Error).message).to.equal('Event store is open read-only');
    }
    await reader.close();
  });

  it('reads a frame the writer is still writing as the end, and cuts nothing', async () => {
    await writer.append('counter-3', [event(1)], 'no_stream');
    const segment = join(directory, '00000000.seg');
    await appendFile(segment, Buffer.from([200, 0, 0, 0, 1, 2, 3, 4, 123]));
    const sizeBefore = (await stat(segment)).size;
    const reader = await EmbeddedEventStore.openReadOnly(directory);
    expect(await reader.headPosition()).to.equal(0);
    await reader.close();
    expect((await stat(segment)).size).to.equal(sizeBefore);
  });

  it('reads a data directory without a log as empty', async () => {
    const reader = await EmbeddedEventStore.openReadOnly(join(directory, 'nothing-here'));
    expect(await reader.headPosition()).to.equal(-1);
    expect(await reader.readStream('anything')).to.deep.equal([]);
    await reader.close();
  });
});
