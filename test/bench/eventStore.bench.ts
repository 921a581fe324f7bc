import { randomUUID } from 'node:crypto';
import { close, fdatasync, open, write } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { EventStore, EventToAppend } from '../../application/shared/ports/eventStore.port.js';
import { EmbeddedEventStore } from '../../infrastructure/shared/eventStore/embeddedEventStore.js';
import { encodeFrames, serializeRecord } from '../../infrastructure/shared/eventStore/recordFrames.js';
import type { BenchRow } from './benchRow.js';
import { benchEvent, collectGarbage, perSecond, row } from './eventStoreBenchSupport.js';
import { benchReplay } from './eventStoreReplay.js';

const openFile = promisify(open);
const closeFile = promisify(close);
const writeAt = promisify(write);
const syncData = promisify(fdatasync);

const SINGLE_APPENDS = 500;
const CONCURRENT_APPENDERS = 8;
const BATCHES = 100;
const BATCH_EVENTS = 100;

// The bytes the store writes for these events, framed the same way, encoded before timing starts.
function framedBytes(events: readonly EventToAppend[]): Buffer {
  const recordedAt = new Date().toISOString();
  const payloads = events.map((event, i) => serializeRecord(event, `project-${i % 50}`, i, i, recordedAt));
  return encodeFrames(payloads).bytes;
}

// Raw floor: each buffer appended at the end of a file, then fdatasync'd, one after another.
async function rawAppendsPerSecond(directory: string, buffers: readonly Buffer[], recordsPerBuffer: number): Promise<number> {
  const fd = await openFile(join(directory, `raw-${randomUUID()}.log`), 'wx');
  try {
    let offset = 0;
    collectGarbage();
    const started = process.hrtime.bigint();
    for (const buffer of buffers) {
      await writeAt(fd, buffer, 0, buffer.length, offset);
      await syncData(fd);
      offset += buffer.length;
    }
    return perSecond(buffers.length * recordsPerBuffer, started);
  } finally {
    await closeFile(fd);
  }
}

// The plainest durable log of the same events: each batch turned into JSON lines and
// appended with one write and one fdatasync. Serialising is inside the timing, as it is for
// the store, which receives the same event objects.
async function rawJsonLinesPerSecond(directory: string, batches: readonly EventToAppend[][]): Promise<number> {
  const fd = await openFile(join(directory, `raw-json-${randomUUID()}.log`), 'wx');
  try {
    let offset = 0;
    collectGarbage();
    const started = process.hrtime.bigint();
    for (const batch of batches) {
      const buffer = Buffer.from(batch.map((event) => JSON.stringify(event)).join('\n') + '\n');
      await writeAt(fd, buffer, 0, buffer.length, offset);
      await syncData(fd);
      offset += buffer.length;
    }
    return perSecond(
      batches.reduce((sum, batch) => sum + batch.length, 0),
      started,
    );
  } finally {
    await closeFile(fd);
  }
}

async function appendsPerSecond(store: EventStore, appenders: number, batches: readonly EventToAppend[][]): Promise<number> {
  collectGarbage(); // the events were just built: promote them now rather than inside the timed loop
  let next = 0;
  const appender = async (which: number) => {
    for (let batch = next++; batch < batches.length; batch = next++) {
      await store.append(`project-${which}-${batch % 20}`, batches[batch]!, 'any');
    }
  };
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: appenders }, (_, which) => appender(which)));
  return perSecond(
    batches.reduce((sum, batch) => sum + batch.length, 0),
    started,
  );
}

function freshBatches(count: number, size: number): EventToAppend[][] {
  return Array.from({ length: count }, (_, b) => Array.from({ length: size }, (_, n) => benchEvent(b * size + n)));
}

// Raw and ours measured in alternation, best of each: the disk's speed drifts from minute to minute.
async function bestInAlternation(rounds: number, raw: () => Promise<number>, ours: () => Promise<number>) {
  let bestRaw = 0;
  let bestOurs = 0;
  for (let round = 0; round < rounds; round++) {
    bestRaw = Math.max(bestRaw, await raw());
    bestOurs = Math.max(bestOurs, await ours());
  }
  return { raw: bestRaw, ours: bestOurs };
}

export async function benchAppends(directory: string): Promise<BenchRow[]> {
  const store = await EmbeddedEventStore.open(join(directory, 'appends'));
  try {
    // Fresh events every run: appending the same ids again would be an idempotent retry.
    const rawPerRecord = () => rawAppendsPerSecond(directory, freshBatches(SINGLE_APPENDS, 1).map(framedBytes), 1);
    const rawPerBatch = () => rawAppendsPerSecond(directory, freshBatches(BATCHES, BATCH_EVENTS).map(framedBytes), BATCH_EVENTS);
    const ours = (appenders: number, count: number, size: number) => () => appendsPerSecond(store, appenders, freshBatches(count, size));
    const sequential = await bestInAlternation(3, rawPerRecord, ours(1, SINGLE_APPENDS, 1));
    const concurrent = await bestInAlternation(2, rawPerRecord, ours(CONCURRENT_APPENDERS, SINGLE_APPENDS * 4, 1));
    const rawJsonPerBatch = () => rawJsonLinesPerSecond(directory, freshBatches(BATCHES, BATCH_EVENTS));
    const batched = await bestInAlternation(4, rawPerBatch, ours(1, BATCHES, BATCH_EVENTS));
    const batchedAgainstJson = await bestInAlternation(4, rawJsonPerBatch, ours(1, BATCHES, BATCH_EVENTS));
    const batchedConcurrent = await bestInAlternation(2, rawPerBatch, ours(4, BATCHES, BATCH_EVENTS));
    const perRecord = 'raw write + fdatasync per record';
    const perBatch = `raw write + fdatasync per ${BATCH_EVENTS} records`;
    const rawSingle = Math.max(sequential.raw, concurrent.raw);
    const rawBatched = Math.max(batched.raw, batchedConcurrent.raw);
    return [
      row('durable single-event appends, sequential', sequential.ours, 'events/s', perRecord, rawSingle),
      row(`durable single-event appends, ${CONCURRENT_APPENDERS} concurrent appenders (group commit)`, concurrent.ours, 'events/s', perRecord, rawSingle),
      row(
        `durable appends of ${BATCH_EVENTS} events, sequential`,
        batchedAgainstJson.ours,
        'events/s',
        `JSON lines + write + fdatasync per ${BATCH_EVENTS} events`,
        batchedAgainstJson.raw,
        0.5,
      ),
      row(`durable appends of ${BATCH_EVENTS} events, sequential (pre-encoded floor)`, batched.ours, 'events/s', perBatch, rawBatched),
      row(`durable appends of ${BATCH_EVENTS} events, 4 concurrent appenders`, batchedConcurrent.ours, 'events/s', perBatch, rawBatched),
    ];
  } finally {
    await store.close();
  }
}

export async function benchEventStore(): Promise<BenchRow[]> {
  const directory = await mkdtemp(join(tmpdir(), 'forgelog-bench-events-'));
  try {
    return [...(await benchAppends(directory)), ...(await benchReplay(join(directory, 'replay')))];
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.table(await benchEventStore());
}
