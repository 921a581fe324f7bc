import { createHash, randomUUID } from 'node:crypto';
import type { CommandContext } from '../shared/commandContext.js';
import { metadataFor } from '../shared/commandContext.js';
import { authorizationDecider, authorizationStream } from '../../domain/authorizations/authorization.decider.js';
import { foldStream } from '../shared/handleCommand.js';
import type { EventStore, StoredEvent } from '../shared/ports/eventStore.port.js';

// What sets one live authorization apart from a user's others, each held by a small stream
// (bound, released, bound...) appended at the revision read, so simultaneous requests for the
// same key serialize in the log: an application's token by its fingerprint (none is a key too:
// get-or-create's), a personal token by its note (GitHub's "description").
const digest = (value: string): string => createHash('sha256').update(value).digest('hex').slice(0, 32);

export const authorizationKeyStream = (userId: number, applicationId: number, fingerprint: string | null): string =>
  `authorization-key-${userId}-${applicationId}-${fingerprint === null ? 'none' : digest(fingerprint)}`;

export const authorizationNoteStream = (userId: number, note: string): string => `authorization-note-${userId}-${digest(note)}`;

// The key an authorization with these fields holds: an application's token by its
// fingerprint, a personal one by its note (none without a note).
export function keyStreamOf(userId: number, applicationId: number | null, note: string | null, fingerprint: string | null): string | null {
  if (applicationId !== null) return authorizationKeyStream(userId, applicationId, fingerprint);
  return note ? authorizationNoteStream(userId, note) : null;
}

// Whether the authorization a key was bound to (by `binding`) still holds it, or may yet take
// it up. A deleted one holds nothing; one that changed since the binding to another note or
// fingerprint has moved away (its release was lost in a crash). One whose last change is
// older than the binding may be taking it up now (a creation or PATCH in flight): held, and
// left to the orphan-reservations manager if that process died.
export async function keyStillHeld(eventStore: EventStore, binding: StoredEvent): Promise<boolean> {
  const { authorizationId } = binding.data as { authorizationId: number };
  const stream = authorizationStream(authorizationId);
  const [last] = await eventStore.readStream(stream, { direction: 'backwards', maxCount: 1 });
  if (last === undefined || last.position < binding.position) return true;
  const authorization = await foldStream(eventStore, authorizationDecider, stream);
  if (authorization.status !== 'active') return false;
  const { note, fingerprint } = authorization.fields;
  return keyStreamOf(authorization.userId, authorization.applicationId, note, fingerprint) === binding.streamId;
}

// Binds the key to the authorization if it is free (or its holder let it go without releasing
// it): true, or the holder that has it.
export async function bindKey(eventStore: EventStore, key: string, authorizationId: number, context: CommandContext): Promise<true | { heldBy: number }> {
  for (;;) {
    const [last] = await eventStore.readStream(key, { direction: 'backwards', maxCount: 1 });
    const holder = last?.type === 'AuthorizationKeyBound' ? (last.data as { authorizationId: number }).authorizationId : null;
    if (holder === authorizationId) return true;
    if (holder !== null && (await keyStillHeld(eventStore, last!))) return { heldBy: holder };
    const claimed = await eventStore.append(
      key,
      [{ id: randomUUID(), type: 'AuthorizationKeyBound', data: { authorizationId }, metadata: metadataFor(context) }],
      last ? last.revision : 'no_stream',
    );
    if (claimed.outcome === 'appended') return true;
  }
}

// Frees the key if this authorization still holds it (a later holder keeps it).
export async function releaseKey(eventStore: EventStore, key: string, authorizationId: number, context: CommandContext): Promise<void> {
  for (;;) {
    const [last] = await eventStore.readStream(key, { direction: 'backwards', maxCount: 1 });
    if (last?.type !== 'AuthorizationKeyBound' || (last.data as { authorizationId: number }).authorizationId !== authorizationId) return;
    const released = await eventStore.append(
      key,
      [{ id: randomUUID(), type: 'AuthorizationKeyReleased', data: { authorizationId }, metadata: metadataFor(context) }],
      last.revision,
    );
    if (released.outcome === 'appended') return;
  }
}
