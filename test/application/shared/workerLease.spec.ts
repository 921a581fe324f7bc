import { expect } from 'chai';
import { WorkerLease } from '../../../application/shared/projections/workerLease.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { ManualClock } from '../../support/testServer.js';

describe('worker lease: one projection worker at a time, with takeover', () => {
  it('a standby cannot take a live lease, takes it once it expires, and the old holder learns it lost it', async () => {
    const store = new EmbeddedReadModelStore();
    const clock = new ManualClock(new Date('2026-11-24T10:00:00Z'));
    const first = new WorkerLease(store, clock, 'projection-worker', 'worker-a', 15_000);
    const standby = new WorkerLease(store, clock, 'projection-worker', 'worker-b', 15_000);
    expect(await first.tryAcquire()).to.equal(true);
    expect(await standby.tryAcquire()).to.equal(false);
    clock.advance(10_000);
    expect(await first.renew()).to.equal(true);
    clock.advance(10_000);
    expect(await standby.tryAcquire()).to.equal(false);
    clock.advance(5_001);
    expect(await standby.tryAcquire()).to.equal(true);
    expect(await standby.currentHolder()).to.equal('worker-b');
    expect(await first.renew()).to.equal(false);
    expect(await first.tryAcquire()).to.equal(false);
    await standby.release();
    expect(await first.tryAcquire()).to.equal(true);
  });
});
