import { randomBytes } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { isLeft } from 'fp-ts/lib/Either.js';
import { loginStream } from '../../domain/accounts/loginReservation.decider.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { systemContext } from '../shared/commandContext.js';
import { CreateUserHandler } from './createUser.handler.js';

export type SiteAdminBootstrap = { readonly created: false } | { readonly created: true; readonly login: string; readonly generatedPassword: string | null };

// On the first start (the admin login was never reserved) the site administrator is created.
@injectable()
export class EnsureSiteAdmin {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(CreateUserHandler) private readonly createUser: CreateUserHandler,
  ) {}

  async execute(login: string, configuredPassword: string | undefined): Promise<SiteAdminBootstrap> {
    const reservation = await this.eventStore.readStream(loginStream(login), { maxCount: 1 });
    if (reservation.length > 0) return { created: false };
    const generatedPassword = configuredPassword === undefined ? randomBytes(15).toString('base64url') : null;
    const result = await this.createUser.execute(
      { login, email: null, password: configuredPassword ?? generatedPassword!, siteAdmin: true },
      systemContext(this.clock.now()),
    );
    if (isLeft(result)) throw new Error(`could not create the site administrator "${login}": ${result.left._tag}`);
    return { created: true, login, generatedPassword };
  }
}
