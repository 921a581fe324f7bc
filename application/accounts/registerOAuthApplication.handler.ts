import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { oauthApplicationDecider, oauthApplicationStream } from '../../domain/accounts/oauthApplication.decider.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { hashClientSecret, newClientId, newClientSecret } from './oauthClientSecrets.js';
import { UserQueries } from './user.queries.js';

export interface RegisterOAuthApplicationInput {
  readonly name: string;
  readonly url: string;
  readonly callbackUrl: string;
  // The login of the owning user; null for an application the site itself owns.
  readonly owner: string | null;
}

export interface RegisteredOAuthApplication {
  readonly applicationId: number;
  readonly clientId: string;
  // The only moment the secret exists in clear: the caller shows it once.
  readonly clientSecret: string;
}

@injectable()
export class RegisterOAuthApplicationHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.IdAllocator) private readonly ids: IdAllocator,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(UserQueries) private readonly users: UserQueries,
  ) {}

  async execute(input: RegisterOAuthApplicationInput, context: CommandContext): Promise<Either<AppError, RegisteredOAuthApplication>> {
    let ownerId: number | null = null;
    if (input.owner !== null) {
      const owner = await this.users.userByLogin(input.owner);
      if (!owner || owner.type !== 'User') return left({ _tag: 'UserNotFound', login: input.owner });
      ownerId = owner.id;
    }
    const applicationId = await this.ids.next('oauth-application');
    const clientId = newClientId();
    const clientSecret = newClientSecret();
    const registered = await handleCommand(
      this.eventStore,
      oauthApplicationDecider,
      oauthApplicationStream(applicationId),
      {
        type: 'RegisterOAuthApplication',
        applicationId,
        clientId,
        secret: hashClientSecret(clientSecret),
        name: input.name,
        url: input.url,
        callbackUrl: input.callbackUrl,
        ownerId,
        now: context.occurredAt,
      },
      context,
    );
    if (isLeft(registered)) return registered;
    await this.readYourWrites.settle(registered.right.position);
    return right({ applicationId, clientId, clientSecret });
  }
}
