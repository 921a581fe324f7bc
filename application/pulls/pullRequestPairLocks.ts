import { injectable } from 'inversify';

// GitHub allows one open pull request per (repository, base, head repository, head branch).
// The check reads the read model, so two requests at once could both pass it; opening,
// reopening or re-basing a pull request therefore runs under a lock on that pair, held
// until the change is visible to the next check (the handlers settle read-your-writes
// inside it). This closes the race where one process writes the log, as the embedded family
// guarantees (its data directory is locked to one process); API processes of the
// distributed family sharing EventStoreDB would need a reservation stream instead.
@injectable()
export class PullRequestPairLocks {
  private readonly tails = new Map<string, Promise<void>>();

  async holding<T>(pair: { repositoryId: number; base: string; headRepositoryId: number; headRef: string }, work: () => Promise<T>): Promise<T> {
    const key = JSON.stringify([pair.repositoryId, pair.base, pair.headRepositoryId, pair.headRef]);
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      // The last holder leaves no entry behind.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
