import { repositoryDecider, repositoryStream } from '../../domain/repositories/repository.decider.js';
import { repositoryNameKey } from '../../domain/repositories/repositoryName.js';
import {
  repositoryNameReservationDecider,
  repositoryNameStream,
  type RepositoryNameReserved,
} from '../../domain/repositories/repositoryNameReservation.decider.js';
import { systemContext } from '../shared/commandContext.js';
import { foldStream, handleCommand } from '../shared/handleCommand.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import type { ReservationKind } from '../shared/processes/orphanReservations.js';

// A repository name is held by the repository that has it now (created, renamed or transferred to it).
export function repositoryNameReservations(eventStore: EventStore, clock: Clock): ReservationKind {
  return {
    reservedEventType: 'RepositoryNameReserved',
    async heldByItsHolder(reservation) {
      const { ownerId, name, repositoryId } = reservation.data as RepositoryNameReserved['data'];
      const repository = await foldStream(eventStore, repositoryDecider, repositoryStream(repositoryId));
      return repository.status === 'active' && repository.ownerId === ownerId && repositoryNameKey(repository.name) === repositoryNameKey(name);
    },
    async release(reservation) {
      const { ownerId, name, repositoryId } = reservation.data as RepositoryNameReserved['data'];
      await handleCommand(
        eventStore,
        repositoryNameReservationDecider,
        repositoryNameStream(ownerId, name),
        { type: 'ReleaseRepositoryName', ownerId, name, repositoryId },
        systemContext(clock.now()),
      );
    },
  };
}
