// Runs async work one piece at a time, in call order: live event processing and a
// rebuild's switch-over never interleave.
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private running = 0;

  // Nothing queued or running: work done synchronously now comes after all work before it.
  get idle(): boolean {
    return this.running === 0;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    this.running++;
    const result = this.tail.then(work, work).finally(() => this.running--);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
