interface Waiter {
  readonly position: number;
  readonly resolve: (reached: boolean) => void;
  readonly timer: NodeJS.Timeout;
}

// Callers waiting for the projections to reach a log position (read-your-writes).
export class PositionWaiters {
  private reached = -1;
  private waiting: Waiter[] = [];

  get position(): number {
    return this.reached;
  }

  advance(position: number): void {
    if (position <= this.reached) return;
    this.reached = position;
    if (this.waiting.length === 0) return;
    const still: Waiter[] = [];
    for (const waiter of this.waiting) {
      if (waiter.position <= position) {
        clearTimeout(waiter.timer);
        waiter.resolve(true);
      } else still.push(waiter);
    }
    this.waiting = still;
  }

  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (position <= this.reached) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((w) => w.timer !== timer);
        resolve(false);
      }, timeoutMs);
      timer.unref();
      this.waiting.push({ position, resolve, timer });
    });
  }

  rejectAll(): void {
    for (const waiter of this.waiting) {
      clearTimeout(waiter.timer);
      waiter.resolve(false);
    }
    this.waiting = [];
  }
}
