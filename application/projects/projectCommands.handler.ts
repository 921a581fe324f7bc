import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { projectDecider, type CardPosition, type ColumnPosition, type ProjectCommand } from '../../domain/projects/project.decider.js';
import { projectStream, type CardContent, type ProjectOwnerKind, type ProjectPermission, type ProjectSettings } from '../../domain/projects/project.events.js';
import { IssueQueries } from '../issues/issue.queries.js';
import { PullRequestQueries } from '../pulls/pullRequest.queries.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import type { SignedInCaller } from '../repositories/createRepository.handler.js';
import { RepositoryAccessQuery } from '../shared/access/repositoryAccess.query.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import { inTurn } from '../shared/streamTurns.js';
import { EventSourcedIdAllocator, type IdAllocator } from '../shared/idAllocator.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { OrganizationQueries } from '../accounts/organization.queries.js';
import { ProjectAccess } from './projectAccess.query.js';
import { permissionToUpdate } from '../../domain/projects/projectAccess.js';
import { contentOutOfScope } from '../../domain/projects/cardContentScope.js';
import { legacyNodeId } from '../../domain/shared/nodeId.js';
import { ProjectQueries } from './projectQueries.js';

// Everyone on a board moves cards in one stream: a move that lost the race is decided again
// on the new order, up to this many times, before the client is told to retry (409).
const BOARD_ATTEMPTS = 40;

export interface ProjectOwner {
  readonly kind: ProjectOwnerKind;
  readonly id: number;
}

export type CardInput = { readonly note: string | null } | { readonly contentId: number; readonly contentType: 'Issue' | 'PullRequest' };

// Every command on classic projects: the access decision, then one command on the project's
// stream (the project holds its columns' and cards' order, so concurrent moves serialize on
// it and every card stays in exactly one place).
@injectable()
export class ProjectCommands {
  private readonly numbers: EventSourcedIdAllocator;

  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.IdAllocator) private readonly ids: IdAllocator,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(ProjectAccess) private readonly access: ProjectAccess,
    @inject(ProjectQueries) private readonly projects: ProjectQueries,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly repositoryAccess: RepositoryAccessQuery,
    @inject(OrganizationQueries) private readonly organizations: OrganizationQueries,
    @inject(IssueQueries) private readonly issues: IssueQueries,
    @inject(PullRequestQueries) private readonly pulls: PullRequestQueries,
  ) {
    // Numbers count per owner and are dense: drawn one at a time.
    this.numbers = new EventSourcedIdAllocator(eventStore, clock, 1);
  }

  // Repository projects need write access to the repository; organization projects a
  // member; user projects the user themself.
  async create(
    caller: SignedInCaller,
    owner: ProjectOwner,
    input: { name: string; body: string | null; private?: boolean },
    context: CommandContext,
  ): Promise<Either<AppError, number>> {
    const allowed = await this.mayCreateIn(caller, owner);
    if (isLeft(allowed)) return allowed;
    const disabled = await this.access.disabledFor({ owner_kind: owner.kind, owner_id: owner.id });
    if (disabled) return left(disabled);
    const projectId = await this.ids.next('project');
    const command: ProjectCommand = {
      type: 'CreateProject',
      projectId,
      ownerKind: owner.kind,
      ownerId: owner.id,
      number: 0,
      ...input,
      creatorId: caller.userId,
      at: context.occurredAt.toISOString(),
    };
    const check = projectDecider.decide(command, projectDecider.initialState());
    if (isLeft(check)) return check;
    const number = await this.numbers.next(`project-number-${owner.kind}-${owner.id}`);
    const outcome = await this.run(projectId, { ...command, number }, context);
    return isLeft(outcome) ? outcome : right(projectId);
  }

  private async mayCreateIn(caller: SignedInCaller, owner: ProjectOwner): Promise<Either<AppError, void>> {
    if (caller.siteAdmin) return right(undefined);
    if (owner.kind === 'user') return owner.id === caller.userId ? right(undefined) : left({ _tag: 'ProjectAccessDenied', needs: 'admin' });
    if (owner.kind === 'organization') {
      const membership = await this.organizations.membership(owner.id, caller.userId);
      return membership ? right(undefined) : left({ _tag: 'ProjectAccessDenied', needs: 'write' });
    }
    const repository = await this.repositories.byId(owner.id);
    if (!repository) return left({ _tag: 'RepositoryNotFound' });
    const role = await this.repositoryAccess.roleFor(caller, repository);
    if (role === 'none') return left({ _tag: 'RepositoryNotFound' });
    if (!['write', 'maintain', 'admin'].includes(role)) return left({ _tag: 'ProjectAccessDenied', needs: 'write' });
    const frozen = await this.access.repositoryFrozen(repository.id);
    return frozen ? left(frozen) : right(undefined);
  }

  // What each change needs is the domain's (permissionToUpdate); it depends on the kind of project.
  async update(caller: SignedInCaller, projectId: number, changes: Partial<ProjectSettings>, context: CommandContext): Promise<Either<AppError, void>> {
    const project = await this.projects.project(projectId);
    const needed = project ? permissionToUpdate(project.owner_kind, changes) : 'write';
    const authorized = await this.access.authorize(caller, projectId, needed);
    if (isLeft(authorized)) return authorized;
    // organization_permission is an organization project's; private an organization's or a user's.
    const kind = authorized.right.project.owner_kind;
    if (changes.organizationPermission !== undefined && kind !== 'organization') {
      return left({ _tag: 'ProjectValidationFailed', message: 'Validation Failed', errors: ['organization_permission applies to organization projects only'] });
    }
    if (changes.private !== undefined && kind === 'repository') {
      return left({ _tag: 'ProjectValidationFailed', message: 'Validation Failed', errors: ["a repository project's visibility is its repository's"] });
    }
    return this.run(projectId, { type: 'UpdateProject', changes, at: context.occurredAt.toISOString() }, context);
  }

  async delete(caller: SignedInCaller, projectId: number, context: CommandContext): Promise<Either<AppError, void>> {
    const authorized = await this.access.authorize(caller, projectId, 'admin');
    if (isLeft(authorized)) return authorized;
    return this.run(projectId, { type: 'DeleteProject', at: context.occurredAt.toISOString() }, context);
  }

  async setCollaborator(caller: SignedInCaller, projectId: number, userId: number, permission: ProjectPermission, context: CommandContext) {
    const authorized = await this.access.authorize(caller, projectId, 'admin');
    if (isLeft(authorized)) return authorized;
    if (authorized.right.project.owner_kind === 'repository') {
      return left<AppError>({
        _tag: 'ProjectValidationFailed',
        message: 'Validation Failed',
        errors: ["a repository project's collaborators are its repository's"],
      });
    }
    return this.run(projectId, { type: 'SetProjectCollaborator', userId, permission, at: context.occurredAt.toISOString() }, context);
  }

  async removeCollaborator(caller: SignedInCaller, projectId: number, userId: number, context: CommandContext) {
    const authorized = await this.access.authorize(caller, projectId, 'admin');
    if (isLeft(authorized)) return authorized;
    return this.run(projectId, { type: 'RemoveProjectCollaborator', userId, at: context.occurredAt.toISOString() }, context);
  }

  async createColumn(caller: SignedInCaller, projectId: number, name: string, context: CommandContext): Promise<Either<AppError, number>> {
    const authorized = await this.access.authorize(caller, projectId, 'write');
    if (isLeft(authorized)) return authorized;
    const columnId = await this.ids.next('project-column');
    const outcome = await this.run(projectId, { type: 'CreateColumn', columnId, name, at: context.occurredAt.toISOString() }, context);
    return isLeft(outcome) ? outcome : right(columnId);
  }

  async renameColumn(caller: SignedInCaller, columnId: number, name: string, context: CommandContext) {
    return this.onColumn(caller, columnId, (at) => ({ type: 'RenameColumn', columnId, name, at }), context);
  }

  async moveColumn(caller: SignedInCaller, columnId: number, position: ColumnPosition, context: CommandContext) {
    return this.onColumn(caller, columnId, (at) => ({ type: 'MoveColumn', columnId, position, at }), context);
  }

  async deleteColumn(caller: SignedInCaller, columnId: number, context: CommandContext) {
    return this.onColumn(caller, columnId, (at) => ({ type: 'DeleteColumn', columnId, at }), context);
  }

  async createCard(caller: SignedInCaller, columnId: number, input: CardInput, context: CommandContext): Promise<Either<AppError, number>> {
    const column = await this.projects.column(columnId);
    if (!column) return left({ _tag: 'ProjectColumnNotFound' });
    const authorized = await this.access.authorize(caller, column.project_id, 'write');
    if (isLeft(authorized)) return authorized;
    const content = 'note' in input ? right(null) : await this.contentOf(caller, authorized.right.project, input);
    if (isLeft(content)) return content;
    const cardId = await this.ids.next('project-card');
    const note = 'note' in input ? input.note : null;
    const command: ProjectCommand = {
      type: 'CreateCard',
      columnId,
      cardId,
      note,
      content: content.right,
      creatorId: caller.userId,
      at: context.occurredAt.toISOString(),
    };
    const outcome = await this.run(column.project_id, command, context);
    return isLeft(outcome) ? outcome : right(cardId);
  }

  // An issue or pull request the caller may read, in the project's scope (cardContentScope.ts).
  private async contentOf(
    caller: SignedInCaller,
    project: { owner_kind: ProjectOwnerKind; owner_id: number },
    input: { contentId: number; contentType: 'Issue' | 'PullRequest' },
  ): Promise<Either<AppError, CardContent>> {
    const unknown = (): Either<AppError, never> => left({ _tag: 'ProjectCardContentUnresolved', nodeId: legacyNodeId(input.contentType, input.contentId) });
    const found =
      input.contentType === 'Issue'
        ? await this.issues.issueById(input.contentId)
        : await this.pulls
            .byId(input.contentId)
            .then((pull) => pull && { id: pull.id, repository_id: pull.repository_id, number: pull.number, pull_request: {} });
    // An Issue may be a pull request's issue (its own id, of the issue sequence), as on GitHub.
    if (!found) return unknown();
    const repository = await this.repositories.byId(found.repository_id);
    if (!repository || (await this.repositoryAccess.roleFor(caller, repository)) === 'none') return unknown();
    const outOfScope = contentOutOfScope(
      { ownerKind: project.owner_kind, ownerId: project.owner_id },
      { id: repository.id, ownerId: repository.owner_id, ownerType: repository.owner_type },
    );
    if (outOfScope) return left({ _tag: 'ProjectCardContentOutOfScope', message: outOfScope });
    return right({ type: input.contentType, id: found.id, repositoryId: repository.id, number: found.number });
  }

  async updateCard(caller: SignedInCaller, cardId: number, changes: { note?: string | null; archived?: boolean }, context: CommandContext) {
    return this.onCard(caller, cardId, (at) => ({ type: 'UpdateCard', cardId, ...changes, at }), context);
  }

  async moveCard(caller: SignedInCaller, cardId: number, position: CardPosition, columnId: number | undefined, context: CommandContext) {
    return this.onCard(caller, cardId, (at) => ({ type: 'MoveCard', cardId, position, ...(columnId === undefined ? {} : { columnId }), at }), context);
  }

  async deleteCard(caller: SignedInCaller, cardId: number, context: CommandContext) {
    return this.onCard(caller, cardId, (at) => ({ type: 'DeleteCard', cardId, at }), context);
  }

  private async onColumn(
    caller: SignedInCaller,
    columnId: number,
    command: (at: string) => ProjectCommand,
    context: CommandContext,
  ): Promise<Either<AppError, void>> {
    const column = await this.projects.column(columnId);
    if (!column) return left({ _tag: 'ProjectColumnNotFound' });
    const authorized = await this.access.authorize(caller, column.project_id, 'write');
    if (isLeft(authorized)) return authorized;
    return this.run(column.project_id, command(context.occurredAt.toISOString()), context);
  }

  private async onCard(
    caller: SignedInCaller,
    cardId: number,
    command: (at: string) => ProjectCommand,
    context: CommandContext,
  ): Promise<Either<AppError, void>> {
    const card = await this.projects.card(cardId);
    if (!card) return left({ _tag: 'ProjectCardNotFound' });
    const authorized = await this.access.authorize(caller, card.project_id, 'write');
    if (isLeft(authorized)) return authorized;
    return this.run(card.project_id, command(context.occurredAt.toISOString()), context);
  }

  private async run(projectId: number, command: ProjectCommand, context: CommandContext): Promise<Either<AppError, void>> {
    // Each attempt takes the time again: the board's times rise along its log (retimed). A
    // board's commands take turns in this process (streamTurns.ts).
    const stream = projectStream(projectId);
    const outcome = await inTurn(this.eventStore, stream, () =>
      handleCommand(this.eventStore, projectDecider, stream, command, context, undefined, BOARD_ATTEMPTS, {
        clock: this.clock,
        at: (decided, now) => ({ ...decided, at: now.toISOString() }),
      }),
    );
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return right(undefined);
  }
}
