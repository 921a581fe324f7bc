import { inject, injectable } from 'inversify';
import { EventSourcedIdAllocator } from '../shared/idAllocator.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';

// Milestone numbers are per repository and dense (1, 2, 3...), so they are drawn one at a
// time from their own sequence, as issue numbers are.
@injectable()
export class MilestoneNumberAllocator {
  private readonly sequence: EventSourcedIdAllocator;

  constructor(@inject(TOKENS.EventStore) eventStore: EventStore, @inject(TOKENS.Clock) clock: Clock) {
    this.sequence = new EventSourcedIdAllocator(eventStore, clock, 1);
  }

  next(repositoryId: number): Promise<number> {
    return this.sequence.next(`milestone-number-${repositoryId}`);
  }
}
