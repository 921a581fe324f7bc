import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { OAuthApplicationQueries } from '../accounts/oauthApplication.queries.js';
import type { OAuthApplication } from '../accounts/oauthApplications.readModel.js';
import { oauthApplicationDecider, oauthApplicationStream } from '../../domain/accounts/oauthApplication.decider.js';
import { userDecider, userStream } from '../../domain/accounts/user.decider.js';
import { authorizationDecider, authorizationStream, type AuthorizationCommand } from '../../domain/authorizations/authorization.decider.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { foldStream, handleCommand } from '../shared/handleCommand.js';
import { inTurn } from '../shared/streamTurns.js';
import { grantRevoked, recordGrantRevoked } from './grantRevocations.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { AuthorizationQueries } from './authorization.queries.js';
import type { AuthorizationDocument } from './authorizations.readModel.js';
import { issueToken } from './personalTokens.js';
import { releasedUnlessTakenUp } from '../shared/reservations.js';
import { authorizationKeyStream, bindKey, keyStreamOf, releaseKey } from './authorizationKeys.js';

// A key a live authorization holds, and the field GitHub names when another wants it.
interface HeldKey {
  readonly stream: string;
  readonly field: 'description' | 'fingerprint';
}

// An application's token is told apart by its fingerprint, a personal one by its note.
function keyOf(userId: number, applicationId: number | null, note: string | null, fingerprint: string | null): HeldKey | null {
  const stream = keyStreamOf(userId, applicationId, note, fingerprint);
  return stream === null ? null : { stream, field: applicationId !== null ? 'fingerprint' : 'description' };
}

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
    // As GitHub: a client_id without its secret (or a secret alone) makes a personal token.
    let application: OAuthApplication | null = null;
    if (input.clientId && input.clientSecret) {
      application = await this.applications.verifyClientCredentials(input.clientId, input.clientSecret);
      if (!application) return left({ _tag: 'OAuthClientNotFound' });
    }
    return this.issueUnique(userId, application, input, context);
  }

  // POST: a fingerprint (application) or note (personal) another live token of the user holds
  // is refused, as GitHub does; the key is bound before the token is made, so of simultaneous
  // creations one wins.
  private async issueUnique(
    userId: number,
    application: OAuthApplication | null,
    input: AuthorizationInput,
    context: CommandContext,
  ): Promise<Either<AppError, IssuedAuthorization>> {
    const key = keyOf(userId, application?.id ?? null, input.note ?? null, input.fingerprint ?? null);
    if (key === null) return this.issue(userId, application, input, context);
    if (await this.heldInReadModel(userId, application?.id ?? null, input.note ?? null, input.fingerprint ?? null, null)) {
      return left({ _tag: 'AuthorizationDuplicate', field: key.field });
    }
    const authorizationId = await this.ids.next('authorization');
    for (;;) {
      const bound = await this.bindIssuing(key.stream, authorizationId, context);
      if (bound === true) break;
      // A creation this process is making holds the key: a duplicate once its token exists;
      // freed when it was refused (a bad scope), this request is decided on its own. A holder
      // elsewhere (another process, or one that died: the orphan manager frees it) is a duplicate.
      if (!this.issuing.has(bound.heldBy)) return left({ _tag: 'AuthorizationDuplicate', field: key.field });
      const holder = await this.awaitHolder(userId, key.stream, bound.heldBy);
      if (isLeft(holder) || holder.right !== null) return left({ _tag: 'AuthorizationDuplicate', field: key.field });
    }
    return this.whileIssuing(authorizationId, () =>
      releasedUnlessTakenUp(
        () => this.issue(userId, application, input, context, authorizationId),
        () => releaseKey(this.eventStore, key.stream, authorizationId, context),
      ),
    );
  }

  // Ids of the creations this process has bound a key for and not finished: noted before the
  // binding is appended, so whoever reads the binding here knows its holder is in flight.
  private readonly issuing = new Set<number>();

  private async bindIssuing(key: string, authorizationId: number, context: CommandContext): Promise<true | { heldBy: number }> {
    this.issuing.add(authorizationId);
    const bound = await bindKey(this.eventStore, key, authorizationId, context);
    if (bound !== true) this.issuing.delete(authorizationId);
    return bound;
  }

  private async whileIssuing<T>(authorizationId: number, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      this.issuing.delete(authorizationId);
    }
  }

  // Tokens made before keys were bound hold none: the read model still names them.
  private async heldInReadModel(
    userId: number,
    applicationId: number | null,
    note: string | null,
    fingerprint: string | null,
    exceptId: number | null,
  ): Promise<boolean> {
    const holder =
      applicationId !== null ? await this.queries.forApplication(userId, applicationId, fingerprint) : await this.queries.personalWithNote(userId, note ?? '');
    return holder !== null && holder.id !== exceptId;
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
    const application = await this.applications.verifyClientCredentials(clientId, clientSecret);
    if (!application) return left({ _tag: 'OAuthClientNotFound' });
    const existing = await this.queries.forApplication(userId, application.id, fingerprint);
    if (existing) return right({ authorization: existing, created: false });
    // Simultaneous requests: whoever binds the key (user, application, fingerprint) in the
    // log creates the token; the others answer with it once it exists.
    const authorizationId = await this.ids.next('authorization');
    const key = authorizationKeyStream(userId, application.id, fingerprint);
    for (;;) {
      const bound = await this.bindIssuing(key, authorizationId, context);
      if (bound === true) break;
      // The holder's token, once it exists; if its creation was refused (unknown scopes, say)
      // and freed the key, this request binds it and is answered on its own input. Waiting
      // for a token that never came answered 409 after ten seconds.
      const holder = await this.awaitHolder(userId, key, bound.heldBy);
      if (isLeft(holder)) return holder;
      if (holder.right !== null) return right({ authorization: holder.right, created: false });
    }
    // A refused creation (unknown scopes, say) frees the key again.
    return this.whileIssuing(authorizationId, () =>
      releasedUnlessTakenUp(
        () => this.issue(userId, application, { ...input, fingerprint }, context, authorizationId),
        () => releaseKey(this.eventStore, key, authorizationId, context),
      ),
    );
  }

  // The token a key's holder makes, once the read model shows it; null once the holder let the
  // key go without one (its creation refused).
  private async awaitHolder(userId: number, key: string, authorizationId: number): Promise<Either<AppError, AuthorizationDocument | null>> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const authorization = await this.queries.ownedBy(userId, authorizationId);
      if (authorization) return right(authorization);
      const [last] = await this.eventStore.readStream(key, { direction: 'backwards', maxCount: 1 });
      if (last?.type !== 'AuthorizationKeyBound' || (last.data as { authorizationId: number }).authorizationId !== authorizationId) return right(null);
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
    const current = await this.queries.ownedBy(userId, authorizationId);
    if (!current) return left({ _tag: 'AuthorizationNotFound' });
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
    const rekeyed = await this.rekeyed(current, changes, context, () => this.run(authorizationId, command, context));
    if (isLeft(rekeyed)) return rekeyed;
    const updated = await this.queries.ownedBy(userId, authorizationId);
    return updated ? right(updated) : left({ _tag: 'AuthorizationNotFound' });
  }

  // A changed note (personal) or fingerprint (application) binds its new key before the change
  // and frees the old one after it; a key another token holds refuses the change.
  private async rekeyed(
    current: AuthorizationDocument,
    changes: AuthorizationInput,
    context: CommandContext,
    change: () => Promise<Either<AppError, void>>,
  ): Promise<Either<AppError, void>> {
    const note = changes.note === undefined ? current.note : changes.note;
    const fingerprint = changes.fingerprint === undefined ? current.fingerprint : changes.fingerprint;
    const before = keyOf(current.user_id, current.application_id, current.note, current.fingerprint);
    const after = keyOf(current.user_id, current.application_id, note, fingerprint);
    if (after === null || after.stream === before?.stream) return change();
    if (await this.heldInReadModel(current.user_id, current.application_id, note, fingerprint, current.id)) {
      return left({ _tag: 'AuthorizationDuplicate', field: after.field });
    }
    if ((await bindKey(this.eventStore, after.stream, current.id, context)) !== true) return left({ _tag: 'AuthorizationDuplicate', field: after.field });
    const changed = await releasedUnlessTakenUp(change, () => releaseKey(this.eventStore, after.stream, current.id, context));
    // The key the token left is freed once the change is in (lost in a crash, the next binding takes it over).
    if (!isLeft(changed) && before !== null) await releaseKey(this.eventStore, before.stream, current.id, context);
    return changed;
  }

  async delete(userId: number, authorizationId: number, context: CommandContext): Promise<Either<AppError, void>> {
    const authorization = await this.queries.ownedBy(userId, authorizationId);
    if (!authorization) return left({ _tag: 'AuthorizationNotFound' });
    const deleted = await this.run(authorizationId, { type: 'DeleteAuthorization', reason: 'deleted', now: context.occurredAt }, context);
    if (!isLeft(deleted)) await this.unbind(authorization, context);
    return deleted;
  }

  // A deleted token frees its key: a later get-or-create makes a new one, a note can be reused.
  private async unbind(authorization: AuthorizationDocument, context: CommandContext): Promise<void> {
    const key = keyOf(authorization.user_id, authorization.application_id, authorization.note, authorization.fingerprint);
    if (key !== null) await releaseKey(this.eventStore, key.stream, authorization.id, context);
  }

  // Every token of the grant's application for this user ends; the grant goes with the last.
  async revokeGrant(userId: number, grantId: number, context: CommandContext): Promise<Either<AppError, void>> {
    const grant = await this.queries.grantOwnedBy(userId, grantId);
    if (!grant) return left({ _tag: 'GrantNotFound' });
    // Recorded first; every token recorded before it is then in the read model (grantRevocations.ts).
    const revokedAt = await recordGrantRevoked(this.eventStore, grant.id, context);
    if (revokedAt !== undefined) await this.readYourWrites.settle(revokedAt);
    for (const authorization of await this.queries.ofApplication(userId, grant.application_id)) {
      const revoked = await this.run(authorization.id, { type: 'DeleteAuthorization', reason: 'grant_revoked', now: context.occurredAt }, context);
      if (isLeft(revoked) && revoked.left._tag !== 'AuthorizationNotFound') return revoked;
      await this.unbind(authorization, context);
    }
    return right(undefined);
  }

  // The application revokes one token it was given (GitHub's "revoke an authorization for an
  // application"): the token ends, its grant stays while the user's other tokens of it live.
  async revokeForApplication(authorization: AuthorizationDocument, context: CommandContext): Promise<Either<AppError, void>> {
    const revoked = await this.run(authorization.id, { type: 'DeleteAuthorization', reason: 'application_revoked', now: context.occurredAt }, context);
    if (!isLeft(revoked)) await this.unbind(authorization, context);
    return revoked;
  }

  // The application replaces a token it was given (GitHub's "reset an authorization"): a new
  // token, shown this once; the old one fails from the answer on.
  async resetForApplication(authorization: AuthorizationDocument, context: CommandContext): Promise<Either<AppError, IssuedAuthorization>> {
    const issued = issueToken(authorization.application_id !== null ? 'gho_' : 'ghp_');
    const command: AuthorizationCommand = {
      type: 'ResetAuthorizationToken',
      hashedToken: issued.hashedToken,
      tokenLastEight: issued.lastEight,
      now: context.occurredAt,
    };
    const reset = await this.run(authorization.id, command, context);
    if (isLeft(reset)) return reset;
    const current = await this.queries.ownedBy(authorization.user_id, authorization.id);
    return current ? right({ authorization: current, token: issued.token, created: true }) : left({ _tag: 'AuthorizationNotFound' });
  }

  // A deleted application's tokens end for every user, and its grants with them, as on GitHub.
  async revokeApplication(applicationId: number, context: CommandContext): Promise<Either<AppError, void>> {
    for (const authorization of await this.queries.allOfApplication(applicationId)) {
      const revoked = await this.run(authorization.id, { type: 'DeleteAuthorization', reason: 'grant_revoked', now: context.occurredAt }, context);
      if (isLeft(revoked) && revoked.left._tag !== 'AuthorizationNotFound') return revoked;
      await this.unbind(authorization, context);
    }
    return right(undefined);
  }

  // A deleted user's tokens end with them (and their grants), each recorded in its history.
  async revokeUser(userId: number, context: CommandContext): Promise<Either<AppError, void>> {
    for (const authorization of await this.queries.allOfUser(userId)) {
      const revoked = await this.run(authorization.id, { type: 'DeleteAuthorization', reason: 'user_deleted', now: context.occurredAt }, context);
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
    // A grant being revoked is still in the read model until its last token ends: not taken up.
    const current = grant && !(await grantRevoked(this.eventStore, grant.id)) ? grant.id : null;
    const grantId = application ? (current ?? (await this.ids.next('oauth-grant'))) : null;
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
    // The application deleted meanwhile, after its deletion revoked the tokens it found
    // (checked after recording, so one of the two sees the other): this token goes too.
    if (application && (await foldStream(this.eventStore, oauthApplicationDecider, oauthApplicationStream(application.id))).status === 'deleted') {
      const revoked = await this.run(authorizationId, { type: 'DeleteAuthorization', reason: 'grant_revoked', now: context.occurredAt }, context);
      return isLeft(revoked) ? revoked : left({ _tag: 'OAuthClientNotFound' });
    }
    // So too for its user (DeleteUserHandler).
    if ((await foldStream(this.eventStore, userDecider, userStream(userId))).status === 'deleted') {
      const revoked = await this.run(authorizationId, { type: 'DeleteAuthorization', reason: 'user_deleted', now: context.occurredAt }, context);
      return isLeft(revoked) ? revoked : left({ _tag: 'UserNotFound', login: String(userId) });
    }
    // The grant read was revoked before this token was recorded: the token ends with it (the
    // key it bound is freed by the caller), and the request is told to try again, for a new grant.
    if (grantId !== null && (await grantRevoked(this.eventStore, grantId))) {
      await this.run(authorizationId, { type: 'DeleteAuthorization', reason: 'grant_revoked', now: context.occurredAt }, context);
      return left({ _tag: 'ConcurrencyConflict', streamId: authorizationStream(authorizationId) });
    }
    const authorization = await this.queries.ownedBy(userId, authorizationId);
    return authorization ? right({ authorization, token: issued.token, created: true }) : left({ _tag: 'AuthorizationNotFound' });
  }

  private async run(authorizationId: number, command: AuthorizationCommand, context: CommandContext): Promise<Either<AppError, void>> {
    // A token's commands take turns in this process (streamTurns.ts): ten scope changes of one
    // token at once raced for one revision until some answered 409.
    const stream = authorizationStream(authorizationId);
    const outcome = await inTurn(this.eventStore, stream, () => handleCommand(this.eventStore, authorizationDecider, stream, command, context));
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return right(undefined);
  }
}
