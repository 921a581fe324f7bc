import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import { organizationDecider, organizationStream, type OrganizationActor } from '../../domain/accounts/organization.decider.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { organizationAndUser } from './organizationAndUser.js';
import { OrganizationQueries } from './organization.queries.js';
import { UserQueries } from './user.queries.js';

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
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(OrganizationQueries) private readonly organizations: OrganizationQueries,
    @inject(UserQueries) private readonly users: UserQueries,
  ) {}

  async execute(input: SetMembershipPublicityInput, context: CommandContext): Promise<Either<AppError, void>> {
    const found = await organizationAndUser(this.organizations, this.users, input.org, input.username);
    if (isLeft(found)) return found;
    const { organization, user } = found.right;
    const set = await handleCommand(
      this.eventStore,
      organizationDecider,
      organizationStream(organization.id),
      { type: 'SetMembershipPublicity', actor: input.actor, member: { userId: user.id, login: user.login }, public: input.public, now: context.occurredAt },
      context,
    );
    if (isLeft(set)) return set;
    await this.readYourWrites.settle(set.right.position);
    return right(undefined);
  }
}
