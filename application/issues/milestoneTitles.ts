import { createHash } from 'node:crypto';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { issueValidation } from '../../domain/issues/issues.errors.js';
import { milestoneTitleDecider } from '../../domain/issues/milestoneTitleReservation.decider.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import type { IssueQueries } from './issue.queries.js';

// A title may hold any character and be long: its stream is named by a digest of it.
export const milestoneTitleStream = (repositoryId: number, title: string): string =>
  `milestone-title-${repositoryId}-${createHash('sha256').update(title).digest('hex').slice(0, 32)}`;

// Reserves a title for a milestone, or says another milestone of the repository has it.
// Milestones made before titles were reserved hold theirs without a reservation: the read
// model is asked first, so they keep their titles too.
export async function reserveMilestoneTitle(
  eventStore: EventStore,
  issues: IssueQueries,
  reservation: { readonly repositoryId: number; readonly title: string; readonly milestoneId: number },
  context: CommandContext,
): Promise<Either<AppError, void>> {
  const { repositoryId, title, milestoneId } = reservation;
  const holder = await issues.milestoneByTitle(repositoryId, title);
  if (holder !== null && holder.id !== milestoneId) return left(issueValidation('Milestone', 'title', 'already_exists'));
  const reserved = await handleCommand(
    eventStore,
    milestoneTitleDecider,
    milestoneTitleStream(repositoryId, title),
    { type: 'ReserveMilestoneTitle', ...reservation },
    context,
  );
  return isLeft(reserved) ? reserved : right(undefined);
}

export async function releaseMilestoneTitle(
  eventStore: EventStore,
  release: { readonly repositoryId: number; readonly title: string; readonly milestoneId: number },
  context: CommandContext,
): Promise<void> {
  await handleCommand(
    eventStore,
    milestoneTitleDecider,
    milestoneTitleStream(release.repositoryId, release.title),
    { type: 'ReleaseMilestoneTitle', ...release },
    context,
  );
}
