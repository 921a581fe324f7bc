import type { EventMetadata } from '../../../domain/shared/event.js';

// What the caller believes about the stream before appending (EventStoreDB's vocabulary).
// A number is the revision of the stream's last event (0-based).
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface EventToAppend {
  readonly id: string; // a UUID; appending the same ids again is idempotent
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
}

export interface StoredEvent {
  readonly id: string;
  readonly streamId: string;
  readonly revision: number; // 0-based position within the stream
  readonly position: number; // global position in the log, strictly increasing
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  readonly recordedAt: string;
}

export type AppendResult =
  | { readonly outcome: 'appended'; readonly nextRevision: number; readonly position: number }
  | {
      readonly outcome: 'conflict';
      readonly streamId: string;
      readonly expected: ExpectedRevision;
      readonly actual: number | 'no_stream';
    };

export interface ReadStreamOptions {
  readonly direction?: 'forwards' | 'backwards';
  // inclusive; forwards defaults to the first event, backwards to the last
  readonly fromRevision?: number;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  // exclusive: events strictly after this position; omitted means from the very start
  readonly after?: number;
  readonly maxCount?: number;
}

export interface AllSubscription {
  close(): Promise<void>;
}

export interface SubscribeToAllOptions {
  readonly after?: number;
  // called in log order, one at a time; the next event waits for the promise, if one is
  // returned (a subscriber that passes over an event at once returns nothing: no await)
  readonly onEvent: (event: StoredEvent) => Promise<void> | void;
  readonly onError?: (error: unknown) => void;
}

// Counted since the process started, for /metrics; durableWrites where the adapter groups
// appends into one write and fsync (the embedded store).
export interface EventStoreStatistics {
  readonly appends: number;
  readonly events: number;
  readonly durableWrites?: number;
}

export interface EventStore {
  // Only a transport or storage fault throws; a revision mismatch is a conflict value.
  append(streamId: string, events: readonly EventToAppend[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  // An absent stream reads as empty.
  readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  readAll(options?: ReadAllOptions): AsyncIterable<StoredEvent>;
  subscribeToAll(options: SubscribeToAllOptions): AllSubscription;
  // Global position of the last acknowledged event, or -1 for an empty log.
  headPosition(): Promise<number>;
  statistics(): EventStoreStatistics;
  close(): Promise<void>;
}
