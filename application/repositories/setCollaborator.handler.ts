import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { repositoryDecider, repositoryStream } from '../../domain/repositories/repository.decider.js';
import { REPOSITORY_OPERATIONS, type CollaboratorPermission } from '../../domain/shared/access.js';
import type { AppError } from '../shared/appError.js';
import type { AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import { inTurn } from '../shared/streamTurns.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { AuthorizedRepository } from './authorizedRepository.js';
import { RepositoryQueries } from './repository.queries.js';
import { OrganizationQueries } from '../accounts/organization.queries.js';

export type CollaboratorChange =
  // a pending invitation: new, or the one the user had already, with this permission now
  | { readonly outcome: 'invited'; readonly userId: number; readonly invitationId: number }
  // an existing collaborator's permission, or a member of the owning organization added directly
  | { readonly outcome: 'collaborator'; readonly userId: number };

// As on GitHub: a new collaborator is invited and gets access only by accepting; a member of
// the organization that owns the repository is added at once; an existing collaborator's
// permission changes at once. The last two are GitHub's 204 with no body.
@injectable()
export class SetCollaboratorHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.IdAllocator) private readonly ids: IdAllocator,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(AuthorizedRepository) private readonly authorized: AuthorizedRepository,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(OrganizationQueries) private readonly organizations: OrganizationQueries,
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
    // Whether they collaborate already is the stream's to say when the command is decided (a
    // removal may land first): a member of the owning organization would be added directly,
    // anyone else is invited, under an id of their own.
    const directly =
      loaded.right.repository.owner_type === 'Organization' && (await this.organizations.membership(loaded.right.repository.owner_id, user.id)) !== null;
    const invitationId = directly ? 0 : await this.ids.next('repository-invitation');
    // A repository's collaborator commands take turns in this process (streamTurns.ts): forty
    // people invited at once had raced for one revision until most answered 409.
    const stream = repositoryStream(repositoryId);
    const changed = await inTurn(this.eventStore, stream, () =>
      handleCommand(
        this.eventStore,
        repositoryDecider,
        stream,
        {
          type: 'SetCollaborator',
          userId: user.id,
          permission: input.permission,
          invitationId,
          inviterId: caller!.userId,
          directly,
          now: context.occurredAt,
        },
        context,
      ),
    );
    if (isLeft(changed)) return changed;
    await this.readYourWrites.settle(changed.right.position);
    const state = changed.right.state;
    if (state.status !== 'active' || state.collaborators[user.id] !== undefined) return right({ outcome: 'collaborator', userId: user.id });
    const pending = Object.entries(state.invitations).find(([, invitation]) => invitation.inviteeId === user.id);
    return right(pending ? { outcome: 'invited', userId: user.id, invitationId: Number(pending[0]) } : { outcome: 'collaborator', userId: user.id });
  }
}
