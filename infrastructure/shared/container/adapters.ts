import { openPrivateDataDirectory } from '../files/privateDataDirectory.js';
import type { EventStore } from '../../../application/shared/ports/eventStore.port.js';
import type { ReadModelStore } from '../../../application/shared/ports/readModelStore.port.js';
import type { SearchIndex } from '../../../application/shared/ports/searchIndex.port.js';
import type { Config } from '../config/config.js';
import { EmbeddedEventStore } from '../eventStore/embeddedEventStore.js';
import { EventStoreDbEventStore } from '../eventStore/eventStoreDbEventStore.js';
import { EmbeddedReadModelStore } from '../readModels/embeddedReadModelStore.js';
import { MongoReadModelStore } from '../readModels/mongoReadModelStore.js';
import { EmbeddedSearchIndex } from '../search/embeddedSearchIndex.js';
import { MeilisearchSearchIndex } from '../search/meilisearchSearchIndex.js';
import { eventsDirectory } from './dataPaths.js';
import { loadSnapshots } from './snapshots.js';

// Each port's adapter is chosen by configuration: a URL selects the real server, its
// absence the embedded adapter under the data directory.
export interface Adapters {
  readonly eventStore: EventStore;
  readonly readModels: ReadModelStore;
  readonly search: SearchIndex;
  readonly embeddedReadModels: EmbeddedReadModelStore | undefined;
  readonly embeddedSearch: EmbeddedSearchIndex | undefined;
  readonly loadedFromSnapshot: boolean;
}

export async function openAdapters(config: Config, options: { loadSnapshots: boolean }): Promise<Adapters> {
  await openPrivateDataDirectory(config.dataDir);
  const eventStore: EventStore = config.eventStoreUrl
    ? new EventStoreDbEventStore(config.eventStoreUrl)
    : await EmbeddedEventStore.open(eventsDirectory(config));
  const bothEmbedded = !config.mongodbUrl && !config.meilisearchUrl;
  const snapshots = bothEmbedded && options.loadSnapshots ? await loadSnapshots(config, await eventStore.headPosition()) : undefined;
  const embeddedReadModels = config.mongodbUrl ? undefined : snapshots?.loaded ? snapshots.readModels : new EmbeddedReadModelStore();
  const embeddedSearch = config.meilisearchUrl ? undefined : snapshots?.loaded ? snapshots.search : new EmbeddedSearchIndex();
  const readModels: ReadModelStore = embeddedReadModels ?? (await MongoReadModelStore.open(config.mongodbUrl!, config.mongodbDatabase));
  const search: SearchIndex = embeddedSearch ?? new MeilisearchSearchIndex(config.meilisearchUrl!, config.meilisearchKey);
  return { eventStore, readModels, search, embeddedReadModels, embeddedSearch, loadedFromSnapshot: snapshots?.loaded === true };
}

// The audit command only reads: the embedded log is opened read-only, without its lock, so an
// audit runs beside a serving process.
export async function openEventStoreForReading(config: Config): Promise<EventStore> {
  return config.eventStoreUrl ? new EventStoreDbEventStore(config.eventStoreUrl) : EmbeddedEventStore.openReadOnly(eventsDirectory(config));
}
