import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { normalizeRepositoryName } from '../../domain/repositories/repositoryName.js';
import { REPOSITORY_OPERATIONS } from '../../domain/shared/access.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import type { AppError } from '../shared/appError.js';
import { RepositoryAccessQuery } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import { AuthorizedRepository } from './authorizedRepository.js';
import type { SignedInCaller } from './createRepository.handler.js';
import type { RepositoryDocument } from './repositories.readModel.js';
import { RepositoryCreation } from './repositoryCreation.js';
import { RepositoryQueries } from './repository.queries.js';
import { ForkReservations } from './forkReservation.js';

export interface ForkRepositoryInput {
  readonly organizationLogin?: string;
  readonly name?: string;
  readonly defaultBranchOnly?: boolean;
}

// How many "-1", "-2"... suffixes a fork tries when its name is taken under the new owner.
const NAME_SUFFIXES = 9;
// How long a simultaneous request waits for the fork another one is making.
const FORK_WAIT_MS = 30_000;

@injectable()
export class ForkRepositoryHandler {
  constructor(
    @inject(AuthorizedRepository) private readonly authorized: AuthorizedRepository,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
    @inject(RepositoryCreation) private readonly creation: RepositoryCreation,
    @inject(ForkReservations) private readonly reservations: ForkReservations,
  ) {}

  // GitHub answers a second fork request into the same account with the existing fork.
  async execute(
    caller: SignedInCaller,
    sourceId: number,
    input: ForkRepositoryInput,
    context: CommandContext,
  ): Promise<Either<AppError, { repositoryId: number }>> {
    const loaded = await this.authorized.load(caller, sourceId, REPOSITORY_OPERATIONS.read);
    if (isLeft(loaded)) return loaded;
    const parent = loaded.right.repository;
    const owner = await this.forkOwner(caller, input.organizationLogin);
    if (isLeft(owner)) return owner;
    if (owner.right.id === parent.owner_id) return left({ _tag: 'ForkIntoOwningAccount' });
    const existing = await this.existingFork(parent.id, owner.right.id);
    if (existing) return right({ repositoryId: existing.id });
    const names = candidateNames(parent, input.name);
    if (isLeft(names)) return names;
    // Simultaneous requests: one creates the fork, the others answer with it once it exists.
    const claim = await this.reservations.claim(parent.id, owner.right.id, context);
    if (!claim.claimed) return this.awaitFork(parent.id, owner.right.id);
    try {
      const raced = await this.existingFork(parent.id, owner.right.id);
      if (raced) return right({ repositoryId: raced.id });
      return await this.create(parent, owner.right, names.right, input, context);
    } finally {
      await this.reservations.release(parent.id, owner.right.id, context);
    }
  }

  private async existingFork(parentId: number, ownerId: number): Promise<RepositoryDocument | undefined> {
    return (await this.repositories.forkOwnedBy(ownerId, parentId)) ?? undefined;
  }

  // Polls the read model, with a deadline, for the fork another request is making.
  private async awaitFork(parentId: number, ownerId: number): Promise<Either<AppError, { repositoryId: number }>> {
    const deadline = Date.now() + FORK_WAIT_MS;
    while (Date.now() < deadline) {
      const fork = await this.existingFork(parentId, ownerId);
      if (fork) return right({ repositoryId: fork.id });
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return left({ _tag: 'ConcurrencyConflict', streamId: `fork-${parentId}-${ownerId}` });
  }

  private create(parent: RepositoryDocument, owner: UserDocument, names: readonly string[], input: ForkRepositoryInput, context: CommandContext) {
    return this.creation.create(
      {
        owner,
        names,
        settings: {
          description: parent.description,
          homepage: parent.homepage,
          private: parent.private,
          // Forks start with issues turned off, as on GitHub.
          hasIssues: false,
          hasProjects: parent.has_projects,
          hasWiki: parent.has_wiki,
          defaultBranch: parent.default_branch,
        },
        fork: { parentId: parent.id, sourceId: parent.source_id ?? parent.id, defaultBranchOnly: input.defaultBranchOnly ?? false },
        initialCommit: null,
      },
      context,
    );
  }

  private async forkOwner(caller: SignedInCaller, organizationLogin: string | undefined): Promise<Either<AppError, UserDocument>> {
    if (organizationLogin === undefined) {
      const self = (await this.repositories.accountsByIds([caller.userId])).get(caller.userId);
      return self ? right(self) : left({ _tag: 'RepositoryOwnerNotFound', login: String(caller.userId) });
    }
    const organization = await this.repositories.accountByLogin(organizationLogin);
    if (!organization || organization.type !== 'Organization') return left({ _tag: 'RepositoryOwnerNotFound', login: organizationLogin });
    if (!(await this.access.mayCreateRepositoryIn(caller, organization))) return left({ _tag: 'RepositoryCreationForbidden', ownerLogin: organization.login });
    return right(organization);
  }
}

// A name the caller chose is taken as it is; the parent's name falls back to name-1, name-2...
function candidateNames(parent: RepositoryDocument, requested: string | undefined): Either<AppError, readonly string[]> {
  if (requested === undefined) return right([parent.name, ...Array.from({ length: NAME_SUFFIXES }, (_, index) => `${parent.name}-${index + 1}`)]);
  const normalized = normalizeRepositoryName(requested);
  if (isLeft(normalized)) return left({ _tag: 'InvalidRepositoryName', name: requested, problem: normalized.left });
  return right([normalized.right]);
}
