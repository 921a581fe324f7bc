import { EventStoreDbEventStore } from '../../../infrastructure/shared/eventStore/eventStoreDbEventStore.js';
import { describeEventStoreContract } from './eventStore.contract.js';

const url = process.env.FORGELOG_EVENTSTORE_URL;

// Runs only against a reachable server: no EventStoreDB can be installed on the build machines.
describe('EventStoreDbEventStore', function () {
  before(function () {
    if (!url) {
      console.log('    skipped: FORGELOG_EVENTSTORE_URL is not set, so no EventStoreDB server to test against');
      this.skip();
    }
  });

  describeEventStoreContract('EventStoreDB', async () => {
    let current = new EventStoreDbEventStore(url!);
    return {
      get store() {
        return current;
      },
      async reopen() {
        await current.close();
        current = new EventStoreDbEventStore(url!);
        return current;
      },
      async cleanup() {
        await current.close();
      },
    };
  });
});
