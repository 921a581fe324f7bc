import { mkdir } from 'node:fs/promises';
import type {
  EventStoreStatistics,
  AllSubscription,
  AppendResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  StoredEvent,
  SubscribeToAllOptions,
} from '../../../application/shared/ports/eventStore.port.js';
import { CatchUpSubscription } from './catchUpSubscription.js';
import { ChunkedEventIterator } from './chunkedEventIterator.js';
import { CommitQueue } from './commitQueue.js';
import { DirectoryLock } from './directoryLock.js';
import { EventIndex, type FrameLocation } from './eventIndex.js';
import { assertValidExpectedRevision, revisionConflict } from './expectedRevision.js';
import { LogReader, selectStreamPositions } from './logReader.js';
import { encodeFrames, serializeRecord, type RecordHeader } from './recordFrames.js';
import { SegmentLog, type PendingWrite } from './segmentLog.js';
import { SharedChunkReads } from './sharedChunkReads.js';
import { retriedAppend } from './retriedAppend.js';

export interface EmbeddedEventStoreOptions {
  readonly segmentBytes?: number;
}

const DEFAULT_SEGMENT_BYTES = 128 * 1024 * 1024;

// The default event store: an append-only log of framed records in segment files under the data
// directory, indexed in memory. Positions are dense (0, 1, 2, ...). Appends are acknowledged, and
// seen by readers and subscribers, only once fdatasync'd; concurrent appends share one fdatasync.
export class EmbeddedEventStore implements EventStore {
  private readonly commits: CommitQueue;
  private readonly reader: LogReader;
  private readonly catchUpReads: SharedChunkReads;
  private readonly subscriptions = new Set<CatchUpSubscription>();
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly index: EventIndex,
    private readonly log: SegmentLog,
    // absent when opened read-only: no lock is taken and appends are refused
    private readonly lock: DirectoryLock | undefined,
  ) {
    this.commits = new CommitQueue(log, index.count - 1, (payloads) => this.publish(payloads));
    this.reader = new LogReader(index, log);
    this.catchUpReads = new SharedChunkReads((after, maxCount, head) => this.reader.readChunk(after, maxCount, head));
  }

  static async open(directory: string, options: EmbeddedEventStoreOptions = {}): Promise<EmbeddedEventStore> {
    await mkdir(directory, { recursive: true });
    const lock = await DirectoryLock.acquire(directory);
    try {
      const index = new EventIndex();
      const segmentBytes = options.segmentBytes ?? DEFAULT_SEGMENT_BYTES;
      const log = await SegmentLog.open(directory, segmentBytes, (header, at) => indexRecord(index, header, at));
      return new EmbeddedEventStore(index, log, lock);
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  // A consistent view of the log as it is now, beside the process that writes it (for audits).
  static async openReadOnly(directory: string, options: EmbeddedEventStoreOptions = {}): Promise<EmbeddedEventStore> {
    const index = new EventIndex();
    const segmentBytes = options.segmentBytes ?? DEFAULT_SEGMENT_BYTES;
    const log = await SegmentLog.open(directory, segmentBytes, (header, at) => indexRecord(index, header, at), 'read');
    return new EmbeddedEventStore(index, log, undefined);
  }

  // Not async: all checks and the reservation happen now, in call order, and the promise that waits
  // for durability holds only the result (a suspended async frame would keep the payloads alive).
  append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    try {
      return this.appendNow(streamId, events, expected);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private appendNow(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    this.assertWritable();
    assertValidExpectedRevision(expected);
    const lastRevision = this.index.lastRevision(streamId);
    const retried = retriedAppend(this.index, streamId, events, expected);
    if (retried?.outcome === 'appended') return this.commits.untilDurable(retried.position).then(() => retried);
    const refused = retried ?? revisionConflict(streamId, expected, lastRevision);
    if (refused) return Promise.resolve(refused);
    if (events.length === 0) return this.emptyAppend(streamId);
    const { write, lastPosition, payloads } = this.reserve(streamId, events);
    const result: AppendResult = { outcome: 'appended', nextRevision: lastRevision + events.length, position: lastPosition };
    // Without subscribers the payloads are not kept; one subscribing meanwhile reads them from the log.
    const kept = this.subscriptions.size > 0 ? payloads : [];
    return this.commits.enqueue(write, lastPosition, kept).then(() => result);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const known = this.index.streamPositions(streamId);
    if (known.length === 0) return [];
    // A stream with appends in flight is read once they are durable, never half-way.
    await this.commits.untilDurable(known[known.length - 1]!);
    // Its positions as they are now, appends made meanwhile included (the index may hand out
    // a new list once a stream grows past one event).
    const positions = this.index.streamPositions(streamId);
    const durable = this.commits.durablePosition;
    let durableCount = positions.length;
    while (durableCount > 0 && positions[durableCount - 1]! > durable) durableCount--;
    const { ascending, backwards } = selectStreamPositions(positions, durableCount, options);
    const events = await this.reader.readPositions(ascending);
    return backwards ? events.reverse() : events;
  }

  readAll(options: ReadAllOptions = {}): AsyncIterable<StoredEvent> {
    const readChunk = (after: number, maxCount: number) => this.reader.readChunk(after, maxCount, this.commits.durablePosition);
    return new ChunkedEventIterator(readChunk, options.after ?? -1, options.maxCount ?? Number.POSITIVE_INFINITY);
  }

  subscribeToAll(options: SubscribeToAllOptions): AllSubscription {
    if (this.closing) throw new Error('Event store is closed');
    const subscription = new CatchUpSubscription(
      {
        durablePosition: () => this.commits.durablePosition,
        readAfter: (after, maxCount) => this.catchUpReads.readChunk(after, maxCount, this.commits.durablePosition),
      },
      options,
    );
    this.subscriptions.add(subscription);
    return {
      close: () => {
        this.subscriptions.delete(subscription);
        return subscription.close();
      },
    };
  }

  statistics(): EventStoreStatistics {
    return { ...this.commits.statistics };
  }

  async headPosition(): Promise<number> {
    return this.commits.durablePosition;
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    await this.commits.drained();
    await Promise.allSettled([...this.subscriptions].map((subscription) => subscription.close()));
    this.subscriptions.clear();
    await this.log.close();
    await this.lock?.release();
  }

  private assertWritable(): void {
    if (this.closing) throw new Error('Event store is closed');
    if (!this.lock) throw new Error('Event store is open read-only');
    if (this.commits.failed) throw this.commits.failed;
  }

  private async emptyAppend(streamId: string): Promise<AppendResult> {
    const positions = this.index.streamPositions(streamId);
    const position = positions[positions.length - 1] ?? -1;
    await this.commits.untilDurable(position);
    // The revision as it is now, appends made meanwhile included.
    return { outcome: 'appended', nextRevision: this.index.lastRevision(streamId), position };
  }

  // Encoding comes first: an event JSON cannot represent throws before any state changes.
  private reserve(streamId: string, events: readonly EventToAppend[]) {
    const recordedAt = new Date().toISOString();
    const firstRevision = this.index.lastRevision(streamId) + 1;
    const firstPosition = this.index.count;
    const payloads = events.map((event, i) => serializeRecord(event, streamId, firstRevision + i, firstPosition + i, recordedAt));
    const { bytes, payloadLengths } = encodeFrames(payloads);
    const { segment, offset } = this.log.reserve(bytes.length);
    this.index.addAppend(
      streamId,
      events.map((event) => event.id),
      segment,
      offset,
      payloadLengths,
    );
    const write: PendingWrite = { segment, offset, bytes };
    return { write, lastPosition: firstPosition + events.length - 1, payloads };
  }

  // Subscribers get what a read would return (the JSON round trip), parsed once for all of them. Each
  // is offered every commit, possibly without its events, so that it wakes and reads what it missed.
  private publish(payloads: readonly string[]): void {
    if (this.subscriptions.size === 0) return;
    const events = payloads.map((payload) => JSON.parse(payload) as StoredEvent);
    for (const subscription of this.subscriptions) subscription.offer(events);
  }
}

function indexRecord(index: EventIndex, header: RecordHeader, location: FrameLocation): void {
  const dense = header.position === index.count && header.revision === index.lastRevision(header.streamId) + 1;
  if (!dense || index.positionOfId(header.id) !== undefined) {
    throw new Error(`Event log corrupt: record ${header.id} out of sequence at position ${index.count}`);
  }
  index.add(header.id, header.streamId, location);
}
