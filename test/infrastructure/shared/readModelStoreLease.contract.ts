import { expect } from 'chai';
import { WorkerLease } from '../../../application/shared/projections/workerLease.js';
import { ManualClock } from '../../support/testServer.js';
import type { ReadModelStoreContext } from './readModelStore.contract.js';

// The worker lease is a conditional upsert: on every store, a live lease refuses a second
// holder (by the unique _id), an expired one is taken over.
export function describeLeaseContract(context: ReadModelStoreContext): void {
  describe('worker lease', function () {
    it('refuses a second holder while the lease lives, lets it take over at expiry, and the first learns it lost it', async function () {
      const clock = new ManualClock(new Date('2026-11-24T10:00:00Z'));
      const name = context.collectionName('lease');
      const first = new WorkerLease(context.store(), clock, name, 'worker-a', 15_000);
      const standby = new WorkerLease(context.store(), clock, name, 'worker-b', 15_000);
      expect(await first.tryAcquire()).to.equal(true);
      expect(await first.tryAcquire()).to.equal(true);
      expect(await standby.tryAcquire()).to.equal(false);
      clock.advance(15_001);
      expect(await standby.tryAcquire()).to.equal(true);
      expect(await first.renew()).to.equal(false);
      expect(await standby.currentHolder()).to.equal('worker-b');
      await standby.release();
      expect(await standby.currentHolder()).to.equal(null);
    });
  });
}
