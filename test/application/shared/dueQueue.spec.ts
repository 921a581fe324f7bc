import { expect } from 'chai';
import { DueQueue } from '../../../application/shared/processes/dueQueue.js';
import { seededRandom } from '../../support/seededRandom.js';

// The runner's schedule: what a turn takes is every process due at that time, each once, in
// log order, whatever was rescheduled (checked against a plain map of due times).
describe('process runner: the due queue', () => {
  it('takes what is due through 20,000 random schedules, reschedules and completions, as a scan of every process does', () => {
    const random = seededRandom(20261127);
    const queue = new DueQueue();
    const dueAt = new Map<number, number>();
    const isCurrent = (due: number, position: number) => dueAt.get(position) === due;
    let now = 0;
    for (let step = 0; step < 20_000; step++) {
      const position = Math.floor(random() * 500);
      const roll = random();
      if (roll < 0.45) {
        const due = now + Math.floor(random() * 50);
        dueAt.set(position, due);
        queue.push(due, position);
      } else if (roll < 0.55) {
        dueAt.delete(position); // finished
      } else if (roll < 0.6) {
        dueAt.set(position, Number.POSITIVE_INFINITY); // parked: no entry
      } else if (roll < 0.95) {
        now += Math.floor(random() * 5);
        const expected = [...dueAt].filter(([, due]) => due <= now).map(([p]) => p);
        expected.sort((a, b) => a - b);
        expect(queue.takeDue(now, isCurrent), `step ${step}`).to.deep.equal(expected);
        // What was taken runs and is scheduled again, later, or finishes.
        for (const taken of expected) {
          if (random() < 0.5) dueAt.delete(taken);
          else {
            const due = now + 1 + Math.floor(random() * 20);
            dueAt.set(taken, due);
            queue.push(due, taken);
          }
        }
      } else {
        const finite = [...dueAt.values()].filter(Number.isFinite);
        expect(queue.earliest(isCurrent), `step ${step}`).to.equal(finite.length === 0 ? undefined : Math.min(...finite));
      }
    }
    // Stale entries are dropped as they surface: the heap holds no more than the live schedule and what is still ahead.
    expect(queue.size).to.be.below(2_000);
  });
});
