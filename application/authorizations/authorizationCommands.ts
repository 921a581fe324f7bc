import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { OAuthApplicationQueries } from '../accounts/oauthApplicationQueries.js';
import type { OAuthApplication } from '../accounts/oauthApplications.readModel.js';
import { authorizationDecider, authorizationStream, type AuthorizationCommand } from '../../domain/authorizations/authorization.decider.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { AuthorizationQueries } from './authorizationQueries.js';
import type { AuthorizationDocument } from './authorizations.readModel.js';
import { issueToken } from './personalTokens.js';

export interface AuthorizationInput {
  readonly scopes?: readonly string[] | null;
  readonly note?: string | null;
  readonly noteUrl?: string | null;
  readonly fingerprint?: string | null;
}

export interface ScopeChanges {
  readonly scopes?: readonly string[] | null;
  readonly addScopes?: readonly string[];
  readonly removeScopes?: readonly string[];
}

// What a creation answers: the authorization, and the token in plain text this once.
export interface IssuedAuthorization {
  readonly authorization: AuthorizationDocument;
  readonly token: string;
  readonly created: true;
}

export type GetOrCreateOutcome = IssuedAuthorization | { readonly authorization: AuthorizationDocument; readonly created: false };

// OAuth authorizations: creation (personal, or for an application whose secret the caller
// knows), get-or-create per application and fingerprint, update, delete, and revoking a
// grant (every token of that application for the user). Each is a command on
// authorization-<id>; the answer waits for the authorizations projection.
@injectable()
export class AuthorizationCommands {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.IdAllocator) private readonly ids: IdAllocator,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(AuthorizationQueries) private readonly queries: AuthorizationQueries,
    @inject(OAuthApplicationQueries) private readonly applications: OAuthApplicationQueries,
  ) {}

  async create(userId: number, input: AuthorizationInput & { readonly clientId?: string; readonly clientSecret?: string }, context: CommandContext): Promise<Either<AppError, IssuedAuthorization>> {
    let application: OAuthApplication | null = null;
    if (input.clientId !== undefined || input.clientSecret !== undefined) {
      application = await this.applications.verifyClientCredentials(input.clientId ?? '', input.clientSecret ?? '');
      if (!application) return left({ _tag: 'OAuthClientNotFound' });
    }
    return this.issue(userId, application, input, context);
  }

  // PUT /authorizations/clients/{client_id}[/{fingerprint}]: 200 with the existing one (its
  // token not shown again), or 201 with a new one.
  async getOrCreate(userId: number, clientId: string, clientSecret: string, fingerprint: string | null, input: AuthorizationInput, context: CommandContext): Promise<Either<AppError, GetOrCreateOutcome>> {
    if (clientId.length !== 20) return left({ _tag: 'AuthorizationFieldInvalid', field: 'client_id', message: 'client_id must be 20 characters' });
    const application = await this.applications.verifyClientCredentials(clientId, clientSecret);
    if (!application) return left({ _tag: 'OAuthClientNotFound' });
    const existing = await this.queries.forApplication(userId, application.id, fingerprint);
    if (existing) return right({ authorization: existing, created: false });
    return this.issue(userId, application, { ...input, fingerprint }, context);
  }

  async update(userId: number, authorizationId: number, changes: ScopeChanges & AuthorizationInput, context: CommandContext): Promise<Either<AppError, AuthorizationDocument>> {
    if (!(await this.queries.ownedBy(userId, authorizationId))) return left({ _tag: 'AuthorizationNotFound' });
    const given = [changes.scopes, changes.addScopes, changes.removeScopes].filter((value) => value !== undefined);
    if (given.length > 1) return left({ _tag: 'ConflictingScopeChanges' });
    const command: AuthorizationCommand = {
      type: 'UpdateAuthorization',
      ...(changes.scopes !== undefined ? { scopes: changes.scopes ?? [] } : {}),
      ...(changes.addScopes !== undefined ? { addScopes: changes.addScopes } : {}),
      ...(changes.removeScopes !== undefined ? { removeScopes: changes.removeScopes } : {}),
      ...(changes.note !== undefined ? { note: changes.note } : {}),
      ...(changes.noteUrl !== undefined ? { noteUrl: changes.noteUrl } : {}),
      ...(changes.fingerprint !== undefined ? { fingerprint: changes.fingerprint } : {}),
      now: context.occurredAt,
    };
    const ran = await this.run(authorizationId, command, context);
    if (isLeft(ran)) return ran;
    const updated = await this.queries.ownedBy(userId, authorizationId);
    return updated ? right(updated) : left({ _tag: 'AuthorizationNotFound' });
  }

  async delete(userId: number, authorizationId: number, context: CommandContext): Promise<Either<AppError, void>> {
    if (!(await this.queries.ownedBy(userId, authorizationId))) return left({ _tag: 'AuthorizationNotFound' });
    return this.run(authorizationId, { type: 'DeleteAuthorization', reason: 'deleted', now: context.occurredAt }, context);
  }

  // Every token of the grant's application for this user ends; the grant goes with the last.
  async revokeGrant(userId: number, grantId: number, context: CommandContext): Promise<Either<AppError, void>> {
    const grant = await this.queries.grantOwnedBy(userId, grantId);
    if (!grant) return left({ _tag: 'GrantNotFound' });
    for (const authorization of await this.queries.ofApplication(userId, grant.application_id)) {
      const revoked = await this.run(authorization.id, { type: 'DeleteAuthorization', reason: 'grant_revoked', now: context.occurredAt }, context);
      if (isLeft(revoked) && revoked.left._tag !== 'AuthorizationNotFound') return revoked;
    }
    return right(undefined);
  }

  private async issue(userId: number, application: OAuthApplication | null, input: AuthorizationInput, context: CommandContext): Promise<Either<AppError, IssuedAuthorization>> {
    const authorizationId = await this.ids.next('authorization');
    const grant = application ? await this.queries.grantFor(userId, application.id) : null;
    const grantId = application ? (grant?.id ?? (await this.ids.next('oauth-grant'))) : null;
    const issued = issueToken(application ? 'gho_' : 'ghp_');
    const command: AuthorizationCommand = {
      type: 'CreateAuthorization',
      data: {
        authorizationId,
        userId,
        applicationId: application?.id ?? null,
        clientId: application?.client_id ?? null,
        grantId,
        scopes: input.scopes ?? [],
        note: input.note ?? null,
        noteUrl: input.noteUrl ?? null,
        fingerprint: input.fingerprint ?? null,
        hashedToken: issued.hashedToken,
        tokenLastEight: issued.lastEight,
      },
      now: context.occurredAt,
    };
    const ran = await this.run(authorizationId, command, context);
    if (isLeft(ran)) return ran;
    const authorization = await this.queries.ownedBy(userId, authorizationId);
    return authorization ? right({ authorization, token: issued.token, created: true }) : left({ _tag: 'AuthorizationNotFound' });
  }

  private async run(authorizationId: number, command: AuthorizationCommand, context: CommandContext): Promise<Either<AppError, void>> {
    const outcome = await handleCommand(this.eventStore, authorizationDecider, authorizationStream(authorizationId), command, context);
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return right(undefined);
  }
}
