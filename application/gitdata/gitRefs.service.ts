import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { gitRefStream, PUSH_COMMITS_SHOWN, type RefMoved, REF_EVENT_TYPES, refEventType } from '../../domain/gitdata/refMoved.js';
import { apiRefWriteRefusal } from '../../domain/gitdata/apiRefWrites.js';
import { fullRefName, isValidRefName, refNameRefusal, SHA_PATTERN } from '../../domain/gitdata/refName.js';
import type { RepositoryDocument } from '../repositories/repositories.readModel.js';
import type { AppError } from '../shared/appError.js';
import type { AccessCaller } from '../shared/access/repositoryAccess.query.js';
import { inTurn } from '../shared/streamTurns.js';
import { metadataFor, type CommandContext } from '../shared/commandContext.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import type { GitObjectType, GitRef } from '../shared/ports/gitStorage.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { moveGitRef, undoRefusedMove, type GitRefAgreement } from './gitRefMove.js';
import { GitRepository } from './gitRepository.js';

export interface RefView {
  readonly ref: string;
  readonly sha: string;
  readonly type: NonNullable<GitRef['type']>;
}

const refused = (message: string): AppError => ({ _tag: 'GitDataRefused', message });
const MAX_ATTEMPTS = 5;

// Refs through the API. A move is decided against the ref as the log last recorded it,
// appended to the ref's stream at the revision read (simultaneous updates from one value:
// one wins, the others are decided again against the new value), then git is moved by
// compare-and-swap to agree; the ref-moves process manager finishes a move a crash cut short.
@injectable()
export class GitRefsService {
  constructor(
    @inject(GitRepository) private readonly repositories: GitRepository,
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
  ) {}

  async ref(repository: RepositoryDocument, path: string): Promise<Either<AppError, RefView>> {
    const id = await this.repositories.forReading(repository);
    if (isLeft(id)) return id;
    const name = fullRefName(path);
    const [found] = await this.repositories.git.refsNamed(id.right, [name]);
    return found ? right(view(found)) : left({ _tag: 'GitRefNotFound' });
  }

  // GitHub's matching-refs: every ref whose name starts with the given one, in name order.
  async matching(repository: RepositoryDocument, prefix: string): Promise<Either<AppError, RefView[]>> {
    const id = await this.repositories.forReading(repository);
    if (isLeft(id)) return id;
    const start = fullRefName(prefix);
    const refs = await this.repositories.git.listRefs(id.right, start);
    return right(refs.sort((a, b) => (a.name < b.name ? -1 : 1)).map(view));
  }

  // GitHub's older GET git/refs/{ref}, still served: the ref of that exact name, or else every
  // ref starting with it as a list (heads/feat lists heads/feature-a and heads/feature-b).
  async refOrMatching(repository: RepositoryDocument, path: string): Promise<Either<AppError, RefView | RefView[]>> {
    const matching = await this.matching(repository, path);
    if (isLeft(matching)) return matching;
    const exact = matching.right.find((ref) => ref.ref === fullRefName(path));
    if (exact) return right(exact);
    return matching.right.length > 0 ? right(matching.right) : left({ _tag: 'GitRefNotFound' });
  }

  async create(caller: AccessCaller, repository: RepositoryDocument, ref: string, sha: string, context: CommandContext): Promise<Either<AppError, RefView>> {
    if (!isValidRefName(ref)) return left(refused(refNameRefusal(ref)));
    // Each ref has its stream, but a name is checked against the repository's others in git
    // (refs/heads/a beside refs/heads/a/b): a repository's creations take turns in this
    // process, so each sees the one before it in git. Decided both at once, one was recorded,
    // refused by git, moved back, and announced as a branch created and deleted. A creation
    // in another process still meets git's refusal and that undoing.
    return inTurn(this.eventStore, `git-ref-names-${repository.id}`, () =>
      this.move(
        caller,
        repository,
        ref,
        async (current) => {
          const refusal = apiRefWriteRefusal(ref, 'create', repository.default_branch);
          if (refusal !== null) return left(refused(refusal));
          if (current !== null || (await this.conflictsWithRef(repository.id, ref))) return left(refused('Reference already exists'));
          const target = await this.targetRefusal(repository.id, ref, sha);
          return target === null ? right({ to: sha, forced: false }) : left(target);
        },
        context,
      ),
    );
  }

  async update(
    caller: AccessCaller,
    repository: RepositoryDocument,
    path: string,
    sha: string,
    force: boolean,
    context: CommandContext,
  ): Promise<Either<AppError, RefView>> {
    return this.move(
      caller,
      repository,
      fullRefName(path),
      async (current) => {
        const refusal = apiRefWriteRefusal(fullRefName(path), 'update', repository.default_branch);
        if (refusal !== null) return left(refused(refusal));
        if (current === null) return left(refused('Reference does not exist'));
        const target = await this.targetRefusal(repository.id, fullRefName(path), sha);
        if (target !== null) return left(target);
        if (current === sha) return right({ to: sha, forced: false });
        const fastForward = await this.repositories.git.isAncestor(repository.id, current, sha).catch(() => false);
        if (!fastForward && !force) return left(refused('Update is not a fast forward'));
        return right({ to: sha, forced: !fastForward });
      },
      context,
    );
  }

  // `expected`: deleted only while the ref still points there (a merged head branch, not
  // commits pushed onto it since).
  async delete(
    caller: AccessCaller,
    repository: RepositoryDocument,
    path: string,
    context: CommandContext,
    expected?: string,
  ): Promise<Either<AppError, void>> {
    const moved = await this.move(
      caller,
      repository,
      fullRefName(path),
      async (current) => {
        const refusal = apiRefWriteRefusal(fullRefName(path), 'delete', repository.default_branch);
        if (refusal !== null) return left(refused(refusal));
        if (current === null) return left(refused('Reference does not exist'));
        if (expected !== undefined && current !== expected) return left(refused('Reference moved'));
        return right({ to: null, forced: false });
      },
      context,
    );
    return isLeft(moved) ? moved : right(undefined);
  }

  // A move decided elsewhere (a contents commit, an import's push, or its undoing: `to` null
  // deletes): recorded only if the ref still holds `from` in the log, then git agrees.
  // 'changed' when the ref moved meanwhile, 'refused' when git would not write it (the record
  // taken back).
  async recordMove(
    repositoryId: number,
    ref: string,
    from: string | null,
    to: string | null,
    context: CommandContext,
    forced = false,
  ): Promise<'recorded' | 'changed' | 'refused'> {
    const stream = gitRefStream(repositoryId, ref);
    const [last] = await this.eventStore.readStream(stream, { direction: 'backwards', maxCount: 1 });
    const current =
      last !== undefined && REF_EVENT_TYPES.has(last.type) ? (last.data as RefMoved['data']).to : await this.repositories.git.readRef(repositoryId, ref);
    if (current !== from) return 'changed';
    const data: RefMoved['data'] = { repositoryId, ref, from, to, forced, ...(await this.added(repositoryId, from, to)) };
    const appended = await this.eventStore.append(
      stream,
      [{ id: randomUUID(), type: refEventType(data), data, metadata: metadataFor(context) }],
      last ? last.revision : 'no_stream',
    );
    if (appended.outcome !== 'appended') return 'changed';
    if ((await this.agree(data)) !== 'refused') return 'recorded';
    await undoRefusedMove(this.eventStore, this.repositories.git, data, appended.nextRevision, metadataFor(context));
    return 'refused';
  }

  // Git made to agree with a recorded move. A move recorded just before this one may not have
  // reached git yet: give it a moment.
  private async agree(move: RefMoved['data']): Promise<GitRefAgreement> {
    let agreement = await moveGitRef(this.repositories.git, move);
    for (let wait = 0; wait < 20 && agreement === 'superseded'; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      agreement = await moveGitRef(this.repositories.git, move);
    }
    return agreement;
  }

  // What a move adds, for the activity feeds; nothing for a deletion or a ref to a tree or blob.
  private async added(repositoryId: number, from: string | null, to: string | null): Promise<{ size?: number; commits?: RefMoved['data']['commits'] }> {
    if (to === null) return {};
    try {
      const { total, commits } = await this.repositories.git.commitsAdded(repositoryId, from, to, PUSH_COMMITS_SHOWN);
      return { size: total, commits };
    } catch {
      return {};
    }
  }

  // What git would refuse to point the ref at, refused before anything is recorded: a missing
  // object, or anything but a commit on a branch (git's update-ref keeps branches to commits).
  private async targetRefusal(repositoryId: number, ref: string, sha: string): Promise<AppError | null> {
    const type: GitObjectType | undefined = SHA_PATTERN.test(sha) ? (await this.repositories.git.readObject(repositoryId, sha))?.type : undefined;
    if (type === undefined) return refused('Object does not exist');
    if (ref.startsWith('refs/heads/') && type !== 'commit') return refused(`Reference update failed: a branch must point at a commit, and ${sha} is a ${type}`);
    return null;
  }

  // refs/heads/a and refs/heads/a/b cannot both exist (git keeps refs as files and directories).
  private async conflictsWithRef(repositoryId: number, ref: string): Promise<boolean> {
    const parts = ref.split('/');
    const above = parts.slice(2, -1).map((_, index) => parts.slice(0, index + 3).join('/'));
    const [below, parents] = await Promise.all([this.repositories.git.hasRefs(repositoryId, `${ref}/`), this.repositories.git.refsNamed(repositoryId, above)]);
    return below || parents.length > 0;
  }

  private async move<To extends string | null>(
    caller: AccessCaller,
    repository: RepositoryDocument,
    ref: string,
    decide: (current: string | null) => Promise<Either<AppError, { to: To; forced: boolean }>>,
    context: CommandContext,
  ): Promise<Either<AppError, To extends string ? RefView : null>> {
    const id = await this.repositories.forWriting(caller, repository);
    if (isLeft(id)) return id;
    const stream = gitRefStream(id.right, ref);
    // Moves of one ref take turns in this process (streamTurns.ts): twenty forced updates at
    // once raced for the same revision, and most answered 409 once their attempts ran out.
    // Writers in other processes (a push's hook) still race, and the attempts settle those.
    return inTurn(this.eventStore, stream, () => this.moveInTurn(id.right, ref, stream, decide, context));
  }

  private async moveInTurn<To extends string | null>(
    repositoryId: number,
    ref: string,
    stream: string,
    decide: (current: string | null) => Promise<Either<AppError, { to: To; forced: boolean }>>,
    context: CommandContext,
  ): Promise<Either<AppError, To extends string ? RefView : null>> {
    const git = this.repositories.git;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const [last] = await this.eventStore.readStream(stream, { direction: 'backwards', maxCount: 1 });
      // The log's last move is the ref's value even before git has caught up with it.
      const current = last !== undefined && REF_EVENT_TYPES.has(last.type) ? (last.data as RefMoved['data']).to : await git.readRef(repositoryId, ref);
      const decision = await decide(current);
      if (isLeft(decision)) return decision;
      const data: RefMoved['data'] = {
        repositoryId,
        ref,
        from: current,
        to: decision.right.to,
        forced: decision.right.forced,
        ...(await this.added(repositoryId, current, decision.right.to)),
      };
      const appended = await this.eventStore.append(
        stream,
        [{ id: randomUUID(), type: refEventType(data), data, metadata: metadataFor(context) }],
        last ? last.revision : 'no_stream',
      );
      if (appended.outcome === 'conflict') continue;
      if ((await this.agree(data)) === 'refused') {
        await undoRefusedMove(this.eventStore, this.repositories.git, data, appended.nextRevision, metadataFor(context));
        return left(refused('Reference update failed'));
      }
      if (data.to === null) return right(null as To extends string ? RefView : null);
      const type = (await git.readObject(repositoryId, data.to))?.type ?? 'commit';
      return right({ ref, sha: data.to, type } as unknown as To extends string ? RefView : null);
    }
    return left({ _tag: 'ConcurrencyConflict', streamId: stream });
  }
}

function view(ref: GitRef): RefView {
  return { ref: ref.name, sha: ref.sha, type: ref.type ?? 'commit' };
}
