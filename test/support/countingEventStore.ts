import type { ReadStreamOptions, StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import { DelegatingEventStore } from './delegatingEventStore.js';

// Counts the events stream reads hand out: what specs hold a fold or a page to.
export class CountingEventStore extends DelegatingEventStore {
  read = 0;

  override async readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    const events = await super.readStream(streamId, options);
    this.read += events.length;
    return events;
  }
}
