import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { oauthApplicationDecider, oauthApplicationStream } from '../../domain/accounts/oauthApplication.decider.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { OAuthApplicationQueries } from './oauthApplication.queries.js';
import { hashClientSecret, newClientSecret } from './oauthClientSecrets.js';

// A new secret replaces the old one at once: the old one stops verifying.
@injectable()
export class ResetOAuthApplicationSecretHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(OAuthApplicationQueries) private readonly applications: OAuthApplicationQueries,
  ) {}

  async execute(clientId: string, context: CommandContext): Promise<Either<AppError, { clientSecret: string }>> {
    const application = await this.applications.applicationByClientId(clientId);
    if (!application) return left({ _tag: 'OAuthApplicationNotFound', clientId });
    const clientSecret = newClientSecret();
    const reset = await handleCommand(
      this.eventStore,
      oauthApplicationDecider,
      oauthApplicationStream(application.id),
      {
        type: 'ResetOAuthApplicationSecret',
        secret: hashClientSecret(clientSecret),
        now: context.occurredAt,
      },
      context,
    );
    if (isLeft(reset)) return reset;
    await this.readYourWrites.settle(reset.right.position);
    return right({ clientSecret });
  }
}
