import type { Clock } from '../ports/clock.port.js';
import type { StoredEvent } from '../ports/eventStore.port.js';
import { STEP_DONE, type ProcessManager, type StepOutcome } from './processManager.js';

// A name (login, repository name, pull request pair) is taken by appending a reservation to
// its own stream, then the holder's own stream is written. A process that dies between the
// two leaves a reservation no one holds. Each kind of reservation says how to tell whether
// its holder took it up, and how to release it.
export interface ReservationKind {
  readonly reservedEventType: string;
  // The holder's stream shows it uses the reservation (created with that name, renamed to it,
  // the pull request open on that pair).
  heldByItsHolder(reservation: StoredEvent): Promise<boolean>;
  // Appends the release if the reservation is still the holder's; a no-op otherwise.
  release(reservation: StoredEvent): Promise<void>;
}

export const ORPHAN_RESERVATIONS = 'orphan-reservations';
const RECHECK_MS = 1_000;

// Waits out a grace period (longer than any command takes: a command still running must
// not lose its name), then releases what the holder never took up.
export function orphanReservationReleases(kinds: readonly ReservationKind[], clock: Clock, graceMs: number): ProcessManager {
  const byType = new Map(kinds.map((kind) => [kind.reservedEventType, kind]));
  return {
    name: ORPHAN_RESERVATIONS,
    startsFrom: 'beginning',
    stepsFor(event) {
      const kind = byType.get(event.type);
      if (!kind) return [];
      return [
        {
          name: 'release-if-orphaned',
          async run(): Promise<StepOutcome> {
            if (await kind.heldByItsHolder(event)) return STEP_DONE;
            const graceEnds = Date.parse(event.metadata.occurredAt) + graceMs;
            // Most holders take their reservation up within milliseconds: look again soon.
            const now = clock.now().getTime();
            if (now < graceEnds) return { done: false, notBefore: new Date(Math.min(graceEnds, now + RECHECK_MS)) };
            // Read again: the holder may have taken it up while we looked at the clock.
            if (await kind.heldByItsHolder(event)) return STEP_DONE;
            await kind.release(event);
            return STEP_DONE;
          },
        },
      ];
    },
  };
}
