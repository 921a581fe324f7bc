import { ACTOR_LOGINS_COLLECTION, type ActorLoginDocument } from '../../accounts/users.readModel.js';
import type { EventStore, StoredEvent } from '../ports/eventStore.port.js';
import type { ReadModelStore } from '../ports/readModelStore.port.js';

// The login an actor had at a log position.
export type LoginAt = (actorId: number, position: number) => Promise<string | null>;

// From the users projection's record of each user's logins: the newest at or before the
// position, one step of an ordered index, however long the actor's stream (a user's follows
// are on it). Where no record is there yet (the projection not at that event), folded from
// the actor's stream as before.
export function actorLoginsIn(store: ReadModelStore, eventStore: EventStore): LoginAt {
  return async (actorId, position) => {
    const record = await store
      .collection<ActorLoginDocument>(ACTOR_LOGINS_COLLECTION)
      .findOne({ user_id: actorId, position: { $lte: position } }, { sort: { position: -1 } });
    return record?.login ?? foldedLoginAt(eventStore)(actorId, position);
  };
}

// The actor's login folded from their own user stream, read whole (once per actor for the
// function's life): for tools reading a whole stream's history at once (the CLI's audit), and
// where no record answers.
export function foldedLoginAt(eventStore: EventStore): LoginAt {
  const streams = new Map<number, Promise<StoredEvent[]>>();
  return async (actorId, position) => {
    if (!streams.has(actorId)) streams.set(actorId, eventStore.readStream(`user-${actorId}`));
    let login: string | null = null;
    for (const event of await streams.get(actorId)!) {
      if (event.position > position) break;
      const data = event.data as { login?: string };
      if (typeof data.login === 'string') login = data.login;
    }
    return login;
  };
}
