import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import { organizationDecider, organizationStream, type OrganizationCommand, type OrganizationMember } from '../../domain/accounts/organization.decider.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import { inTurn } from '../shared/streamTurns.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { organizationAndUser, type OrganizationAndUser } from './organizationAndUser.js';
import { OrganizationQueries } from './organization.queries.js';
import { UserQueries } from './user.queries.js';

// What every membership command does: both ends named by login (404 for either unknown), the
// command decided on the organization's stream (the last-owner rule spans its members), and
// the read models settled past it, so the answer reads the membership as it now is.
@injectable()
export class MembershipCommands {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(OrganizationQueries) private readonly organizations: OrganizationQueries,
    @inject(UserQueries) private readonly users: UserQueries,
  ) {}

  async run(
    org: string,
    username: string,
    command: (member: OrganizationMember) => OrganizationCommand,
    context: CommandContext,
  ): Promise<Either<AppError, OrganizationAndUser>> {
    const found = await organizationAndUser(this.organizations, this.users, org, username);
    if (isLeft(found)) return found;
    const { organization, user } = found.right;
    // An organization's membership commands take turns in this process (streamTurns.ts): forty
    // people added at once by a script had raced for one revision until most ran out of attempts
    // and answered 409.
    const stream = organizationStream(organization.id);
    const decided = await inTurn(this.eventStore, stream, () =>
      handleCommand(this.eventStore, organizationDecider, stream, command({ userId: user.id, login: user.login }), context),
    );
    if (isLeft(decided)) return decided;
    await this.readYourWrites.settle(decided.right.position);
    return right(found.right);
  }
}
