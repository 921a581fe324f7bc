import { inject, injectable } from 'inversify';
import type { Either } from 'fp-ts/lib/Either.js';
import type { OrganizationActor } from '../../domain/accounts/organization.decider.js';
import type { OrganizationRole } from '../../domain/accounts/organization.events.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { MembershipCommands } from './membershipCommands.js';
import type { OrganizationAndUser } from './organizationAndUser.js';

export interface SetOrganizationMembershipInput {
  readonly org: string;
  readonly username: string;
  readonly role: OrganizationRole;
  readonly actor: OrganizationActor;
}

// GitHub invites (state 'pending' until accepted); forgelog has no invitations, so an owner's
// PUT adds the member directly with state 'active', or changes the member's role.
@injectable()
export class SetOrganizationMembershipHandler {
  constructor(@inject(MembershipCommands) private readonly commands: MembershipCommands) {}

  execute(input: SetOrganizationMembershipInput, context: CommandContext): Promise<Either<AppError, OrganizationAndUser>> {
    return this.commands.run(
      input.org,
      input.username,
      (member) => ({ type: 'SetOrganizationMembership', actor: input.actor, member, role: input.role, now: context.occurredAt }),
      context,
    );
  }
}
