import { inject, injectable } from 'inversify';
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import { loginReservationDecider, loginStream } from '../../domain/accounts/loginReservation.decider.js';
import { userDecider, userStream } from '../../domain/accounts/user.decider.js';
import type { AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { foldStream, handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { DeleteRepositoryHandler } from '../repositories/deleteRepository.handler.js';
import { AuthorizationCommands } from '../authorizations/authorizationCommands.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import { EmailReservations } from './emailReservations.js';
import { UserCommands } from './userCommand.js';

// DELETE /admin/users/{username}: as on GitHub Enterprise, the user's repositories (and
// OAuth tokens) go with them. The user deletion is checked first (a refused one deletes nothing), then each
// repository is deleted (its own events, name release and git directory), then the user
// stream records the deletion (its history stays for the audit trail) and the login and email
// are released. A crash part-way leaves the user with fewer repositories; repeating the
// request finishes the job.
@injectable()
export class DeleteUserHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(UserCommands) private readonly commands: UserCommands,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(DeleteRepositoryHandler) private readonly deleteRepository: DeleteRepositoryHandler,
    @inject(EmailReservations) private readonly emails: EmailReservations,
    @inject(AuthorizationCommands) private readonly authorizations: AuthorizationCommands,
  ) {}

  async execute(login: string, context: CommandContext): Promise<Either<AppError, void>> {
    const user = await this.commands.userNamed(login);
    if (isLeft(user)) return user;
    const command = { type: 'DeleteUser' as const, userId: user.right.id, by: context.actorId, now: context.occurredAt };
    const accepted = await this.commands.check(command);
    if (isLeft(accepted)) return accepted;
    // Only a site administrator reaches this command (the route requires one).
    const siteAdmin = { userId: context.actorId ?? 0, siteAdmin: true };
    const removed = await this.deleteRepositories(user.right.id, siteAdmin, context);
    if (isLeft(removed)) return removed;
    // Their OAuth tokens end too (each token's history says so, and their grants go).
    const revoked = await this.authorizations.revokeUser(user.right.id, context);
    if (isLeft(revoked)) return revoked;
    // The email the user has as it is deleted (the deleted state keeps none).
    const before = await foldStream(this.eventStore, userDecider, userStream(user.right.id));
    const email = before.status === 'active' ? before.email : null;
    const deleted = await this.commands.run(command, context);
    if (isLeft(deleted)) return deleted;
    // A repository or token the user made while this ran, after the lists above: the read
    // models are settled at the deletion, so they show every one recorded before it (one
    // recorded after it ends itself: RepositoryCreation, AuthorizationCommands). Left, a
    // repository was owned by nobody, a token live for a user who is gone.
    const late = await this.deleteRepositories(user.right.id, siteAdmin, context);
    if (isLeft(late)) return late;
    const lateTokens = await this.authorizations.revokeUser(user.right.id, context);
    if (isLeft(lateTokens)) return lateTokens;
    for (const event of deleted.right.events) {
      if (event.type !== 'UserDeleted') continue;
      const release = { type: 'ReleaseLogin' as const, login: event.data.login, accountId: event.data.userId };
      const released = await handleCommand(this.eventStore, loginReservationDecider, loginStream(event.data.login), release, context);
      if (isLeft(released)) return released;
      if (email !== null) {
        const emailReleased = await this.emails.release(email, event.data.userId, context);
        if (isLeft(emailReleased)) return emailReleased;
      }
    }
    return right(undefined);
  }

  private async deleteRepositories(userId: number, siteAdmin: AccessCaller, context: CommandContext): Promise<Either<AppError, void>> {
    for (const repository of await this.repositories.ownedBy([userId])) {
      const removed = await this.deleteRepository.execute(siteAdmin, repository.id, context);
      if (isLeft(removed) && removed.left._tag !== 'RepositoryNotFound') return removed;
    }
    return right(undefined);
  }
}
