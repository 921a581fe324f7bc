import { close, open, read } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EmbeddedEventStore } from '../../infrastructure/shared/eventStore/embeddedEventStore.js';
import type { BenchRow } from './benchRow.js';
import { benchEvent, collectGarbage, row } from './eventStoreBenchSupport.js';

const openFile = promisify(open);
const closeFile = promisify(close);
const readInto = promisify(read);

const REPLAY_EVENTS = 1_000_000;
const FILL_BATCH = 1_000;
const CHUNK_BYTES = 1024 * 1024;

async function fill(directory: string): Promise<number> {
  const store = await EmbeddedEventStore.open(directory);
  try {
    for (let first = 0; first < REPLAY_EVENTS; first += FILL_BATCH) {
      const events = Array.from({ length: FILL_BATCH }, (_, n) => benchEvent(first + n));
      await store.append(`project-${(first / FILL_BATCH) % 5000}`, events, 'any');
    }
    return store.headPosition();
  } finally {
    await store.close();
  }
}

// Baseline: the segment files read in chunks, each frame's payload JSON.parse'd; nothing else.
async function rawReplay(directory: string): Promise<number> {
  let parsed = 0;
  const segments = (await readdir(directory)).filter((name) => name.endsWith('.seg')).sort();
  for (const segment of segments) {
    const fd = await openFile(join(directory, segment), 'r');
    try {
      let offset = 0;
      for (;;) {
        const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
        const { bytesRead } = await readInto(fd, buffer, 0, CHUNK_BYTES, offset);
        let at = 0;
        while (at + 8 <= bytesRead && at + 8 + buffer.readUInt32LE(at) <= bytesRead) {
          const end = at + 8 + buffer.readUInt32LE(at);
          if (JSON.parse(buffer.toString('utf8', at + 8, end)).position >= 0) parsed++;
          at = end;
        }
        if (at === 0) break;
        offset += at;
      }
    } finally {
      await closeFile(fd);
    }
  }
  return parsed;
}

async function replay(store: EmbeddedEventStore): Promise<number> {
  let count = 0;
  for await (const event of store.readAll()) if (event.position >= 0) count++;
  return count;
}

async function eventsPerSecond(expected: number, run: () => Promise<number>): Promise<number> {
  const started = process.hrtime.bigint();
  const count = await run();
  if (count !== expected) throw new Error(`replayed ${count} events, expected ${expected}`);
  return count / (Number(process.hrtime.bigint() - started) / 1e9);
}

// 1,000,000 events: open (index rebuild), then replay through readAll, against the raw read + parse.
export async function benchReplay(directory: string): Promise<BenchRow[]> {
  const total = (await fill(directory)) + 1;
  const memoryBefore = await settledMemory();
  const opening = process.hrtime.bigint();
  const store = await EmbeddedEventStore.open(directory);
  const openPerSecond = total / (Number(process.hrtime.bigint() - opening) / 1e9);
  const indexBytesPerEvent = ((await settledMemory()) - memoryBefore) / total;
  try {
    const raw: number[] = [];
    const ours: number[] = [];
    for (let round = 0; round < 2; round++) {
      raw.push(await eventsPerSecond(total, () => rawReplay(directory)));
      ours.push(await eventsPerSecond(total, () => replay(store)));
    }
    const rawBest = Math.max(...raw);
    return [
      row('replay of 1,000,000 events through readAll', Math.max(...ours), 'events/s', 'raw segment read + JSON.parse per record', rawBest, 0.3),
      row('open of 1,000,000 events (scan, checksum, index)', openPerSecond, 'events/s', 'raw segment read + JSON.parse per record', rawBest),
      row('in-memory index after open', indexBytesPerEvent, 'bytes/event', 'bytes on disk per event', (await logBytes(directory)) / total),
    ];
  } finally {
    await store.close();
  }
}

// Heap plus array buffers (the index's typed arrays live outside the heap), once dead buffers are
// freed: V8 releases them shortly after a collection, not during it.
async function settledMemory(): Promise<number> {
  for (let round = 0; round < 3; round++) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

async function logBytes(directory: string): Promise<number> {
  const segments = (await readdir(directory)).filter((name) => name.endsWith('.seg'));
  const sizes = await Promise.all(segments.map(async (name) => (await stat(join(directory, name))).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}
