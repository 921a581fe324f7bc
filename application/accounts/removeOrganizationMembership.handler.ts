import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import { organizationDecider, organizationStream, type OrganizationActor } from '../../domain/accounts/organization.decider.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { LostAccessConsequences } from '../repositories/lostAccessConsequences.js';
import { organizationAndUser } from './organizationAndUser.js';
import { OrganizationQueries } from './organization.queries.js';
import { UserQueries } from './user.queries.js';

export interface RemoveOrganizationMembershipInput {
  readonly org: string;
  readonly username: string;
  readonly actor: OrganizationActor;
}

@injectable()
export class RemoveOrganizationMembershipHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(OrganizationQueries) private readonly organizations: OrganizationQueries,
    @inject(UserQueries) private readonly users: UserQueries,
    @inject(LostAccessConsequences) private readonly lostAccess: LostAccessConsequences,
  ) {}

  // A member removed loses the organization's private repositories they read as a member, and
  // with them their stars of those, their subscriptions to them and their private forks of
  // them (LostAccessConsequences), as on GitHub.
  async execute(input: RemoveOrganizationMembershipInput, context: CommandContext): Promise<Either<AppError, { orgId: number; userId: number }>> {
    const found = await organizationAndUser(this.organizations, this.users, input.org, input.username);
    if (isLeft(found)) return found;
    const { organization, user } = found.right;
    const removed = await handleCommand(
      this.eventStore,
      organizationDecider,
      organizationStream(organization.id),
      {
        type: 'RemoveOrganizationMember',
        actor: input.actor,
        member: { userId: user.id, login: user.login },
        now: context.occurredAt,
      },
      context,
    );
    if (isLeft(removed)) return removed;
    await this.readYourWrites.settle(removed.right.position);
    const consequences = await this.lostAccess.ofMemberRemoved(organization.id, user, context);
    if (isLeft(consequences)) return consequences;
    return right({ orgId: organization.id, userId: user.id });
  }
}
