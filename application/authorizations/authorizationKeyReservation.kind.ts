import { authorizationDecider, authorizationStream } from '../../domain/authorizations/authorization.decider.js';
import { systemContext } from '../shared/commandContext.js';
import { foldStream } from '../shared/handleCommand.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import type { ReservationKind } from '../shared/processes/orphanReservations.js';
import { keyStreamOf, releaseKey } from './authorizationKeys.js';

// A note or fingerprint is held by the authorization it was bound to while that
// authorization lives with it. A process that died after binding (before the token was made,
// before a PATCH changed the note) leaves it bound to no one; the orphan-reservations manager
// frees it after the grace period. One that died after a deletion or a PATCH, before releasing
// the key the token left, needs no manager: the next binding takes it over (`keyStillHeld`).
export function authorizationKeyReservations(eventStore: EventStore, clock: Clock): ReservationKind {
  return {
    reservedEventType: 'AuthorizationKeyBound',
    async heldByItsHolder(reservation) {
      const { authorizationId } = reservation.data as { authorizationId: number };
      const authorization = await foldStream(eventStore, authorizationDecider, authorizationStream(authorizationId));
      if (authorization.status !== 'active') return false;
      const { note, fingerprint } = authorization.fields;
      return keyStreamOf(authorization.userId, authorization.applicationId, note, fingerprint) === reservation.streamId;
    },
    async release(reservation) {
      const { authorizationId } = reservation.data as { authorizationId: number };
      await releaseKey(eventStore, reservation.streamId, authorizationId, systemContext(clock.now()));
    },
  };
}
