import type { Clock } from './ports/clock.port.js';
import type { EventStore } from './ports/eventStore.port.js';
import { EventSourcedIdAllocator } from './idAllocator.js';

// Issues and pull requests share one number sequence per repository, as on GitHub. Numbers
// are drawn one at a time (a block of one), so they stay dense across restarts.
export interface IssueNumberAllocator {
  next(repositoryId: number): Promise<number>;
}

export class EventSourcedIssueNumberAllocator implements IssueNumberAllocator {
  private readonly sequence: EventSourcedIdAllocator;

  constructor(eventStore: EventStore, clock: Clock) {
    this.sequence = new EventSourcedIdAllocator(eventStore, clock, 1);
  }

  next(repositoryId: number): Promise<number> {
    return this.sequence.next(`issue-number-${repositoryId}`);
  }
}
