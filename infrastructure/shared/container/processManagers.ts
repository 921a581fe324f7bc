import { loginReservations } from '../../../application/accounts/loginReservation.kind.js';
import { repositoryNameReservations } from '../../../application/repositories/repositoryNameReservation.kind.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import type { EventStore } from '../../../application/shared/ports/eventStore.port.js';
import type { GitStorage } from '../../../application/shared/ports/gitStorage.port.js';
import type { ProcessManager } from '../../../application/shared/processes/processManager.js';
import { orphanReservationReleases } from '../../../application/shared/processes/orphanReservations.js';
import type { Config } from '../config/config.js';

export interface ProcessManagerPorts {
  readonly eventStore: EventStore;
  readonly clock: Clock;
  readonly git: GitStorage;
}

// Every process manager, one line each: mergeability checks, migrations, imports and
// webhook deliveries join here as their areas come.
export function allProcessManagers(config: Config, ports: ProcessManagerPorts): ProcessManager[] {
  const { eventStore, clock } = ports;
  return [orphanReservationReleases([loginReservations(eventStore, clock), repositoryNameReservations(eventStore, clock)], clock, config.reservationGraceMs)];
}
