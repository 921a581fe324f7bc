import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import type { RepositoryCommand } from '../../domain/repositories/repository.commands.js';
import { repositoryDecider, repositoryStream } from '../../domain/repositories/repository.decider.js';
import { REPOSITORY_OPERATIONS, type CollaboratorPermission } from '../../domain/shared/access.js';
import type { AppError } from '../shared/appError.js';
import type { AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import { inTurn } from '../shared/streamTurns.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { AuthorizedRepository } from './authorizedRepository.js';
import type { RepositoryInvitationDocument } from './repositories.readModel.js';
import { RepositoryInvitationQueries } from './repositoryInvitations.query.js';

// What happens to a pending invitation: the invitee accepts or declines it
// (/user/repository_invitations/{id}); the repository's administrators change its permission
// or withdraw it (/repos/{owner}/{repo}/invitations/{id}). Each is a command on the
// repository's stream, whose decider knows the pending invitations.
@injectable()
export class RepositoryInvitationsHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(AuthorizedRepository) private readonly authorized: AuthorizedRepository,
    @inject(RepositoryInvitationQueries) private readonly invitations: RepositoryInvitationQueries,
  ) {}

  async accept(userId: number, invitationId: number, context: CommandContext): Promise<Either<AppError, void>> {
    const invitation = await this.inviteesOwn(userId, invitationId);
    if (isLeft(invitation)) return invitation;
    return this.run(invitation.right.repository_id, { type: 'AcceptInvitation', invitationId, userId, now: context.occurredAt }, context);
  }

  async decline(userId: number, invitationId: number, context: CommandContext): Promise<Either<AppError, void>> {
    const invitation = await this.inviteesOwn(userId, invitationId);
    if (isLeft(invitation)) return invitation;
    return this.run(invitation.right.repository_id, { type: 'DeclineInvitation', invitationId, userId, now: context.occurredAt }, context);
  }

  async update(
    caller: AccessCaller,
    repositoryId: number,
    invitationId: number,
    permission: CollaboratorPermission,
    context: CommandContext,
  ): Promise<Either<AppError, void>> {
    const allowed = await this.administered(caller, repositoryId, invitationId);
    if (isLeft(allowed)) return allowed;
    return this.run(repositoryId, { type: 'UpdateInvitation', invitationId, permission, now: context.occurredAt }, context);
  }

  async withdraw(caller: AccessCaller, repositoryId: number, invitationId: number, context: CommandContext): Promise<Either<AppError, void>> {
    const allowed = await this.administered(caller, repositoryId, invitationId);
    if (isLeft(allowed)) return allowed;
    return this.run(repositoryId, { type: 'DeleteInvitation', invitationId, now: context.occurredAt }, context);
  }

  // Someone else's invitation answers as an absent one.
  private async inviteesOwn(userId: number, invitationId: number): Promise<Either<AppError, RepositoryInvitationDocument>> {
    const invitation = await this.invitations.byId(invitationId);
    return invitation && invitation.invitee_id === userId ? right(invitation) : left({ _tag: 'RepositoryInvitationNotFound' });
  }

  private async administered(caller: AccessCaller, repositoryId: number, invitationId: number): Promise<Either<AppError, void>> {
    const loaded = await this.authorized.load(caller, repositoryId, REPOSITORY_OPERATIONS.administer);
    if (isLeft(loaded)) return loaded;
    const invitation = await this.invitations.byId(invitationId);
    return invitation && invitation.repository_id === repositoryId ? right(undefined) : left({ _tag: 'RepositoryInvitationNotFound' });
  }

  private async run(repositoryId: number, command: RepositoryCommand, context: CommandContext): Promise<Either<AppError, void>> {
    // Taking turns with the repository's other collaborator commands (SetCollaboratorHandler).
    const stream = repositoryStream(repositoryId);
    const outcome = await inTurn(this.eventStore, stream, () => handleCommand(this.eventStore, repositoryDecider, stream, command, context));
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return right(undefined);
  }
}
