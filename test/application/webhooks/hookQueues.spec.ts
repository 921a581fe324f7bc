import { expect } from 'chai';
import { HookQueues } from '../../../application/webhooks/webhookSender.process.js';
import { seededRandom } from '../../support/seededRandom.js';

// One hook's deliveries leave in log order: the first waiting is the lowest position entered
// and not yet left, whatever order they entered and left in (checked against a sorted list).
describe('webhook sender: the queue of each hook', () => {
  it('answers which delivery is first through 5,000 random enters and leaves, as a sorted list does', () => {
    const random = seededRandom(20261126);
    const queues = new HookQueues();
    const expected = new Map<number, number[]>([
      [1, []],
      [2, []],
    ]);
    for (let step = 0; step < 5000; step++) {
      const hook = random() < 0.5 ? 1 : 2;
      const waiting = expected.get(hook)!;
      const position = Math.floor(random() * 400);
      if (random() < 0.55) {
        queues.enter(hook, position);
        if (!waiting.includes(position)) waiting.push(position);
        waiting.sort((a, b) => a - b);
      } else {
        // Mostly the first leaves (delivered), now and then another (its hook deleted).
        const leaving = waiting.length > 0 && random() < 0.8 ? waiting[0]! : position;
        queues.leave(hook, leaving, `guid-${leaving}`);
        expected.set(
          hook,
          waiting.filter((queued) => queued !== leaving),
        );
      }
      for (const [id, list] of expected) {
        const probe = list[0] ?? 999;
        expect(queues.isFirst(id, probe), `step ${step}, hook ${id}`).to.equal(true);
        if (list.length > 1) expect(queues.isFirst(id, list[1]!)).to.equal(false);
      }
    }
  });

  it('counts a delivery’s failures until it leaves', () => {
    const queues = new HookQueues();
    queues.enter(1, 10);
    expect(queues.failed('g')).to.equal(1);
    expect(queues.failed('g')).to.equal(2);
    queues.leave(1, 10, 'g');
    expect(queues.failed('g')).to.equal(1);
  });
});
