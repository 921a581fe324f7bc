import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedEventStore, type EmbeddedEventStoreOptions } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';
import type { EventStoreUnderTest } from './eventStore.contract.js';

export interface EmbeddedUnderTest extends EventStoreUnderTest {
  readonly directory: string;
  readonly store: EmbeddedEventStore;
  reopen(): Promise<EmbeddedEventStore>;
}

// A store in a fresh temporary directory; reopen closes it and opens the same directory again.
export async function openEmbeddedUnderTest(options: EmbeddedEventStoreOptions = {}): Promise<EmbeddedUnderTest> {
  const directory = await mkdtemp(join(tmpdir(), 'forgelog-events-'));
  let current = await EmbeddedEventStore.open(directory, options);
  return {
    directory,
    get store() {
      return current;
    },
    async reopen() {
      await current.close();
      current = await EmbeddedEventStore.open(directory, options);
      return current;
    },
    async cleanup() {
      await current.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
