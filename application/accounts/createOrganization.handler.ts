import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { isValidLogin } from '../../domain/accounts/login.js';
import { loginReservationDecider, loginStream } from '../../domain/accounts/loginReservation.decider.js';
import { organizationDecider, organizationStream } from '../../domain/accounts/organization.decider.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import { releasedUnlessTakenUp } from '../shared/reservations.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { UserQueries } from './user.queries.js';

export interface CreateOrganizationInput {
  readonly login: string;
  // The login of the user who becomes the first owner.
  readonly admin: string;
  readonly name: string | null;
}

@injectable()
export class CreateOrganizationHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.IdAllocator) private readonly ids: IdAllocator,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(UserQueries) private readonly users: UserQueries,
  ) {}

  // Users and organizations share the login namespace and GitHub's id space (both are
  // accounts in the users model), so the id comes from the 'user' sequence and the login is
  // reserved in the same login-<key> stream a user's is.
  async execute(input: CreateOrganizationInput, context: CommandContext): Promise<Either<AppError, { orgId: number }>> {
    if (!isValidLogin(input.login)) return left({ _tag: 'InvalidOrganizationLogin', login: input.login });
    const admin = await this.users.userByLogin(input.admin);
    if (!admin || admin.type !== 'User') return left({ _tag: 'OrganizationAdminNotFound', login: input.admin });
    const orgId = await this.ids.next('user');
    const reservation = await handleCommand(
      this.eventStore,
      loginReservationDecider,
      loginStream(input.login),
      {
        type: 'ReserveLogin',
        login: input.login,
        accountId: orgId,
        accountType: 'Organization',
      },
      context,
    );
    if (isLeft(reservation)) {
      return reservation.left._tag === 'LoginTaken' ? left({ _tag: 'OrganizationLoginTaken', login: input.login }) : reservation;
    }
    const created = await releasedUnlessTakenUp(
      () =>
        handleCommand(
          this.eventStore,
          organizationDecider,
          organizationStream(orgId),
          {
            type: 'CreateOrganization',
            orgId,
            login: input.login,
            name: input.name,
            firstOwner: { userId: admin.id, login: admin.login },
            now: context.occurredAt,
          },
          context,
        ),
      () =>
        handleCommand(
          this.eventStore,
          loginReservationDecider,
          loginStream(input.login),
          { type: 'ReleaseLogin', login: input.login, accountId: orgId },
          context,
        ),
    );
    if (isLeft(created)) return created;
    await this.readYourWrites.settle(created.right.position);
    return right({ orgId });
  }
}
