import { randomBytes } from 'node:crypto';
import { MongoReadModelStore } from '../../../infrastructure/shared/readModels/mongoReadModelStore.js';
import { describeReadModelStoreContract } from './readModelStore.contract.js';

const url = process.env.FORGELOG_MONGODB_URL;

describe('MongoReadModelStore', function () {
  before(function () {
    if (!url) {
      console.log('      skipped: FORGELOG_MONGODB_URL is not set, so there is no MongoDB server to run the contract against');
      this.skip();
    }
  });

  describeReadModelStoreContract('MongoDB', async () => {
    const databaseName = `forgelog_contract_${randomBytes(6).toString('hex')}`;
    const store = await MongoReadModelStore.open(url!, databaseName, { serverSelectionTimeoutMS: 10_000 });
    return {
      store,
      cleanup: async () => {
        await store.dropDatabase();
        await store.close();
      },
    };
  });
});
