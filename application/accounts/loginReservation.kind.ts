import { loginKey } from '../../domain/accounts/login.js';
import { loginReservationDecider, loginStream, type LoginReserved } from '../../domain/accounts/loginReservation.decider.js';
import { organizationDecider, organizationStream } from '../../domain/accounts/organization.decider.js';
import { userDecider, userStream } from '../../domain/accounts/user.decider.js';
import { systemContext } from '../shared/commandContext.js';
import { foldStream, handleCommand } from '../shared/handleCommand.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import type { ReservationKind } from '../shared/processes/orphanReservations.js';

// A login is held by the account that carries it now (created with it or renamed to it).
export function loginReservations(eventStore: EventStore, clock: Clock): ReservationKind {
  return {
    reservedEventType: 'LoginReserved',
    async heldByItsHolder(reservation) {
      const { login, accountId, accountType } = reservation.data as LoginReserved['data'];
      const account =
        accountType === 'Organization'
          ? await foldStream(eventStore, organizationDecider, organizationStream(accountId))
          : await foldStream(eventStore, userDecider, userStream(accountId));
      return account.status === 'active' && loginKey(account.login) === loginKey(login);
    },
    async release(reservation) {
      const { login, accountId } = reservation.data as LoginReserved['data'];
      // Refused (a value) when the login has moved on: nothing to release.
      await handleCommand(eventStore, loginReservationDecider, loginStream(login), { type: 'ReleaseLogin', login, accountId }, systemContext(clock.now()));
    },
  };
}
