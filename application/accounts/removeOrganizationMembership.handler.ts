import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import type { OrganizationActor } from '../../domain/accounts/organization.decider.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { LostAccessConsequences } from '../repositories/lostAccessConsequences.js';
import { MembershipCommands } from './membershipCommands.js';

export interface RemoveOrganizationMembershipInput {
  readonly org: string;
  readonly username: string;
  readonly actor: OrganizationActor;
}

@injectable()
export class RemoveOrganizationMembershipHandler {
  constructor(
    @inject(MembershipCommands) private readonly commands: MembershipCommands,
    @inject(LostAccessConsequences) private readonly lostAccess: LostAccessConsequences,
  ) {}

  // A member removed loses the organization's private repositories they read as a member, and
  // with them their stars of those, their subscriptions to them and their private forks of
  // them (LostAccessConsequences), as on GitHub.
  async execute(input: RemoveOrganizationMembershipInput, context: CommandContext): Promise<Either<AppError, { orgId: number; userId: number }>> {
    const removed = await this.commands.run(
      input.org,
      input.username,
      (member) => ({ type: 'RemoveOrganizationMember', actor: input.actor, member, now: context.occurredAt }),
      context,
    );
    if (isLeft(removed)) return removed;
    const { organization, user } = removed.right;
    const consequences = await this.lostAccess.ofMemberRemoved(organization.id, user, context);
    if (isLeft(consequences)) return consequences;
    return right({ orgId: organization.id, userId: user.id });
  }
}
