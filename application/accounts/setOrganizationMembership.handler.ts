import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import { organizationDecider, organizationStream, type OrganizationActor } from '../../domain/accounts/organization.decider.js';
import type { OrganizationRole } from '../../domain/accounts/organization.events.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { organizationAndUser, type OrganizationAndUser } from './organizationAndUser.js';
import { OrganizationQueries } from './organization.queries.js';
import { UserQueries } from './user.queries.js';

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
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(OrganizationQueries) private readonly organizations: OrganizationQueries,
    @inject(UserQueries) private readonly users: UserQueries,
  ) {}

  async execute(input: SetOrganizationMembershipInput, context: CommandContext): Promise<Either<AppError, OrganizationAndUser>> {
    const found = await organizationAndUser(this.organizations, this.users, input.org, input.username);
    if (isLeft(found)) return found;
    const { organization, user } = found.right;
    const set = await handleCommand(
      this.eventStore,
      organizationDecider,
      organizationStream(organization.id),
      {
        type: 'SetOrganizationMembership',
        actor: input.actor,
        member: { userId: user.id, login: user.login },
        role: input.role,
        now: context.occurredAt,
      },
      context,
    );
    if (isLeft(set)) return set;
    await this.readYourWrites.settle(set.right.position);
    return right(found.right);
  }
}
