import { expect } from 'chai';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { compactHeap } from '../../../infrastructure/shared/container/heapCompaction.js';

describe('heap compaction after a replay', function () {
  it('gives back the old generation a regular full collection leaves fragmented, without exposing gc', function () {
    const exposedBefore = typeof (globalThis as { gc?: unknown }).gc;
    setFlagsFromString('--expose-gc');
    const regularCollection = runInNewContext('gc') as () => void;
    // As a replay does: many documents promoted to the old generation, two in three replaced.
    let all: { id: number; text: string }[] | null = [];
    for (let id = 0; id < 600_000; id++) all.push({ id, text: `document ${id}` });
    const kept = all.filter((_, index) => index % 3 === 0);
    all = null;
    regularCollection();
    const fragmented = process.memoryUsage().heapTotal;
    expect(compactHeap()).to.equal(true);
    const compacted = process.memoryUsage().heapTotal;
    expect(kept).to.have.length(200_000);
    expect(compacted, `${Math.round(fragmented / 1e6)} MB before, ${Math.round(compacted / 1e6)} MB after`).to.be.below(fragmented * 0.8);
    expect(typeof (globalThis as { gc?: unknown }).gc).to.equal(exposedBefore);
    expect(typeof runInNewContext('typeof gc')).to.equal('string');
    expect(runInNewContext('typeof gc')).to.equal('undefined');
  });
});
