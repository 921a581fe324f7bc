import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { REPOSITORY_OPERATIONS } from '../../domain/shared/access.js';
import { migrationDecider, type MigrationCommand } from '../../domain/migrations/migration.decider.js';
import { migrationStream, type MigrationOptions, type MigrationOwner } from '../../domain/migrations/migration.events.js';
import type { MigrationsError } from '../../domain/migrations/migrations.errors.js';
import { scopesAllow } from '../../domain/authorizations/oauthScopes.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import type { RepositoryDocument } from '../repositories/repositories.readModel.js';
import type { AppError } from '../shared/appError.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import { inTurn } from '../shared/streamTurns.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import type { MigrationDocument } from './migrations.readModel.js';

const lockedRepository = (name: string): MigrationsError => ({
  _tag: 'MigrationValidationFailed',
  field: 'repositories',
  code: 'custom',
  message: `${name} is locked by another migration: unlock it (DELETE .../migrations/{id}/repos/{repo_name}/lock) before migrating it again`,
});

// An organization's migration is its owners' (the route checks that, and the admin:org scope):
// a token with admin:org administers the organization's public repositories for it, as
// `public_repo` would (they were read-only to it). Private ones still want `repo`, without
// which the token sees none of them, the migration's own list included.
function repositoryAdministrator(caller: Exclude<AccessCaller, null>, owner: MigrationOwner): Exclude<AccessCaller, null> {
  if (owner.kind !== 'organization' || caller.scopes === undefined || !scopesAllow(caller.scopes, ['admin:org'])) return caller;
  return { ...caller, scopes: [...caller.scopes, 'public_repo'] };
}

// Starting a migration (the repositories checked first: each must exist, belong to the owner
// and be administered by the caller), unlocking its repositories and deleting its archive.
// Who may is decided by the route (organization owners, the account's owner).
@injectable()
export class MigrationCommands {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.IdAllocator) private readonly ids: IdAllocator,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
  ) {}

  async start(
    caller: Exclude<AccessCaller, null>,
    owner: MigrationOwner & { readonly login: string },
    names: readonly string[],
    options: MigrationOptions,
    context: CommandContext,
  ): Promise<Either<AppError, number>> {
    // Migrations of one account start in turn within a process: each checks the locks after
    // the one before it has locked its repositories (migration_locks, settled before the turn
    // ends). Checked together, ten migrations sent at once all locked the same repository.
    // Another API process over the same log is not held by this (no stream orders locks).
    return inTurn(this.eventStore, `migration-start-${owner.kind}-${owner.id}`, () => this.startInTurn(caller, owner, names, options, context));
  }

  private async startInTurn(
    caller: Exclude<AccessCaller, null>,
    owner: MigrationOwner & { readonly login: string },
    names: readonly string[],
    options: MigrationOptions,
    context: CommandContext,
  ): Promise<Either<AppError, number>> {
    const repositoryIds: number[] = [];
    const refused: { index: number; name: string }[] = [];
    const administrator = repositoryAdministrator(caller, owner);
    for (const [index, name] of names.entries()) {
      const repository = await this.resolve(owner, name);
      const allowed = repository ? await this.access.authorize(administrator, repository, REPOSITORY_OPERATIONS.administer) : null;
      // The administrator of a repository another migration holds locked is told so, not that it is not theirs.
      if (allowed && isLeft(allowed) && allowed.left._tag === 'RepositoryLocked') return left(lockedRepository(name));
      if (!repository || !allowed || isLeft(allowed)) refused.push({ index, name });
      else if (!repositoryIds.includes(repository.id)) repositoryIds.push(repository.id);
    }
    if (refused.length > 0) return left({ _tag: 'MigrationRepositoriesRefused', refused, noneLeft: repositoryIds.length === 0 } satisfies MigrationsError);
    const migrationId = await this.ids.next('migration');
    const outcome = await this.run(
      migrationId,
      {
        type: 'StartMigration',
        migrationId,
        guid: randomUUID(),
        owner: { kind: owner.kind, id: owner.id },
        repositoryIds,
        now: context.occurredAt,
        ...options,
      },
      context,
    );
    return isLeft(outcome) ? outcome : right(migrationId);
  }

  async unlock(migration: MigrationDocument, repositoryName: string, context: CommandContext): Promise<Either<AppError, void>> {
    const repositories = await this.repositories.byIds(migration.repository_ids);
    const repository = repositories.find((candidate) => candidate.name.toLowerCase() === repositoryName.toLowerCase());
    if (!repository) return left({ _tag: 'MigrationLockNotFound' } satisfies MigrationsError);
    return this.run(migration.id, { type: 'UnlockRepository', repositoryId: repository.id, now: context.occurredAt }, context);
  }

  deleteArchive(migration: MigrationDocument, context: CommandContext): Promise<Either<AppError, void>> {
    return this.run(migration.id, { type: 'DeleteArchive', reason: 'requested', now: context.occurredAt }, context);
  }

  // "name" under the owner, or "owner/name" naming the owner.
  private async resolve(owner: { readonly id: number; readonly login: string }, name: string): Promise<RepositoryDocument | null> {
    const parts = name.split('/');
    if (parts.length > 2 || (parts.length === 2 && parts[0]!.toLowerCase() !== owner.login.toLowerCase())) return null;
    return this.repositories.byOwnerAndName(owner.id, parts[parts.length - 1]!);
  }

  private async run(migrationId: number, command: MigrationCommand, context: CommandContext): Promise<Either<AppError, void>> {
    const outcome = await handleCommand(this.eventStore, migrationDecider, migrationStream(migrationId), command, context);
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return right(undefined);
  }
}
