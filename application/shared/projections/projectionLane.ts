import type { AllSubscription, EventStore, StoredEvent } from '../ports/eventStore.port.js';
import { PositionWaiters } from './positionWaiters.js';
import { SerialQueue } from './serialQueue.js';

export interface LaneOptions {
  // First wait after a dropped subscription; doubled per failure without progress, capped.
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  // Consecutive failures without progress before the lane gives up (the worker then exits).
  readonly maxFailures: number;
}

export const DEFAULT_LANE_OPTIONS: LaneOptions = { retryBaseMs: 250, retryMaxMs: 30_000, maxFailures: 8 };

// Where the lane's projections write behind (the store batches writes): what the events
// applied since the last flush hold is written at `flush`. A flush that fails keeps what it
// did not write, for the next one (each write is a final state, guarded by position, so
// writing one again is harmless, where applying its events again would count twice).
export interface HeldWrites {
  flush(): Promise<void>;
}

// Held writes are written when the events at hand are applied (a read of the log, or the
// live events a commit handed over), and at the latest after this many.
const FLUSH_EVERY_EVENTS = 512;

// How far an eventual lane may fall behind while giving way to the commands at every event,
// and how long it then works between turns.
const KEEP_UP_EVENTS = 500;
const SLICE_MS = 4;

export interface LaneEvents {
  onResubscribe(lane: string, failures: number, error: unknown): void;
  onFatal(lane: string, error: unknown): void;
}

// One subscription to the log feeding some projections in order, one event at a time. With
// held writes, the lane's position (what read-your-writes waits for) moves when they are
// written, not when the events are applied. A
// dropped subscription (the store restarted, the connection broke, a projection threw)
// resubscribes after the last event applied, with backoff; after too many failures in a row
// without progress the lane stops and reports the failure as fatal.
export class ProjectionLane {
  readonly waiters = new PositionWaiters();
  readonly queue = new SerialQueue();
  private subscription: AllSubscription | undefined;
  private failures = 0;
  private stopped = true;
  private retryTimer: NodeJS.Timeout | undefined;
  failure: unknown;
  resubscriptions = 0;
  // The last event applied whose writes are held; the position when none are.
  private applied = -1;
  private sinceFlush = 0;
  private flushScheduled = false;
  // Events past this position are applied a turn of the event loop later (`yieldToCommands`).
  private yieldsAfter = Number.POSITIVE_INFINITY;
  private head: () => number = () => -1;
  private sliceStartedAt = 0;

  constructor(
    readonly name: string,
    private readonly eventStore: EventStore,
    private readonly apply: (event: StoredEvent) => Promise<void>,
    private readonly events: LaneEvents,
    private readonly options: LaneOptions = DEFAULT_LANE_OPTIONS,
    private readonly held?: HeldWrites,
    // True when it has taken the event as seen, at once, because none of the lane's
    // projections acts on it; false when it must be applied.
    private readonly passOver: (event: StoredEvent) => boolean = () => false,
  ) {}

  get position(): number {
    return this.waiters.position;
  }

  get following(): boolean {
    return this.subscription !== undefined;
  }

  // An eventual lane gives way to the commands: each event past `position` (the log's head
  // when the runner started, so not during the start's catch-up) waits for a turn of the event
  // loop before it is applied. Applied as soon as the commit that brought it was acknowledged,
  // the eventual lanes' work ran ahead of the commands' own (their projections, their next
  // appends, the disk's completions): with sixteen clients opening issues the process sat idle
  // a fifth of the time waiting on fdatasyncs queued behind it. A lane that falls
  // KEEP_UP_EVENTS behind `head` (the read-your-writes lane's position) gives way once per
  // SLICE_MS instead, so it catches up: its lag stays bounded under any load.
  yieldToCommands(position: number, head: () => number): void {
    this.yieldsAfter = position;
    this.head = head;
  }

  private async giveWay(event: StoredEvent): Promise<void> {
    const behind = this.head() - event.position >= KEEP_UP_EVENTS;
    if (behind && performance.now() - this.sliceStartedAt < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.sliceStartedAt = performance.now();
  }

  start(after: number): void {
    this.waiters.advance(after);
    this.applied = this.position;
    this.stopped = false;
    this.subscribe();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.close().catch(() => undefined);
    await this.queue.run(() => this.flushHeld()).catch(() => undefined);
    this.waiters.rejectAll();
  }

  // Writes what the events applied hold and moves the position past them. Runs in the
  // lane's queue (a rebuild's switch-over calls it there first).
  async flushHeld(): Promise<void> {
    if (this.held === undefined || this.applied <= this.position) return;
    const applied = this.applied;
    await this.held.flush();
    this.sinceFlush = 0;
    // Progress, with held writes, is what is written.
    this.failures = 0;
    this.waiters.advance(applied);
  }

  // Drops the subscription as a broken connection would (specs and operators use it).
  async dropSubscription(error: unknown): Promise<void> {
    await this.failed(error);
  }

  // After the last event applied: with held writes, those applied but not yet written stay
  // held (a failed flush is tried again) and are not applied twice.
  private subscribe(): void {
    const after = Math.max(this.position, this.applied);
    if (this.held !== undefined && this.applied > this.position) this.scheduleFlush();
    this.subscription = this.eventStore.subscribeToAll({
      ...(after >= 0 ? { after } : {}),
      onEvent: (event) => (this.passedOver(event) ? undefined : this.queue.run(() => this.process(event))),
      onError: (error) => void this.failed(error),
    });
  }

  private async process(event: StoredEvent): Promise<void> {
    if (this.alreadyApplied(event)) return;
    if (event.position > this.yieldsAfter) {
      await this.giveWay(event);
      if (this.alreadyApplied(event)) return;
    }
    await this.apply(event);
    if (this.flushDue) {
      this.applied = event.position;
      await this.flushHeld();
    } else this.seen(event);
  }

  // An event the lane's projections pass over, taken as seen without a turn of the queue: a
  // replay hands every lane every event, and most lanes act on few of them (nine lanes
  // awaiting each event cost 13 µs per event with nothing applied). Only with nothing queued,
  // and not when the held writes are due, which takes a flush.
  private passedOver(event: StoredEvent): boolean {
    if (!this.queue.idle || this.flushDue) return false;
    if (this.alreadyApplied(event)) return true;
    if (!this.passOver(event)) return false;
    this.seen(event);
    return true;
  }

  private alreadyApplied(event: StoredEvent): boolean {
    return event.position <= Math.max(this.position, this.applied);
  }

  // The next event seen makes the held writes due.
  private get flushDue(): boolean {
    return this.held !== undefined && this.sinceFlush + 1 >= FLUSH_EVERY_EVENTS;
  }

  private seen(event: StoredEvent): void {
    if (this.held === undefined) {
      this.failures = 0;
      this.waiters.advance(event.position);
      return;
    }
    this.applied = event.position;
    this.sinceFlush++;
    this.scheduleFlush();
  }

  // After the events at hand: the subscription hands the next one over in the same turn.
  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      if (this.stopped) return;
      this.queue.run(() => this.flushHeld()).catch((error: unknown) => void this.failed(error));
    });
  }

  private async failed(error: unknown): Promise<void> {
    if (this.stopped) return;
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.close().catch(() => undefined);
    this.failures++;
    if (this.failures > this.options.maxFailures) {
      this.failure = error;
      this.stopped = true;
      // Whoever waits for this lane (a start catching up, read-your-writes) is told at once.
      this.waiters.rejectAll();
      this.events.onFatal(this.name, error);
      return;
    }
    this.resubscriptions++;
    this.events.onResubscribe(this.name, this.failures, error);
    const delay = Math.min(this.options.retryMaxMs, this.options.retryBaseMs * 2 ** (this.failures - 1));
    // Not unref'd: during a start nothing else may be keeping the process alive yet.
    this.retryTimer = setTimeout(() => {
      if (!this.stopped) this.subscribe();
    }, delay);
  }
}
