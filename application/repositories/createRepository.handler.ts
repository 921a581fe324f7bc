import { inject, injectable } from 'inversify';
import { isLeft, left, type Either } from 'fp-ts/lib/Either.js';
import type { InitialCommitRecipe } from '../../domain/repositories/repository.events.js';
import { MAX_DESCRIPTION_LENGTH } from '../../domain/repositories/repository.decider.js';
import { normalizeRepositoryName } from '../../domain/repositories/repositoryName.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import { RepositoryCreation } from './repositoryCreation.js';
import { RepositoryQueries } from './repository.queries.js';
import { commitEmailOf } from '../../domain/accounts/commitEmail.js';
import { isIdentName } from '../../domain/gitdata/gitObjectText.js';

export type SignedInCaller = NonNullable<AccessCaller>;

export interface CreateRepositoryInput {
  // null: the caller's own account (POST /user/repos); a login: that organization.
  readonly organizationLogin: string | null;
  readonly name: string;
  readonly description?: string | null;
  readonly homepage?: string | null;
  readonly private?: boolean;
  readonly hasIssues?: boolean;
  readonly hasProjects?: boolean;
  readonly hasWiki?: boolean;
  readonly deleteBranchOnMerge?: boolean;
  readonly autoInit?: boolean;
}

// GitHub's default branch for new repositories.
export const DEFAULT_BRANCH = 'main';

@injectable()
export class CreateRepositoryHandler {
  constructor(
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
    @inject(RepositoryCreation) private readonly creation: RepositoryCreation,
  ) {}

  async execute(caller: SignedInCaller, input: CreateRepositoryInput, context: CommandContext): Promise<Either<AppError, { repositoryId: number }>> {
    const creator = (await this.repositories.accountsByIds([caller.userId])).get(caller.userId);
    if (!creator) return left({ _tag: 'RepositoryOwnerNotFound', login: String(caller.userId) });
    const owner = input.organizationLogin === null ? creator : await this.repositories.accountByLogin(input.organizationLogin);
    if (!owner || (input.organizationLogin !== null && owner.type !== 'Organization')) {
      return left({ _tag: 'RepositoryOwnerNotFound', login: input.organizationLogin ?? creator.login });
    }
    if (!(await this.access.mayCreateRepositoryIn(caller, owner))) return left({ _tag: 'RepositoryCreationForbidden', ownerLogin: owner.login });
    const name = normalizeRepositoryName(input.name);
    if (isLeft(name)) return left({ _tag: 'InvalidRepositoryName', name: input.name, problem: name.left });
    const description = input.description ?? null;
    // Checked before the name is reserved, so a refused description leaves no reservation.
    if (description !== null && [...description].length > MAX_DESCRIPTION_LENGTH)
      return left({ _tag: 'RepositoryFieldTooLong', field: 'description', maximumLength: MAX_DESCRIPTION_LENGTH });
    return this.creation.create(
      {
        owner,
        names: [name.right],
        settings: {
          description,
          homepage: input.homepage ?? null,
          private: input.private ?? false,
          hasIssues: input.hasIssues ?? true,
          hasProjects: input.hasProjects ?? true,
          hasWiki: input.hasWiki ?? true,
          defaultBranch: DEFAULT_BRANCH,
          deleteBranchOnMerge: input.deleteBranchOnMerge ?? false,
        },
        fork: null,
        initialCommit: input.autoInit ? readmeCommit(creator, name.right, description) : null,
      },
      context,
    );
  }
}

// What GitHub's auto_init writes: README.md with the name as a heading and the description
// below it, committed by the creator (by login when git would trim the name to nothing: it
// refuses an empty one, as the Git Data API's commits do).
function readmeCommit(creator: UserDocument, name: string, description: string | null): InitialCommitRecipe {
  return {
    authorName: creator.name && isIdentName(creator.name) ? creator.name : creator.login,
    authorEmail: commitEmailOf(creator),
    readme: `# ${name}\n${description ? `${description}\n` : ''}`,
    message: 'Initial commit',
  };
}
