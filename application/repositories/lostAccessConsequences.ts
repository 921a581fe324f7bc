import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import { RemovedCollaboratorAssignments } from '../issues/removedCollaboratorAssignments.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import type { LostAccess } from './lostAccess.js';
import { LostAccessForks } from './lostAccessForks.js';
import { LostAccessStars } from './lostAccessStars.js';
import { LostAccessWatches } from './lostAccessWatches.js';
import { MadePrivateInterest } from './madePrivateInterest.js';

type Outcome = Promise<Either<AppError, void>>;

// What follows a loss of access, as GitHub does it: the commands that take access away carry
// these out at once, and the lost-access process (lostAccess.process.ts) again from their
// events, so a crash between the fact and its consequences is finished after the restart.
// Each consequence is looked up again when it runs (what may still be read, what is still
// there): running one twice, or after access was given back, takes nothing more.
@injectable()
export class LostAccessConsequences {
  constructor(
    @inject(LostAccessForks) private readonly forks: LostAccessForks,
    @inject(LostAccessStars) private readonly stars: LostAccessStars,
    @inject(LostAccessWatches) private readonly watches: LostAccessWatches,
    @inject(RemovedCollaboratorAssignments) private readonly assignments: RemovedCollaboratorAssignments,
    @inject(MadePrivateInterest) private readonly madePrivate: MadePrivateInterest,
  ) {}

  // A collaborator removed (or leaving) is unassigned from the repository's issues; their star,
  // subscription and private fork of it go if they may no longer read it. Only this
  // repository's reading changed, so only its star, subscription and fork are looked at.
  async ofCollaboratorRemoved(repositoryId: number, user: Pick<UserDocument, 'id' | 'site_admin'>, context: CommandContext): Outcome {
    const unassigned = await this.assignments.unassign(repositoryId, user.id, context);
    if (isLeft(unassigned)) return unassigned;
    return this.ofReadingLost(user, context, { repositoryIds: [repositoryId] });
  }

  // A member removed loses the organization's private repositories they read as a member, and
  // with them their stars of those, their subscriptions to them and their private forks of them.
  ofMemberRemoved(orgId: number, user: Pick<UserDocument, 'id' | 'site_admin'>, context: CommandContext): Outcome {
    return this.ofReadingLost(user, context, { ownerId: orgId });
  }

  // GitHub, on a repository made private: "Stars and watchers for this repository will be
  // permanently erased": those given up to then (MadePrivateInterest).
  ofMadePrivate(repositoryId: number, madePrivateAt: string, context: CommandContext): Outcome {
    return this.madePrivate.eraseGivenUpTo(repositoryId, madePrivateAt, context);
  }

  private async ofReadingLost(user: Pick<UserDocument, 'id' | 'site_admin'>, context: CommandContext, lost: LostAccess): Outcome {
    const unstarred = await this.stars.unstarUnreadableBy(user, context, lost);
    if (isLeft(unstarred)) return unstarred;
    const unwatched = await this.watches.unwatchUnreadableBy(user, context, lost);
    if (isLeft(unwatched)) return unwatched;
    const forksDeleted = await this.forks.deleteUnreadableBy(user, context, lost);
    if (isLeft(forksDeleted)) return forksDeleted;
    return right(undefined);
  }
}
