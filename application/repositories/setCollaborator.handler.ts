import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { repositoryDecider, repositoryStream } from '../../domain/repositories/repository.decider.js';
import { REPOSITORY_OPERATIONS, type CollaboratorPermission } from '../../domain/shared/access.js';
import type { AppError } from '../shared/appError.js';
import type { AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { AuthorizedRepository } from './authorizedRepository.js';
import { RepositoryQueries } from './repositoryQueries.js';

export type CollaboratorChange =
  | { readonly outcome: 'added'; readonly userId: number; readonly invitationId: number }
  | { readonly outcome: 'already_collaborator'; readonly userId: number };

// GitHub invites, and the invitee accepts; forgelog adds the collaborator at once, answering
// with the invitation GitHub would show. A permission change for an existing collaborator
// is GitHub's 204 with no body, whatever changed.
@injectable()
export class SetCollaboratorHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.IdAllocator) private readonly ids: IdAllocator,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(AuthorizedRepository) private readonly authorized: AuthorizedRepository,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
  ) {}

  async execute(
    caller: AccessCaller,
    repositoryId: number,
    input: { readonly login: string; readonly permission: CollaboratorPermission },
    context: CommandContext,
  ): Promise<Either<AppError, CollaboratorChange>> {
    const loaded = await this.authorized.load(caller, repositoryId, REPOSITORY_OPERATIONS.administer);
    if (isLeft(loaded)) return loaded;
    const user = await this.repositories.accountByLogin(input.login);
    if (!user || user.type !== 'User') return left({ _tag: 'UserNotFound', login: input.login });
    const existing = await this.repositories.collaborator(repositoryId, user.id);
    const invitationId = existing ? 0 : await this.ids.next('repository-invitation');
    const changed = await handleCommand(this.eventStore, repositoryDecider, repositoryStream(repositoryId), {
      type: 'SetCollaborator',
      userId: user.id,
      permission: input.permission,
      invitationId,
      now: context.occurredAt,
    }, context);
    if (isLeft(changed)) return changed;
    await this.readYourWrites.settle(changed.right.position);
    const added = changed.right.events.find((event) => event.type === 'CollaboratorAdded');
    return right(added ? { outcome: 'added', userId: user.id, invitationId: added.data.invitationId } : { outcome: 'already_collaborator', userId: user.id });
  }
}
