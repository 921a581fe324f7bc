import { randomUUID } from 'node:crypto';
import { left, right, isLeft, type Either } from 'fp-ts/lib/Either.js';
import { evolveAll, type Decider } from '../../domain/shared/decider.js';
import type { DomainEvent } from '../../domain/shared/event.js';
import type { EventStore, StoredEvent } from './ports/eventStore.port.js';
import { metadataFor, type CommandContext } from './commandContext.js';
import { foldedState, plainEvents, remember } from './foldedStates.js';
import type { Clock } from './ports/clock.port.js';

export interface ConcurrencyConflict {
  readonly _tag: 'ConcurrencyConflict';
  readonly streamId: string;
}

export interface CommandOutcome<Event extends DomainEvent, State> {
  readonly events: readonly Event[];
  readonly state: State;
  // Global position of the last appended event; absent when the command changed nothing.
  readonly position?: number;
}

const MAX_ATTEMPTS = 5;

// Old event shapes are upcast here, on read, before any decider sees them.
export type Upcaster<Event extends DomainEvent> = (stored: StoredEvent) => Event;
const asIs = plainEvents;

// An aggregate's state now, as commands see it (a process checking another aggregate's facts, a
// handler reading a state it does not decide on).
export async function foldStream<Command, State, Event extends DomainEvent, Error>(
  eventStore: EventStore,
  decider: Decider<Command, State, Event, Error>,
  streamId: string,
  upcast: Upcaster<Event> = asIs,
): Promise<State> {
  // Only what changed since the stream was last folded is read (a repository's stream grows).
  return (await foldedState(eventStore, decider, streamId, upcast)).state;
}

// What the decider would answer now, without appending: for a command whose consequences
// elsewhere must wait until it is known to be accepted (deleting a user deletes their
// repositories first, but only if the user deletion itself will be accepted).
export async function decideWithoutAppending<Command, State, Event extends DomainEvent, Error>(
  eventStore: EventStore,
  decider: Decider<Command, State, Event, Error>,
  streamId: string,
  command: Command,
  upcast: Upcaster<Event> = asIs,
): Promise<Either<Error, readonly Event[]>> {
  // The state as commands see it: only what changed since it was last folded is read.
  const { state } = await foldedState(eventStore, decider, streamId, upcast);
  return decider.decide(command, state);
}

// A command whose time is taken again on each attempt: the clock read after the fold, and
// never earlier than the stream's last event (another API process's clock may run ahead, or
// this one be stepped back), so times rise along the stream and a move that lost a race is
// stamped when it is saved, not when its request began (as_of and audit logs order by it).
export interface Retimed<Command> {
  readonly clock: Clock;
  readonly at: (command: Command, now: Date) => Command;
}

// Read the stream, fold, decide, append with the revision read; retry a bounded number of
// times when another writer got there first, then report the conflict as a value.
export async function handleCommand<Command, State, Event extends DomainEvent, Error>(
  eventStore: EventStore,
  decider: Decider<Command, State, Event, Error>,
  streamId: string,
  command: Command,
  context: CommandContext,
  upcast: Upcaster<Event> = asIs,
  // A stream many people write at once (a project board) may take more tries.
  attempts = MAX_ATTEMPTS,
  retimed?: Retimed<Command>,
): Promise<Either<Error | ConcurrencyConflict, CommandOutcome<Event, State>>> {
  const retiming = context.keepsTime ? undefined : retimed;
  for (let attempt = 0; attempt < attempts; attempt++) {
    // The stream's state as of its last event: only the events since this process last decided on it are read.
    const { state, revision, lastAt } = await foldedState(eventStore, decider, streamId, upcast);
    const now = retiming ? new Date(Math.max(retiming.clock.now().getTime(), lastAt ?? Number.NEGATIVE_INFINITY)) : context.occurredAt;
    const decision = decider.decide(retiming ? retiming.at(command, now) : command, state);
    if (isLeft(decision)) return decision;
    const events = decision.right;
    if (events.length === 0) return right({ events, state });
    const metadata = metadataFor({ ...context, occurredAt: now });
    const toAppend = events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata }));
    const result = await eventStore.append(streamId, toAppend, revision);
    if (result.outcome === 'appended') {
      const after = evolveAll(decider, state, events);
      const lastRevision = (revision === 'no_stream' ? -1 : revision) + events.length;
      remember(eventStore, decider, streamId, upcast, lastRevision, after, Date.parse(metadata.occurredAt), toAppend[toAppend.length - 1]!.id);
      return right({ events, state: after, position: result.position });
    }
  }
  return left({ _tag: 'ConcurrencyConflict', streamId });
}
