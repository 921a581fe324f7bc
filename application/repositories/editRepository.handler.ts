import { inject, injectable } from 'inversify';
import { REPOSITORY_BOUND_SEARCH_PROJECTIONS } from '../search/searchIndexes.js';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import type { RepositorySettings } from '../../domain/repositories/repository.events.js';
import { normalizeRepositoryName } from '../../domain/repositories/repositoryName.js';
import { repositoryDecider, repositoryStream } from '../../domain/repositories/repository.decider.js';
import type { ActiveRepository } from '../../domain/repositories/repository.state.js';
import { REPOSITORY_OPERATIONS, type RepositoryOperation } from '../../domain/shared/access.js';
import type { AppError } from '../shared/appError.js';
import type { AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import { inTurn } from '../shared/streamTurns.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { AuthorizedRepository } from './authorizedRepository.js';
import { LostAccessConsequences } from './lostAccessConsequences.js';
import type { RepositoryDocument } from './repositories.readModel.js';
import { RepositoryGit } from './repositoryGit.js';
import { RepositoryQueries } from './repository.queries.js';
import { moveRepository } from './repositoryMove.js';

export interface EditRepositoryInput extends Partial<RepositorySettings> {
  readonly name?: string;
  readonly archived?: boolean;
}

// GitHub's roles: maintainers edit the description, homepage and features; renaming,
// visibility, the default branch and archiving are for administrators. On an archived
// repository the only edit is the administrator's unarchiving (other changes may ride along).
function operationFor(input: EditRepositoryInput, repository: RepositoryDocument): RepositoryOperation {
  // GitHub: "Anyone with admin permissions to a repository can enable or disable the automatic deletion of branches."
  const administrative =
    input.name !== undefined ||
    input.private !== undefined ||
    input.archived !== undefined ||
    input.defaultBranch !== undefined ||
    input.deleteBranchOnMerge !== undefined;
  if (repository.archived && input.archived === false) return REPOSITORY_OPERATIONS.administer;
  return administrative ? REPOSITORY_OPERATIONS.administerContent : REPOSITORY_OPERATIONS.maintain;
}

@injectable()
export class EditRepositoryHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(AuthorizedRepository) private readonly authorized: AuthorizedRepository,
    @inject(RepositoryGit) private readonly git: RepositoryGit,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(LostAccessConsequences) private readonly lostAccess: LostAccessConsequences,
  ) {}

  // Answers the repository's state as this edit left it (its rename and its changes), which the
  // answer shows whatever other requests did since (decidedRepository.ts).
  async execute(caller: AccessCaller, repositoryId: number, input: EditRepositoryInput, context: CommandContext): Promise<Either<AppError, ActiveRepository>> {
    const loaded = await this.authorized.load(caller, repositoryId, (repository) => operationFor(input, repository));
    if (isLeft(loaded)) return loaded;
    const { repository } = loaded.right;
    // GitHub: a fork of a public repository is public, and stays so.
    if (input.private === true && !repository.private && repository.parent_id !== null) {
      const parent = await this.repositories.byId(repository.parent_id);
      if (parent && !parent.private) return left({ _tag: 'ForkVisibilityFixed', private: false });
    }
    // GitHub: a private fork stays private while its network's source is private ("Private forks
    // are never automatically made public because they could contain sensitive commits"): made
    // public, it would hand the source's code to everyone, though its owner may only read it.
    // Its source made public, it leaves the network (upstream_owner_id cleared) and is its owner's to open.
    if (input.private === false && repository.private && repository.upstream_owner_id !== null) return left({ _tag: 'ForkVisibilityFixed', private: true });
    const { name, archived, ...changes } = input;
    const branchChanged = changes.defaultBranch !== undefined && changes.defaultBranch !== repository.default_branch;
    // GitHub only names an existing branch the default.
    if (branchChanged && !(await this.git.branchExists(repositoryId, changes.defaultBranch!)))
      return left({ _tag: 'DefaultBranchNotFound', branch: changes.defaultBranch! });
    const normalized = name === undefined ? undefined : normalizeRepositoryName(name);
    if (normalized !== undefined && isLeft(normalized)) return left({ _tag: 'InvalidRepositoryName', name: name!, problem: normalized.left });
    let position: number | undefined;
    // A repository's commands take turns in this process (streamTurns.ts): twenty edits at once
    // raced for one revision until most answered 409. The rename is in the same turn as the
    // changes, so the state the edit is folded into is this request's rename, not another's
    // landed in between (five renames at once: an answer named another request's name).
    const stream = repositoryStream(repositoryId);
    const edited = await inTurn(this.eventStore, stream, async () => {
      if (normalized !== undefined) {
        const moved = await moveRepository(
          this.eventStore,
          repository,
          { ownerId: repository.owner_id, ownerType: repository.owner_type, name: normalized.right },
          context,
        );
        if (isLeft(moved)) return moved;
        position = moved.right.position;
      }
      return handleCommand(
        this.eventStore,
        repositoryDecider,
        stream,
        {
          type: 'EditRepository',
          changes,
          ...(archived !== undefined ? { archived } : {}),
          now: context.occurredAt,
        },
        context,
      );
    });
    if (isLeft(edited)) return edited;
    // Accepted, so the repository was active when it was decided.
    const decided = edited.right.state as ActiveRepository;
    // A repository made private vanishes from search before the answer goes out, and so do its
    // issues when they are turned off.
    const searchChanged =
      (changes.private !== undefined && changes.private !== repository.private) ||
      (changes.hasIssues !== undefined && changes.hasIssues !== repository.has_issues);
    await this.readYourWrites.settleIncluding(edited.right.position ?? position, searchChanged ? REPOSITORY_BOUND_SEARCH_PROJECTIONS : []);
    if (branchChanged) await this.git.setDefaultBranch(repositoryId, changes.defaultBranch!);
    // Made private, its stars and watchers are erased, every one (LostAccessConsequences).
    if (changes.private === true && !repository.private) {
      const erased = await this.lostAccess.ofMadePrivate(repositoryId, context.occurredAt.toISOString(), context);
      if (isLeft(erased)) return erased;
    }
    return right(decided);
  }
}
