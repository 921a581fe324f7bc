import type { AllSubscription, StoredEvent, SubscribeToAllOptions } from '../../../application/shared/ports/eventStore.port.js';

export interface CatchUpSource {
  durablePosition(): number;
  readAfter(after: number, maxCount: number): Promise<StoredEvent[]>;
}

const READ_BATCH_EVENTS = 512;
// A subscriber this far behind live events drops them and reads from the log instead.
const LIVE_BUFFER_EVENTS = 10_000;

// Delivers every durable event after `after`, in order, once: from the log while behind, then from the
// events the store hands over after each commit. Handing over never blocks the writer.
export class CatchUpSubscription implements AllSubscription {
  private live: StoredEvent[] = [];
  private wake: (() => void) | undefined;
  private closed = false;
  private failure: unknown;
  private readonly finished: Promise<void>;

  constructor(
    private readonly source: CatchUpSource,
    private readonly options: SubscribeToAllOptions,
  ) {
    this.finished = this.run(options.after ?? -1);
  }

  offer(events: readonly StoredEvent[]): void {
    if (this.closed) return;
    if (this.live.length + events.length > LIVE_BUFFER_EVENTS) this.live = [];
    else for (const event of events) this.live.push(event);
    this.wake?.();
  }

  // Resolves once no handler runs any more; a handler must not await its own subscription's close.
  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    await this.finished;
    if (this.failure !== undefined && !this.options.onError) throw this.failure;
  }

  private async run(after: number): Promise<void> {
    let last = after;
    try {
      while (!this.closed) {
        const events = await this.nextEvents(last);
        for (const event of events) {
          if (this.closed) return;
          const handled = this.options.onEvent(event);
          if (handled !== undefined) await handled;
          last = event.position;
        }
      }
    } catch (error) {
      this.closed = true;
      this.failure = error;
      this.options.onError?.(error);
    }
  }

  private async nextEvents(last: number): Promise<readonly StoredEvent[]> {
    const fromLive = this.takeLive(last);
    if (fromLive.length > 0) return fromLive;
    if (this.source.durablePosition() > last) return this.source.readAfter(last, READ_BATCH_EVENTS);
    await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = undefined;
    return [];
  }

  private takeLive(last: number): StoredEvent[] {
    let delivered = 0;
    while (delivered < this.live.length && this.live[delivered]!.position <= last) delivered++;
    const pending = delivered > 0 ? this.live.slice(delivered) : this.live;
    if (pending.length === 0 || pending[0]!.position !== last + 1) {
      this.live = pending;
      return [];
    }
    this.live = [];
    return pending;
  }
}
