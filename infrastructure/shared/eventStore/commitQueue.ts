import type { PendingWrite, SegmentLog } from './segmentLog.js';

interface QueuedBatch {
  readonly write: PendingWrite;
  readonly lastPosition: number;
  readonly payloads: readonly string[];
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

interface PositionWaiter {
  readonly position: number;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

// Group commit: one loop takes everything queued, writes it with one write and one fdatasync, and only
// then acknowledges it. After a failed write nothing more is accepted: what reached the disk is unknown.
export class CommitQueue {
  private queued: QueuedBatch[] = [];
  private waiters: PositionWaiter[] = [];
  private running: Promise<void> | undefined;
  private failure: Error | undefined;
  // For /metrics: appends acknowledged, their events, and the write + fdatasync batches they took.
  readonly statistics = { appends: 0, events: 0, durableWrites: 0 };

  constructor(
    private readonly log: SegmentLog,
    private durable: number,
    private readonly onDurable: (payloads: readonly string[]) => void,
  ) {}

  get durablePosition(): number {
    return this.durable;
  }

  get failed(): Error | undefined {
    return this.failure;
  }

  enqueue(write: PendingWrite, lastPosition: number, payloads: readonly string[]): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.queued.push({ write, lastPosition, payloads, resolve, reject });
      this.running ??= this.run();
    });
  }

  untilDurable(position: number): Promise<void> {
    if (position <= this.durable) return Promise.resolve();
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiters.push({ position, resolve, reject }));
  }

  async drained(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    try {
      while (this.queued.length > 0) {
        const batches = this.queued;
        this.queued = [];
        await this.writeDurably(batches);
        // Appenders just acknowledged often append again at once: let them join the next write.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      this.running = undefined;
    }
  }

  private async writeDurably(batches: readonly QueuedBatch[]): Promise<void> {
    try {
      await this.log.write(batches.map((batch) => batch.write));
    } catch (error) {
      this.fail(error, batches);
      return;
    }
    this.statistics.durableWrites++;
    for (const batch of batches) {
      this.statistics.appends++;
      this.statistics.events += batch.payloads.length;
      this.durable = batch.lastPosition;
      this.onDurable(batch.payloads);
      batch.resolve();
    }
    this.releaseWaiters();
  }

  private releaseWaiters(): void {
    if (this.waiters.length === 0) return;
    const waiting: PositionWaiter[] = [];
    for (const waiter of this.waiters) {
      if (waiter.position <= this.durable) waiter.resolve();
      else waiting.push(waiter);
    }
    this.waiters = waiting;
  }

  private fail(error: unknown, batches: readonly QueuedBatch[]): void {
    this.failure = new Error('Event log write failed; the store accepts no more appends', { cause: error });
    for (const batch of [...batches, ...this.queued.splice(0)]) batch.reject(this.failure);
    for (const waiter of this.waiters.splice(0)) waiter.reject(this.failure);
  }
}
