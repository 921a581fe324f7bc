import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { gitRefStream, PUSH_COMMITS_SHOWN, type PushedCommit, type RefMoved, REF_EVENT_TYPES, refEventType } from '../../domain/gitdata/refMoved.js';
import { firstPushDefaultBranch } from '../../domain/gitdata/firstPushBranch.js';
import { repositoryDecider, repositoryStream } from '../../domain/repositories/repository.decider.js';
import { largeFilesRefusal, type PushedLargeFile } from '../../domain/gitdata/pushedFileSize.js';
import { isPullRequestRef, isRefsPrefixedName, refsPrefixedRefusal } from '../../domain/gitdata/refName.js';
import { metadataFor, type CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore, StoredEvent } from '../shared/ports/eventStore.port.js';
import type { GitStorage } from '../shared/ports/gitStorage.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';

export interface PushedUpdate {
  readonly from: string; // 40 zeros: the ref is created
  readonly to: string; // 40 zeros: the ref is deleted
  readonly ref: string;
  // Read by the hook, where git sees the pushed objects.
  readonly size?: number;
  readonly distinctSize?: number;
  readonly commits?: readonly PushedCommit[];
  // Files the update brings into the repository over the size limit (read by the hook).
  readonly largeFiles?: readonly PushedLargeFile[];
}

const ZERO = '0'.repeat(40);
const orNull = (sha: string): string | null => (sha === ZERO ? null : sha);

// A push over HTTP, as its pre-receive hook reports it: each ref update is recorded as the
// same RefMoved an API update records, at the revision read, before git moves anything. If
// one cannot be (the ref moved meanwhile), those already recorded are moved back in the log
// and the whole push is refused, as git refuses it.
@injectable()
export class GitPushes {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.GitStorage) private readonly git: GitStorage,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
  ) {}

  async record(repositoryId: number, updates: readonly PushedUpdate[], context: CommandContext): Promise<Either<string, void>> {
    const recorded: { stream: string; event: StoredEvent | undefined; data: RefMoved['data']; revision: number }[] = [];
    const head = await this.git.headBranch(repositoryId);
    // Checked before anything is recorded: the whole push is refused, as GitHub refuses it.
    const blocked = updates.find((update) => update.from === ZERO && update.to !== ZERO && isRefsPrefixedName(update.ref));
    if (blocked) return left(refsPrefixedRefusal(blocked.ref));
    const large = largeFilesRefusal(updates.flatMap((update) => (Array.isArray(update.largeFiles) ? update.largeFiles : [])));
    if (large) return left(large);
    // Read before the push lands: is this the first push of an empty repository?
    const empty = !(await this.git.hasRefs(repositoryId));
    for (const update of updates) {
      // git refuses these itself after this hook has seen them: a pull request's refs
      // (receive.hideRefs), and deleting the branch HEAD names (receive.denyDeleteCurrent).
      if (isPullRequestRef(update.ref) || (update.to === ZERO && update.ref === `refs/heads/${head}`)) continue;
      const stream = gitRefStream(repositoryId, update.ref);
      const [last] = await this.eventStore.readStream(stream, { direction: 'backwards', maxCount: 1 });
      const current =
        last !== undefined && REF_EVENT_TYPES.has(last.type) ? (last.data as RefMoved['data']).to : await this.git.readRef(repositoryId, update.ref);
      const added =
        typeof update.size === 'number' && Array.isArray(update.commits)
          ? {
              size: update.size,
              commits: update.commits.slice(-PUSH_COMMITS_SHOWN),
              ...(typeof update.distinctSize === 'number' ? { distinctSize: update.distinctSize } : {}),
            }
          : {};
      const data: RefMoved['data'] = { repositoryId, ref: update.ref, from: orNull(update.from), to: orNull(update.to), forced: false, pushed: true, ...added };
      const appended =
        current === data.from
          ? await this.eventStore.append(
              stream,
              [{ id: randomUUID(), type: refEventType(data), data, metadata: metadataFor(context) }],
              last ? last.revision : 'no_stream',
            )
          : undefined;
      if (!appended || appended.outcome !== 'appended') {
        await this.undo(recorded, context);
        return left(`${update.ref} moved while this push was prepared: fetch first`);
      }
      recorded.push({ stream, event: last, data, revision: appended.nextRevision });
    }
    if (empty && head !== null) await this.nameDefaultBranch(repositoryId, head, updates, context);
    return right(undefined);
  }

  // An empty repository's first push without its default branch makes one it brings the
  // default, as GitHub does (the repository would otherwise name a branch that does not exist,
  // and clones of it check nothing out).
  private async nameDefaultBranch(repositoryId: number, head: string, updates: readonly PushedUpdate[], context: CommandContext): Promise<void> {
    const branch = firstPushDefaultBranch(
      head,
      updates.filter((update) => update.from === ZERO && update.to !== ZERO).map((update) => update.ref),
    );
    if (branch === null) return;
    const edited = await handleCommand(
      this.eventStore,
      repositoryDecider,
      repositoryStream(repositoryId),
      { type: 'EditRepository', changes: { defaultBranch: branch }, now: context.occurredAt },
      context,
    );
    if (isLeft(edited)) return;
    await this.git.setHeadBranch(repositoryId, branch);
    await this.readYourWrites.settle(edited.right.position);
  }

  private async undo(recorded: readonly { stream: string; data: RefMoved['data']; revision: number }[], context: CommandContext): Promise<void> {
    for (const { stream, data, revision } of recorded) {
      const back: RefMoved['data'] = { ...data, from: data.to, to: data.from, forced: true, pushed: false };
      await this.eventStore.append(stream, [{ id: randomUUID(), type: refEventType(back), data: back, metadata: metadataFor(context) }], revision);
    }
  }
}
