import { randomUUID } from 'node:crypto';
import { metadataFor, type CommandContext } from '../shared/commandContext.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';

// A grant's revocation, recorded before its tokens end: a token being made for that grant
// meanwhile (its grant id read before the revocation) finds it once its own creation is in the
// log and ends itself, so a deleted grant never comes back to the grants list under its id.
const grantRevocationStream = (grantId: number): string => `oauth-grant-revoked-${grantId}`;

// The revocation's position in the log: the read models settled past it hold every token of
// the grant recorded before it.
export async function recordGrantRevoked(eventStore: EventStore, grantId: number, context: CommandContext): Promise<number | undefined> {
  const appended = await eventStore.append(
    grantRevocationStream(grantId),
    [{ id: randomUUID(), type: 'OAuthGrantRevoked', data: { grantId }, metadata: metadataFor(context) }],
    'any',
  );
  return appended.outcome === 'appended' ? appended.position : undefined;
}

export async function grantRevoked(eventStore: EventStore, grantId: number): Promise<boolean> {
  return (await eventStore.readStream(grantRevocationStream(grantId), { maxCount: 1 })).length > 0;
}
