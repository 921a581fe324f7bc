import { emailKey } from '../../domain/accounts/login.js';
import { emailReservationDecider, type EmailReserved } from '../../domain/accounts/emailReservation.decider.js';
import { userDecider, userStream } from '../../domain/accounts/user.decider.js';
import { systemContext } from '../shared/commandContext.js';
import { foldStream, handleCommand } from '../shared/handleCommand.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import type { ReservationKind } from '../shared/processes/orphanReservations.js';
import { emailStream } from './emailReservations.js';

// An email is held by the user who has it now (created with it or changed to it in the profile).
export function emailReservations(eventStore: EventStore, clock: Clock): ReservationKind {
  return {
    reservedEventType: 'EmailReserved',
    async heldByItsHolder(reservation) {
      const { email, userId } = reservation.data as EmailReserved['data'];
      const user = await foldStream(eventStore, userDecider, userStream(userId));
      return user.status === 'active' && user.email !== null && emailKey(user.email) === emailKey(email);
    },
    async release(reservation) {
      const { email, userId } = reservation.data as EmailReserved['data'];
      // A no-op when the email has moved on: nothing to release.
      await handleCommand(eventStore, emailReservationDecider, emailStream(email), { type: 'ReleaseEmail', email, userId }, systemContext(clock.now()));
    },
  };
}
