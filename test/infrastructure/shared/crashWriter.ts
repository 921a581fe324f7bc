import { randomInt } from 'node:crypto';
import type { EventStore, ExpectedRevision } from '../../../application/shared/ports/eventStore.port.js';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';
import { newEvents } from './eventStoreFixtures.js';

// Child process of eventStoreCrash.spec: appends under concurrent load until it is killed, printing
// "<stream> <first revision> <id,id,...>" for each append only after it resolved (was acknowledged).
const BATCH_SIZES = [1, 1, 1, 2, 3, 5, 10, 40, 150];
const APPENDERS = 6;
const STREAMS_PER_APPENDER = 3;
const SHARED_STREAM = 'crash-shared';
const SAFETY_EXIT_MS = 30_000;

async function lastRevision(store: EventStore, streamId: string): Promise<number> {
  const [last] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
  return last?.revision ?? -1;
}

function acknowledge(streamId: string, firstRevision: number, ids: readonly string[]): void {
  process.stdout.write(`${streamId} ${firstRevision} ${ids.join(',')}\n`);
}

// Each appender owns its streams, so it always knows the expected revision.
async function ownStreamsAppender(store: EventStore, appender: number): Promise<never> {
  const streams = Array.from({ length: STREAMS_PER_APPENDER }, (_, i) => `crash-${appender}-${i}`);
  const revisions = await Promise.all(streams.map((streamId) => lastRevision(store, streamId)));
  for (;;) {
    const which = randomInt(streams.length);
    const events = newEvents(BATCH_SIZES[randomInt(BATCH_SIZES.length)]!, 'CrashTested');
    const expected: ExpectedRevision = revisions[which]! < 0 ? 'no_stream' : revisions[which]!;
    const result = await store.append(streams[which]!, events, expected);
    if (result.outcome !== 'appended') throw new Error(`unexpected conflict ${JSON.stringify(result)}`);
    acknowledge(
      streams[which]!,
      revisions[which]! + 1,
      events.map((event) => event.id),
    );
    revisions[which] = result.nextRevision;
  }
}

// Several appenders share one stream with 'any': revisions come only from the results.
async function sharedStreamAppender(store: EventStore): Promise<never> {
  for (;;) {
    const events = newEvents(randomInt(1, 4), 'CrashShared');
    const result = await store.append(SHARED_STREAM, events, 'any');
    if (result.outcome !== 'appended') throw new Error(`unexpected conflict ${JSON.stringify(result)}`);
    acknowledge(
      SHARED_STREAM,
      result.nextRevision - events.length + 1,
      events.map((event) => event.id),
    );
  }
}

const directory = process.argv[2];
if (!directory) throw new Error('usage: crashWriter.js <data directory>');
// Never outlive the test: stop when the parent goes away, or after a while at the latest.
process.stdin.on('end', () => process.exit(2)).resume();
setTimeout(() => process.exit(3), SAFETY_EXIT_MS).unref();
const store = await EmbeddedEventStore.open(directory);
await Promise.all([
  ...Array.from({ length: APPENDERS }, (_, appender) => ownStreamsAppender(store, appender)),
  sharedStreamAppender(store),
  sharedStreamAppender(store),
]);
