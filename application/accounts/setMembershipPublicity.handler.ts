import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import type { OrganizationActor } from '../../domain/accounts/organization.decider.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { MembershipCommands } from './membershipCommands.js';

export interface SetMembershipPublicityInput {
  readonly org: string;
  readonly username: string;
  readonly public: boolean;
  readonly actor: OrganizationActor;
}

// PUT and DELETE /orgs/{org}/public_members/{username}: a member shows or hides their own
// membership to those outside the organization.
@injectable()
export class SetMembershipPublicityHandler {
  constructor(@inject(MembershipCommands) private readonly commands: MembershipCommands) {}

  async execute(input: SetMembershipPublicityInput, context: CommandContext): Promise<Either<AppError, void>> {
    const set = await this.commands.run(
      input.org,
      input.username,
      (member) => ({ type: 'SetMembershipPublicity', actor: input.actor, member, public: input.public, now: context.occurredAt }),
      context,
    );
    return isLeft(set) ? set : right(undefined);
  }
}
