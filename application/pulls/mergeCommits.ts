import { inject, injectable } from 'inversify';
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { MergeMethod, MergePush } from '../../domain/pulls/pullRequest.events.js';
import { PUSH_COMMITS_SHOWN } from '../../domain/gitdata/refMoved.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import type { AppError } from '../shared/appError.js';
import type { GitStorage } from '../shared/ports/gitStorage.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { PullRequestDocument } from './pullRequests.readModel.js';
import { commitEmailOf } from '../../domain/accounts/commitEmail.js';

export interface MergeRequest {
  readonly caller: { readonly userId: number };
  readonly pull: PullRequestDocument;
  readonly headSha: string;
  readonly baseSha: string;
  readonly method: MergeMethod;
  readonly commitTitle: string | undefined;
  readonly commitMessage: string | undefined;
  readonly at: Date;
}

// The commit a merge writes, without a work tree: git merge-tree computes the merged tree,
// commit-tree writes it with both parents (merge) or the base alone (squash); a rebase
// replays the head's commits onto the base one by one and answers the last. Nothing is
// reachable until the branch moves, so a refused merge leaves only unreferenced objects.
@injectable()
export class MergeCommits {
  constructor(
    @inject(TOKENS.GitStorage) private readonly git: GitStorage,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
  ) {}

  async write(request: MergeRequest): Promise<Either<AppError, string>> {
    const { pull, headSha, baseSha, method } = request;
    const accounts = await this.repositories.accountsByIds([request.caller.userId]);
    const merger = accounts.get(request.caller.userId);
    if (!merger) return left({ _tag: 'PullRequestNotMergeable' });
    // GitHub's committer for web merges is the merging user, with their no-reply address when they show none.
    const who = { name: merger.login, email: commitEmailOf(merger), date: request.at };
    if (method === 'rebase') {
      const rebased = await this.git.rebase(pull.repository_id, baseSha, headSha, who);
      return rebased.clean ? right(rebased.tip) : left({ _tag: 'PullRequestNotMergeable' });
    }
    const merged = await this.git.mergeTree(pull.repository_id, baseSha, headSha);
    if (!merged.clean) return left({ _tag: 'PullRequestNotMergeable' });
    const message = await this.messageFor(request);
    const parents = method === 'merge' ? [baseSha, headSha] : [baseSha];
    return right(await this.git.writeCommit(pull.repository_id, { tree: merged.tree, parents, message, author: who, committer: who }));
  }

  // What moving the base branch onto the merge adds, for GitHub's PushEvent: the commits
  // between the base's tip and the merge (the pull request's, plus its merge commit), counted
  // and the newest twenty listed, a walk as long as the pull request, not the history. New
  // to the repository (distinct) are only the commits the merge wrote: a merge commit, a
  // squash, or every rebased commit; the head's own were pushed before (its branch, and
  // refs/pull/<n>/head for a fork's).
  async pushed(repositoryId: number, method: MergeMethod, baseSha: string, mergeCommitSha: string): Promise<MergePush> {
    const { total, commits } = await this.git.commitsAdded(repositoryId, baseSha, mergeCommitSha, PUSH_COMMITS_SHOWN);
    const written = (sha: string) => method !== 'merge' || sha === mergeCommitSha;
    return {
      size: total,
      distinctSize: method === 'rebase' ? total : Math.min(total, 1),
      commits: commits.map((commit) => ({ ...commit, distinct: written(commit.sha) })),
    };
  }

  // GitHub's defaults: "Merge pull request #7 from octocat/feature" with the pull request's
  // title as the body; a squash is titled "<title> (#7)".
  private async messageFor({ pull, method, commitTitle, commitMessage }: MergeRequest): Promise<string> {
    let title = commitTitle;
    if (title === undefined && method === 'merge') {
      const headRepository = await this.repositories.byId(pull.head.repository_id);
      const headOwner = headRepository ? (await this.repositories.accountsByIds([headRepository.owner_id])).get(headRepository.owner_id) : undefined;
      title = `Merge pull request #${pull.number} from ${headOwner?.login ?? 'unknown'}/${pull.head.ref}`;
    }
    title ??= `${pull.title} (#${pull.number})`;
    const body = commitMessage ?? (method === 'merge' ? pull.title : (pull.body ?? ''));
    return body === '' ? `${title}\n` : `${title}\n\n${body}\n`;
  }
}
