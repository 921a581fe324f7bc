import { randomBytes } from 'node:crypto';
import type { ReadModelStore } from '../../../application/shared/ports/readModelStore.port.js';
import { describeCollectionLifecycleContract } from './readModelStoreCollections.contract.js';
import { describeIndexContract } from './readModelStoreIndexes.contract.js';
import { describePositionGuardContract } from './readModelStorePositionGuard.contract.js';
import { describeLeaseContract } from './readModelStoreLease.contract.js';
import { describeQueryContract } from './readModelStoreQueries.contract.js';
import { describeRefusedUpdateContract } from './readModelStoreRefusedUpdates.contract.js';
import { describeWriteContract } from './readModelStoreWrites.contract.js';
import { describeWriteBehindContract } from './readModelStoreWriteBehind.contract.js';

export interface OpenedReadModelStore {
  readonly store: ReadModelStore;
  cleanup(): Promise<void>;
}

// What each part of the contract gets: the store under test and collection names that are
// unique to the running test, so the suite can share one real server with other runs.
export interface ReadModelStoreContext {
  store(): ReadModelStore;
  collectionName(base: string): string;
}

export function describeReadModelStoreContract(name: string, factory: () => Promise<OpenedReadModelStore>): void {
  describe(`ReadModelStore contract (${name})`, function () {
    let opened: OpenedReadModelStore | undefined;
    let prefix = '';

    before(async function () {
      opened = await factory();
    });
    after(async function () {
      await opened?.cleanup();
    });
    beforeEach(function () {
      prefix = `contract_${randomBytes(5).toString('hex')}_`;
    });

    const context: ReadModelStoreContext = {
      store: () => {
        if (!opened) throw new Error('the store factory did not run');
        return opened.store;
      },
      collectionName: (base) => prefix + base,
    };
    describeQueryContract(context);
    describeWriteContract(context);
    describeRefusedUpdateContract(context);
    describeIndexContract(context);
    describeCollectionLifecycleContract(context);
    describePositionGuardContract(context);
    describeLeaseContract(context);
    describeWriteBehindContract(context);
  });
}
