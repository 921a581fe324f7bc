import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { oauthApplicationDecider, oauthApplicationStream } from '../../domain/accounts/oauthApplication.decider.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { AuthorizationCommands } from '../authorizations/authorizationCommands.js';
import { OAuthApplicationQueries } from './oauthApplication.queries.js';

@injectable()
export class DeleteOAuthApplicationHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(OAuthApplicationQueries) private readonly applications: OAuthApplicationQueries,
    @inject(AuthorizationCommands) private readonly authorizations: AuthorizationCommands,
  ) {}

  async execute(clientId: string, context: CommandContext): Promise<Either<AppError, { applicationId: number }>> {
    const application = await this.applications.applicationByClientId(clientId);
    if (!application) return left({ _tag: 'OAuthApplicationNotFound', clientId });
    const deleted = await handleCommand(
      this.eventStore,
      oauthApplicationDecider,
      oauthApplicationStream(application.id),
      {
        type: 'DeleteOAuthApplication',
        now: context.occurredAt,
      },
      context,
    );
    if (isLeft(deleted)) return deleted;
    await this.readYourWrites.settle(deleted.right.position);
    // Its tokens are refused from now on (token sign-in wants the application); revoked here so
    // they and the grants leave the users' lists too.
    const revoked = await this.authorizations.revokeApplication(application.id, context);
    if (isLeft(revoked)) return revoked;
    return right({ applicationId: application.id });
  }
}
