import { expect } from 'chai';
import { open, readdir, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';
import { openEmbeddedUnderTest, type EmbeddedUnderTest } from './embeddedEventStoreHarness.js';
import { collect, expectAppended, idsOf, newEvents } from './eventStoreFixtures.js';

const FRAME_HEADER_BYTES = 8;

async function lastSegmentPath(directory: string): Promise<string> {
  const segments = (await readdir(directory)).filter((name) => name.endsWith('.seg')).sort();
  return join(directory, segments[segments.length - 1]!);
}

// Frame offsets of a segment, found by walking the length prefixes.
async function frameOffsets(path: string): Promise<number[]> {
  const handle = await open(path, 'r');
  try {
    const bytes = await handle.readFile();
    const offsets: number[] = [];
    for (let at = 0; at < bytes.length; at += FRAME_HEADER_BYTES + bytes.readUInt32LE(at)) offsets.push(at);
    return offsets;
  } finally {
    await handle.close();
  }
}

async function overwrite(path: string, offset: number, bytes: Buffer): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.write(bytes, 0, bytes.length, offset);
  } finally {
    await handle.close();
  }
}

// Embedded-only: what a crash mid-write leaves behind, simulated on the files of a closed store.
export function describeEmbeddedRecovery(): void {
  describe('EmbeddedEventStore recovery of a torn tail', function () {
    let subject: EmbeddedUnderTest;
    let kept: string[];

    beforeEach(async function () {
      subject = await openEmbeddedUnderTest({ segmentBytes: 64 * 1024 });
      const events = newEvents(40);
      expectAppended(await subject.store.append('a-1', events.slice(0, 39), 'no_stream'));
      expectAppended(await subject.store.append('a-1', events.slice(39), 38));
      kept = idsOf(events.slice(0, 39));
      await subject.store.close();
    });

    afterEach(async function () {
      await subject.cleanup();
    });

    async function expectRecovered(): Promise<void> {
      const store = await subject.reopen();
      expect(idsOf(await store.readStream('a-1'))).to.deep.equal(kept);
      expect(await store.headPosition()).to.equal(38);
      expect((await collect(store.readAll())).length).to.equal(39);
      expect(expectAppended(await store.append('a-1', newEvents(1), 38)).nextRevision).to.equal(39);
      const reopened = await subject.reopen();
      expect((await reopened.readStream('a-1')).length).to.equal(40);
    }

    it('cuts a last frame that was only partly written', async function () {
      const path = await lastSegmentPath(subject.directory);
      const last = (await frameOffsets(path)).at(-1)!;
      await truncate(path, (await stat(path)).size - 10);
      await expectRecovered();
      expect((await stat(path)).size).to.be.greaterThan(last);
    });

    it('cuts a last frame whose payload fails its checksum', async function () {
      const path = await lastSegmentPath(subject.directory);
      const last = (await frameOffsets(path)).at(-1)!;
      await overwrite(path, last + FRAME_HEADER_BYTES + 20, Buffer.from('#'));
      await expectRecovered();
    });

    it('cuts a last frame whose length is garbage', async function () {
      const path = await lastSegmentPath(subject.directory);
      const last = (await frameOffsets(path)).at(-1)!;
      await overwrite(path, last, Buffer.from([0xff, 0xff, 0xff, 0x7f]));
      await expectRecovered();
    });

    it('drops zeroed space past the last frame without losing an event', async function () {
      const path = await lastSegmentPath(subject.directory);
      const size = (await stat(path)).size;
      await truncate(path, size + 4096);
      const store = await subject.reopen();
      expect((await store.readStream('a-1')).length).to.equal(40);
      await store.close();
      expect((await stat(path)).size).to.equal(size);
    });

    it('cuts a torn frame and removes an empty segment created after it', async function () {
      const path = await lastSegmentPath(subject.directory);
      const last = (await frameOffsets(path)).at(-1)!;
      await truncate(path, last + 5);
      const next = join(subject.directory, `${String(Number(path.slice(-12, -4)) + 1).padStart(8, '0')}.seg`);
      await writeFile(next, '');
      await expectRecovered();
      expect(await readdir(subject.directory)).not.to.include(next.slice(-12));
    });

    it('refuses to open when a bad frame is followed by data in a later segment', async function () {
      const path = await lastSegmentPath(subject.directory);
      const next = join(subject.directory, `${String(Number(path.slice(-12, -4)) + 1).padStart(8, '0')}.seg`);
      await writeFile(next, Buffer.alloc(100, 1));
      await overwrite(path, (await frameOffsets(path)).at(-1)! + FRAME_HEADER_BYTES + 3, Buffer.from('#'));
      let failure: unknown;
      await EmbeddedEventStore.open(subject.directory).catch((error: unknown) => (failure = error));
      expect((failure as Error | undefined)?.message).to.match(/corrupt/);
    });
  });
}
