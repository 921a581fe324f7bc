// When each pending process is next due, as a binary min-heap of (due time, position): a turn
// of the runner takes what is due without looking at what is not (a backlog of deliveries
// waiting on a receiver that is down is not read four times a second).
//
// Entries are never updated in place: a process rescheduled gets a new entry, and the old one
// is dropped when it surfaces (`isCurrent` says whether an entry still holds).
export class DueQueue {
  private readonly dueTimes: number[] = [];
  private readonly positions: number[] = [];

  get size(): number {
    return this.dueTimes.length;
  }

  push(dueAt: number, position: number): void {
    this.dueTimes.push(dueAt);
    this.positions.push(position);
    this.up(this.dueTimes.length - 1);
  }

  // The earliest due time among the current entries, or undefined.
  earliest(isCurrent: (dueAt: number, position: number) => boolean): number | undefined {
    this.dropStale(isCurrent);
    return this.dueTimes[0];
  }

  // The positions due at `now`, each once, in log order (ascending).
  takeDue(now: number, isCurrent: (dueAt: number, position: number) => boolean): number[] {
    const due = new Set<number>();
    for (;;) {
      this.dropStale(isCurrent);
      if (this.dueTimes.length === 0 || this.dueTimes[0]! > now) break;
      due.add(this.positions[0]!);
      this.pop();
    }
    return [...due].sort((a, b) => a - b);
  }

  private dropStale(isCurrent: (dueAt: number, position: number) => boolean): void {
    while (this.dueTimes.length > 0 && !isCurrent(this.dueTimes[0]!, this.positions[0]!)) this.pop();
  }

  private pop(): void {
    const lastDue = this.dueTimes.pop()!;
    const lastPosition = this.positions.pop()!;
    if (this.dueTimes.length === 0) return;
    this.dueTimes[0] = lastDue;
    this.positions[0] = lastPosition;
    this.down(0);
  }

  // Ordered by due time, then position: equal times come out in log order.
  private before(a: number, b: number): boolean {
    const dueA = this.dueTimes[a]!;
    const dueB = this.dueTimes[b]!;
    return dueA < dueB || (dueA === dueB && this.positions[a]! < this.positions[b]!);
  }

  private up(index: number): void {
    while (index > 0) {
      const parent = (index - 1) >>> 1;
      if (!this.before(index, parent)) return;
      this.swap(index, parent);
      index = parent;
    }
  }

  private down(index: number): void {
    const length = this.dueTimes.length;
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let first = index;
      if (left < length && this.before(left, first)) first = left;
      if (right < length && this.before(right, first)) first = right;
      if (first === index) return;
      this.swap(index, first);
      index = first;
    }
  }

  private swap(a: number, b: number): void {
    [this.dueTimes[a], this.dueTimes[b]] = [this.dueTimes[b]!, this.dueTimes[a]!];
    [this.positions[a], this.positions[b]] = [this.positions[b]!, this.positions[a]!];
  }
}
