import type { EventStore } from './ports/eventStore.port.js';

// Commands on one stream that many people write at once (a project board) take turns within
// a process: each folds after the one before it has appended, so they never race each other
// for the same revision (twenty clients moving cards on one board had retried until some ran
// out of attempts and answered 409). Writers in other processes still race, and the revision
// check with handleCommand's retries settles those. Opt-in per stream: a turn lasts until the
// append returns, so nothing that waits on another command of the same stream may run inside
// one. Kept per event store (specs run several servers in one process); a stream's queue is
// dropped once idle.
const turns = new WeakMap<EventStore, Map<string, Promise<void>>>();

export function inTurn<T>(eventStore: EventStore, streamId: string, work: () => Promise<T>): Promise<T> {
  let queues = turns.get(eventStore);
  if (queues === undefined) turns.set(eventStore, (queues = new Map()));
  const mine = (queues.get(streamId) ?? Promise.resolve()).then(work);
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
