import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { repositoryDecider, repositoryStream } from '../../domain/repositories/repository.decider.js';
import { GitRefsService } from '../gitdata/gitRefs.service.js';
import { RepositoryGit } from '../repositories/repositoryGit.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import { RepositoryAccessQuery } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import type { GitStorage } from '../shared/ports/gitStorage.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { PreparedHistory } from './sourceImporter.port.js';

// A migration locked the repository: the import fails (error, with this message) rather than
// waits, since a lock lasts until somebody removes it and an import left "pushing" would look
// stuck; a refused push is what GitHub's importer meets too. A PATCH restarts it once unlocked.
const LOCKED = 'The repository is locked by a migration, so the import pushed nothing more into it. Unlock it, then restart the import.';
// Archived mid-import: read-only for the import's push as for git push.
const ARCHIVED = 'The repository was archived, so it is read-only and the import pushed nothing more into it. Unarchive it, then restart the import.';

// What a push changed in the repository, written as it goes (before anything that may throw
// looks again), so a push whose attempt was cancelled or replaced meanwhile can be undone to the
// last move, those made before the cancel was seen included.
export interface PushJournal {
  readonly refs: { readonly ref: string; readonly from: string | null; readonly to: string }[];
  defaultBranch: { readonly from: string; readonly to: string } | null;
}

export const emptyPushJournal = (): PushJournal => ({ refs: [], defaultBranch: null });

// An import's push: the prepared history's objects are copied into the repository, then each
// branch and tag is moved as every other ref move is (RefCreated / RefUpdated in the ref's
// stream at the revision read, then git by compare-and-swap), so the import reaches the
// activity feeds and webhooks as pushes do. Run again after a crash, refs already moved are
// left alone.
@injectable()
export class ImportedHistory {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.GitStorage) private readonly git: GitStorage,
    @inject(RepositoryGit) private readonly repositoryGit: RepositoryGit,
    @inject(GitRefsService) private readonly refs: GitRefsService,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
  ) {}

  // `pushedRefs`: what an earlier push of this import left (a rewrite replaces exactly those);
  // null for the first push, which expects the repository empty. Answers the refs as pushed.
  // `stillCurrent` is asked before every move and throws once the attempt is cancelled or
  // replaced; every move made is in `journal`, for `undo`.
  async publish(
    repositoryId: number,
    prepared: PreparedHistory,
    pushedRefs: Readonly<Record<string, string>> | null,
    onProgress: (percent: number) => void,
    context: CommandContext,
    journal: PushJournal = emptyPushJournal(),
    stillCurrent: () => Promise<void> = async () => {},
  ): Promise<Either<string, Readonly<Record<string, string>>>> {
    if (!(await this.repositoryGit.ensure(repositoryId))) return left('The repository no longer exists');
    const names = Object.keys(prepared.refs).sort();
    const frozen = await this.refusal(repositoryId);
    if (frozen) return left(frozen);
    await this.git.fetchObjects(repositoryId, prepared.gitDir, names, onProgress);
    for (const ref of names) {
      // Asked before every move, as git push is: a lock taken (or an archiving) mid-push stops the moves that remain.
      const refused = await this.refusal(repositoryId);
      if (refused) return left(refused);
      await stillCurrent();
      const target = prepared.refs[ref]!;
      const expected = pushedRefs?.[ref] ?? null;
      const now = await this.git.readRef(repositoryId, ref);
      if (now === target) continue;
      const recorded = now === expected ? await this.refs.recordMove(repositoryId, ref, expected, target, context, expected !== null) : 'changed';
      if (recorded === 'recorded') journal.refs.push({ ref, from: expected, to: target });
      if (recorded === 'changed') return left(`${ref} was changed by somebody else during the import: the repository is no longer as the import expects it`);
      if (recorded === 'refused') return left(`${ref} could not be written: git refused it`);
    }
    await stillCurrent();
    const adopted = await this.adoptHeadBranch(repositoryId, prepared, context, journal);
    if (isLeft(adopted)) return adopted;
    return right(prepared.refs);
  }

  // Puts back what a push of a cancelled or replaced attempt changed, last move first: each ref
  // where the push found it (deleted when it was absent), unless somebody moved it since (their
  // move stands), and the default branch.
  async undo(repositoryId: number, journal: PushJournal, context: CommandContext): Promise<void> {
    for (const move of [...journal.refs].reverse()) await this.refs.recordMove(repositoryId, move.ref, move.to, move.from, context, true);
    journal.refs.length = 0;
    const adopted = journal.defaultBranch;
    if (adopted === null) return;
    const edited = await handleCommand(
      this.eventStore,
      repositoryDecider,
      repositoryStream(repositoryId),
      { type: 'EditRepository', changes: { defaultBranch: adopted.from }, now: context.occurredAt },
      context,
    );
    if (!isLeft(edited)) await this.repositoryGit.setDefaultBranch(repositoryId, adopted.from);
    journal.defaultBranch = null;
  }

  private async refusal(repositoryId: number): Promise<string | null> {
    if ((await this.repositories.byId(repositoryId))?.archived) return ARCHIVED;
    return (await this.access.lockedByMigration(repositoryId)) ? LOCKED : null;
  }

  // The repository's default branch becomes the source's when the source has no branch of the
  // repository's default name (an empty repository's `main`, a source's `master`), as GitHub does.
  private async adoptHeadBranch(repositoryId: number, prepared: PreparedHistory, context: CommandContext, journal: PushJournal): Promise<Either<string, void>> {
    const head = await this.git.headBranch(repositoryId);
    if (head !== null && prepared.refs[`refs/heads/${head}`] !== undefined) return right(undefined);
    const branch =
      prepared.headBranch !== null && prepared.refs[`refs/heads/${prepared.headBranch}`] !== undefined
        ? prepared.headBranch
        : (Object.keys(prepared.refs)
            .find((ref) => ref.startsWith('refs/heads/'))
            ?.slice('refs/heads/'.length) ?? null);
    if (branch === null) return right(undefined);
    const before = (await this.repositories.byId(repositoryId))?.default_branch ?? null;
    const edited = await handleCommand(
      this.eventStore,
      repositoryDecider,
      repositoryStream(repositoryId),
      { type: 'EditRepository', changes: { defaultBranch: branch }, now: context.occurredAt },
      context,
    );
    if (isLeft(edited)) return left(`The default branch could not be set to ${branch}`);
    if (before !== null && before !== branch) journal.defaultBranch = { from: before, to: branch };
    await this.repositoryGit.setDefaultBranch(repositoryId, branch);
    return right(undefined);
  }
}
