import type { TestServer } from './testServer.js';

// Process managers' own streams (processStream in application/shared/processes/processEvents.ts).
const PROCESS_STREAM_PREFIX = 'process-';

// The events a spec's own requests appended after `head`, as "type stream": the process
// managers' bookkeeping (a step recorded done, on their own schedule, e.g. the orphan
// reservations' recheck a second after a user was created) is theirs, not the request's.
export async function appendedSince(server: TestServer, head: number): Promise<string[]> {
  const appended: string[] = [];
  for await (const event of server.runtime.adapters.eventStore.readAll({ after: head })) {
    if (!event.streamId.startsWith(PROCESS_STREAM_PREFIX)) appended.push(`${event.type} ${event.streamId}`);
  }
  return appended;
}
