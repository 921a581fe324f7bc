import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventStore } from './ports/eventStore.port.js';

// Commands on one stream that many people write at once (a project board) take turns within
// a process: each folds after the one before it has appended, so they never race each other
// for the same revision (twenty clients moving cards on one board had retried until some ran
// out of attempts and answered 409). Writers in other processes still race, and the revision
// check with handleCommand's retries settles those. Opt-in per stream: a turn lasts until the
// append returns, so nothing that waits on another command of the same stream may run inside
// one (one asked again within its own turn runs at once: it holds it). Kept per event store
// (specs run several servers in one process); a stream's queue is dropped once idle.
const turns = new WeakMap<EventStore, Map<string, Promise<void>>>();
// The turns the running work holds (its async context's), by queue map and stream.
const held = new AsyncLocalStorage<ReadonlyMap<Map<string, Promise<void>>, ReadonlySet<string>>>();

export function inTurn<T>(eventStore: EventStore, streamId: string, work: () => Promise<T>): Promise<T> {
  let queues = turns.get(eventStore);
  if (queues === undefined) turns.set(eventStore, (queues = new Map()));
  const holding = held.getStore();
  // Asked again within its own turn (a command taking turns that runs another taking the same
  // one): it has the turn already. Queued behind itself it would wait for ever (PATCH /user
  // with an email hung so, once a user's appends took turns inside the email change's turn).
  if (holding?.get(queues)?.has(streamId)) return work();
  const within = new Map(holding ?? []).set(queues, new Set([...(holding?.get(queues) ?? []), streamId]));
  const mine = (queues.get(streamId) ?? Promise.resolve()).then(() => held.run(within, work));
  const done = mine.then(
    () => undefined,
    () => undefined,
  );
  queues.set(streamId, done);
  void done.then(() => {
    if (queues.get(streamId) === done) queues.delete(streamId);
  });
  return mine;
}
