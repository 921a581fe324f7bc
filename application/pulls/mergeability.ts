import { inject, injectable } from 'inversify';
import { pullRequestDecider, pullRequestStream } from '../../domain/pulls/pullRequest.decider.js';
import type { PullRequestOpened } from '../../domain/pulls/pullRequest.events.js';
import { systemContext } from '../shared/commandContext.js';
import { foldStream, handleCommand } from '../shared/handleCommand.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import type { GitStorage } from '../shared/ports/gitStorage.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { PullRequestGit } from './pullRequestGit.js';
import type { PullRequestDocument } from './pullRequests.readModel.js';

export const pullRequestMergeRef = (number: number): string => `refs/pull/${number}/merge`;

export interface MergeabilityView {
  readonly mergeable: boolean | null;
  readonly mergeableState: 'clean' | 'dirty' | 'unknown';
}

// GitHub's background test merge: asked for when a pull request is viewed, opened or edited
// and its tips have moved since the last one (`mergeable` is null meanwhile), run by the
// mergeability process manager, kept at refs/pull/<n>/merge when clean.
@injectable()
export class PullRequestMergeability {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.GitStorage) private readonly git: GitStorage,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(PullRequestGit) private readonly pullGit: PullRequestGit,
  ) {}

  // What the last test merge says about these tips; a new one is asked for when they moved.
  async forTips(pull: PullRequestDocument, tips: { baseSha: string; headSha: string }, actorId: number | null): Promise<MergeabilityView> {
    const known = pull.mergeability;
    if (known && known.base_sha === tips.baseSha && known.head_sha === tips.headSha && known.mergeable !== null) {
      return { mergeable: known.mergeable, mergeableState: known.mergeable ? 'clean' : 'dirty' };
    }
    if (pull.state === 'open') {
      await handleCommand(
        this.eventStore,
        pullRequestDecider,
        pullRequestStream(pull.id),
        { type: 'RequestMergeability', ...tips, now: this.clock.now() },
        systemContext(this.clock.now(), actorId),
      );
    }
    return { mergeable: null, mergeableState: 'unknown' };
  }

  // The process step: idempotent (the same tips give the same merge tree and commit).
  async testMerge(pullRequestId: number, baseSha: string, headSha: string, requestedAt: string): Promise<void> {
    const state = await foldStream(this.eventStore, pullRequestDecider, pullRequestStream(pullRequestId));
    if (state.status !== 'open') return;
    // The number is in the stream's first event (a pull request's stream starts with it).
    const [first] = await this.eventStore.readStream(pullRequestStream(pullRequestId), { maxCount: 1 });
    const opened = first!.data as PullRequestOpened['data'];
    const repositoryId = state.repositoryId;
    await this.pullGit.bringHead(repositoryId, { repositoryId: state.head.repositoryId, ref: state.head.ref, sha: headSha }, opened.number);
    const merged = await this.git.mergeTree(repositoryId, baseSha, headSha);
    let mergeCommitSha: string | null = null;
    if (merged.clean) {
      const who = { name: 'forgelog', email: 'noreply@forgelog.local', date: new Date(requestedAt) };
      mergeCommitSha = await this.git.writeCommit(repositoryId, {
        tree: merged.tree,
        parents: [baseSha, headSha],
        message: `Merge ${headSha} into ${baseSha}\n`,
        author: who,
        committer: who,
      });
      const ref = pullRequestMergeRef(opened.number);
      await this.git.updateRef(repositoryId, ref, mergeCommitSha, await this.git.readRef(repositoryId, ref));
    }
    await handleCommand(
      this.eventStore,
      pullRequestDecider,
      pullRequestStream(pullRequestId),
      { type: 'RecordMergeability', baseSha, headSha, mergeable: merged.clean, mergeCommitSha },
      systemContext(this.clock.now()),
    );
  }
}
