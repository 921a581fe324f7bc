import { expect } from 'chai';
import { StreamNotFoundError, WrongExpectedVersionError, type AppendResult as ClientAppendResult, type EventStoreDBClient } from '@eventstore/db-client';
import { EventStoreDbEventStore } from '../../../infrastructure/shared/eventStore/eventStoreDbEventStore.js';
import { newEvents } from './eventStoreFixtures.js';

// The adapter over a fake client answering as the real one does, for what the contract
// cannot reach without a server: how the client reports a refused append.
function storeOver(append: () => Promise<ClientAppendResult>, streamRevisions: readonly bigint[]): EventStoreDbEventStore {
  const client = {
    appendToStream: append,
    readStream: () => ({
      async *[Symbol.asyncIterator]() {
        if (streamRevisions.length === 0) throw new StreamNotFoundError(undefined, 'stream-1');
        for (const revision of [...streamRevisions].reverse()) {
          const [event] = newEvents(1);
          yield {
            event: {
              streamId: 'stream-1',
              id: event!.id,
              isJson: true,
              revision,
              type: event!.type,
              created: new Date(0),
              data: event!.data,
              metadata: event!.metadata,
              position: undefined,
            },
          };
        }
      },
    }),
  };
  return new EventStoreDbEventStore(client as unknown as EventStoreDBClient);
}

describe('EventStoreDB append results', function () {
  it('answers a refused append (throwOnAppendFailure=false) with the stream’s own last revision', async function () {
    // The client's batch append reports BigInt(hasCurrentStreamRevision()): 1n for any stream that exists.
    const refused = async (): Promise<ClientAppendResult> => ({ success: false, nextExpectedRevision: 1n, position: undefined });
    const store = storeOver(refused, [0n, 1n, 2n, 3n, 4n]);
    expect(await store.append('stream-1', newEvents(1), 2)).to.deep.equal({ outcome: 'conflict', streamId: 'stream-1', expected: 2, actual: 4 });
    const missing = storeOver(refused, []);
    expect(await missing.append('stream-1', newEvents(1), 0)).to.deep.equal({ outcome: 'conflict', streamId: 'stream-1', expected: 0, actual: 'no_stream' });
  });

  it('answers a wrong expected version the client throws with the revision it names', async function () {
    const thrown = async (): Promise<ClientAppendResult> => {
      throw new WrongExpectedVersionError(undefined, { streamName: 'stream-1', expected: 'no_stream', current: 7n });
    };
    expect(await storeOver(thrown, []).append('stream-1', newEvents(1), 'no_stream')).to.deep.equal({
      outcome: 'conflict',
      streamId: 'stream-1',
      expected: 'no_stream',
      actual: 7,
    });
  });

  it('answers an append with the commit position the server reports, or -1 for none', async function () {
    const appended = async (): Promise<ClientAppendResult> => ({ success: true, nextExpectedRevision: 3n, position: { commit: 4096n, prepare: 4000n } });
    expect(await storeOver(appended, []).append('stream-1', newEvents(2), 1)).to.deep.equal({ outcome: 'appended', nextRevision: 3, position: 4096 });
    const unplaced = async (): Promise<ClientAppendResult> => ({ success: true, nextExpectedRevision: 3n, position: undefined });
    expect(await storeOver(unplaced, []).append('stream-1', newEvents(2), 1)).to.deep.include({ position: -1 });
  });
});
