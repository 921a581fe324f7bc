import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { OAuthApplicationQueries } from '../accounts/oauthApplication.queries.js';
import type { OAuthApplication } from '../accounts/oauthApplications.readModel.js';
import { authorizationDecider, authorizationStream, type AuthorizationCommand } from '../../domain/authorizations/authorization.decider.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { AuthorizationQueries } from './authorization.queries.js';
import type { AuthorizationDocument } from './authorizations.readModel.js';
import { issueToken } from './personalTokens.js';
import { randomUUID, createHash } from 'node:crypto';
import { metadataFor } from '../shared/commandContext.js';

// The one live token per user, application and fingerprint (get-or-create's key).
export const authorizationKeyStream = (userId: number, applicationId: number, fingerprint: string | null): string =>
  `authorization-key-${userId}-${applicationId}-${fingerprint === null ? 'none' : createHash('sha256').update(fingerprint).digest('hex').slice(0, 32)}`;

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

  async create(
    userId: number,
    input: AuthorizationInput & { readonly clientId?: string; readonly clientSecret?: string },
    context: CommandContext,
  ): Promise<Either<AppError, IssuedAuthorization>> {
    let application: OAuthApplication | null = null;
    if (input.clientId !== undefined || input.clientSecret !== undefined) {
      application = await this.applications.verifyClientCredentials(input.clientId ?? '', input.clientSecret ?? '');
      if (!application) return left({ _tag: 'OAuthClientNotFound' });
    }
    return this.issue(userId, application, input, context);
  }

  // PUT /authorizations/clients/{client_id}[/{fingerprint}]: 200 with the existing one (its
  // token not shown again), or 201 with a new one.
  async getOrCreate(
    userId: number,
    clientId: string,
    clientSecret: string,
    fingerprint: string | null,
    input: AuthorizationInput,
    context: CommandContext,
  ): Promise<Either<AppError, GetOrCreateOutcome>> {
    if (clientId.length !== 20) return left({ _tag: 'AuthorizationFieldInvalid', field: 'client_id', message: 'client_id must be 20 characters' });
    const application = await this.applications.verifyClientCredentials(clientId, clientSecret);
    if (!application) return left({ _tag: 'OAuthClientNotFound' });
    const existing = await this.queries.forApplication(userId, application.id, fingerprint);
    if (existing) return right({ authorization: existing, created: false });
    // Simultaneous requests: whoever binds the key (user, application, fingerprint) in the
    // log creates the token; the others answer with it once it exists.
    const authorizationId = await this.ids.next('authorization');
    const key = authorizationKeyStream(userId, application.id, fingerprint);
    const [last] = await this.eventStore.readStream(key, { direction: 'backwards', maxCount: 1 });
    const bound = last?.type === 'AuthorizationKeyBound' ? (last.data as { authorizationId: number }).authorizationId : null;
    if (bound !== null) return this.awaitBound(userId, bound);
    const claimed = await this.eventStore.append(
      key,
      [{ id: randomUUID(), type: 'AuthorizationKeyBound', data: { authorizationId }, metadata: metadataFor(context) }],
      last ? last.revision : 'no_stream',
    );
    if (claimed.outcome !== 'appended') {
      const [winner] = await this.eventStore.readStream(key, { direction: 'backwards', maxCount: 1 });
      return this.awaitBound(userId, (winner?.data as { authorizationId: number } | undefined)?.authorizationId ?? -1);
    }
    const issued = await this.issue(userId, application, { ...input, fingerprint }, context, authorizationId);
    // A refused creation (unknown scopes, say) frees the key again.
    if (isLeft(issued)) await this.releaseKey(key, authorizationId, context);
    return issued;
  }

  private async awaitBound(userId: number, authorizationId: number): Promise<Either<AppError, GetOrCreateOutcome>> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const authorization = await this.queries.ownedBy(userId, authorizationId);
      if (authorization) return right({ authorization, created: false });
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return left({ _tag: 'ConcurrencyConflict', streamId: `authorization-${authorizationId}` });
  }

  async update(
    userId: number,
    authorizationId: number,
    changes: ScopeChanges & AuthorizationInput,
    context: CommandContext,
  ): Promise<Either<AppError, AuthorizationDocument>> {
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
    const authorization = await this.queries.ownedBy(userId, authorizationId);
    if (!authorization) return left({ _tag: 'AuthorizationNotFound' });
    const deleted = await this.run(authorizationId, { type: 'DeleteAuthorization', reason: 'deleted', now: context.occurredAt }, context);
    if (!isLeft(deleted)) await this.unbind(authorization, context);
    return deleted;
  }

  // A deleted application token frees its key: a later get-or-create makes a new one.
  private async unbind(authorization: AuthorizationDocument, context: CommandContext): Promise<void> {
    if (authorization.application_id === null) return;
    await this.releaseKey(authorizationKeyStream(authorization.user_id, authorization.application_id, authorization.fingerprint), authorization.id, context);
  }

  private async releaseKey(key: string, authorizationId: number, context: CommandContext): Promise<void> {
    await this.eventStore.append(
      key,
      [{ id: randomUUID(), type: 'AuthorizationKeyReleased', data: { authorizationId }, metadata: metadataFor(context) }],
      'any',
    );
  }

  // Every token of the grant's application for this user ends; the grant goes with the last.
  async revokeGrant(userId: number, grantId: number, context: CommandContext): Promise<Either<AppError, void>> {
    const grant = await this.queries.grantOwnedBy(userId, grantId);
    if (!grant) return left({ _tag: 'GrantNotFound' });
    for (const authorization of await this.queries.ofApplication(userId, grant.application_id)) {
      const revoked = await this.run(authorization.id, { type: 'DeleteAuthorization', reason: 'grant_revoked', now: context.occurredAt }, context);
      if (isLeft(revoked) && revoked.left._tag !== 'AuthorizationNotFound') return revoked;
      await this.unbind(authorization, context);
    }
    return right(undefined);
  }

  private async issue(
    userId: number,
    application: OAuthApplication | null,
    input: AuthorizationInput,
    context: CommandContext,
    chosenId?: number,
  ): Promise<Either<AppError, IssuedAuthorization>> {
    const authorizationId = chosenId ?? (await this.ids.next('authorization'));
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
