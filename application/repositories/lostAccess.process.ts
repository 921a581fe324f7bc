import type { OrganizationMemberRemoved } from '../../domain/accounts/organization.events.js';
import type { CollaboratorRemoved, RepositoryEdited } from '../../domain/repositories/repository.events.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import type { AppError } from '../shared/appError.js';
import { systemContext, type CommandContext } from '../shared/commandContext.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { StoredEvent } from '../shared/ports/eventStore.port.js';
import { STEP_DONE, type ProcessManager, type ProcessStep, type StepOutcome } from '../shared/processes/processManager.js';
import type { Either } from 'fp-ts/lib/Either.js';
import type { LostAccessConsequences } from './lostAccessConsequences.js';

export const LOST_ACCESS_CONSEQUENCES = 'lost-access-consequences';

// The command that took the access away carries its consequences out at once; this looks
// again once that command has had time to finish, so the two seldom run side by side (they
// may: each consequence is a no-op once done, and a command that lost a race folds again).
const SETTLING_MS = 10_000;

// The consequences of a loss of access (LostAccessConsequences), finished from the event that
// recorded the loss when the command that recorded it did not get that far: a crash between
// the fact and them left them undone for good, since the removal cannot be asked again (the
// collaborator is gone, the repository already private). Starts from now: a first start on
// an older log does not apply these rules to losses recorded before they existed.
export function lostAccessConsequences(
  consequences: LostAccessConsequences,
  userById: (id: number) => Promise<UserDocument | null>,
  clock: Clock,
): ProcessManager {
  const step = (name: string, event: StoredEvent, work: (context: CommandContext) => Promise<Either<AppError, void> | null>): ProcessStep => ({
    name,
    async run(): Promise<StepOutcome> {
      const settledAt = Date.parse(event.metadata.occurredAt) + SETTLING_MS;
      if (clock.now().getTime() < settledAt) return { done: false, notBefore: new Date(settledAt) };
      const outcome = await work({ ...systemContext(clock.now()), causationId: event.id, correlationId: event.metadata.correlationId });
      // A refusal (a fork a migration locks) is tried again later, with backoff.
      if (outcome?._tag === 'Left') throw new Error(`${name}: ${outcome.left._tag}`);
      return STEP_DONE;
    },
  });
  // The user as they are now: a deleted one has nothing left to take back.
  const forUser = async (userId: number, work: (user: UserDocument) => Promise<Either<AppError, void>>) => {
    const user = await userById(userId);
    return user ? work(user) : null;
  };
  return {
    name: LOST_ACCESS_CONSEQUENCES,
    startsFrom: 'now',
    stepsFor(event) {
      switch (event.type) {
        case 'CollaboratorRemoved': {
          const { repositoryId, userId } = event.data as CollaboratorRemoved['data'];
          return [step('collaborator-removed', event, (context) => forUser(userId, (user) => consequences.ofCollaboratorRemoved(repositoryId, user, context)))];
        }
        case 'OrganizationMemberRemoved': {
          const { orgId, userId } = event.data as OrganizationMemberRemoved['data'];
          return [step('member-removed', event, (context) => forUser(userId, (user) => consequences.ofMemberRemoved(orgId, user, context)))];
        }
        case 'RepositoryEdited': {
          const { repositoryId, changes, editedAt } = event.data as RepositoryEdited['data'];
          if (changes.private !== true) return [];
          return [step('made-private', event, (context) => consequences.ofMadePrivate(repositoryId, editedAt, context))];
        }
        default:
          return [];
      }
    },
  };
}
